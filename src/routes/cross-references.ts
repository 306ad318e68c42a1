import type { Context } from 'hono';
import type { AppEnv } from '../env';
import {
  chapterCrossReferences,
  crossReferencesDocument,
  verseCrossReferences,
} from '../library/cross-references';
import { catalogue } from './catalogue-context';
import { respond } from './respond';
import { enforceRateLimit } from '../http/rate-limits';

/**
 * The cross-references of a verse and of every verse of a chapter (src/library/cross-references.ts),
 * registered in app.ts beside the library's other verse and chapter resources.
 */

export async function verseCrossReferencesRoute(c: Context<AppEnv>): Promise<Response> {
  const cat = await catalogue(c);
  const result = await verseCrossReferences(
    c.get('snapshot'),
    cat,
    c.req.param('verse_id')!,
    c.req.query('include'),
  );
  return respond(c, 'cross_references', crossReferencesDocument(cat, result));
}

export async function chapterCrossReferencesRoute(c: Context<AppEnv>): Promise<Response> {
  // A large page (Ps 119's with text: 509 KB, 50 ms of CPU to render as a page): each rendering
  // counts; a kept answer serves the same request again without one (src/api/table.ts).
  await enforceRateLimit(c, 'passage', 'rendering');
  const cat = await catalogue(c);
  const result = await chapterCrossReferences(
    c.get('snapshot'),
    cat,
    c.req.param('chapter_id')!,
    c.req.query('include'),
  );
  return respond(c, 'cross_references', crossReferencesDocument(cat, result));
}
