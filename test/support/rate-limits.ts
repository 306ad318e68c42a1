/**
 * The rate limits the test workers run under: the same three bindings as
 * wrangler.toml, with limits high enough that the suite's shared test users never meet them, and
 * low enough that test/http/rate-limits.test.ts reaches each in a second or two. Counted on
 * 26 November: one account writes up to 51 times in a file (test/annotations/reserved-keys, one
 * account per route and format; at 60, one per route failed) and reads 17 long passages, and the
 * keyword tests' busier account searches 51-52 times (one account per describe block of
 * test/search/keyword.test.ts: a limit of 50 refuses it, 52 does not); the limits are about
 * 1.25-1.8 times those (each request to reach a limit costs the rate-limit test ~7 ms of workerd
 * CPU, and it reaches the write limit twice). The transfer limit is the write limit: every import
 * is a write, and test/annotations/reserved-keys sends most of its writes as imports. The workers
 * project (vitest.config.ts) and the browser harness both use them; the tests read them from the
 * TEST_RATE_LIMITS binding. Production values: wrangler.toml (and docs/configuration.md).
 */
export const TEST_RATE_LIMITS = {
  WRITE_LIMITER: { namespace_id: '1101', simple: { limit: 64, period: 60 } },
  SEARCH_LIMITER: { namespace_id: '1102', simple: { limit: 64, period: 60 } },
  PASSAGE_LIMITER: { namespace_id: '1103', simple: { limit: 30, period: 60 } },
  EMAIL_LIMITER: { namespace_id: '1104', simple: { limit: 5, period: 60 } },
  DOWNLOAD_LIMITER: { namespace_id: '1105', simple: { limit: 12, period: 60 } },
  READ_KEY_LIMITER: { namespace_id: '1106', simple: { limit: 40, period: 60 } },
  PUBLISH_LIMITER: { namespace_id: '1107', simple: { limit: 12, period: 60 } },
  REFERENCES_LIMITER: { namespace_id: '1109', simple: { limit: 40, period: 60 } },
  MCP_LIMITER: { namespace_id: '1108', simple: { limit: 80, period: 60 } },
  TRANSFER_LIMITER: { namespace_id: '1110', simple: { limit: 64, period: 60 } },
  SYNC_LIMITER: { namespace_id: '1111', simple: { limit: 64, period: 60 } },
} as const;

/**
 * A limiter no test reaches, for the fault-injection test of syncing devices
 * (test/annotations/sync/devices.test.ts), which sends over a thousand writes from one account:
 * it runs the worker with this binding in place of WRITE_LIMITER and SYNC_LIMITER.
 */
export const UNREACHED_TEST_LIMITER = {
  UNREACHED_TEST_LIMITER: { namespace_id: '1199', simple: { limit: 1_000_000, period: 60 } },
} as const;

/**
 * Each limiter of TEST_RATE_LIMITS again at a limit of 1, for test/http/limited-routes.test.ts:
 * every route that declares a limiter is refused at its second request.
 */
export const LIMIT_ONE_TEST_LIMITERS = Object.fromEntries(
  Object.entries(TEST_RATE_LIMITS).map(([name, l]) => [
    `ONE_${name}`,
    { namespace_id: `2${l.namespace_id}`, simple: { limit: 1, period: 60 } },
  ]),
) as Record<
  `ONE_${keyof typeof TEST_RATE_LIMITS}`,
  { namespace_id: string; simple: { limit: 1; period: 60 } }
>;
