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

export function readSnapshotJson<T>(kv: KVNamespace, reads: ReadCounter, key: string): Promise<T | null> {
  reads.count++;
  return kv.get<T>(key, { type: 'json', cacheTtl: KV_CACHE_TTL_SECONDS });
}
