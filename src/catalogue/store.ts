import { LatestValue } from '../cache/latest';
import { LruCache } from '../cache/lru';
import { ApiError } from '../http/errors';
import { bookLookupKey } from './ids';
import { catalogueKey, chapterKey } from '../snapshot/keys';
import { readSnapshotJson, type ReadCounter } from '../snapshot/read';
import type { BookEntry, BookGroupEntry, CatalogueValue, ChapterValue, VersionEntry } from '../snapshot/types';

export type { ReadCounter } from '../snapshot/read';

/**
 * Reads the scripture snapshot from KV. The catalogue is read once per isolate and snapshot id
 * and kept; chapters are kept in a small LRU, so a verse or chapter request on a warm isolate
 * makes at most one KV read (issue 2 §5) and usually none.
 */

/** Chapters kept per isolate. Largest chapter value (Ps 119) is ~40 KB; 300 × ~10 KB ≈ 3 MB of 128 MB. */
const CHAPTER_CACHE_ENTRIES = 300;

/** The catalogue with lookup tables built once per isolate. */
export interface Catalogue {
  value: CatalogueValue;
  versions: VersionEntry[];
  groups: BookGroupEntry[];
  /** All books of all versions in roll-over order (spec: siblings roll over across versions). */
  books: BookEntry[];
  versionById: Map<string, VersionEntry>;
  /** Lower-cased `kjv:gen` → index in `books` (ids are looked up case-insensitively). */
  bookIndex: Map<string, number>;
}

const catalogues = new LatestValue<Catalogue>();
const chapters = new LruCache<ChapterValue>(CHAPTER_CACHE_ENTRIES);

function snapshotId(env: Env): string {
  if (!env.SNAPSHOT_ID) {
    throw new ApiError(503, ['No scripture snapshot is configured (SNAPSHOT_ID is empty); run `npm run dev`']);
  }
  return env.SNAPSHOT_ID;
}

function indexCatalogue(value: CatalogueValue): Catalogue {
  const versionById = new Map(value.versions.map((v) => [v.id.toLowerCase(), v]));
  const bookIndex = new Map<string, number>();
  value.books.forEach((b, i) => bookIndex.set(bookLookupKey(b.version, b.osis), i));
  return { value, versions: value.versions, groups: value.groups, books: value.books, versionById, bookIndex };
}

/** Index in `cat.books` of a version's book (codes matched case-insensitively), or undefined. */
export function findBook(cat: Catalogue, version: string, osis: string): number | undefined {
  return cat.bookIndex.get(bookLookupKey(version, osis));
}

export function loadCatalogue(env: Env, reads: ReadCounter): Promise<Catalogue> {
  const id = snapshotId(env);
  return catalogues.get(id, async () => {
    const value = await readSnapshotJson<CatalogueValue>(env.SNAPSHOT, reads, catalogueKey(id));
    if (!value) throw new ApiError(503, [`Scripture snapshot ${id} is not loaded into KV`]);
    return indexCatalogue(value);
  });
}

/** One chapter's verses, or null when the snapshot has no such chapter. */
export async function loadChapter(env: Env, reads: ReadCounter, book: BookEntry, chapter: number): Promise<ChapterValue | null> {
  const key = chapterKey(snapshotId(env), book.version, book.osis, chapter);
  const hit = chapters.get(key);
  if (hit) return hit;
  const value = await readSnapshotJson<ChapterValue>(env.SNAPSHOT, reads, key);
  if (value) chapters.set(key, value);
  return value;
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
export function readPerChapter<T>(page: ChapterPosition[], read: (p: ChapterPosition) => Promise<T>): (p: ChapterPosition) => Promise<T> {
  const started = new Map<string, Promise<T>>();
  for (const p of page) {
    const key = `${p.bookIndex}.${p.chapter}`;
    if (!started.has(key)) started.set(key, read(p));
  }
  return (p) => started.get(`${p.bookIndex}.${p.chapter}`)!;
}

/** The version a book belongs to (every book's version is in its catalogue). */
export function versionOf(cat: Catalogue, book: BookEntry): VersionEntry {
  return cat.versionById.get(book.version.toLowerCase())!;
}
