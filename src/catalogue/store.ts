import type { SnapshotReader } from '../cache/snapshot-reader';
import { keptOrMade } from '../cache/isolate';
import { ApiError } from '../http/errors';
import { bookLookupKey, versionLookupKey } from './ids';
import { catalogueKey, chapterKey, footnotesKey } from '../snapshot/keys';
import type {
  BookEntry,
  BookGroupEntry,
  CatalogueValue,
  ChapterValue,
  FootnoteChapterValue,
  VersionEntry,
} from '../snapshot/types';

/**
 * Reads the scripture snapshot from KV through the request's reader (src/cache/snapshot-reader.ts):
 * the catalogue and the chapters are kept in the isolate, so a verse or chapter request on a warm
 * isolate makes at most one KV read and usually none.
 */

/** The catalogue with lookup tables built once per isolate. */
export interface Catalogue {
  value: CatalogueValue;
  versions: VersionEntry[];
  groups: BookGroupEntry[];
  /** All books of all versions in roll-over order (spec: siblings roll over across versions). */
  books: BookEntry[];
  /** Lower-cased `kjv` → entry: look versions up with `versionById`. */
  versionByKey: Map<string, VersionEntry>;
  /** Lower-cased `kjv:gen` → index in `books` (ids are looked up case-insensitively). */
  bookIndex: Map<string, number>;
}

function indexCatalogue(value: CatalogueValue): Catalogue {
  const versionByKey = new Map(value.versions.map((v) => [versionLookupKey(v.id), v]));
  const bookIndex = new Map<string, number>();
  value.books.forEach((b, i) => bookIndex.set(bookLookupKey(b.version, b.osis), i));
  return {
    value,
    versions: value.versions,
    groups: value.groups,
    books: value.books,
    versionByKey,
    bookIndex,
  };
}

/** A version by its code (matched case-insensitively), or undefined. */
export function versionById(cat: Catalogue, id: string): VersionEntry | undefined {
  return cat.versionByKey.get(versionLookupKey(id));
}

/** Index in `cat.books` of a version's book (codes matched case-insensitively), or undefined. */
export function findBook(cat: Catalogue, version: string, osis: string): number | undefined {
  return cat.bookIndex.get(bookLookupKey(version, osis));
}

/** The catalogue of the snapshot served, with its tables; 503 when none is configured or loaded. */
export function loadCatalogue(snap: SnapshotReader): Promise<Catalogue> {
  if (!snap.id)
    throw new ApiError(503, [
      'No scripture snapshot is configured (SNAPSHOT_ID is empty); run `npm run dev`',
    ]);
  const key = catalogueKey(snap.id);
  return keptOrMade(key, async () => {
    const read = await snap.read<CatalogueValue>(key);
    if (!read) throw new ApiError(503, [`Scripture snapshot ${snap.id} is not loaded into KV`]);
    // The tables repeat the books' codes beside their entries: about as much again.
    return { value: indexCatalogue(read.value), bytes: read.bytes * 2 };
  });
}

/** One chapter's verses, or null when the snapshot has no such chapter. */
export function loadChapter(
  snap: SnapshotReader,
  book: BookEntry,
  chapter: number,
): Promise<ChapterValue | null> {
  return snap.value<ChapterValue>(chapterKey(snap.id, book.version, book.osis, chapter));
}

/** A version's chapter's translators' notes (null: the chapter has none). */
export function loadFootnotes(
  snap: SnapshotReader,
  book: BookEntry,
  chapter: number,
): Promise<FootnoteChapterValue | null> {
  return snap.value<FootnoteChapterValue>(footnotesKey(snap.id, book.version, book.osis, chapter));
}

/** A verse's chapter in the catalogue: a book index and a chapter number. */
export interface ChapterPosition {
  bookIndex: number;
  chapter: number;
}

/**
 * Starts reading the chapters of a page of verses (keyword search, the concordance), each once
 * however many of the page's verses it holds, all at once; the answer gives each verse's read.
 */
export function readPerChapter<T>(
  page: ChapterPosition[],
  read: (p: ChapterPosition) => Promise<T>,
): (p: ChapterPosition) => Promise<T> {
  const started = new Map<string, Promise<T>>();
  for (const p of page) {
    const key = `${p.bookIndex}.${p.chapter}`;
    if (!started.has(key)) started.set(key, read(p));
  }
  return (p) => started.get(`${p.bookIndex}.${p.chapter}`)!;
}

/** The version a book belongs to (every book's version is in its catalogue). */
export function versionOf(cat: Catalogue, book: BookEntry): VersionEntry {
  return versionById(cat, book.version)!;
}
