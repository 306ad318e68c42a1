import { Hono } from 'hono';
import { findVersionIndex } from '../catalogue/lookup';
import { bookResource, versionResource } from '../catalogue/resources';
import type { AppEnv } from '../env';
import { badRequest, echo } from '../http/errors';
import { respond } from '../http/respond';
import type { Testament } from '../snapshot/types';
import { catalogue } from './catalogue-context';

const TESTAMENTS: Testament[] = ['OT', 'NT', 'DEUT'];

/** `testament=NT` (also `nt`, or a comma list); anything else is a 400 naming the valid values. */
export function parseTestaments(value: string | undefined): Set<Testament> | null {
  if (value === undefined || value.trim() === '') return null;
  const wanted = new Set<Testament>();
  for (const part of value.split(',')) {
    const t = part.trim().toUpperCase() as Testament;
    if (!TESTAMENTS.includes(t)) throw badRequest(`Unknown testament "${echo(part.trim())}": use OT, NT or DEUT`);
    wanted.add(t);
  }
  return wanted;
}

export const versions = new Hono<AppEnv>();

/** GET /versions.xml, optional `language` (ISO 639 code such as `eng`, or a comma list). */
versions.get('/', async (c) => {
  const cat = await catalogue(c);
  const language = c.req.query('language');
  const langs = language ? new Set(language.split(',').map((l) => l.trim().toLowerCase())) : null;
  const version = cat.versions
    .map((_, i) => i)
    .filter((i) => !langs || langs.has(cat.versions[i].lang.toLowerCase()))
    .map((i) => versionResource(cat, i));
  return respond(c, 'versions', { version });
});

versions.get('/:id', async (c) => {
  const cat = await catalogue(c);
  return respond(c, 'versions', { version: [versionResource(cat, findVersionIndex(cat, c.req.param('id')))] });
});

/** GET /versions/{v}/books.xml, optional `testament`. */
versions.get('/:id/books', async (c) => {
  const cat = await catalogue(c);
  const version = cat.versions[findVersionIndex(cat, c.req.param('id'))];
  const testaments = parseTestaments(c.req.query('testament'));
  const book = [];
  for (let i = 0; i < cat.books.length; i++) {
    const b = cat.books[i];
    if (b.version === version.id && (!testaments || testaments.has(b.testament))) book.push(bookResource(cat, i));
  }
  return respond(c, 'books', { book });
});
