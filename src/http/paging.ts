import { badRequest } from './errors';

/**
 * Paging of lists (docs/annotations.md "Paging"): `offset` (from 0) and `limit`
 * query parameters, as the keyword search takes them, and a `summary` in the response as the
 * keyword search gives it: `start` (offset + 1), `total`, `rpp` (the limit used). The next page
 * is `offset = start - 1 + rpp` while that is below `total`.
 */
export interface Page {
  offset: number;
  limit: number;
}

/** One page of a list and the length of the whole list. */
export interface Paged<T> {
  items: T[];
  total: number;
  /**
   * How many of the page's items were read, when the read stopped before the page's end at what a
   * page's bytes can hold (src/db/rendered-bytes.ts): the page then holds no more (fitPage).
   */
  read?: number;
}

/**
 * `read` of a page read only as far as its bytes can hold (src/db/rendered-bytes.ts fitsBefore):
 * how many items were read when that is fewer than the page holds of a list of `total`; nothing
 * when the read reached the page's end (or there is no page).
 */
export function readSoFar(read: number, total: number, page?: Page): { read?: number } {
  if (!page) return {};
  const onPage = Math.max(0, Math.min(page.limit, total - page.offset));
  return read < onPage ? { read } : {};
}

/** Bounds of a list: `fallback` when `limit` is absent, larger limits clamped to `max`. */
export interface PageBounds {
  fallback: number;
  max: number;
}

/**
 * The personal lists (/tags, /user/tags, /user/taggings, /user/notes, a tag's references): 100 a
 * page by default, at most 500 (the service's bound per response, as for verses).
 */
export const LIST_PAGE: PageBounds = { fallback: 100, max: 500 };

/**
 * The lists whose items carry a reader's text, notes and a chapter's annotations: 100 a page by
 * default, at most 200. A page of 500 notes of an account at its quotas cost ~31 ms of CPU on the
 * 2-core build machine, 200 ~19 ms (docs/speed.md "The heaviest requests").
 */
export const TEXT_LIST_PAGE: PageBounds = { fallback: 100, max: 200 };

/** Deepest offset accepted; pages beyond the end are simply empty. */
export const MAX_OFFSET = 10_000_000;

/** A whole-number query parameter: `fallback` when absent; 400 when not a whole number ≥ `min`. */
export function wholeNumber(
  value: string | undefined,
  name: string,
  fallback: number,
  min: number,
): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,9}$/.test(value.trim()))
    throw badRequest(`${name} must be a whole number (${min} or more)`);
  const n = Number(value.trim());
  if (n < min) throw badRequest(`${name} must be ${min} or more`);
  return n;
}

/** The page a request asks for (`query` reads one query parameter). */
export function requestedPage(
  query: (name: string) => string | undefined,
  bounds: PageBounds = LIST_PAGE,
): Page {
  const offset = wholeNumber(query('offset'), 'offset', 0, 0);
  if (offset > MAX_OFFSET) throw badRequest(`offset must be at most ${MAX_OFFSET}`);
  return {
    offset,
    limit: Math.min(wholeNumber(query('limit'), 'limit', bounds.fallback, 1), bounds.max),
  };
}

/** The `summary` element of a paged response. */
export function pageSummary(
  page: Page,
  total: number,
): { start: number; total: number; rpp: number } {
  return { start: page.offset + 1, total, rpp: page.limit };
}

/** Whether there is a page after this one. */
export function hasNextPage(page: Page, total: number): boolean {
  return page.offset + page.limit < total;
}

/**
 * Bytes of items one page of a personal list carries at most: with the wrapper, the summary and
 * the meta, a response stays under 1 MiB however long the items are (an account's notes hold up
 * to 500,000 characters, src/annotations/personal/quotas.ts).
 */
export const PAGE_BYTES = 768 * 1024;

/**
 * Bytes of items one page of what other readers published carries at most: the public notes of a
 * chapter or a verse, the moderation queue, and the verse page's two lists (half each). A third of
 * PAGE_BYTES: these pages read others' text from every database and render it, and their work
 * grows with their bytes. At 768 KiB their worst shapes (a chapter's 200 notes of 50 references
 * each, notes of 10,000 characters a renderer writes longer) cost 40–60 ms of CPU on the 2-core
 * build machine, over the 30 ms every request keeps to (docs/speed.md "The heaviest requests").
 * `summary.rpp` says how many a page holds, and the next page starts after them.
 */
export const PUBLISHED_PAGE_BYTES = 256 * 1024;

/**
 * The page cut to its first items that fit `budget` (PAGE_BYTES unless said; at least one: an item is bounded by its
 * own limits), weighed by `bytes`, an upper bound of an item's rendered size. When cut, the
 * page's `limit` is the number kept: `summary.rpp` says how many the page holds, and the next
 * page (`offset = start - 1 + rpp`) starts after them.
 */
export function fitPage<T>(
  page: Page,
  list: Paged<T>,
  bytes: (item: T) => number,
  budget = PAGE_BYTES,
): { page: Page; list: Paged<T> } {
  let used = 0;
  let kept = 0;
  for (const item of list.items) {
    used += bytes(item);
    if (kept > 0 && used > budget) break;
    kept++;
  }
  // A read that stopped at the page's bytes already cut the page there.
  if (kept === list.items.length)
    return list.read === undefined
      ? { page, list }
      : { page: { offset: page.offset, limit: list.read }, list };
  return {
    page: { offset: page.offset, limit: kept },
    list: { items: list.items.slice(0, kept), total: list.total },
  };
}

/**
 * How many of a page's first items read at most `max` distinct values, each item reading those
 * `keysOf` names (values shared by several items are read once): at least one item, which reads
 * at most its own. The page of a search then holds that many (src/api/limits.ts MAX_PAGE_VALUES).
 */
export function itemsWithinReads<T>(
  items: readonly T[],
  keysOf: (item: T) => readonly string[],
  max: number,
): number {
  const read = new Set<string>();
  for (let i = 0; i < items.length; i++) {
    const keys = keysOf(items[i]).filter((k) => !read.has(k));
    if (i > 0 && read.size + new Set(keys).size > max) return i;
    for (const k of keys) read.add(k);
  }
  return items.length;
}
