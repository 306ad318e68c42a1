import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { inject } from 'vitest';
import { catalogueKey } from '../../src/snapshot/keys';

// Storage is shared by the test files a worker runs (vitest.config.ts: no isolation), so this runs
// before each file but seeds once per worker: the migrations are recorded in D1 and skipped when
// applied again, and the snapshot pairs are put only while the snapshot's catalogue key is
// missing. The pairs are the fixture built by the real build code, loaded as
// scripts/snapshot/load.ts loads a real snapshot (the same key/value pairs; those no test reads
// are left out: test/support/seed-pairs.ts).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
if ((await env.SNAPSHOT.get(catalogueKey(env.SNAPSHOT_ID))) === null) {
  // Served by ./seed-server.ts (the Workers project's global setup).
  const seed = await fetch(inject('snapshotSeed'));
  if (!seed.ok) throw new Error(`the fixture seed could not be fetched (${seed.status})`);
  const pairs = (await seed.json()) as { key: string; value: string }[];
  // The KV binding has no bulk put: the puts go 500 at a time (about a millisecond each, in
  // batches of 10 or of 2,000 alike).
  const BATCH = 500;
  // The catalogue key goes last: it marks a complete seed, so an interrupted one is redone.
  const catalogue = catalogueKey(env.SNAPSHOT_ID);
  const rest = pairs.filter((p) => p.key !== catalogue);
  for (let i = 0; i < rest.length; i += BATCH) {
    await Promise.all(rest.slice(i, i + BATCH).map((p) => env.SNAPSHOT.put(p.key, p.value)));
  }
  const last = pairs.find((p) => p.key === catalogue);
  if (last) await env.SNAPSHOT.put(last.key, last.value);
}
