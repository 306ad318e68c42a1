import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalWorker, type LocalWorker } from '../../scripts/lib/local-worker';
import { localKvNamespace } from '../../scripts/lib/miniflare-kv';
import { wranglerLocalKvNamespaceId } from '../../scripts/lib/wrangler';
import type { KvPair } from '../../scripts/snapshot/limits';
import { loadedMarker, loadSnapshot } from '../../scripts/snapshot/load';
import { writeSnapshot, type BuiltSnapshot } from '../../scripts/snapshot/snapshot';
import { catalogueKey, chapterKey, lexiconKey, snapshotPrefix } from '../../src/snapshot/keys';

// The local loader (scripts/snapshot/load-local.ts) writes Miniflare's KV files itself; these
// tests read what it wrote through a real `wrangler dev` (a small worker bound to the namespace id
// the project's wrangler.toml gives SNAPSHOT), so a miniflare whose layout differs fails here.

const A = 'aaaaaaaaaaaaaaa1';
const B = 'bbbbbbbbbbbbbbb2';
const SHARED = JSON.stringify({
  made: 'up',
  text: 'בְּרֵאשִׁית — the same value in both snapshots and under two keys',
});
const BIG = 'x'.repeat(300_000);

/** Made-up snapshots: A, and B that keeps two of A's values, changes one and adds one. */
const pairsOf: Record<string, KvPair[]> = {
  [A]: [
    { key: chapterKey(A, 'KJV', 'John', 1), value: SHARED },
    { key: chapterKey(A, 'KJV', 'John', 2), value: SHARED },
    { key: chapterKey(A, 'KJV', 'John', 3), value: 'only in A' },
    { key: lexiconKey(A, 'G25'), value: BIG },
    { key: catalogueKey(A), value: '{"snapshotId":"A"}' },
  ],
  [B]: [
    { key: chapterKey(B, 'KJV', 'John', 1), value: SHARED },
    { key: chapterKey(B, 'KJV', 'John', 2), value: SHARED },
    { key: chapterKey(B, 'KJV', 'John', 3), value: 'changed in B' },
    { key: chapterKey(B, 'KJV', 'John', 4), value: '' },
    { key: lexiconKey(B, 'G25'), value: BIG },
    { key: catalogueKey(B), value: '{"snapshotId":"B"}' },
  ],
};

/** A snapshot folder as the build writes it (manifest.json, kv-000.json). */
function writeMadeUpSnapshot(dir: string, snapshotId: string, pairs: KvPair[]) {
  const built = {
    snapshotId,
    catalogue: { builtAt: '2026-01-01T00:00:00.000Z' },
    pairs,
    summary: { keys: pairs.length },
  } as unknown as BuiltSnapshot;
  writeSnapshot(dir, built, {}, 'made-up inputs');
}

