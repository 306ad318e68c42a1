import { Hono } from 'hono';
import { verseById } from '../catalogue/lookup';
import { verseResource } from '../catalogue/resources';
import type { AppEnv } from '../env';
import { respond } from '../http/respond';
import { keywordSearch, keywordSearchDocument } from '../search/keyword-search';
import { catalogue } from './catalogue-context';

export const verses = new Hono<AppEnv>();

/** GET /verses.xml?keyword=…: keyword search (src/search/keyword-search.ts). */
verses.get('/', async (c) => respond(c, 'search', keywordSearchDocument(await keywordSearch(c.env, c.get('kvReads'), (name) => c.req.query(name)))));

/** GET /verses/{verse_id}.xml: one KV read (the chapter value) on a warm isolate, often none. */
verses.get('/:id', async (c) => {
  const cat = await catalogue(c);
  const { bookIndex, chapter, entry } = await verseById(c.env, c.get('kvReads'), cat, c.req.param('id'));
  return respond(c, 'verses', { verse: [verseResource(cat, bookIndex, chapter, entry)] });
});
