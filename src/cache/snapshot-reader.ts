import { fitsKvKey } from '../snapshot/keys';
import { keep, kept } from './isolate';

/**
 * The snapshot as one request reads it (made by the request middleware): its KV namespace, the
 * id of the snapshot served (wrangler.toml `SNAPSHOT_ID`, the one way it is read) and the reads
 * made, reported in `Server-Timing` (src/http/server-timing.ts; the bench and tests read it).
 * Every store reads through it; values are kept in the isolate under its one budget
 * (src/cache/isolate.ts).
 *
 * Snapshot keys never change once written (they carry the content hash), so what is kept never
 * goes stale, and KV may cache them at the edge for long: KV_CACHE_TTL_SECONDS (KV's minimum is 60).
 */
export const KV_CACHE_TTL_SECONDS = 86_400;

/** The most keys one bulk read of KV takes (https://developers.cloudflare.com/kv/platform/limits/). */
export const BULK_READ_KEYS = 100;

/**
 * An upper estimate of the heap a JSON text takes once parsed: its characters at two bytes, and
 * for every object and array, element and property what V8 gives it. Measured in Node on every
 * kind of snapshot value (27 November 2026), the heap they took was 0.3 to 1.0 of this.
 */
export function parsedBytes(text: string): number {
  let containers = 0;
  let elements = 0;
  let keys = 0;
  let quotes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 123 || c === 91)
      containers++; // { [
    else if (c === 44)
      elements++; // ,
    else if (c === 58)
      keys++; // :
    else if (c === 34) quotes++; // " (two a string)
  }
  return 2 * text.length + 48 * containers + 8 * elements + 32 * keys + 8 * quotes;
}

export class SnapshotReader {
  /** KV reads made for this request. */
  reads = 0;

  constructor(
    private readonly kv: KVNamespace,
    /** The snapshot served; '' when none is configured (the catalogue's load answers 503). */
    readonly id: string,
  ) {}

  /** A value of the snapshot (null when it has none), kept in the isolate. */
  async value<T>(key: string): Promise<T | null> {
    const hit = kept<T | null>(key);
    if (hit !== undefined) return hit;
    const read = await this.read<T>(key);
    keep(key, read?.value ?? null, read?.bytes ?? 0);
    return read?.value ?? null;
  }

  /**
   * The values of several keys, in their order (null for each the snapshot lacks), kept in the
   * isolate: those kept answer at once, the others are read with KV's bulk read, up to
   * BULK_READ_KEYS keys a request (https://developers.cloudflare.com/kv/api/read-key-value-pairs/),
   * all at once. Each key is a read, as KV counts it.
   */
  async values<T>(keys: readonly string[]): Promise<(T | null)[]> {
    const out = new Array<T | null>(keys.length).fill(null);
    const wanted = new Map<string, number[]>();
    keys.forEach((key, i) => {
      const hit = kept<T | null>(key);
      if (hit !== undefined) out[i] = hit;
      else if (fitsKvKey(key)) wanted.set(key, [...(wanted.get(key) ?? []), i]);
    });
    const missing = [...wanted.keys()];
    const chunks: string[][] = [];
    for (let i = 0; i < missing.length; i += BULK_READ_KEYS)
      chunks.push(missing.slice(i, i + BULK_READ_KEYS));
    this.reads += missing.length;
    const read = await Promise.all(
      chunks.map((chunk) => this.kv.get(chunk, { type: 'text', cacheTtl: KV_CACHE_TTL_SECONDS })),
    );
    for (const texts of read)
      for (const [key, text] of texts) {
        const value = text === null ? null : (JSON.parse(text) as T);
        keep(key, value, text === null ? 0 : parsedBytes(text));
        for (const i of wanted.get(key) ?? []) out[i] = value;
      }
    return out;
  }

  /**
   * Values of the snapshot read in one of KV's bulk reads (at most BULK_READ_KEYS keys, one
   * operation of a request's 1,000: https://developers.cloudflare.com/kv/platform/limits/; each key
   * a read, as KV counts them), parsed and not kept:
   * a whole-version download's chapters (src/catalogue/downloads.ts), which would push out of the
   * isolate what requests read. A value kept already is taken from the isolate; null for a key the
   * snapshot lacks.
   */
  async readMany<T>(keys: string[]): Promise<Map<string, T | null>> {
    const out = new Map<string, T | null>();
    const wanted: string[] = [];
    for (const key of keys) {
      const hit = kept<T | null>(key);
      if (hit !== undefined) out.set(key, hit);
      else if (!fitsKvKey(key)) out.set(key, null);
      else wanted.push(key);
    }
    if (!wanted.length) return out;
    if (wanted.length > BULK_READ_KEYS)
      throw new Error(`readMany: ${wanted.length} keys in one read`);
    this.reads += wanted.length;
    const texts = await this.kv.get(wanted, { type: 'text', cacheTtl: KV_CACHE_TTL_SECONDS });
    for (const key of wanted) {
      const text = texts.get(key);
      out.set(key, text == null ? null : (JSON.parse(text) as T));
    }
    return out;
  }

  /**
   * A value of the snapshot and the heap it takes, read now and not kept: for a caller that keeps
   * what it makes of it (src/cache/isolate.ts keptOrMade). A key over KV's 512 bytes names nothing
   * the snapshot holds: null without a read (KV would throw).
   */
  async read<T>(key: string): Promise<{ value: T; bytes: number } | null> {
    if (!fitsKvKey(key)) return null;
    this.reads++;
    const text = await this.kv.get(key, { type: 'text', cacheTtl: KV_CACHE_TTL_SECONDS });
    return text === null ? null : { value: JSON.parse(text) as T, bytes: parsedBytes(text) };
  }
}
