import { includeHeadings, verseHtml } from '../catalogue/headings';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { resolveVerseList } from '../catalogue/verse-list';
import { chapterById } from '../catalogue/lookup';
import { rangeName } from '../catalogue/names';
import { lastVerse } from '../catalogue/navigation';
import { chapterResource, verseResource } from '../catalogue/resources';
import { loadChapter } from '../catalogue/store';
import {
  chapterVersesPath,
  MAX_CHAPTERS_PER_RESPONSE,
  MAX_VERSES_PER_RESPONSE,
  splitRange,
  verseCount,
  type VerseRange,
} from '../catalogue/verse-range';
import type { AppEnv, Format } from '../env';
import { badRequest, echo, notFound } from '../http/errors';
import { enforceRateLimit } from '../http/rate-limits';
import { respond } from './respond';
import type { BookEntry, ChapterValue } from '../snapshot/types';
import { chapterWords, wordsDocument } from '../study/words';
import { catalogue } from './catalogue-context';
import { emptySlotMessage, lacksVerse, withEmptySlots } from '../catalogue/empty-slots';

async function chapterValue(c: Context<AppEnv>, id: string) {
  const cat = await catalogue(c);
  return { cat, ...(await chapterById(c.get('snapshot'), cat, id)) };
}

/**
 * The 400 for a range over the bound (docs/search.md "Long passages"): how many
 * verses, the bound, the path of the first part (whole chapters, as /passages splits it) and the
 * passages URL that lists every part with its path.
 */
function tooManyVerses(b: BookEntry, range: VerseRange, count: number, format: Format): string {
  const [first, second] = splitRange(b, range);
  const q = encodeURIComponent(rangeName(b, range)).replace(/%20/g, '+');
  return (
    `Too many verses: this range has ${count} in ${range.endChapter - range.startChapter + 1} chapters, and one response carries at most ${MAX_VERSES_PER_RESPONSE} verses of ${MAX_CHAPTERS_PER_RESPONSE} chapters. ` +
    `Ask for it in parts of whole chapters: ${chapterVersesPath(b, first, format)}, then on from chapter ${second.startChapter}; ` +
    `/passages.${format}?q[]=${q}&version=${b.version} lists every part with its path`
  );
}

export const chapters = new Hono<AppEnv>();

chapters.get('/:chapter_id', async (c) => {
  const { cat, bookIndex, chapter, value } = await chapterValue(c, c.req.param('chapter_id'));
  const headings = includeHeadings(c.req.query('include_headings'));
  // The slots the version leaves empty stand in the text where they are, saying why.
  const text = withEmptySlots(cat, cat.books[bookIndex], chapter, value.verses)
    .map((v) => verseHtml(v, headings))
    .join('');
  return respond(c, 'chapters', { chapter: [chapterResource(cat, bookIndex, chapter, text)] });
});

/** GET /chapters/{id}/words.xml: every verse of the chapter with its tagged words (src/study/words.ts). */
chapters.get('/:chapter_id/words', async (c) => {
  // A large page (Ps 119's words in XML: 584 KiB): each rendering counts (src/api/table.ts).
  await enforceRateLimit(c, 'passage', 'rendering');
  const cat = await catalogue(c);
  const found = await chapterWords(c.get('snapshot'), cat, c.req.param('chapter_id'));
  return respond(c, 'words', wordsDocument(cat, found.bookIndex, found.chapter, found.verses));
});

/**
 * GET /chapters/{id}/verses.xml?start=16&end=17 gives exactly verses 16 and 17.
 *
 * `end_chapter=N` (docs/search.md: a passage path must return the whole range) extends the list
 * over chapters id…N of the same book: `start` is then a verse of the first chapter and `end` a
 * verse of chapter N (`/chapters/KJV:Gen.1/verses.xml?start=1&end=3&end_chapter=2` is Genesis
 * 1:1-2:3). Without it the route behaves as before.
 *
 * A range over several chapters may hold at most 500 verses (`Gen 1-50` was 1,533
 * verses in 1.47 MB); over that it is a 400 saying how to page. One chapter is always served.
 */
chapters.get('/:chapter_id/verses', async (c) => {
  const id = c.req.param('chapter_id');
  const cat = await catalogue(c);
  const { bookIndex, chapter, start, end, endChapter } = resolveVerseList(cat, id, (name) =>
    c.req.query(name),
  );
  const headings = includeHeadings(c.req.query('include_headings'));
  const book = cat.books[bookIndex];
  if (endChapter > chapter) {
    // Checked on the catalogue, before any chapter is read.
    const range = {
      startChapter: chapter,
      startVerse: start ?? 1,
      endChapter,
      endVerse: Math.min(end ?? Infinity, lastVerse(book, endChapter)),
    };
    const count = verseCount(book, range);
    if (count > MAX_VERSES_PER_RESPONSE || endChapter - chapter + 1 > MAX_CHAPTERS_PER_RESPONSE)
      throw badRequest(tooManyVerses(book, range, count, c.get('format')));
    // A passage over several chapters counts against the caller's passage limit.
    await enforceRateLimit(c, 'passage');
  }
  const [first, ...rest] = await Promise.all(
    Array.from({ length: endChapter - chapter + 1 }, (_, k) =>
      loadChapter(c.get('snapshot'), book, chapter + k),
    ),
  );
  if (!first) throw notFound(`Unknown chapter: ${echo(id)}`);
  const values = [first, ...rest.filter((r): r is ChapterValue => r !== null)];
  // The verses asked for, with the slots the version leaves empty among them where they stand.
  const entries = values.flatMap((v) =>
    withEmptySlots(cat, book, v.chapter, v.verses)
      .filter(
        (e) =>
          (v.chapter !== chapter || start === null || e.lastverse >= start) &&
          (v.chapter !== endChapter || end === null || e.verse <= end),
      )
      .map((e) => ({ chapter: v.chapter, e })),
  );
  // Never a 200 of empty slots alone for verses the version's numbering leaves empty: the 404
  // says why, as /verses/{id} of the slot does.
  if (entries.every(({ e }) => 'empty' in e) && start !== null && lacksVerse(book, chapter, start))
    throw notFound(emptySlotMessage(book, chapter, start));
  const verse = entries.map(({ chapter: n, e }) => verseResource(cat, bookIndex, n, e, headings));
  return respond(c, 'verses', { verse });
});
