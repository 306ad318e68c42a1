import { ApiError } from '../http/errors';
import { LatestValue } from '../cache/latest';
import { LruCache } from '../cache/lru';
import type { Catalogue } from '../catalogue/store';
import { searchMetaKey, searchTermKey, searchVocabKey } from '../snapshot/keys';
import { readSnapshotJson, type ReadCounter } from '../snapshot/read';
import type { SearchMetaValue, SearchTermValue, SearchVocabValue } from '../snapshot/types';
import { decodePostings, emptyPostings, fromBase64, type Postings } from '../snapshot/postings-codec';

/**
 * Reads the keyword search index from KV (layout: docs/kv-layout.md "Search index"). Like the
 * chapters (src/catalogue/store.ts), values are kept per isolate: the meta once per snapshot,
 * decoded postings in an LRU bounded by their size, so a repeated term costs no KV read.
 */

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

/** Vocabulary values (one per initial letter) kept per isolate. */
const VOCAB_CACHE_ENTRIES = 16;

const metas = new LatestValue<SearchMeta>();
// An absent stem is cached too (as empty postings, weight 1): a search over English and Spanish
// versions asks each language for every word, and most words exist in only one of them.
const postingsCache = new LruCache<Postings>(POSTINGS_CACHE_DOCS, (p) => Math.max(1, p.docs.length));
const vocabCache = new LruCache<SearchVocabValue>(VOCAB_CACHE_ENTRIES);

function unavailable(): ApiError {
  return new ApiError(503, ['The keyword search index is not loaded for this snapshot']);
}

export function loadSearchMeta(env: Env, reads: ReadCounter, cat: Catalogue): Promise<SearchMeta> {
  const key = searchMetaKey(cat.value.snapshotId);
  return metas.get(key, async () => {
    const value = await readSnapshotJson<SearchMetaValue>(env.SNAPSHOT, reads, key);
    if (!value || value.format !== 3) throw unavailable();
    const offsets = new Int32Array(cat.books.length + 1);
    cat.books.forEach((b, i) => (offsets[i + 1] = offsets[i] + b.chapters.length));
    // The index and the catalogue come from the same build; a mismatch is a broken snapshot.
    if (offsets[cat.books.length] + 1 !== value.chapterStarts.length) throw unavailable();
    return { value, bookChapterOffsets: offsets, chapterStarts: Int32Array.from(value.chapterStarts) };
  });
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

/** Doc ranges of one language's documents ([start, end) pairs; empty when it has none). */
export function languageRanges(meta: SearchMeta, lang: string): [number, number][] {
  return meta.value.languages[lang]?.ranges ?? [];
}

/**
 * Postings of a stem of one language (all shards); empty when the index has no such stem. One
 * read per shard.
 */
export async function loadPostings(env: Env, reads: ReadCounter, snapshotId: string, lang: string, stem: string): Promise<Postings> {
  const key = searchTermKey(snapshotId, lang, stem);
  const hit = postingsCache.get(key);
  if (hit) return hit;
  const first = await readSnapshotJson<SearchTermValue>(env.SNAPSHOT, reads, key);
  if (!first) {
    const none = emptyPostings();
    postingsCache.set(key, none);
    return none;
  }
  const shards = [first];
  const more = first.shards ?? 1;
  if (more > 1) {
    const rest = await Promise.all(
      Array.from({ length: more - 1 }, (_, i) => readSnapshotJson<SearchTermValue>(env.SNAPSHOT, reads, searchTermKey(snapshotId, lang, stem, i + 1))),
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
  postingsCache.set(key, postings);
  return postings;
}

/** Spelling vocabulary of one language's forms starting with `initial` (null when none). */
export async function loadVocabulary(env: Env, reads: ReadCounter, snapshotId: string, lang: string, initial: string): Promise<SearchVocabValue | null> {
  const key = searchVocabKey(snapshotId, lang, initial);
  const hit = vocabCache.get(key);
  if (hit) return hit;
  const value = await readSnapshotJson<SearchVocabValue>(env.SNAPSHOT, reads, key);
  if (value) vocabCache.set(key, value);
  return value;
}
