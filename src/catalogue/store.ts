import type { Env } from '../env';
import { ApiError } from '../http/errors';
import { catalogueKey, chapterKey } from '../snapshot/keys';
import type { BookEntry, BookGroupEntry, CatalogueValue, ChapterValue, VersionEntry } from '../snapshot/types';

/**
 * Reads the scripture snapshot from KV. The catalogue is read once per isolate and snapshot id
 * and kept; chapters are kept in a small LRU, so a verse or chapter request on a warm isolate
 * makes at most one KV read (issue 2 §5) and usually none.
 */

/**
 * Snapshot keys never change once written (they carry the content hash), so the edge may cache
 * them for long. KV's cacheTtl is in seconds, minimum 60.
 */
const KV_CACHE_TTL_SECONDS = 86_400;
/** Chapters kept per isolate. Largest chapter value (Ps 119) is ~60 KB; 300 × ~10 KB ≈ 3 MB of 128 MB. */
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

export interface ReadCounter {
  count: number;
}

let loaded: { snapshotId: string; catalogue: Promise<Catalogue> } | null = null;
const chapters = new Map<string, ChapterValue>();

function snapshotId(env: Env): string {
  if (!env.SNAPSHOT_ID) {
    throw new ApiError(503, ['No scripture snapshot is configured (SNAPSHOT_ID is empty); run `npm run dev`']);
  }
  return env.SNAPSHOT_ID;
}

function indexCatalogue(value: CatalogueValue): Catalogue {
  const versionById = new Map(value.versions.map((v) => [v.id.toLowerCase(), v]));
  const bookIndex = new Map<string, number>();
  value.books.forEach((b, i) => bookIndex.set(`${b.version}:${b.osis}`.toLowerCase(), i));
  return { value, versions: value.versions, groups: value.groups, books: value.books, versionById, bookIndex };
}

export async function loadCatalogue(env: Env, reads: ReadCounter): Promise<Catalogue> {
  const id = snapshotId(env);
  if (loaded?.snapshotId !== id) {
    const catalogue = (async () => {
      reads.count++;
      const value = await env.SNAPSHOT.get<CatalogueValue>(catalogueKey(id), { type: 'json', cacheTtl: KV_CACHE_TTL_SECONDS });
      if (!value) throw new ApiError(503, [`Scripture snapshot ${id} is not loaded into KV`]);
      return indexCatalogue(value);
    })();
    loaded = { snapshotId: id, catalogue };
    // A failed load is not kept: the next request tries again.
    catalogue.catch(() => {
      if (loaded?.catalogue === catalogue) loaded = null;
    });
  }
  return loaded.catalogue;
}

/** One chapter's verses, or null when the snapshot has no such chapter. */
export async function loadChapter(env: Env, reads: ReadCounter, book: BookEntry, chapter: number): Promise<ChapterValue | null> {
  const key = chapterKey(snapshotId(env), book.version, book.osis, chapter);
  const hit = chapters.get(key);
  if (hit) {
    // Refresh its place in the LRU.
    chapters.delete(key);
    chapters.set(key, hit);
    return hit;
  }
  reads.count++;
  const value = await env.SNAPSHOT.get<ChapterValue>(key, { type: 'json', cacheTtl: KV_CACHE_TTL_SECONDS });
  if (!value) return null;
  if (chapters.size >= CHAPTER_CACHE_ENTRIES) chapters.delete(chapters.keys().next().value as string);
  chapters.set(key, value);
  return value;
}
