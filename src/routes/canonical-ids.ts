import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { bookId } from '../catalogue/ids';
import type { UnknownBook } from '../catalogue/lookup';
import { requestTarget } from '../middleware/request';
import { bookByName } from '../search/book-names';

/**
 * Ids written with a version's own book names or abbreviations (`/chapters/RV1909:Juan.3`,
 * `/verses/RV1909:1Co.13.4.js`, `/books/KJV:Genesis`) redirect to the canonical id
 * (`/chapters/RV1909:John.3`): 301 for GET and HEAD, 308 (the method kept) for any other; the API
 * version prefix, the format suffix and the query stay as written, the body is empty. Only the id
 * in the request's path is redirected: an id in a query or a body that names an unknown book stays
 * the 404 it is.
 */
export function canonicalIdRedirect(c: Context<AppEnv>, err: UnknownBook): Response | null {
  const book = bookByName(err.cat, err.version, err.book);
  if (!book) return null;
  const written = `${err.writtenVersion}:${err.book}`;
  const { resource } = requestTarget(c.req.raw);
  const q = resource.indexOf('?');
  const path = q < 0 ? resource : resource.slice(0, q);
  const query = q < 0 ? '' : resource.slice(q);
  let found = false;
  const segments = path.split('/').map((segment) => {
    if (found) return segment;
    let text: string;
    try {
      text = decodeURIComponent(segment);
    } catch {
      return segment;
    }
    // The id, then its chapter and verse, or the format suffix, or nothing.
    const rest = text.slice(written.length);
    if (!text.startsWith(written) || !(rest === '' || rest.startsWith('.'))) return segment;
    found = true;
    return encodeURIComponent(`${bookId(book)}${rest}`).replace(/%3A/gi, ':');
  });
  if (!found) return null;
  const method = c.req.method;
  return new Response(null, {
    status: method === 'GET' || method === 'HEAD' ? 301 : 308,
    headers: {
      Location: `${segments.join('/')}${query}`,
      // Every request needs a token: the redirect is the reader's browser's to keep, no one else's.
      'Cache-Control': 'private, max-age=86400',
    },
  });
}
