/**
 * Per-request context variables shared by the whole worker. The bindings type `Env` is global,
 * generated from wrangler.toml by `npm run cf-typegen` into worker-configuration.d.ts (CI fails
 * when that file is stale): SNAPSHOT (the KV snapshot, docs/kv-layout.md), DB (D1, migrations/),
 * SNAPSHOT_ID (the snapshot served; passed with --var by `npm run dev` / `npm run deploy`).
 */

import type { SnapshotReader } from './cache/snapshot-reader';
import type { Format } from './render/format';

export type { Format };

export interface AuthenticatedUser {
  id: number;
}

/** A publishable read key (src/auth/read-keys.ts): its owner, its public id, the origins it lists. */
export interface ReadKey {
  userId: number;
  keyId: string;
  origins: readonly string[];
}

export interface RequestVars {
  /** Effective API version after clamping (docs/contract.md "Versioning"). */
  apiVersion: number;
  format: Format;
  user: AuthenticatedUser;
  /** The publishable read key the request came with (docs/tagger.md), when it came with one. */
  readKey?: ReadKey;
  /** The snapshot as this request reads it (src/cache/snapshot-reader.ts; its reads in `Server-Timing`). */
  snapshot: SnapshotReader;
  /**
   * Language of the page being answered (a version's ISO 639-3 `lang`), once a page handler knows
   * it: the interface language of the page and of its error page (src/pages/in-language.tsx).
   */
  pageLang?: string;
  /** Set once the scripture cache (src/middleware/scripture-cache.ts) has run for the request. */
  scriptureCache?: boolean;
  /**
   * The largest body the matched route reads, as its bounds declare (src/api/table.ts; set by the
   * middleware src/app.ts registers from the table): src/http/body.ts reads no body without it.
   */
  bodyLimit?: number;
  /** Set once the request counted against a rate limit (src/http/rate-limits.ts). */
  rateLimited?: boolean;
  /**
   * The request body as read by the idempotency middleware for its fingerprint
   * (src/middleware/idempotency.ts), which src/http/body.ts readBody then parses.
   */
  bodyBytes?: Uint8Array;
  /**
   * Where the caller's account lives (src/auth/accounts.ts), once the token was checked: the
   * database its personal content is read from and written to (docs/scale.md).
   */
  account?: { id: number; shard: string; placement: number };
  /** The request's D1 sessions, one per database it reached, each opened on first use (src/db/session.ts). */
  d1Sessions?: Map<string, D1DatabaseSession>;
  /**
   * A kept response answered this request with the headers the whole app gave it the first time
   * (src/middleware/scripture-cache.ts): the middleware around it adds nothing more.
   */
  finished?: boolean;
  /**
   * A kept response (src/cache/responses.ts `CachedResponse`) whose finished headers the outermost
   * middleware records on the way out.
   */
  recordFinished?: { finished?: Headers };
}

export type AppEnv = { Bindings: Env; Variables: RequestVars };
