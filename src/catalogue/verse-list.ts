import { badRequest, notFound } from '../http/errors';
import { chapterId } from './ids';
import { chapterFromId } from './lookup';
import type { Catalogue } from './store';

/**
 * A chapter's verse list as the request names it (`/chapters/{id}/verses?start=16&end=18`,
 * `end_chapter`; docs/contract.md "Scripture catalogue"), checked on the catalogue before any read. The
 * API route and the page (a redirect to the passage) both resolve it here, so that a bad number
 * is the same 400 in both.
 */
export interface VerseList {
  bookIndex: number;
  chapter: number;
  /** First verse (of `chapter`); null: from the first. */
  start: number | null;
  /** Last verse (of `endChapter`); null: to the last. */
  end: number | null;
  /** Last chapter (the id's own when `end_chapter` is absent). */
  endChapter: number;
}

/**
 * `start` / `end` (verse numbers) and `end_chapter` (a chapter number); absent means open-ended.
 * The message names the kind of number.
 */
function numberParam(
  value: string | undefined,
  name: string,
  kind: 'verse' | 'chapter',
): number | null {
  if (value === undefined || value === '') return null;
  if (!/^\d{1,4}$/.test(value) || Number(value) < 1)
    throw badRequest(`${name} must be a ${kind} number (1 or more)`);
  return Number(value);
}

export function resolveVerseList(
  cat: Catalogue,
  id: string,
  query: (name: string) => string | undefined,
): VerseList {
  const start = numberParam(query('start'), 'start', 'verse');
  const end = numberParam(query('end'), 'end', 'verse');
  const endChapterParam = numberParam(query('end_chapter'), 'end_chapter', 'chapter');
  const { bookIndex, chapter } = chapterFromId(cat, id);
  const endChapter = endChapterParam ?? chapter;
  if (endChapter === chapter && start !== null && end !== null && end < start)
    throw badRequest('end must not be before start');
  if (endChapter < chapter) throw badRequest('end_chapter must not be before the chapter');
  const book = cat.books[bookIndex];
  if (endChapter > book.chapters.length)
    throw notFound(`Unknown chapter: ${chapterId(book, endChapter)}`);
  return { bookIndex, chapter, start, end, endChapter };
}
