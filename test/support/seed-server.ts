import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { FIXTURE_DIR, readSnapshotPairs } from '../../scripts/fixture';
import { seedPairs, testSources } from './seed-pairs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where ./setup.ts fetches the pairs it puts into KV (a JSON `{ key, value }[]`). */
    snapshotSeed: string;
  }
}

/**
 * The Workers project's global setup (vitest.config.ts): serves the fixture pairs the Workers
 * tests read (./seed-pairs.ts) to ./setup.ts, which puts them into each test worker's KV.
 * Given as a binding instead, the 22 MB of JSON text went into each workerd's Cap'n Proto
 * configuration, built by Miniflare in Vitest's main thread with a buffer regrown by copying:
 * ~2 s of that thread per worker, before any test could start.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const snapshot = readSnapshotPairs(FIXTURE_DIR);
  const body = Buffer.from(JSON.stringify(await seedPairs(snapshot, testSources('test', ['browser', 'node', '.fixture']))));
  const server = createServer((req, res) => {
    if (req.method !== 'GET') return void res.writeHead(405).end();
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  project.provide('snapshotSeed', `http://127.0.0.1:${(server.address() as AddressInfo).port}/pairs`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
