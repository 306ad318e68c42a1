import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';

// Storage is isolated per test file: every file starts from the migrated schema and the fixture
// snapshot, loaded exactly as scripts/snapshot/load.ts loads a real one (same key/value pairs).
// Pure unit tests (test/unit/) touch neither, so they skip the few seconds of seeding.
const testPath = expect.getState().testPath ?? '';
if (!/[\\/]test[\\/]unit[\\/]/.test(testPath)) {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  const pairs = env.TEST_SNAPSHOT_PAIRS;
  const BATCH = 100;
  for (let i = 0; i < pairs.length; i += BATCH) {
    await Promise.all(pairs.slice(i, i + BATCH).map((p) => env.SNAPSHOT.put(p.key, p.value)));
  }
}
