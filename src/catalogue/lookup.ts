import type { SnapshotReader } from '../cache/snapshot-reader';
import { ApiError, badRequest, echo, notFound } from '../http/errors';
import { parseBookId, parseChapterId, parseVerseId } from './ids';
import { emptySlotMessage, lacksVerse } from './empty-slots';
import { hasChapter, hasVerse } from './navigation';
import {
  TESTAMENTS,
  type ChapterValue,
  type Testament,
  type VerseEntry,
  type VersionEntry,
} from '../snapshot/types';
import { findBook, loadChapter, versionById, type Catalogue } from './store';

/**
 * Id lookups that answer 404 for anything unknown or malformed ("Malformed ids: 404,
 * never 500"). Version and book codes are matched case-insensitively, as the original did.
 * Messages name what is unknown (the version before the book) and repeat the request's
 * input only through `echo` (short messages).
 */

/** A version by its code, or a 404. */
export function findVersion(cat: Catalogue, id: string): VersionEntry {
  const version = versionById(cat, id);
  if (!version) throw notFound(`Unknown version: ${echo(id)}`);
  return version;
}

export function findVersionIndex(cat: Catalogue, id: string): number {
  return cat.versions.indexOf(findVersion(cat, id));
}

/** A book group by its integer id (`6`), or a 404 (API and page alike). */
export function groupIndexFromId(cat: Catalogue, id: string): number {
  const index = /^\d{1,4}$/.test(id) ? cat.groups.findIndex((g) => g.id === Number(id)) : -1;
  if (index < 0) throw notFound(`Unknown book group: ${echo(id)}`);
  return index;
}

/**
 * A book code a version does not have (`RV1909:Juan`). A 404 like any unknown id; it carries what
 * was asked, so that the app can tell a book the version names otherwise (its own name or an
 * abbreviation: src/search/book-names.ts) and redirect to the canonical id
 * (src/routes/canonical-ids.ts) when the id is the request's path.
 */
export class UnknownBook extends ApiError {
  constructor(
    readonly cat: Catalogue,
    /** The version as the id wrote it (`rv1909`), and its entry. */
    readonly writtenVersion: string,
    readonly version: VersionEntry,
    /** The book as the id wrote it. */
    readonly book: string,
  ) {
    super(404, [`Unknown book: ${echo(`${writtenVersion}:${book}`)}`]);
    this.name = 'UnknownBook';
  }
}

export function findBookIndex(cat: Catalogue, version: string, book: string): number {
  // `NIV:John.3.16`: the version is what is unknown, not the book.
  const versionIndex = findVersionIndex(cat, version);
  const index = findBook(cat, version, book);
  if (index === undefined) throw new UnknownBook(cat, version, cat.versions[versionIndex], book);
  return index;
}

export function bookIndexFromId(cat: Catalogue, id: string): number {
  const ref = parseBookId(id);
  if (!ref) throw notFound(`Malformed book id: ${echo(id)} (expected VERSION:Book, e.g. KJV:Gen)`);
  return findBookIndex(cat, ref.version, ref.book);
}

export function chapterFromId(cat: Catalogue, id: string): { bookIndex: number; chapter: number } {
  const ref = parseChapterId(id);
  if (!ref)
    throw notFound(`Malformed chapter id: ${echo(id)} (expected VERSION:Book.N, e.g. KJV:John.3)`);
  const bookIndex = findBookIndex(cat, ref.version, ref.book);
  if (!hasChapter(cat.books[bookIndex], ref.chapter))
    throw notFound(`Unknown chapter: ${echo(id)}`);
  return { bookIndex, chapter: ref.chapter };
}

export function verseFromId(
  cat: Catalogue,
  id: string,
): { bookIndex: number; chapter: number; verse: number } {
  const ref = parseVerseId(id);
  if (!ref)
    throw notFound(
      `Malformed verse id: ${echo(id)} (expected VERSION:Book.N.M, e.g. KJV:John.3.16)`,
    );
  const bookIndex = findBookIndex(cat, ref.version, ref.book);
  const book = cat.books[bookIndex];
  if (!hasVerse(book, ref.chapter, ref.verse)) {
    // A slot the version's numbering leaves empty says why, and where its text is.
    const why = lacksVerse(book, ref.chapter, ref.verse)
      ? ` (${emptySlotMessage(book, ref.chapter, ref.verse)})`
      : '';
    throw notFound(`Unknown verse: ${echo(id)}${why}`);
  }
  return { bookIndex, chapter: ref.chapter, verse: ref.verse };
}

/**
 * A chapter by its id (`KJV:John.3`) with its text, or a 404: the API's chapter and the reading
 * page resolve it here alike.
 */
export async function chapterById(
  snap: SnapshotReader,
  cat: Catalogue,
  id: string,
): Promise<{ bookIndex: number; chapter: number; value: ChapterValue }> {
  const { bookIndex, chapter } = chapterFromId(cat, id);
  const value = await loadChapter(snap, cat.books[bookIndex], chapter);
  if (!value) throw notFound(`Unknown chapter: ${echo(id)}`);
  return { bookIndex, chapter, value };
}

/** A verse by its id (`KJV:John.3.16`): the record holding it (a range record may hold several), or a 404. */
export async function verseById(
  snap: SnapshotReader,
  cat: Catalogue,
  id: string,
): Promise<{ bookIndex: number; chapter: number; entry: VerseEntry }> {
  const { bookIndex, chapter, verse } = verseFromId(cat, id);
  const value = await loadChapter(snap, cat.books[bookIndex], chapter);
  const entry = value?.verses.find((v) => v.verse <= verse && verse <= v.lastverse);
  if (!entry) throw notFound(`Unknown verse: ${echo(id)}`);
  return { bookIndex, chapter, entry };
}

/** The versions of the `language` parameter (ISO 639-3 codes, a comma list; absent: all), API and page alike. */
export function versionsByLanguage(cat: Catalogue, language: string | undefined): VersionEntry[] {
  const langs = language ? new Set(language.split(',').map((l) => l.trim().toLowerCase())) : null;
  return cat.versions.filter((v) => !langs || langs.has(v.lang.toLowerCase()));
}

/** `testament=NT` (also `nt`, or a comma list); anything else is a 400 naming the valid values. */
export function parseTestaments(value: string | undefined): Set<Testament> | null {
  if (value === undefined || value.trim() === '') return null;
  return testamentsOf(value.split(','));
}

/** The testaments a list names (OT, NT, DEUT, any case; empty items name none), or null for none. */
export function testamentsOf(parts: readonly string[]): Set<Testament> | null {
  const wanted = new Set<Testament>();
  for (const part of parts) {
    // Empty items (`OT,`) are nothing asked for, not an unknown testament.
    if (!part.trim()) continue;
    const t = part.trim().toUpperCase() as Testament;
    if (!TESTAMENTS.includes(t))
      throw badRequest(`Unknown testament "${echo(part.trim())}": use OT, NT or DEUT`);
    wanted.add(t);
  }
  return wanted.size ? wanted : null;
}
