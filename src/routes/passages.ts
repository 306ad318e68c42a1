import { includeHeadings } from '../catalogue/headings';
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { enforceRateLimit } from '../http/rate-limits';
import { respond } from './respond';
import {
  passagesDocument,
  PREVIEW_VERSES,
  readPassages,
  resolvePassages,
  type PassageLookup,
} from '../search/passage-lookup';

/**
 * The request's passages (API and page): resolved on the catalogue, counted against the
 * caller's passage limit when one runs over several chapters or all hold more verses than the
 * longest chapter, then read: `verses` of each, at most `total` in all.
 */
export async function lookupPassages(
  c: Context<AppEnv>,
  versionsParam: string | undefined,
  verses = PREVIEW_VERSES,
  total = Infinity,
): Promise<PassageLookup> {
  const resolution = await resolvePassages(c.get('snapshot'), c.req.url, versionsParam);
  if (resolution.long) await enforceRateLimit(c, 'passage');
  return readPassages(c.get('snapshot'), resolution, verses, total);
}

/**
 * GET /passages.xml?q[]=john+3:16&version=KJV and GET /{VERSIONS}/passages.xml?q[]=… (docs/search.md): one `passage` per reference per version
 * (src/search/passage-lookup.ts).
 */
async function passages(c: Context<AppEnv>, versionsParam: string | undefined): Promise<Response> {
  const headings = includeHeadings(c.req.query('include_headings'));
  const lookup = await lookupPassages(c, versionsParam);
  const format = c.get('format') === 'js' ? 'js' : 'xml';
  return respond(c, 'search', passagesDocument(lookup, format, headings));
}

/** `/passages` and `/{VERSIONS}/passages` (versions from `version` or from the path). */
export const passagesByQuery = (c: Context<AppEnv>) => passages(c, c.req.query('version'));
export const passagesByPath = (c: Context<AppEnv>) => passages(c, c.req.param('versions'));
