import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { chapterFootnotes, footnotesDocument, verseFootnotes } from '../catalogue/footnotes';
import { catalogue } from './catalogue-context';
import { respond } from './respond';

/** A verse's and a chapter's translators' notes (src/catalogue/footnotes.ts), registered in app.ts. */

export async function verseFootnotesRoute(c: Context<AppEnv>): Promise<Response> {
  const cat = await catalogue(c);
  const result = await verseFootnotes(c.get('snapshot'), cat, c.req.param('verse_id')!);
  return respond(c, 'footnotes', footnotesDocument(cat, result));
}

export async function chapterFootnotesRoute(c: Context<AppEnv>): Promise<Response> {
  const cat = await catalogue(c);
  const result = await chapterFootnotes(c.get('snapshot'), cat, c.req.param('chapter_id')!);
  return respond(c, 'footnotes', footnotesDocument(cat, result));
}
