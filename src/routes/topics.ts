import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { enforceRateLimit } from '../http/rate-limits';
import { LIST_PAGE, requestedPage } from '../http/paging';
import { respond } from './respond';
import { citedWith, citedWithDocument } from '../library/related';
import {
  chapterTopics,
  citingTopicsDocument,
  searchTopics,
  topicById,
  topicDocument,
  topicSearchDocument,
  verseTopics,
} from '../library/topics';
import { catalogue } from './catalogue-context';

/**
 * Nave's Topical Bible (src/library/topics.ts): `GET /topics?q=` (the names, paged),
 * `GET /topics/{topic_id}` (its sub-topics paged with `offset`/`limit` as the lists are), and the
 * topics citing a verse or a chapter (`/verses/{id}/topics`, `/chapters/{id}/topics`), with the
 * verse's `cited with` list (`/verses/{id}/related`, src/library/related.ts), registered in app.ts.
 */
export const topics = new Hono<AppEnv>();

const query = (c: Context<AppEnv>) => (name: string) => c.req.query(name);

topics.get('/', async (c) => {
  await catalogue(c); // the snapshot served, or its 503
  const page = requestedPage(query(c), LIST_PAGE);
  return respond(
    c,
    'topics',
    topicSearchDocument(await searchTopics(c.get('snapshot'), c.req.query('q'), page), page),
  );
});

topics.get('/:topic_id', async (c) => {
  // A large page (JESUS, THE CHRIST: 696 KiB): each rendering counts (src/api/table.ts).
  await enforceRateLimit(c, 'passage', 'rendering');
  const cat = await catalogue(c);
  const page = requestedPage(query(c), LIST_PAGE);
  const { topic, meta } = await topicById(c.get('snapshot'), cat, c.req.param('topic_id'));
  return respond(c, 'topics', topicDocument(cat, topic, meta, page));
});

export async function verseTopicsRoute(c: Context<AppEnv>): Promise<Response> {
  const cat = await catalogue(c);
  return respond(
    c,
    'topics',
    citingTopicsDocument(cat, await verseTopics(c.get('snapshot'), cat, c.req.param('verse_id')!)),
  );
}

export async function chapterTopicsRoute(c: Context<AppEnv>): Promise<Response> {
  const cat = await catalogue(c);
  return respond(
    c,
    'topics',
    citingTopicsDocument(
      cat,
      await chapterTopics(c.get('snapshot'), cat, c.req.param('chapter_id')!),
    ),
  );
}

export async function relatedRoute(c: Context<AppEnv>): Promise<Response> {
  const cat = await catalogue(c);
  return respond(
    c,
    'related',
    citedWithDocument(cat, await citedWith(c.get('snapshot'), cat, c.req.param('verse_id')!)),
  );
}
