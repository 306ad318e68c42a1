import type { Format } from '../env';
import type { BookEntry } from '../snapshot/types';
import { chapterId } from './ids';
import { lastVerse, versesIn } from './navigation';
import { MAX_PAGE_VALUES } from '../api/limits';

/**
 * Runs of verses inside one book, and the bound on how many one response may carry
 * (docs/search.md "Long passages"). Before it, `Gen 1-50` came back as 1,533 verses in 1.47 MB.
 *
 * - A `GET /chapters/{id}/verses` request that spans several chapters (`end_chapter`) may list
 *   at most MAX_VERSES_PER_RESPONSE verses; over that it is a 400 that says how to page.
 * - A single chapter is never cut and never refused (the longest, Psalm 119, has 176 verses), so
 *   the original contract's requests (no `end_chapter`) are served exactly as before.
 * - A passage longer than the bound is split into parts of whole chapters (`splitRange`), each
 *   with a path the route serves; the parts cover the passage once, in order.
 */

/** ESV's API allows 500 verses per request; so does the original's keyword search (`limit`). */
export const MAX_VERSES_PER_RESPONSE = 500;

/**
 * Chapters one response of a range reads at most: each is a KV value read, and 500 verses of the
 * short Psalms are 40 chapters (src/api/limits.ts MAX_PAGE_VALUES, the same bound on the pages of
 * search results and on the passages' previews).
 */
export const MAX_CHAPTERS_PER_RESPONSE = MAX_PAGE_VALUES;

/** `startChapter:startVerse` to `endChapter:endVerse` of one book, both ends included. */
export interface VerseRange {
  startChapter: number;
  startVerse: number;
  endChapter: number;
  endVerse: number;
}

/**
 * Verse numbers with text in the range (a record merging verses 3-4 counts 2). It is what the
 * bound counts, and never less than the records a chapters-verses response lists for the range.
 * Read from the catalogue alone, so a request over the bound is refused before any chapter read.
 */
export function verseCount(b: BookEntry, r: VerseRange): number {
  let n = 0;
  for (let ch = r.startChapter; ch <= r.endChapter; ch++) {
    for (const v of versesIn(b, ch))
      if ((ch !== r.startChapter || v >= r.startVerse) && (ch !== r.endChapter || v <= r.endVerse))
        n++;
  }
  return n;
}

/** The range starts at verse 1 and ends at the last verse of its last chapter. */
export function isWholeChapters(b: BookEntry, r: VerseRange): boolean {
  return r.startVerse === 1 && r.endVerse === lastVerse(b, r.endChapter);
}

/**
 * The range in consecutive parts of at most `max` verses and MAX_CHAPTERS_PER_RESPONSE chapters,
 * cut only between chapters (so a record merging verses is never in two parts): as many whole
 * chapters as fit go into each part. A range within the bounds is one part, itself. A chapter
 * alone over `max` (none exists) would be a part of its own, which the route serves because it is
 * one chapter.
 */
export function splitRange(
  b: BookEntry,
  r: VerseRange,
  max = MAX_VERSES_PER_RESPONSE,
): VerseRange[] {
  const parts: VerseRange[] = [];
  let startChapter = r.startChapter;
  let startVerse = r.startVerse;
  let count = 0;
  for (let ch = r.startChapter; ch <= r.endChapter; ch++) {
    const n = verseCount(b, {
      startChapter: ch,
      startVerse: ch === r.startChapter ? r.startVerse : 1,
      endChapter: ch,
      endVerse: ch === r.endChapter ? r.endVerse : lastVerse(b, ch),
    });
    if (count > 0 && (count + n > max || ch - startChapter >= MAX_CHAPTERS_PER_RESPONSE)) {
      parts.push({ startChapter, startVerse, endChapter: ch - 1, endVerse: lastVerse(b, ch - 1) });
      startChapter = ch;
      startVerse = 1;
      count = 0;
    }
    count += n;
  }
  parts.push({ startChapter, startVerse, endChapter: r.endChapter, endVerse: r.endVerse });
  return parts;
}

/**
 * The chapters-verses URL that returns exactly the range (src/routes/chapters.ts). A range over
 * several chapters adds `end_chapter`: `start` is then a verse of the first chapter and `end` a
 * verse of chapter `end_chapter`; whole chapters leave `start`/`end` out. The suffix is the
 * request's format (`.xml` or `.js`), as the original used the suffix of the search request.
 */
export function chapterVersesPath(b: BookEntry, r: VerseRange, format: Format): string {
  const base = `/chapters/${chapterId(b, r.startChapter)}/verses.${format}`;
  const query: string[] = [];
  if (!isWholeChapters(b, r)) query.push(`start=${r.startVerse}`, `end=${r.endVerse}`);
  if (r.endChapter !== r.startChapter) query.push(`end_chapter=${r.endChapter}`);
  return query.length ? `${base}?${query.join('&')}` : base;
}
