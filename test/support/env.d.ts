import type { D1Migration } from '@cloudflare/vitest-plugin';
import type { Env as WorkerEnv } from '../../src/env';

// Types of `env` and `exports` from `cloudflare:workers` inside tests: the worker's bindings plus
// the test-only bindings that vitest.config.ts adds.
declare global {
  namespace Cloudflare {
    interface GlobalProps {
      mainModule: typeof import('../../src/index');
    }
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
      TEST_SNAPSHOT_PAIRS: { key: string; value: string }[];
      TEST_HAS_WEB: boolean;
    }
  }
}
