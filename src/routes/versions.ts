import { Hono } from 'hono';
import { findVersionIndex, parseTestaments, versionsByLanguage } from '../catalogue/lookup';
import { bookResource, versionResource } from '../catalogue/resources';
import type { AppEnv } from '../env';
import { respond } from './respond';
import { catalogue } from './catalogue-context';

export const versions = new Hono<AppEnv>();

/** GET /versions.xml, optional `language` (ISO 639 code such as `eng`, or a comma list). */
versions.get('/', async (c) => {
  const cat = await catalogue(c);
  const version = versionsByLanguage(cat, c.req.query('language')).map((v) =>
    versionResource(cat, cat.versions.indexOf(v)),
  );
  return respond(c, 'versions', { version });
});

versions.get('/:version_id', async (c) => {
  const cat = await catalogue(c);
  return respond(c, 'versions', {
    version: [versionResource(cat, findVersionIndex(cat, c.req.param('version_id')))],
  });
});

/** GET /versions/{v}/books.xml, optional `testament`. */
versions.get('/:version_id/books', async (c) => {
  const cat = await catalogue(c);
  const version = cat.versions[findVersionIndex(cat, c.req.param('version_id'))];
  const testaments = parseTestaments(c.req.query('testament'));
  const book = [];
  for (let i = 0; i < cat.books.length; i++) {
    const b = cat.books[i];
    if (b.version === version.id && (!testaments || testaments.has(b.testament)))
      book.push(bookResource(cat, i));
  }
  return respond(c, 'books', { book });
});
