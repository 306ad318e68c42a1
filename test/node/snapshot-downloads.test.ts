import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { computeInputsHash } from '../../scripts/snapshot/inputs';
import { isSnapshotFresh } from '../../scripts/snapshot/snapshot';
import { runScript } from '../support/run-script';

// Every build writes the whole-version downloads' checksums (scripts/snapshot/downloads.ts: the
// worker renders a download when it is asked for); an older `npm run dev` built without them.

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

describe('the whole-version downloads of a build', () => {
  it('a snapshot an older npm run dev wrote without them is stale; one with them is fresh', () => {
    expect(isSnapshotFresh(path.join(builtSnapshot(false), 'snapshot'))).toBe(false);
    for (const downloads of [true, undefined])
      expect(isSnapshotFresh(path.join(builtSnapshot(downloads), 'snapshot'))).toBe(true);
  });

  it('npm run deploy refuses a snapshot built without them, before asking the remote KV', async () => {
    const { status, out } = await runScript('scripts/deploy.ts', [], {
      SCRIPTURE_DATA_DIR: builtSnapshot(false),
    });
    expect(status).toBe(1);
    expect(out).toContain('has no whole-version downloads');
    expect(out).toContain('npm run snapshot:build');
  });
});
