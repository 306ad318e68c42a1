/**
 * Verse lists in one small value (the concordance's `ConcordanceValue.refs`), shared by the
 * build (encode) and the worker (decode): each verse is a code, book ord × 1,000,000 + chapter ×
 * 1,000 + verse (no book has 1,000 chapters or a chapter 1,000 verses), codes ascend in canonical
 * order, and each is stored as the varint of its difference from the one before.
 */
import { ByteReader, ByteWriter, fromBase64, toBase64 } from './postings-codec';
import { verseAtPosition, versePosition } from './verse-positions';

export interface VerseCode {
  /** 1-based position of the book in its version's own order (`BookEntry.ord`). */
  ord: number;
  chapter: number;
  verse: number;
}

/** Room for a book's positions (./verse-positions.ts: no book has 1,000 chapters). */
const BOOK_PLACE = 1_000_000;

/** A verse's code: its place in canonical order within its version. */
export const verseCodeNumber = (v: VerseCode) =>
  v.ord * BOOK_PLACE + versePosition(v.chapter, v.verse);
const code = verseCodeNumber;

export function encodeVerseCodes(verses: VerseCode[]): string {
  const w = new ByteWriter();
  let previous = 0;
  for (const v of verses) {
    const c = code(v);
    if (c <= previous) throw new Error(`verse codes must ascend: ${c} after ${previous}`);
    w.varint(c - previous);
    previous = c;
  }
  return toBase64(w.bytes());
}

/** The verse codes as numbers (verseCodeNumber), ascending: for merging and counting many lists without an object per verse. */
export function decodeVerseNumbers(refs: string): Int32Array {
  const r = new ByteReader(fromBase64(refs));
  const out: number[] = [];
  let c = 0;
  while (!r.done) out.push((c += r.varint()));
  return Int32Array.from(out);
}

/** The verse of a code number. */
export function verseOfNumber(c: number): VerseCode {
  return { ord: Math.floor(c / BOOK_PLACE), ...verseAtPosition(c % BOOK_PLACE) };
}
