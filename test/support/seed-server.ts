import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { FIXTURE_DIR, readSnapshotPairs } from '../../scripts/fixture';
import {
  kvNamespaceIn,
  localKvHasKey,
  type LocalKvNamespace,
} from '../../scripts/lib/miniflare-kv';
import { loadIntoLocalKv } from '../../scripts/snapshot/load-local';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where ./setup.ts asks for the fixture to be loaded into its worker's KV (POST the marker key). */
    snapshotSeed: string;
  }
}

/**
 * The Workers project's global setup (vitest.config.ts): loads the fixture snapshot into a test
 * worker's KV when ./setup.ts asks, as `npm run dev` loads a snapshot: the snapshot loader writes
 * the local store's files (scripts/snapshot/load-local.ts). All 22,800 pairs take ~0.6 s of CPU
 * here. Put one by one through the KV binding (~0.8 ms of workerd's CPU a put, whatever its size),
 * the 3,400 of them the tests read cost ~4 s of the run's CPU with their 20 MB of JSON, and the
 * rest were left out, so that a test had to write down the words it searched for (measured on
 * the 2-core build machine, 27 November 2026).
 *
 * The pool's Miniflare keeps its KV in a folder of its own under os.tmpdir() (miniflare-<random>,
 * nowhere reported), in the layout wrangler's local state has under `v3/`
 * (scripts/lib/miniflare-kv.ts). This process is the one that started that Miniflare, so its
 * tmpdir() is the same. ./setup.ts first puts a key of its own through the binding, so that its
 * store (of the two workers' stores, or another run's) is the one that holds that key.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const snapshot = readSnapshotPairs(FIXTURE_DIR);
  const pairs = snapshot.pairs;
  const server = createServer((req, res) => {
    if (req.method !== 'POST') return void res.writeHead(405).end();
    let marker = '';
    req.on('data', (d) => (marker += d));
    req.on('end', () => {
      try {
        const ns = storeHolding(marker);
        if (!ns)
          return void res
            .writeHead(404, { 'Content-Type': 'text/plain' })
            .end(`no Miniflare KV store under ${tmpdir()} holds the key ${marker}`);
        loadIntoLocalKv(ns, snapshot.snapshotId, [pairs]);
        res.writeHead(204).end();
      } catch (err) {
        res
          .writeHead(500, { 'Content-Type': 'text/plain' })
          .end(err instanceof Error ? (err.stack ?? err.message) : String(err));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  project.provide(
    'snapshotSeed',
    `http://127.0.0.1:${(server.address() as AddressInfo).port}/load`,
  );
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The KV namespace, among those of every Miniflare under tmpdir(), that holds `key`. */
function storeHolding(key: string): LocalKvNamespace | null {
  const root = tmpdir();
  for (const dir of readdirSync(root)) {
    if (!dir.startsWith('miniflare-')) continue;
    const kvDir = path.join(root, dir, 'kv');
    if (!existsSync(kvDir)) continue;
    for (const namespaceId of readdirSync(kvDir)) {
      const ns = kvNamespaceIn(kvDir, namespaceId);
      if (existsSync(ns.sqlitePath) && localKvHasKey(ns, key)) return ns;
    }
  }
  return null;
}
