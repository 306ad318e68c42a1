import type { Context } from 'hono';
import { Hono } from 'hono';
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

/** GET /chapters/{id}/verses.xml?start=16&end=17 gives exactly verses 16 and 17. */
chapters.get('/:id/verses', async (c) => {
  const start = verseBound(c.req.query('start'), 'start');
  const end = verseBound(c.req.query('end'), 'end');
  if (start !== null && end !== null && end < start) throw badRequest('end must not be before start');
  const { cat, bookIndex, chapter, value } = await chapterValue(c, c.req.param('id'));
  const verse = value.verses
    .filter((v) => (start === null || v.lastverse >= start) && (end === null || v.verse <= end))
    .map((v) => verseResource(cat, bookIndex, chapter, v));
  return respond(c, 'verses', { verse });
});
