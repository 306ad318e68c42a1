import { Hono } from 'hono';
import { verseFromId } from '../catalogue/lookup';
import { verseResource } from '../catalogue/resources';
import { loadChapter } from '../catalogue/store';
import type { AppEnv } from '../env';
import { echo, notFound } from '../http/errors';
import { respond } from '../http/respond';
import { keywordSearch, keywordSearchDocument } from '../search/keyword-search';
import { catalogue } from './catalogue-context';

export const verses = new Hono<AppEnv>();

/** GET /verses.xml?keyword=…: keyword search (src/search/keyword-search.ts). */
verses.get('/', async (c) => respond(c, 'search', keywordSearchDocument(await keywordSearch(c.env, c.get('kvReads'), (name) => c.req.query(name)))));

/** GET /verses/{verse_id}.xml: one KV read (the chapter value) on a warm isolate, often none. */
verses.get('/:id', async (c) => {
  const id = c.req.param('id');
  const cat = await catalogue(c);
  const { bookIndex, chapter, verse } = verseFromId(cat, id);
  const value = await loadChapter(c.env, c.get('kvReads'), cat.books[bookIndex], chapter);
  const entry = value?.verses.find((v) => v.verse <= verse && verse <= v.lastverse);
  if (!entry) throw notFound(`Unknown verse: ${echo(id)}`);
  return respond(c, 'verses', { verse: [verseResource(cat, bookIndex, chapter, entry)] });
});
