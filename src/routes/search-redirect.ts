import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { badRequest } from '../http/errors';
import { bookNamesOf } from '../search/book-names';
import { MAX_REFERENCE_LENGTH, isReferenceQuery, loadReferenceParser } from '../search/references';
import { catalogue } from './catalogue-context';
import { normalizeStrongs, strongsPath } from '../snapshot/strongs';

/**
 * GET /search.xml?query=…[&version=…] (docs/contract.md "The shape of the service" 8): a query that
 * reads as a reference redirects to the passages URL (versions in the path, `ALL` when none, as
 * the original did), a Strong's number (`G25`, `H0157`) to its lexicon entry, anything
 * else to the keyword search. The API version prefix and the format suffix of the request are
 * kept; the 302 has an empty body.
 */

/** Query-string encoding with `+` for spaces, as the original's URLs (`q[]=john+3%3A16`). */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/%20/g, '+');
}

/**
 * Whether the query reads as a reference in the language of a version added with its own book
 * names (`Jean 3:16` with the French LSG): the catalogue's names as the parser's data
 * (src/search/book-names.ts). Asked only of a query the built-in languages do not read.
 */
async function readsWithBookNames(c: Context<AppEnv>, query: string): Promise<boolean> {
  const names = bookNamesOf(await catalogue(c));
  const languages = Object.keys(names);
  return languages.length > 0 && isReferenceQuery(query, languages, names);
}

/** Whether the query reads as a reference, in a built-in language or with a version's book names. */
async function readsAsReference(c: Context<AppEnv>, query: string): Promise<boolean> {
  await loadReferenceParser();
  return isReferenceQuery(query) || (await readsWithBookNames(c, query));
}

export async function searchRedirect(c: Context<AppEnv>): Promise<Response> {
  const query = c.req.query('query');
  if (query === undefined || query.trim() === '')
    throw badRequest('query is required: give a reference or words, e.g. ?query=john+3:16');
  const version = c.req.query('version')?.trim();
  const prefix = /^\/v-?\d{1,6}(?=\/|$)/.test(new URL(c.req.url).pathname)
    ? `/v${c.get('apiVersion')}`
    : '';
  // The target keeps the request's suffix; an HTML request (no suffix) goes to the HTML twin.
  const fmt = c.get('format') === 'html' ? '' : `.${c.get('format')}`;
  let location: string;
  const strongs = normalizeStrongs(query);
  if (strongs) {
    location = `${prefix}${strongsPath(strongs)}${fmt}`;
  } else if (query.length <= MAX_REFERENCE_LENGTH && (await readsAsReference(c, query))) {
    const versions = version
      ? version
          .split(',')
          .map((v) => encodeURIComponent(v.trim()))
          .filter(Boolean)
          .join(',')
      : 'ALL';
    location = `${prefix}/${versions || 'ALL'}/passages${fmt}?q[]=${encode(query.trim())}`;
  } else {
    location = `${prefix}/verses${fmt}?keyword=${encode(query.trim())}${version ? `&version=${encode(version)}` : ''}`;
  }
  return new Response(null, { status: 302, headers: { Location: location } });
}