/** The worker that reads the namespace: GET /?key=K its value (404 when absent), /list?prefix=P its keys, PUT /?key=K writes. */
const READER = `export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === '/list') {
      const { keys } = await env.SNAPSHOT.list({ prefix: url.searchParams.get('prefix') ?? '' });
      return Response.json(keys.map((k) => k.name));
    }
    const key = url.searchParams.get('key');
    if (!key) return new Response('ok');
    if (request.method === 'PUT') {
      await env.SNAPSHOT.put(key, await request.text());
      return new Response('stored');
    }
    const value = await env.SNAPSHOT.get(key);
    return value === null ? new Response('absent', { status: 404 }) : new Response(value);
  },
};
`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('the local snapshot loader', { timeout: 120_000 }, () => {
  const root = mkdtempSync(path.join(tmpdir(), 'local-kv-'));
  const state = path.join(root, 'state');
  const dirs: Record<string, string> = {
    [A]: path.join(root, 'snap-a'),
    [B]: path.join(root, 'snap-b'),
  };
  let worker: LocalWorker | undefined;
  let blobsDir = '';
  const silent = () => {};

  beforeAll(async () => {
    for (const id of [A, B]) writeMadeUpSnapshot(dirs[id], id, pairsOf[id]);
    const namespaceId = await wranglerLocalKvNamespaceId('SNAPSHOT');
    blobsDir = localKvNamespace(namespaceId, state).blobsDir;
    mkdirSync(path.join(root, 'reader'));
    writeFileSync(path.join(root, 'reader', 'index.js'), READER);
    writeFileSync(
      path.join(root, 'reader', 'wrangler.toml'),
      `name = "local-kv-reader"\nmain = "index.js"\ncompatibility_date = "2026-11-01"\n\n[[kv_namespaces]]\nbinding = "SNAPSHOT"\nid = "${namespaceId}"\n`,
    );
  });
  afterAll(async () => {
    await worker?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  const read = async (key: string) => {
    const res = await fetch(`${worker!.url}/?key=${encodeURIComponent(key)}`);
    return res.status === 404 ? null : res.text();
  };
  const list = async (prefix: string) =>
    (await (
      await fetch(`${worker!.url}/list?prefix=${encodeURIComponent(prefix)}`)
    ).json()) as string[];

  // One `wrangler dev` for the file (each start costs seconds of CPU): the loads that need no
  // reader come first, then the reader starts and stays up for the load beside it.
  it('writes one file per distinct value; skips a loaded snapshot by its marker, loads again when the store lost it, and rewrites everything with --force', async () => {
    const result = await loadSnapshot({
      target: 'local',
      dir: dirs[A],
      persistTo: state,
      log: silent,
    });
    expect(result).toMatchObject({ snapshotId: A, loaded: true });
    // One file per distinct value: SHARED is stored once for its two keys.
    expect(readdirSync(blobsDir)).toHaveLength(4);
    expect(existsSync(loadedMarker('local', A, state))).toBe(true);

    expect(
      (await loadSnapshot({ target: 'local', dir: dirs[A], persistTo: state, log: silent })).loaded,
    ).toBe(false);

    rmSync(path.join(state, 'v3'), { recursive: true });
    expect(
      (await loadSnapshot({ target: 'local', dir: dirs[A], persistTo: state, log: silent })).loaded,
    ).toBe(true);
    expect(readdirSync(blobsDir)).toHaveLength(4);

    const logged: string[] = [];
    expect(
      (
        await loadSnapshot({
          target: 'local',
          dir: dirs[A],
          persistTo: state,
          force: true,
          log: (m) => logged.push(m),
        })
      ).loaded,
    ).toBe(true);
    // Every distinct value written again; SHARED's second key names the file just written.
    expect(logged.join('\n')).toContain('4 values written, 1 already stored');
  });

  it('is read by wrangler dev: every value as it was built, every key listed', async () => {
    worker = await startLocalWorker(
      A,
      await freePort(),
      state,
      path.join(root, 'reader', 'wrangler.toml'),
    );
    for (const { key, value } of pairsOf[A]) expect(await read(key)).toBe(value);
    expect((await list(snapshotPrefix(A))).sort()).toEqual(pairsOf[A].map((p) => p.key).sort());
  });

  it('loads the next snapshot beside a running wrangler dev: only the changed values are written, the old snapshot is dropped, other keys stay', async () => {
    const own = 'not-a-snapshot-key';
    expect(
      await (await fetch(`${worker!.url}/?key=${own}`, { method: 'PUT', body: 'kept' })).text(),
    ).toBe('stored');
    const logged: string[] = [];
    const result = await loadSnapshot({
      target: 'local',
      dir: dirs[B],
      persistTo: state,
      log: (m) => logged.push(m),
    });
    expect(result.loaded).toBe(true);
    // New contents: 'changed in B', '' and B's catalogue; SHARED and BIG are A's files, reused.
    expect(logged.join('\n')).toContain(
      '3 values written, 3 already stored; dropped 5 keys of snapshot(s) aaaaaaaaaaaaaaa1 (2 files deleted)',
    );

    for (const { key, value } of pairsOf[B]) expect(await read(key)).toBe(value);
    expect(await list(snapshotPrefix(A))).toEqual([]);
    expect(await read(own)).toBe('kept');
    // B's five distinct values and the worker's own key: A's unshared values are gone from disk.
    expect(readdirSync(blobsDir)).toHaveLength(6);
    expect(existsSync(loadedMarker('local', A, state))).toBe(false);
    expect(existsSync(loadedMarker('local', B, state))).toBe(true);
  });

  it('loads a snapshot just built from its pairs, before its bulk files exist (npm run dev writes them once it serves)', async () => {
    const C = 'ccccccccccccccc3';
    const pairs = [
      { key: chapterKey(C, 'KJV', 'John', 1), value: 'built now' },
      { key: catalogueKey(C), value: '{"snapshotId":"C"}' },
    ];
    const notWritten = path.join(root, 'snap-c');
    const result = await loadSnapshot({
      target: 'local',
      dir: notWritten,
      persistTo: state,
      built: { snapshotId: C, pairs },
      log: silent,
    });
    expect(result.loaded).toBe(true);
    expect(existsSync(notWritten)).toBe(false);
    for (const { key, value } of pairs) expect(await read(key)).toBe(value);
    expect(await list(snapshotPrefix(B))).toEqual([]);
  });
});
