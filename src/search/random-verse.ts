import type { SnapshotReader } from '../cache/snapshot-reader';
import { loadChapter, type Catalogue } from '../catalogue/store';
import { MAX_SEED_LENGTH } from '../api/limits';
import { ApiError, badRequest, echo } from '../http/errors';
import type { BookEntry, VerseEntry } from '../snapshot/types';
import { queryScope, searchScope } from './filters';

/**
 * A random verse (`GET /verses/random`): drawn uniformly from the verses the keyword search's
 * filters select (`version`, `language`, `testament`, `book`: src/search/filters.ts, the same
 * parsing and the same errors), never from a slot the version leaves empty (BookEntry.missing,
 * src/catalogue/empty-slots.ts). With `seed` the draw is a function of the seed, the filters and
 * the snapshot alone, so every isolate answers a seed alike (a date as the seed: a verse of the
 * day); without one, of crypto.getRandomValues.
 */

/** Draws before giving up on chapters the snapshot does not hold (only the test fixture lacks any). */
const MAX_DRAWS = 64;

/** Verses a book holds: the highest verse of each chapter, less the empty slots below it. */
export function versesOf(book: BookEntry): number {
  let n = 0;
  for (let c = 1; c <= book.chapters.length; c++)
    n += book.chapters[c - 1] - (book.missing?.[c]?.length ?? 0);
  return n;
}

/** Verse counts per catalogue book, once per catalogue (the same object for an isolate's snapshot). */
const counts = new WeakMap<Catalogue, number[]>();
function verseCounts(cat: Catalogue): number[] {
  let out = counts.get(cat);
  if (!out) {
    out = cat.books.map(versesOf);
    counts.set(cat, out);
  }
  return out;
}

/** The `n`th (from 0) verse of a book that has text: its chapter and verse number. */
export function nthVerse(book: BookEntry, n: number): { chapter: number; verse: number } {
  for (let c = 1; c <= book.chapters.length; c++) {
    const missing = book.missing?.[c] ?? [];
    const held = book.chapters[c - 1] - missing.length;
    if (n >= held) {
      n -= held;
      continue;
    }
    for (let v = 1; ; v++) {
      if (missing.includes(v)) continue;
      if (n === 0) return { chapter: c, verse: v };
      n--;
    }
  }
  throw new Error('verse index beyond the book');
}

/**
 * A small deterministic generator: sfc32 (Chris Doty-Humphrey's Small Fast Counting generator),
 * 32-bit state words seeded from a SHA-256, so a seed draws the same sequence on every runtime.
 */
function sfc32(a: number, b: number, c: number, d: number): () => number {
  return () => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

async function generator(seed: string | undefined): Promise<() => number> {
  const words = new Uint32Array(4);
  if (seed === undefined) crypto.getRandomValues(words);
  else {
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(seed));
    const view = new DataView(digest);
    for (let i = 0; i < 4; i++) words[i] = view.getUint32(i * 4);
  }
  const next = sfc32(words[0], words[1], words[2], words[3]);
  // The first outputs of sfc32 mix the state poorly: discard them, as its author advises.
  for (let i = 0; i < 12; i++) next();
  return next;
}

/** `seed=`: 1 to MAX_SEED_LENGTH characters, no control characters; absent: a fresh draw. */
export function parseSeed(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.length === 0 || [...value].length > MAX_SEED_LENGTH)
    throw badRequest(`seed must be 1 to ${MAX_SEED_LENGTH} characters`);
  if (/[\u0000-\u001f\u007f]/.test(value))
    throw badRequest(`seed must not hold control characters: ${echo(value)}`);
  return value;
}

export interface RandomVerse {
  bookIndex: number;
  chapter: number;
  entry: VerseEntry;
}

/**
 * The draw's filters, through the keyword search's rules. An unknown version is a filter that
 * matches nothing here, so a 400 like any bad filter (there is no resource to be missing, as there
 * is for `/versions/{id}`).
 */
function filtersOf(cat: Catalogue, query: (name: string) => string | undefined) {
  try {
    return searchScope(cat, queryScope(query));
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) throw new ApiError(400, e.messages);
    throw e;
  }
}

export async function randomVerse(
  snap: SnapshotReader,
  cat: Catalogue,
  query: (name: string) => string | undefined,
): Promise<RandomVerse> {
  const seed = parseSeed(query('seed'));
  const scope = filtersOf(cat, query);
  const all = verseCounts(cat);
  const books = scope.books.filter((i) => all[i] > 0);
  const total = books.reduce((sum, i) => sum + all[i], 0);
  if (!total) throw badRequest('No verse matches these filters');
  const next = await generator(seed);
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    let n = Math.floor(next() * total);
    let k = 0;
    while (n >= all[books[k]]) n -= all[books[k++]];
    const bookIndex = books[k];
    const { chapter, verse } = nthVerse(cat.books[bookIndex], n);
    // A chapter the snapshot does not hold (the test fixture holds some books' chapters only)
    // is drawn again, from the same sequence, so a seed still answers one verse.
    const value = await loadChapter(snap, cat.books[bookIndex], chapter);
    const entry = value?.verses.find((e) => e.verse <= verse && verse <= e.lastverse);
    if (entry) return { bookIndex, chapter, entry };
  }
  throw badRequest('No verse of these filters is held by this snapshot');
}
