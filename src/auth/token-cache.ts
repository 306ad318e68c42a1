/**
 * Verified tokens, kept briefly in the isolate so that catalogue reads on a warm isolate do not
 * wait on D1 for every request (issue: "cache verified tokens briefly in the isolate").
 *
 * How quickly a revoked token stops working (also in the README):
 * - for account, tag, tagging and note routes: at once, because those always verify in D1;
 * - for scripture reads: within TOKEN_CACHE_TTL_MS on isolates that verified it recently; the
 *   isolate that rotated the token forgets the old one at once (`forgetToken`).
 * Unknown tokens are not cached, so a new token works at once everywhere.
 */
export const TOKEN_CACHE_TTL_MS = 30_000;
/** Bound on memory: an isolate has 128 MB; 10,000 entries of ~100 bytes is ~1 MB. */
const TOKEN_CACHE_MAX_ENTRIES = 10_000;

const cache = new Map<string, { userId: number; expiresAt: number }>();

export function cachedUserId(tokenHash: string, now = Date.now()): number | null {
  const hit = cache.get(tokenHash);
  if (!hit) return null;
  if (hit.expiresAt <= now) {
    cache.delete(tokenHash);
    return null;
  }
  return hit.userId;
}

export function rememberToken(tokenHash: string, userId: number, now = Date.now()): void {
  if (cache.size >= TOKEN_CACHE_MAX_ENTRIES) {
    // Drop the oldest entry (Map keeps insertion order).
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(tokenHash, { userId, expiresAt: now + TOKEN_CACHE_TTL_MS });
}

/** Called when a token is rotated or an account removed. */
export function forgetToken(tokenHash: string): void {
  cache.delete(tokenHash);
}

/** Forget every token cached for a user (token rotation). */
export function forgetUser(userId: number): void {
  for (const [hash, entry] of cache) if (entry.userId === userId) cache.delete(hash);
}
