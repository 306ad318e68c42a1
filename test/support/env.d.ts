import type { D1Migration } from '@cloudflare/vitest-plugin';

// Types of `env` inside tests: the worker's bindings (generated into worker-configuration.d.ts)
// plus the test-only bindings that vitest.config.ts adds.
declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** A D1 database no migration was applied to (test/db/shards.test.ts: refused at start). */
      TEST_UNMIGRATED: D1Database;
      /** A rate limiter no test reaches (test/support/rate-limits.ts UNREACHED_TEST_LIMITER). */
      UNREACHED_TEST_LIMITER: RateLimit;
      TEST_HAS_WEB: boolean;
      TEST_HAS_RV1909: boolean;
      /** Whether the fixture has the study layer (Debian bibledit-cloud-data: tagged words, lexicons, WLC, TR). */
      TEST_HAS_STUDY: boolean;
      /** Whether the fixture has WEBU, the WEB's USFM added by version:add (Debian bibledit-cloud-data). */
      TEST_HAS_WEBU: boolean;
      /** Whether the fixture has the reference library (Debian sword-comm-mhcc, -scofield, -tdavid, sword-dict-naves). */
      TEST_HAS_LIBRARY: boolean;
      TEST_RATE_LIMITS: Record<
        | 'WRITE_LIMITER'
        | 'SEARCH_LIMITER'
        | 'PASSAGE_LIMITER'
        | 'EMAIL_LIMITER'
        | 'DOWNLOAD_LIMITER'
        | 'READ_KEY_LIMITER'
        | 'PUBLISH_LIMITER'
        | 'MCP_LIMITER'
        | 'REFERENCES_LIMITER'
        | 'TRANSFER_LIMITER'
        | 'SYNC_LIMITER',
        { namespace_id: string; simple: { limit: number; period: 10 | 60 } }
      >;
    }
  }
}
