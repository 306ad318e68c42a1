import type { SnapshotReader } from '../cache/snapshot-reader';
import { ApiError } from '../http/errors';
import { keptOrMade } from '../cache/isolate';
import type { Catalogue } from '../catalogue/store';
import { searchMetaKey, searchTermKey, searchVocabKey } from '../snapshot/keys';
import type { SearchMetaValue, SearchTermValue, SearchVocabValue } from '../snapshot/types';
import {
  decodePostings,
  emptyPostings,
  fromBase64,
  type Postings,
} from '../snapshot/postings-codec';

/**
 * Reads the keyword search index from KV (layout: docs/kv-layout.md "Search index"). What is made
 * of its values is kept in the isolate under its one budget (src/cache/isolate.ts): the meta with
 * its tables, the decoded postings weighed by their arrays' bytes, so a repeated term costs no KV
 * read.
 */

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

/** The decoded postings kept under a key of their own (the KV value itself is not kept). */
const POSTINGS = 'postings ';

function unavailable(): ApiError {
  return new ApiError(503, ['The keyword search index is not loaded for this snapshot']);
}

export function loadSearchMeta(snap: SnapshotReader, cat: Catalogue): Promise<SearchMeta> {
  const key = searchMetaKey(snap.id);
  return keptOrMade(key, async () => {
    const read = await snap.read<SearchMetaValue>(key);
    const value = read?.value;
    if (!value || value.format !== 3) throw unavailable();
    const offsets = new Int32Array(cat.books.length + 1);
    cat.books.forEach((b, i) => (offsets[i + 1] = offsets[i] + b.chapters.length));
    // The index and the catalogue come from the same build; a mismatch is a broken snapshot.
    if (offsets[cat.books.length] + 1 !== value.chapterStarts.length) throw unavailable();
    return {
      value: {
        value,
        bookChapterOffsets: offsets,
        chapterStarts: Int32Array.from(value.chapterStarts),
      },
      bytes: read.bytes + offsets.byteLength + value.chapterStarts.length * 4,
    };
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
  return {
    bookIndex,
    chapter: flat - meta.bookChapterOffsets[bookIndex] + 1,
    record: doc - meta.chapterStarts[flat],
  };
}

/** Doc range [start, end) of a catalogue book. */
export function bookDocRange(meta: SearchMeta, bookIndex: number): [number, number] {
  return [
    meta.chapterStarts[meta.bookChapterOffsets[bookIndex]],
    meta.chapterStarts[meta.bookChapterOffsets[bookIndex + 1]],
  ];
}

/** Doc ranges of one language's documents ([start, end) pairs; empty when it has none). */
export function languageRanges(meta: SearchMeta, lang: string): [number, number][] {
  return meta.value.languages[lang]?.ranges ?? [];
}

/**
 * Postings of a stem of one language (all shards); empty when the index has no such stem (kept
 * too: a search over English and Spanish versions asks each language for every word, and most
 * words exist in only one of them). One read per shard.
 */
export function loadPostings(snap: SnapshotReader, lang: string, stem: string): Promise<Postings> {
  const key = searchTermKey(snap.id, lang, stem);
  return keptOrMade(POSTINGS + key, async () => {
    const first = (await snap.read<SearchTermValue>(key))?.value;
    if (!first) return { value: emptyPostings(), bytes: 0 };
    const shards = [first];
    const more = first.shards ?? 1;
    if (more > 1) {
      const rest = await Promise.all(
        Array.from({ length: more - 1 }, (_, i) =>
          snap.read<SearchTermValue>(searchTermKey(snap.id, lang, stem, i + 1)),
        ),
      );
      for (const r of rest) {
        if (!r) throw unavailable();
        shards.push(r.value);
      }
    }
    const postings = decodePostings(
      first.forms ?? [],
      first.df ?? first.count,
      shards.map((s) => ({ base: s.base, count: s.count, bytes: fromBase64(s.p) })),
    );
    const arrays = [
      postings.docs,
      postings.impacts,
      postings.posOffsets,
      postings.positions,
      postings.formBits,
    ];
    return {
      value: postings,
      bytes: arrays.reduce((n, a) => n + a.byteLength, 0) + postings.forms.join('').length * 2,
    };
  });
}

/** Spelling vocabulary of one language's forms starting with `initial` (null when none). */
export function loadVocabulary(
  snap: SnapshotReader,
  lang: string,
  initial: string,
): Promise<SearchVocabValue | null> {
  return snap.value(searchVocabKey(snap.id, lang, initial));
}
