import { fitsKvKey } from './keys';

/**
 * Reading snapshot values from KV: every read goes through here, so each is counted for the
 * request (`Server-Timing`, read by the bench and tests) and asks the edge to cache it. Snapshot keys never
 * change once written (they carry the content hash), so a long cacheTtl is safe; KV's minimum
 * is 60 seconds.
 */
export const KV_CACHE_TTL_SECONDS = 86_400;

/** KV reads made for one request. */
export interface ReadCounter {
  count: number;
}

/**
 * A value of the snapshot, or null when it has none. A key over KV's limit is null without a
 * read (KV would throw: a 500 for what is only a name the snapshot does not hold).
 */
export function readSnapshotJson<T>(
  kv: KVNamespace,
  reads: ReadCounter,
  key: string,
): Promise<T | null> {
  if (!fitsKvKey(key)) return Promise.resolve(null);
  reads.count++;
  return kv.get<T>(key, { type: 'json', cacheTtl: KV_CACHE_TTL_SECONDS });
}

/**
 * The entry of a snapshot value (an object parsed from JSON) under a key that comes from a
 * request: its own entries only, so that `constructor`, `toString` or `__proto__` name nothing
 * rather than what every object inherits.
 */
export function ownEntry<T>(
  record: Record<string, T> | null | undefined,
  key: string,
): T | undefined {
  return record && Object.hasOwn(record, key) ? record[key] : undefined;
}
