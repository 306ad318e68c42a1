import type { SnapshotReader } from '../cache/snapshot-reader';
import type { Database } from '../db/client';
import type { RateLimitKind } from '../http/rate-limits';

/**
 * What a tool may use of the request that carries its call (src/routes/mcp.ts builds it): the
 * request's snapshot reader, D1 through the request's session, the caller's account (the
 * endpoint answers only a valid token, so every call has one), and the caller's rate limits,
 * counted as the API's routes count them. Tools know nothing of Hono.
 */
export interface ToolContext {
  snapshot: SnapshotReader;
  db: Database;
  /** The directory (docs/scale.md): the ids of tag names every database shares. */
  directory: Database;
  userId: number;
  /** Counts one call against the caller's `kind` limit; over it, throws the API's 429 error. */
  countAgainst(kind: RateLimitKind): Promise<void>;
}
