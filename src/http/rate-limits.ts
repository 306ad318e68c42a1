import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { ApiError } from './errors';

/**
 * Per-token rate limits (docs/configuration.md "Rate limits"), on the Workers Rate Limiting binding.
 * The limits themselves are configuration (wrangler.toml `[[ratelimits]]`); what each binding
 * counts is decided here. Plain scripture reads (a verse, a chapter, the catalogue) are never
 * limited: they are the hot path and cost one KV read.
 */
export const RATE_LIMITS = {
  write: {
    binding: 'WRITE_LIMITER',
    period: 60,
    counts: 'writes (POST, PUT and DELETE on the account, tags, taggings and notes)',
  },
  search: { binding: 'SEARCH_LIMITER', period: 60, counts: 'keyword searches' },
  passage: {
    binding: 'PASSAGE_LIMITER',
    period: 60,
    counts:
      "reads of passages longer than one chapter, and large pages rendered afresh (a chapter's cross-references, its words, a topic)",
  },
  email: { binding: 'EMAIL_LIMITER', period: 60, counts: 'e-mail address changes' },
  download: { binding: 'DOWNLOAD_LIMITER', period: 60, counts: 'whole-version downloads' },
  readKey: {
    binding: 'READ_KEY_LIMITER',
    period: 60,
    counts: 'requests made with this read key (docs/tagger.md)',
  },
  references: {
    binding: 'REFERENCES_LIMITER',
    period: 60,
    counts: 'requests to find references (POST /references)',
  },
  publish: {
    binding: 'PUBLISH_LIMITER',
    period: 60,
    counts: 'note publications (a note created or updated with public 1)',
  },
  transfer: {
    binding: 'TRANSFER_LIMITER',
    period: 60,
    counts: "exports and imports of the account's whole data",
  },
  sync: {
    binding: 'SYNC_LIMITER',
    period: 60,
    counts: 'reads of the changes feed (GET /user/changes)',
  },
  mcp: {
    binding: 'MCP_LIMITER',
    period: 60,
    counts: 'MCP requests (every POST /mcp: tool calls, lists, pings, notifications)',
  },
} as const satisfies Record<string, { binding: keyof Env; period: 10 | 60; counts: string }>;

export type RateLimitKind = keyof typeof RATE_LIMITS;

/**
 * Counts one request of the caller against a limit; over it, a 429 (rendered in the requested
 * format by app.onError). The key is the account behind the token, so a token rotation does not
 * reset the count. `Retry-After` is the window's length: the binding reports no reset time, and
 * its windows are fixed, so after one whole period the count has always started again.
 */
export async function enforceRateLimit(
  c: Context<AppEnv>,
  kind: RateLimitKind,
  /**
   * `rendering`: what counts is rendering a large page afresh, not reading it: its answer may be
   * kept, and a request the kept answer serves does not count.
   */
  what: 'read' | 'rendering' = 'read',
): Promise<void> {
  const limit = RATE_LIMITS[kind];
  // A response that counted is never kept for the next request (src/middleware/scripture-cache.ts),
  // whose kept answer would not count. The read-key limit counts in the request middleware, before
  // any kept answer, so what it counts may be kept; so may a large page's rendering.
  if (kind !== 'readKey' && what === 'read') c.set('rateLimited', true);
  // A read key's requests count against the key, not its owner's account: a page that uses it
  // can spend neither the owner's own limits nor another key's.
  const readKey = c.get('readKey');
  const key = readKey ? `key:${readKey.keyId}` : `user:${c.get('user').id}`;
  const { success } = await c.env[limit.binding].limit({ key });
  if (!success) {
    throw new ApiError(
      429,
      [`Rate limit reached for ${limit.counts}: try again in ${limit.period} seconds`],
      {
        'Retry-After': String(limit.period),
      },
    );
  }
}

/**
 * Middleware: every request it sees counts against the `kind` limit. src/app.ts registers it on
 * each route whose bounds say so (src/api/route-paths.ts LIMITED_EVERY_REQUEST); limits that depend on
 * what a request resolves to (a passage's length) are counted by their routes with
 * enforceRateLimit where that is known.
 */
export function rateLimit(kind: RateLimitKind): MiddlewareHandler<AppEnv> {
  return async function limitRequests(c, next) {
    await enforceRateLimit(c, kind);
    await next();
  };
}
