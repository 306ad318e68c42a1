import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

// Storage is isolated per test file: every file starts from the migrated schema and the fixture
// snapshot, loaded exactly as scripts/snapshot/load.ts loads a real one (same key/value pairs).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const existing = await env.SNAPSHOT.get(env.TEST_SNAPSHOT_PAIRS[0]?.key ?? '');
if (existing === null) {
  const pairs = env.TEST_SNAPSHOT_PAIRS;
  const BATCH = 50;
  for (let i = 0; i < pairs.length; i += BATCH) {
    await Promise.all(pairs.slice(i, i + BATCH).map((p) => env.SNAPSHOT.put(p.key, p.value)));
  }
}
