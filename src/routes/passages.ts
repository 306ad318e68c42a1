import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { enforceRateLimit } from '../http/rate-limits';
import { respond } from '../render/respond';
import { passagesDocument, PREVIEW_VERSES, readPassages, referenceQueries, resolvePassages, spansChapters, type PassageLookup } from '../search/passage-lookup';

/**
 * The passage lookup of a request (API route and passages page): references resolved on the
 * catalogue, a long passage (over more than one chapter) counted against the caller's passage
 * limit (issue 11 §4), then the first `verses` verses of each passage read.
 */
export async function requestPassages(c: Context<AppEnv>, versionsParam: string | undefined, verses = PREVIEW_VERSES): Promise<PassageLookup> {
  const resolution = await resolvePassages(c.env, c.var.kvReads, referenceQueries(c.req.url), versionsParam);
  if (spansChapters(resolution)) await enforceRateLimit(c, 'passage');
  return readPassages(c.env, c.var.kvReads, resolution, verses);
}

/**
 * GET /passages.xml?q[]=john+3:16&version=KJV and GET /{VERSIONS}/passages.xml?q[]=… (issue
 * "Passages"; original-service.md "Passages"): one `passage` per reference per version
 * (src/search/passage-lookup.ts).
 */
async function passages(c: Context<AppEnv>, versionsParam: string | undefined): Promise<Response> {
  const lookup = await requestPassages(c, versionsParam);
  return respond(c, 'search', passagesDocument(lookup, c.var.format === 'js' ? 'js' : 'xml'));
}

/** `/passages` and `/{VERSIONS}/passages` (versions from `version` or from the path). */
export const passagesByQuery = (c: Context<AppEnv>) => passages(c, c.req.query('version'));
export const passagesByPath = (c: Context<AppEnv>) => passages(c, c.req.param('versions'));
