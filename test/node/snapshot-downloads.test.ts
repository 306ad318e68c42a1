import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { computeInputsHash } from '../../scripts/snapshot/inputs';
import { isSnapshotFresh } from '../../scripts/snapshot/snapshot';
import { runScript } from '../support/run-script';

// `npm run dev` builds the snapshot without the whole-version downloads (docs/speed.md: seconds of
// its first start, ~98 MiB of values); a deploy needs them (`snapshot:build --downloads`).

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A data folder whose snapshot/manifest.json says how it was built, with one (empty) bulk file. */
function builtSnapshot(downloads: boolean | undefined): string {
  const data = mkdtempSync(path.join(tmpdir(), 'snapshot-downloads-'));
  dirs.push(data);
  const dir = path.join(data, 'snapshot');
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'kv-000.json'), '[]');
  const options = {
    books: null,
    versions: null,
    ...(downloads === undefined ? {} : { downloads }),
  };
  const manifest = {
    snapshotId: '0123456789abcdef',
    inputsHash: computeInputsHash(),
    builtAt: '2026-11-28T00:00:00.000Z',
    options,
    files: ['kv-000.json'],
    summary: {},
  };
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  return data;
}

describe('the whole-version downloads of a full build', () => {
  it('a snapshot without them serves npm run dev but is stale for a build that needs them', () => {
    const without = path.join(builtSnapshot(false), 'snapshot');
    expect(isSnapshotFresh(without)).toBe(true);
    expect(isSnapshotFresh(without, { downloads: true })).toBe(false);
    // A snapshot with them (or written before the option, when every full build had them) serves both.
    for (const downloads of [true, undefined]) {
      const dir = path.join(builtSnapshot(downloads), 'snapshot');
      expect(isSnapshotFresh(dir), String(downloads)).toBe(true);
      expect(isSnapshotFresh(dir, { downloads: true }), String(downloads)).toBe(true);
    }
  });

  it('npm run deploy refuses a snapshot built without them, before asking the remote KV', async () => {
    const { status, out } = await runScript('scripts/deploy.ts', [], {
      SCRIPTURE_DATA_DIR: builtSnapshot(false),
    });
    expect(status).toBe(1);
    expect(out).toContain('has no whole-version downloads');
    expect(out).toContain('npm run snapshot:build -- --downloads');
  });
});
