import { and, eq, isNull } from 'drizzle-orm';
import { forget, keep, kept } from '../cache/isolate';
import type { Database } from '../db/client';
import type { ReadKey } from '../env';
import { readKeys } from '../db/schema';
import { hashToken } from './crypto';
import { READ_KEY_PATTERN, splitOrigins } from './new-read-key';

/**
 * Looking a publishable read key up (docs/tagger.md "Read keys"). A lookup, found or not, is kept
 * in the isolate for READ_KEY_CACHE_TTL_MS: a tagged page makes a request per reference a reader
 * hovers, and each would otherwise wait on D1. So a revoked key stops working within that time on
 * every isolate (docs/tagger.md says so), and a key never seen before is looked up at once (its
 * secret is random: no isolate can have kept an answer for it).
 */
export const READ_KEY_CACHE_TTL_MS = 10_000;

export type { ReadKey };

interface KeptLookup {
  key: ReadKey | null;
  expiresAt: number;
}

const LOOKUP = 'read-key ';

/** The live (not revoked) key, or null: unknown, revoked or not a key at all. */
export async function findReadKey(
  db: Database,
  key: string,
  now = Date.now(),
): Promise<ReadKey | null> {
  if (!READ_KEY_PATTERN.test(key)) return null;
  const hit = kept<KeptLookup>(LOOKUP + key);
  if (hit && hit.expiresAt > now) return hit.key;
  if (hit) forget(LOOKUP + key);
  const [row] = await db
    .select({ userId: readKeys.userId, keyId: readKeys.keyId, origins: readKeys.origins })
    .from(readKeys)
    .where(and(eq(readKeys.keyHash, await hashToken(key)), isNull(readKeys.revokedAt)))
    .limit(1);
  const found = row ? { ...row, origins: splitOrigins(row.origins) } : null;
  keep(LOOKUP + key, { key: found, expiresAt: now + READ_KEY_CACHE_TTL_MS }, 256);
  return found;
}
