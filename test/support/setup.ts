import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { inject } from 'vitest';
import { d1Runner, prepareShards, shardBinding, shardNames } from '../../src/db/shards';
import { catalogueKey } from '../../src/snapshot/keys';

// Storage is shared by the test files a worker runs (vitest.config.ts: no isolation), so this runs
// before each file but seeds once per worker: the migrations are recorded in D1 and skipped when
// applied again, and the snapshot is loaded only while the snapshot's catalogue key is missing.
// The pairs are the fixture built by the real build code, loaded by the loader `npm run dev` uses
// (scripts/snapshot/load-local.ts, which writes the store's files), and read through the binding.
// Every database that holds accounts gets the migrations and is prepared (its id block), as `npm
// run dev` and `npm run deploy` do (docs/scale.md): the tests run on the three of wrangler.toml.
//
// The worker's global scope outlives the files (each file's modules are evaluated again, this one
// too): a mark on it skips the three databases' migration checks and preparation and the KV read,
// about a tenth of a second before each of the hundred and more files a workerd runs.
const scope = globalThis as { testStorageReady?: true };
if (!scope.testStorageReady) {
  await prepareStorage();
  scope.testStorageReady = true;
}

async function prepareStorage(): Promise<void> {
  const shards = shardNames(env);
  for (const name of shards) await applyD1Migrations(shardBinding(env, name), env.TEST_MIGRATIONS);
  await prepareShards(shards, d1Runner(env));
  const catalogue = catalogueKey(env.SNAPSHOT_ID);
  if ((await env.SNAPSHOT.get(catalogue)) !== null) return;
  // A key only this worker's store holds, by which ./seed-server.ts finds the store (and which
  // makes Miniflare create it). Outside `snap:`, so the loader leaves it alone.
  const marker = `test-seed-marker:${crypto.randomUUID()}`;
  await env.SNAPSHOT.put(marker, '');
  const loaded = await fetch(inject('snapshotSeed'), { method: 'POST', body: marker });
  if (!loaded.ok)
    throw new Error(
      `the fixture could not be loaded into KV (${loaded.status}): ${await loaded.text()}`,
    );
  await env.SNAPSHOT.delete(marker);
  if ((await env.SNAPSHOT.get(catalogue)) === null)
    throw new Error('the fixture was loaded into KV, but the binding does not read it');
}
