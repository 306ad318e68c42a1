import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { catalogueKey } from '../../src/snapshot/keys';

// Storage is shared by every test file of a run (vitest.config.ts: one worker, no isolation), so
// this runs before each file but seeds only once: the migrations are recorded in D1 and skipped
// when applied again, and the snapshot pairs are put only while the snapshot's catalogue key is
// missing. The pairs are the fixture built by the real build code, loaded as
// scripts/snapshot/load.ts loads a real snapshot (the same key/value pairs).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
if ((await env.SNAPSHOT.get(catalogueKey(env.SNAPSHOT_ID))) === null) {
  const pairs = env.TEST_SNAPSHOT_PAIRS;
  // The KV binding has no bulk put: 500 puts in flight at a time seed the ~8,000 pairs fastest.
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
