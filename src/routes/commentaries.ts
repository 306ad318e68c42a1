import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { wholeNumber } from '../http/paging';
import { respond } from './respond';
import {
  chapterCommentaries,
  commentariesDocument,
  commentaryEntryPage,
  commentaryListDocument,
  entryPageDocument,
  libraryMeta,
  verseCommentaries,
} from '../library/commentaries';
import { catalogue } from './catalogue-context';

/**
 * The commentaries of the reference library (src/library/commentaries.ts):
 * `GET /commentaries` (which there are), `GET /commentaries/{commentary_id}/{verse_id}?page=N` (the
 * whole text of a long entry, in pages), and the entries covering a chapter or a verse of any
 * version (`/chapters/{id}/commentaries`, `/verses/{id}/commentaries`, registered in app.ts).
 */
export const commentaries = new Hono<AppEnv>();

commentaries.get('/', async (c) => {
  await catalogue(c); // the snapshot served, or its 503
  return respond(c, 'commentaries', commentaryListDocument(await libraryMeta(c.get('snapshot'))));
});

commentaries.get('/:commentary_id/:verse_id', async (c) => {
  const cat = await catalogue(c);
  const page = wholeNumber(c.req.query('page'), 'page', 1, 1);
  const found = await commentaryEntryPage(
    c.get('snapshot'),
    cat,
    c.req.param('commentary_id'),
    c.req.param('verse_id'),
    page,
  );
  return respond(c, 'commentary', entryPageDocument(cat, found));
});

/** GET /chapters/{chapter_id}/commentaries: one or two KV reads (the KJV chapters it stands for). */
export async function chapterCommentariesRoute(c: Context<AppEnv>): Promise<Response> {
  const cat = await catalogue(c);
  return respond(
    c,
    'commentaries',
    commentariesDocument(
      cat,
      await chapterCommentaries(c.get('snapshot'), cat, c.req.param('chapter_id')!),
    ),
  );
}

/** GET /verses/{verse_id}/commentaries: the same chapter value, the entries covering the verse. */
export async function verseCommentariesRoute(c: Context<AppEnv>): Promise<Response> {
  const cat = await catalogue(c);
  return respond(
    c,
    'commentaries',
    commentariesDocument(
      cat,
      await verseCommentaries(c.get('snapshot'), cat, c.req.param('verse_id')!),
    ),
  );
}
