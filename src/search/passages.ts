import { emptySlot, emptySlotMessage, lacksVerse } from '../catalogue/empty-slots';
import { lastVerse } from '../catalogue/navigation';
import { findBook, type Catalogue } from '../catalogue/store';
import { splitRange, type VerseRange } from '../catalogue/verse-range';
import type { BookEntry, VersionEntry } from '../snapshot/types';
import type { RefPoint, RefRange } from './references';

/**
 * A parsed reference range resolved against one version (docs/search.md): clamped to the
 * version's chapters and verses, split per book when it spans books, and split into parts of at
 * most 500 verses when longer (src/catalogue/verse-range.ts). A book the version
 * lacks gives no passage (200 with no passage for it).
 */
export interface Passage extends VerseRange {
  bookIndex: number;
  /** Set when the reference named a slot this version leaves empty and this verse holds its text. */
  note?: string;
}

/**
 * A reference to one verse that the version's numbering leaves empty: the verse
 * that holds its text, with a note saying so, or the reason there is none (src/catalogue/
 * empty-slots.ts). Null when the reference is not to one such verse.
 */
export function emptySlotPassage(
  cat: Catalogue,
  version: VersionEntry,
  range: RefRange,
): { passage: Passage } | { reason: string } | null {
  const { start, end } = range;
  if (
    start.book !== end.book ||
    start.chapter === undefined ||
    start.verse === undefined ||
    end.chapter !== start.chapter ||
    end.verse !== start.verse
  )
    return null;
  const i = bookOf(cat, version, start.book);
  if (i === undefined) return null;
  const book = cat.books[i];
  if (!lacksVerse(book, start.chapter, start.verse)) return null;
  const slot = emptySlot(book, start.chapter, start.verse);
  const message = emptySlotMessage(book, start.chapter, start.verse);
  if ('reason' in slot) return { reason: message };
  const { chapter, verse } = slot.heldBy;
  return {
    passage: {
      bookIndex: i,
      startChapter: chapter,
      startVerse: verse,
      endChapter: chapter,
      endVerse: verse,
      note: message,
    },
  };
}

/**
 * Why a version has no verse of a range that starts on a slot it leaves empty (the SBLGNT's
 * John 7:53-8:11, or past a chapter's end): the reason of that first slot; null for a range that
 * does not (a book the version lacks is simply not there).
 */
export function emptyRangeReason(
  cat: Catalogue,
  version: VersionEntry,
  range: RefRange,
): string | null {
  const { start } = range;
  if (start.chapter === undefined || start.verse === undefined) return null;
  const i = bookOf(cat, version, start.book);
  if (i === undefined || !lacksVerse(cat.books[i], start.chapter, start.verse)) return null;
  return emptySlotMessage(cat.books[i], start.chapter, start.verse);
}

function bookOf(cat: Catalogue, version: VersionEntry, osis: string): number | undefined {
  return findBook(cat, version.id, osis);
}

function clampPassage(
  b: BookEntry,
  bookIndex: number,
  start: RefPoint,
  end: RefPoint,
): Passage | null {
  const chapters = b.chapters.length;
  const startChapter = start.chapter ?? 1;
  if (startChapter > chapters) return null;
  const endChapter = Math.min(end.chapter ?? chapters, chapters);
  if (endChapter < startChapter) return null;
  const startVerse = start.chapter === undefined ? 1 : (start.verse ?? 1);
  if (startVerse > lastVerse(b, startChapter)) return null;
  const last = lastVerse(b, endChapter);
  // An end verse beyond the chapter (`John 3:16-40`) is the chapter's end.
  const endVerse = Math.min(
    end.chapter === undefined || end.chapter > chapters ? last : (end.verse ?? last),
    last,
  );
  if (endChapter === startChapter && endVerse < startVerse) return null;
  return { bookIndex, startChapter, startVerse, endChapter, endVerse };
}

/** The passages of one range in one version: one per book of the range that the version has. */
export function resolveRange(cat: Catalogue, version: VersionEntry, range: RefRange): Passage[] {
  const { start, end } = range;
  if (start.book === end.book) {
    const i = bookOf(cat, version, start.book);
    const p = i === undefined ? null : clampPassage(cat.books[i], i, start, end);
    return p ? [p] : [];
  }
  // Across books (`Gen 1:1-Exod 2:3`): the first book from its start, whole books between, the
  // last book up to its end, in the version's own book order.
  const from = version.books.indexOf(start.book);
  const to = version.books.indexOf(end.book);
  if (from < 0 || to < 0 || to < from) {
    // Ends outside the version: keep what it has of the two named books.
    return [start.book, end.book].flatMap((osis, k) => {
      const i = bookOf(cat, version, osis);
      if (i === undefined) return [];
      const p = clampPassage(
        cat.books[i],
        i,
        k === 0 ? start : { book: osis },
        k === 0 ? { book: osis } : end,
      );
      return p ? [p] : [];
    });
  }
  const out: Passage[] = [];
  for (let k = from; k <= to; k++) {
    const osis = version.books[k];
    const i = bookOf(cat, version, osis)!;
    const p = clampPassage(
      cat.books[i],
      i,
      k === from ? start : { book: osis },
      k === to ? end : { book: osis },
    );
    if (p) out.push(p);
  }
  return out;
}

/**
 * The passages of one range in one version: one per book of the range that the version has,
 * each split into consecutive parts of at most 500 verses (`Gen 1-50` is three
 * passages, `Genesis 1-16`, … each with a path the chapters route serves).
 */
export function passagesOf(cat: Catalogue, version: VersionEntry, range: RefRange): Passage[] {
  return resolveRange(cat, version, range).flatMap((p) =>
    splitRange(cat.books[p.bookIndex], p).map((r) => ({ ...r, bookIndex: p.bookIndex })),
  );
}
