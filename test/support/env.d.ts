import type { D1Migration } from '@cloudflare/vitest-plugin';
import type { Env } from '../../src/env';

declare global {
  namespace Cloudflare {
    interface Env extends import('../../src/env').Env {
      TEST_MIGRATIONS: D1Migration[];
      TEST_SNAPSHOT_PAIRS: { key: string; value: string }[];
    }
  }
}
export type { Env };
