import type { Env } from '../env';
import { ApiError } from '../http/errors';
import type { Catalogue, ReadCounter } from '../catalogue/store';
import { searchMetaKey, searchTermKey, searchVocabKey } from '../snapshot/keys';
import type { SearchMetaValue, SearchTermValue, SearchVocabValue } from '../snapshot/types';
import { decodePostings, emptyPostings, fromBase64, type Postings } from './codec';

/**
 * Reads the keyword search index from KV (layout: docs/kv-layout.md "Search index"). Like the
 * chapters (src/catalogue/store.ts), values are kept per isolate: the meta once per snapshot,
 * decoded postings in an LRU bounded by their size, so a repeated term costs no KV read.
 */

const KV_CACHE_TTL_SECONDS = 86_400;
/** Decoded postings kept per isolate, counted in documents (~13 bytes each plus positions). */
const POSTINGS_CACHE_DOCS = 1_500_000;

/** The meta with the lookup tables the engine needs. */
export interface SearchMeta {
  value: SearchMetaValue;
  /** First flattened chapter index of each catalogue book (length books + 1). */
  bookChapterOffsets: Int32Array;
  chapterStarts: Int32Array;
}

/** A document located in the catalogue. */
export interface DocLocation {
  bookIndex: number;
  chapter: number;
  /** Index of the record in the chapter value's `verses`. */
  record: number;
}

let metaCache: { key: string; meta: Promise<SearchMeta> } | null = null;
const postingsCache = new Map<string, Postings>();
let postingsCacheDocs = 0;
const vocabCache = new Map<string, SearchVocabValue>();

function unavailable(): ApiError {
  return new ApiError(503, ['The keyword search index is not loaded for this snapshot']);
}

export async function loadSearchMeta(env: Env, reads: ReadCounter, cat: Catalogue): Promise<SearchMeta> {
  const key = searchMetaKey(cat.value.snapshotId);
  if (metaCache?.key !== key) {
    const meta = (async () => {
      reads.count++;
      const value = await env.SNAPSHOT.get<SearchMetaValue>(key, { type: 'json', cacheTtl: KV_CACHE_TTL_SECONDS });
      if (!value || value.format !== 1) throw unavailable();
      const offsets = new Int32Array(cat.books.length + 1);
      cat.books.forEach((b, i) => (offsets[i + 1] = offsets[i] + b.chapters.length));
      // The index and the catalogue come from the same build; a mismatch is a broken snapshot.
      if (offsets[cat.books.length] + 1 !== value.chapterStarts.length) throw unavailable();
      return { value, bookChapterOffsets: offsets, chapterStarts: Int32Array.from(value.chapterStarts) };
    })();
    metaCache = { key, meta };
    meta.catch(() => {
      if (metaCache?.meta === meta) metaCache = null;
    });
  }
  return metaCache.meta;
}

/** Last index i with arr[i] <= x (arr ascending, arr[0] <= x). */
function floorIndex(arr: Int32Array, x: number): number {
  let lo = 0;
  let hi = arr.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (arr[mid] <= x) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export function locateDoc(meta: SearchMeta, doc: number): DocLocation {
  // Empty chapters share their start with the next one: the last chapter starting at or before
  // the doc is the one holding it.
  const flat = floorIndex(meta.chapterStarts, doc);
  const bookIndex = floorIndex(meta.bookChapterOffsets, flat);
  return { bookIndex, chapter: flat - meta.bookChapterOffsets[bookIndex] + 1, record: doc - meta.chapterStarts[flat] };
}

/** Doc range [start, end) of a catalogue book. */
export function bookDocRange(meta: SearchMeta, bookIndex: number): [number, number] {
  return [meta.chapterStarts[meta.bookChapterOffsets[bookIndex]], meta.chapterStarts[meta.bookChapterOffsets[bookIndex + 1]]];
}

function remember(key: string, p: Postings): void {
  postingsCache.set(key, p);
  postingsCacheDocs += p.docs.length;
  while (postingsCacheDocs > POSTINGS_CACHE_DOCS && postingsCache.size > 1) {
    const oldest = postingsCache.keys().next().value as string;
    postingsCacheDocs -= postingsCache.get(oldest)!.docs.length;
    postingsCache.delete(oldest);
  }
}

/** Postings of a stem (all shards); empty when the index has no such stem. One read per shard. */
export async function loadPostings(env: Env, reads: ReadCounter, snapshotId: string, stem: string): Promise<Postings> {
  const key = searchTermKey(snapshotId, stem);
  const hit = postingsCache.get(key);
  if (hit) {
    postingsCache.delete(key);
    postingsCache.set(key, hit);
    return hit;
  }
  reads.count++;
  const first = await env.SNAPSHOT.get<SearchTermValue>(key, { type: 'json', cacheTtl: KV_CACHE_TTL_SECONDS });
  if (!first) return emptyPostings();
  const shards = [first];
  const more = first.shards ?? 1;
  if (more > 1) {
    const rest = await Promise.all(
      Array.from({ length: more - 1 }, (_, i) => {
        reads.count++;
        return env.SNAPSHOT.get<SearchTermValue>(searchTermKey(snapshotId, stem, i + 1), { type: 'json', cacheTtl: KV_CACHE_TTL_SECONDS });
      }),
    );
    for (const r of rest) {
      if (!r) throw unavailable();
      shards.push(r);
    }
  }
  const postings = decodePostings(
    first.forms ?? [],
    first.df ?? first.count,
    shards.map((s) => ({ base: s.base, count: s.count, bytes: fromBase64(s.p) })),
  );
  remember(key, postings);
  return postings;
}

/** Spelling vocabulary of the forms starting with `initial` (null when none). */
export async function loadVocabulary(env: Env, reads: ReadCounter, snapshotId: string, initial: string): Promise<SearchVocabValue | null> {
  const key = searchVocabKey(snapshotId, initial);
  const hit = vocabCache.get(key);
  if (hit) return hit;
  reads.count++;
  const value = await env.SNAPSHOT.get<SearchVocabValue>(key, { type: 'json', cacheTtl: KV_CACHE_TTL_SECONDS });
  if (!value) return null;
  if (vocabCache.size >= 16) vocabCache.delete(vocabCache.keys().next().value as string);
  vocabCache.set(key, value);
  return value;
}
