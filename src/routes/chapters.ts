import type { Context } from 'hono';
import { Hono } from 'hono';
import { chapterId } from '../catalogue/ids';
import { chapterFromId } from '../catalogue/lookup';
import { chapterResource, verseResource } from '../catalogue/resources';
import { loadChapter } from '../catalogue/store';
import type { AppEnv } from '../env';
import { badRequest, notFound } from '../http/errors';
import { respond } from '../render/respond';
import type { ChapterValue } from '../snapshot/types';
import { catalogue } from './catalogue-context';

async function chapterValue(c: Context<AppEnv>, id: string) {
  const cat = await catalogue(c);
  const { bookIndex, chapter } = chapterFromId(cat, id);
  const value: ChapterValue | null = await loadChapter(c.env, c.var.kvReads, cat.books[bookIndex], chapter);
  if (!value) throw notFound(`Unknown chapter: ${id}`);
  return { cat, bookIndex, chapter, value };
}

/** `start` / `end` verse numbers (original-service.md "Verses"); absent means open-ended. */
function verseBound(value: string | undefined, name: string): number | null {
  if (value === undefined || value === '') return null;
  if (!/^\d{1,4}$/.test(value) || Number(value) < 1) throw badRequest(`${name} must be a verse number (1 or more)`);
  return Number(value);
}

export const chapters = new Hono<AppEnv>();

chapters.get('/:id', async (c) => {
  const { cat, bookIndex, chapter, value } = await chapterValue(c, c.req.param('id'));
  const text = value.verses.map((v) => v.html).join('');
  return respond(c, 'chapters', { chapter: [chapterResource(cat, bookIndex, chapter, text)] });
});

/**
 * GET /chapters/{id}/verses.xml?start=16&end=17 gives exactly verses 16 and 17.
 *
 * `end_chapter=N` (issue "Passages": a passage path must return the whole range) extends the list
 * over chapters id…N of the same book: `start` is then a verse of the first chapter and `end` a
 * verse of chapter N (`/chapters/KJV:Gen.1/verses.xml?start=1&end=3&end_chapter=2` is Genesis
 * 1:1-2:3). Without it the route behaves as before.
 */
chapters.get('/:id/verses', async (c) => {
  const start = verseBound(c.req.query('start'), 'start');
  const end = verseBound(c.req.query('end'), 'end');
  const endChapterParam = verseBound(c.req.query('end_chapter'), 'end_chapter');
  const { cat, bookIndex, chapter, value } = await chapterValue(c, c.req.param('id'));
  const endChapter = endChapterParam ?? chapter;
  if (endChapter === chapter && start !== null && end !== null && end < start) throw badRequest('end must not be before start');
  if (endChapter < chapter) throw badRequest('end_chapter must not be before the chapter');
  const book = cat.books[bookIndex];
  if (endChapter > book.chapters.length) throw notFound(`Unknown chapter: ${chapterId(book, endChapter)}`);
  const values = [value];
  if (endChapter > chapter) {
    const rest = await Promise.all(
      Array.from({ length: endChapter - chapter }, (_, k) => loadChapter(c.env, c.var.kvReads, book, chapter + k + 1)),
    );
    for (const r of rest) if (r) values.push(r);
  }
  const verse = values.flatMap((v) =>
    v.verses
      .filter((e) => (v.chapter !== chapter || start === null || e.lastverse >= start) && (v.chapter !== endChapter || end === null || e.verse <= end))
      .map((e) => verseResource(cat, bookIndex, v.chapter, e)),
  );
  return respond(c, 'verses', { verse });
});
