import { forget, forgetWhere, keep, kept } from '../cache/isolate';
import type { AccountPlace } from './accounts';

/**
 * Verified tokens, kept briefly in the isolate so that catalogue reads on a warm isolate do not
 * wait on D1 for every request.
 *
 * How quickly a revoked token stops working (also in the README):
 * - for account, tag, tagging and note routes: at once, because those always verify in D1
 *   (src/middleware/request.ts never consults this cache for them); with read replication on, a
 *   read without a bookmark may meet a replica that has not yet seen the rotation
 *   (docs/configuration.md "Read replication (D1 Sessions)"), while writes always check at the
 *   primary;
 * - for scripture reads: within TOKEN_CACHE_TTL_MS on isolates that verified it recently; the
 *   isolate that rotated the token forgets the user's tokens at once (`forgetUser`).
 * Unknown tokens are not cached, so a new token works at once everywhere.
 *
 * Keyed by the request's whole Authorization header (which names exactly one token), not by the
 * token's SHA-256: hashing is what D1 needs (only hashes are stored), but on a warm read it was
 * the largest single cost of our own CPU, and decoding the header the next. The
 * headers held here are those of requests this isolate has just served, which pass through its
 * memory anyway; nothing outside the isolate ever sees this map.
 *
 * An entry also says where the account lives (its database and placement, docs/scale.md), so that
 * a request of a token seen lately goes to the account's database at once: a personal route
 * checks the token there, in the query it always made, and asks the directory only when that
 * database no longer has the account (moved, or the token rotated).
 */
export const TOKEN_CACHE_TTL_MS = 30_000;

/** The kind of entry in the isolate's cache (src/cache/isolate.ts: one budget for what the isolate keeps). */
const TOKEN = 'token ';

interface VerifiedToken {
  place: AccountPlace;
  expiresAt: number;
}

/**
 * The account of a token (by the Authorization header that sent it) verified less than
 * TOKEN_CACHE_TTL_MS before `now`, with its place, or null.
 */
export function cachedAccount(authorization: string, now = Date.now()): AccountPlace | null {
  const hit = kept<VerifiedToken>(TOKEN + authorization);
  if (!hit) return null;
  if (hit.expiresAt <= now) {
    forget(TOKEN + authorization);
    return null;
  }
  return hit.place;
}

/** The user id of cachedAccount, or null. */
export function cachedUserId(authorization: string, now = Date.now()): number | null {
  return cachedAccount(authorization, now)?.id ?? null;
}

export function rememberToken(authorization: string, place: AccountPlace, now = Date.now()): void {
  keep(TOKEN + authorization, { place, expiresAt: now + TOKEN_CACHE_TTL_MS }, 48);
}

/** Forget every token cached for a user (token rotation). */
export function forgetUser(userId: number): void {
  forgetWhere(TOKEN, (entry) => (entry as VerifiedToken).place.id === userId);
}
