import type { Context } from 'hono';
import { publicNoteBytes, publicNoteDoc } from '../annotations/documents';
import { publicNotesOn } from '../annotations/public/public-notes';
import { versesIn } from '../catalogue/navigation';
import { chapterFromId, verseFromId } from '../catalogue/lookup';
import { chapterLink, verseLink } from '../catalogue/resources';
import type { AppEnv } from '../env';
import { PUBLISHED_PAGE_BYTES, TEXT_LIST_PAGE } from '../http/paging';
import type { DocNode } from '../render/document';
import { catalogue } from './catalogue-context';
import { respond } from './respond';
import { listDoc, listPage } from './personal';
import { everyShard } from '../db/session';

/**
 * GET /chapters/{chapter_id}/public-notes and /verses/{verse_id}/public-notes (docs/public-notes.md
 * "Reading"): the notes readers published on that chapter or verse, written on any version,
 * newest first, paged as the personal lists are. Personal access (app.ts): API version 1 only,
 * the token checked in D1, `private, no-store`, so a withdrawal shows on the next request.
 */
async function answer(
  c: Context<AppEnv>,
  parent: DocNode,
  bookIndex: number,
  chapter: number,
  verses: readonly number[],
): Promise<Response> {
  const cat = await catalogue(c);
  const page = listPage(c, TEXT_LIST_PAGE);
  const list = await publicNotesOn(
    everyShard(c),
    c.get('user').id,
    cat,
    bookIndex,
    chapter,
    verses,
    page,
    false,
    PUBLISHED_PAGE_BYTES,
  );
  return respond(c, 'public_notes', {
    parent,
    ...listDoc('public_note', page, list, publicNoteDoc, publicNoteBytes, PUBLISHED_PAGE_BYTES),
  });
}

export async function chapterPublicNotesRoute(c: Context<AppEnv>): Promise<Response> {
  const cat = await catalogue(c);
  const { bookIndex, chapter } = chapterFromId(cat, c.req.param('chapter_id')!);
  const book = cat.books[bookIndex];
  return answer(c, chapterLink(book, chapter), bookIndex, chapter, versesIn(book, chapter));
}

export async function versePublicNotesRoute(c: Context<AppEnv>): Promise<Response> {
  const cat = await catalogue(c);
  const { bookIndex, chapter, verse } = verseFromId(cat, c.req.param('verse_id')!);
  return answer(c, verseLink(cat.books[bookIndex], chapter, verse), bookIndex, chapter, [verse]);
}
