import { KV_MAX_KEY_BYTES } from '../../src/snapshot/keys';

/**
 * Cloudflare Workers KV limits the snapshot respects (https://developers.cloudflare.com/kv/platform/limits/
 * and the `wrangler kv bulk put` docs). The build fails rather than write a pair KV would reject.
 */

/** KV: a value is at most 25 MiB. */
export const KV_MAX_VALUE_BYTES = 25 * 1024 * 1024;
/** KV: a key is at most 512 bytes (the worker's key module holds the figure). */
export { KV_MAX_KEY_BYTES };
/** KV bulk write (REST API and `wrangler kv bulk put`): at most 10,000 pairs per request. */
export const KV_BULK_MAX_PAIRS = 10_000;
/**
 * Workers/REST API request body limit is 100 MB; `wrangler kv bulk put` sends one file per
 * request, so each kv-NNN.json file stays well under it (JSON escaping included).
 */
export const KV_BULK_MAX_FILE_BYTES = 90 * 1000 * 1000;

export interface KvPair {
  key: string;
  value: string;
}

export function utf8Bytes(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/** Throws with a clear message when a pair breaks a KV limit. */
export function assertPairWithinLimits(p: KvPair): void {
  const kb = utf8Bytes(p.key);
  if (kb > KV_MAX_KEY_BYTES)
    throw new Error(`KV key too long (${kb} > ${KV_MAX_KEY_BYTES} bytes): ${p.key.slice(0, 80)}…`);
  const vb = utf8Bytes(p.value);
  if (vb > KV_MAX_VALUE_BYTES)
    throw new Error(`KV value too large (${vb} > ${KV_MAX_VALUE_BYTES} bytes) for key ${p.key}`);
}

/** Split pairs into bulk-put files: at most KV_BULK_MAX_PAIRS pairs and KV_BULK_MAX_FILE_BYTES bytes each. */
export function chunkPairs(pairs: KvPair[]): KvPair[][] {
  const chunks: KvPair[][] = [];
  let cur: KvPair[] = [];
  let bytes = 2;
  for (const p of pairs) {
    const size = utf8Bytes(JSON.stringify(p)) + 2;
    if (cur.length && (cur.length >= KV_BULK_MAX_PAIRS || bytes + size > KV_BULK_MAX_FILE_BYTES)) {
      chunks.push(cur);
      cur = [];
      bytes = 2;
    }
    cur.push(p);
    bytes += size;
  }
  if (cur.length) chunks.push(cur);
  return chunks;
}
