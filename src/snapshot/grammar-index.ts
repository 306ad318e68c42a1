import { fromBase64, toBase64 } from './postings-codec';
import type { MorphScheme } from './study-types';

/**
 * The grammar index of one tagged version, as the snapshot holds it (`gm:` key, ./keys.ts; docs/study.md "Grammar search"): one entry per word of the original, or per morpheme
 * of an OSHB word, in canonical order, held as parallel typed arrays so that a query is one scan
 * with shifts and compares, not a parse of every chapter. The arrays travel as base64 in a JSON
 * text (KV values are plain strings here: bulk put files are JSON) and are decoded once per isolate.
 */
export interface GrammarIndexValue {
  version: string;
  /** The version's books with entries, in order: the scheme of their codes and their entries [start, end). */
  books: { osis: string; scheme: MorphScheme; start: number; end: number }[];
  /** Uint32 per verse with entries, ascending: book ord × 1,000,000 + chapter × 1,000 + verse. */
  verses: string;
  /** Uint32 per entry: the packed features (./grammar-vocabulary.ts SHIFT, BITS). */
  features: string;
  /** Uint8 per entry: the stem's code (0: none). */
  stems: string;
  /** Uint16 per entry: the index of its verse in `verses`. */
  verse: string;
  /** Uint8 per entry: the index of its word among the verse's tagged words (`wd:` values). */
  word: string;
  /** Uint16 per entry: the index of its Strong's numbers in `numbers`. */
  number: string;
  /** The sets of Strong's numbers entries carry, space-separated; the first is '' (none). */
  numbers: string[];
}

/** The index decoded, kept per isolate. */
export interface GrammarIndex {
  version: string;
  books: GrammarIndexValue['books'];
  verses: Uint32Array;
  features: Uint32Array;
  stems: Uint8Array;
  verse: Uint16Array;
  word: Uint8Array;
  number: Uint16Array;
  numbers: string[][];
  /** What the decoded arrays and strings weigh (the isolate's budget, src/cache/isolate.ts). */
  bytes: number;
}

/** Limits of the arrays' widths: the build fails past them. */
export const MAX_VERSES = 0xffff;
export const MAX_WORDS_PER_VERSE = 0xff;
export const MAX_NUMBER_SETS = 0xffff;

/** One entry as the build gives it. */
export interface GrammarEntry {
  verseIndex: number;
  word: number;
  packed: number;
  stem: number;
  numberSet: number;
}

const b64 = (a: ArrayBufferView): string =>
  toBase64(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));

export function encodeGrammarIndex(
  version: string,
  books: GrammarIndexValue['books'],
  verses: number[],
  entries: GrammarEntry[],
  numbers: string[],
): GrammarIndexValue {
  if (verses.length > MAX_VERSES)
    throw new Error(
      `${version}: ${verses.length} verses with words, the index holds ${MAX_VERSES}`,
    );
  if (numbers.length > MAX_NUMBER_SETS)
    throw new Error(
      `${version}: ${numbers.length} sets of Strong's numbers, past ${MAX_NUMBER_SETS}`,
    );
  const n = entries.length;
  const features = new Uint32Array(n);
  const stems = new Uint8Array(n);
  const verse = new Uint16Array(n);
  const word = new Uint8Array(n);
  const number = new Uint16Array(n);
  entries.forEach((e, k) => {
    if (e.word > MAX_WORDS_PER_VERSE)
      throw new Error(`${version}: a verse of more than ${MAX_WORDS_PER_VERSE} tagged words`);
    features[k] = e.packed;
    stems[k] = e.stem;
    verse[k] = e.verseIndex;
    word[k] = e.word;
    number[k] = e.numberSet;
  });
  return {
    version,
    books,
    verses: b64(Uint32Array.from(verses)),
    features: b64(features),
    stems: b64(stems),
    verse: b64(verse),
    word: b64(word),
    number: b64(number),
    numbers,
  };
}

/** A fresh, aligned copy of decoded bytes (fromBase64 may give a view at any offset). */
function bytesOf(text: string): ArrayBuffer {
  const b = fromBase64(text);
  const copy = new Uint8Array(b.byteLength);
  copy.set(b);
  return copy.buffer;
}

export function decodeGrammarIndex(value: GrammarIndexValue): GrammarIndex {
  const index = {
    version: value.version,
    books: value.books,
    verses: new Uint32Array(bytesOf(value.verses)),
    features: new Uint32Array(bytesOf(value.features)),
    stems: new Uint8Array(bytesOf(value.stems)),
    verse: new Uint16Array(bytesOf(value.verse)),
    word: new Uint8Array(bytesOf(value.word)),
    number: new Uint16Array(bytesOf(value.number)),
    numbers: value.numbers.map((s) => (s ? s.split(' ') : [])),
  };
  const arrays = [index.verses, index.features, index.stems, index.verse, index.word, index.number];
  const bytes =
    arrays.reduce((n, a) => n + a.byteLength, 0) +
    value.numbers.reduce((n, s) => n + 2 * s.length + 64, 0);
  return { ...index, bytes };
}
