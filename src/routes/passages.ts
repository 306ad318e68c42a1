import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { respond } from '../render/respond';
import { lookupPassages, passagesDocument } from '../search/passage-lookup';

/**
 * GET /passages.xml?q[]=john+3:16&version=KJV and GET /{VERSIONS}/passages.xml?q[]=… (issue
 * "Passages"; original-service.md "Passages"): one `passage` per reference per version
 * (src/search/passage-lookup.ts).
 */
async function passages(c: Context<AppEnv>, versionsParam: string | undefined): Promise<Response> {
  const lookup = await lookupPassages(c, versionsParam);
  return respond(c, 'search', passagesDocument(lookup, c.get('format') === 'js' ? 'js' : 'xml'));
}

/** `/passages` and `/{VERSIONS}/passages` (versions from `version` or from the path). */
export const passagesByQuery = (c: Context<AppEnv>) => passages(c, c.req.query('version'));
export const passagesByPath = (c: Context<AppEnv>) => passages(c, c.req.param('versions'));
