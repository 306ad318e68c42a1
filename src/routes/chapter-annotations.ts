import type { Context } from 'hono';
import { TEXT_LIST_PAGE } from '../http/paging';
import { chapterAnnotations } from '../annotations/coverage/chapter-annotations';
import { chapterAnnotationBytes, chapterAnnotationDoc } from '../annotations/documents';
import { chapterFromId } from '../catalogue/lookup';
import { chapterLink } from '../catalogue/resources';
import type { AppEnv } from '../env';
import { respond } from './respond';
import { catalogue } from './catalogue-context';
import { db, listDoc, listPage } from './personal';

/**
 * GET /chapters/{chapter_id}/annotations.xml (v1, personal, `private, no-store` by
 * the guard of app.ts): the caller's notes and taggings whose references fall on this chapter in
 * any version, each with the version it was written on and the verses of this chapter it covers;
 * paged as the personal lists are (`offset`, `limit`, `summary`), by first verse covered.
 */
export async function chapterAnnotationsRoute(c: Context<AppEnv>): Promise<Response> {
  const cat = await catalogue(c);
  const { bookIndex, chapter } = chapterFromId(cat, c.req.param('chapter_id')!);
  const page = listPage(c, TEXT_LIST_PAGE);
  const list = await chapterAnnotations(db(c), c.get('user').id, cat, bookIndex, chapter, page);
  return respond(c, 'annotations', {
    parent: chapterLink(cat.books[bookIndex], chapter),
    ...listDoc('annotation', page, list, chapterAnnotationDoc, chapterAnnotationBytes),
  });
}
