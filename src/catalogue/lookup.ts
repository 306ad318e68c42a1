import { echo, notFound } from '../http/errors';
import { parseBookId, parseChapterId, parseVerseId } from './ids';
import { emptySlotMessage, lacksVerse } from './empty-slots';
import { hasChapter, hasVerse } from './navigation';
import { findBook, type Catalogue } from './store';

/**
 * Id lookups that answer 404 for anything unknown or malformed (issue 2 §4: "Malformed ids: 404,
 * never 500"). Version and book codes are matched case-insensitively, as the original did.
 * Messages name what is unknown (the version before the book, issue 8) and repeat the request's
 * input only through `echo` (issue 8: short messages).
 */

export function findVersionIndex(cat: Catalogue, id: string): number {
  const version = cat.versionById.get(id.toLowerCase());
  if (!version) throw notFound(`Unknown version: ${echo(id)}`);
  return cat.versions.indexOf(version);
}

/** A book group by its integer id (`6`), or a 404 (API and page alike). */
export function groupIndexFromId(cat: Catalogue, id: string): number {
  const index = /^\d{1,4}$/.test(id) ? cat.groups.findIndex((g) => g.id === Number(id)) : -1;
  if (index < 0) throw notFound(`Unknown book group: ${echo(id)}`);
  return index;
}

export function findBookIndex(cat: Catalogue, version: string, book: string): number {
  // `NIV:John.3.16`: the version is what is unknown, not the book.
  findVersionIndex(cat, version);
  const index = findBook(cat, version, book);
  if (index === undefined) throw notFound(`Unknown book: ${echo(`${version}:${book}`)}`);
  return index;
}

export function bookIndexFromId(cat: Catalogue, id: string): number {
  const ref = parseBookId(id);
  if (!ref) throw notFound(`Malformed book id: ${echo(id)} (expected VERSION:Book, e.g. KJV:Gen)`);
  return findBookIndex(cat, ref.version, ref.book);
}

export function chapterFromId(cat: Catalogue, id: string): { bookIndex: number; chapter: number } {
  const ref = parseChapterId(id);
  if (!ref) throw notFound(`Malformed chapter id: ${echo(id)} (expected VERSION:Book.N, e.g. KJV:John.3)`);
  const bookIndex = findBookIndex(cat, ref.version, ref.book);
  if (!hasChapter(cat.books[bookIndex], ref.chapter)) throw notFound(`Unknown chapter: ${echo(id)}`);
  return { bookIndex, chapter: ref.chapter };
}

export function verseFromId(cat: Catalogue, id: string): { bookIndex: number; chapter: number; verse: number } {
  const ref = parseVerseId(id);
  if (!ref) throw notFound(`Malformed verse id: ${echo(id)} (expected VERSION:Book.N.M, e.g. KJV:John.3.16)`);
  const bookIndex = findBookIndex(cat, ref.version, ref.book);
  const book = cat.books[bookIndex];
  if (!hasVerse(book, ref.chapter, ref.verse)) {
    // A slot the version's numbering leaves empty says why, and where its text is (issue 19 §1).
    const why = lacksVerse(book, ref.chapter, ref.verse) ? ` (${emptySlotMessage(book, ref.chapter, ref.verse)})` : '';
    throw notFound(`Unknown verse: ${echo(id)}${why}`);
  }
  return { bookIndex, chapter: ref.chapter, verse: ref.verse };
}
