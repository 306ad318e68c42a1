import type { BookEntry } from '../snapshot/types';
import type { Catalogue } from './store';

/**
 * Sibling order (docs/contract.md "The shape of the service" 7): siblings roll over to the siblings of parents
 * and grandparents. Books run through `catalogue.books`, which lists every version's books in
 * service order, so the last book of a version is followed by the first book of the next
 * version; chapters and verses roll over through their books.
 */

export interface ChapterPos {
  bookIndex: number;
  chapter: number;
}
export interface VersePos extends ChapterPos {
  verse: number;
}

export function chapterCount(book: BookEntry): number {
  return book.chapters.length;
}

export function hasChapter(book: BookEntry, chapter: number): boolean {
  return chapter >= 1 && chapter <= book.chapters.length;
}

/** Verse numbers that have text in a chapter, ascending. */
export function versesIn(book: BookEntry, chapter: number): number[] {
  const last = book.chapters[chapter - 1] ?? 0;
  const missing = book.missing?.[chapter];
  const out: number[] = [];
  for (let v = 1; v <= last; v++) if (!missing || !missing.includes(v)) out.push(v);
  return out;
}

export function hasVerse(book: BookEntry, chapter: number, verse: number): boolean {
  return (
    hasChapter(book, chapter) &&
    verse >= 1 &&
    verse <= book.chapters[chapter - 1] &&
    !book.missing?.[chapter]?.includes(verse)
  );
}

export function firstVerse(book: BookEntry, chapter: number): number {
  return versesIn(book, chapter)[0];
}

export function lastVerse(book: BookEntry, chapter: number): number {
  return book.chapters[chapter - 1];
}

export function nextChapter(cat: Catalogue, pos: ChapterPos): ChapterPos | null {
  if (pos.chapter < chapterCount(cat.books[pos.bookIndex]))
    return { bookIndex: pos.bookIndex, chapter: pos.chapter + 1 };
  return pos.bookIndex + 1 < cat.books.length ? { bookIndex: pos.bookIndex + 1, chapter: 1 } : null;
}

export function previousChapter(cat: Catalogue, pos: ChapterPos): ChapterPos | null {
  if (pos.chapter > 1) return { bookIndex: pos.bookIndex, chapter: pos.chapter - 1 };
  if (pos.bookIndex === 0) return null;
  const book = cat.books[pos.bookIndex - 1];
  return { bookIndex: pos.bookIndex - 1, chapter: chapterCount(book) };
}

export function nextVerse(cat: Catalogue, pos: VersePos): VersePos | null {
  const verses = versesIn(cat.books[pos.bookIndex], pos.chapter);
  const after = verses.find((v) => v > pos.verse);
  if (after !== undefined) return { ...pos, verse: after };
  const next = nextChapter(cat, pos);
  return next ? { ...next, verse: firstVerse(cat.books[next.bookIndex], next.chapter) } : null;
}

export function previousVerse(cat: Catalogue, pos: VersePos): VersePos | null {
  const verses = versesIn(cat.books[pos.bookIndex], pos.chapter);
  for (let i = verses.length - 1; i >= 0; i--)
    if (verses[i] < pos.verse) return { ...pos, verse: verses[i] };
  const previous = previousChapter(cat, pos);
  return previous
    ? { ...previous, verse: lastVerse(cat.books[previous.bookIndex], previous.chapter) }
    : null;
}
