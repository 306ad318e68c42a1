import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { bodyFormat } from '../http/body';
import { ApiError, echo } from '../http/errors';
import { allowedOrigin } from './cors';
import { requestTarget } from './request';

/**
 * No cross-site writes (docs/http.md "Cross-site writes"). A page on another site
 * can make a browser send a form POST to us with the Basic credentials the browser holds for our
 * origin; such a request is refused here with 403, before the token is looked up, before any rate
 * limit counts it and before anything is written. Registered in app.ts right after CORS (so the
 * 403 carries the CORS headers) and before the request middleware (token lookup, then the rate
 * limits of the routes).
 *
 * The rule, for state-changing methods only (POST, PUT, PATCH, DELETE):
 * - the request comes FROM ANOTHER SITE when it has an `Origin` that is not the request URL's own
 *   origin (`null` counts as foreign), or, without `Origin`, when `Sec-Fetch-Site` is
 *   `cross-site` or `same-site`;
 * - such a request is still allowed when its `Origin` is listed by name in `CORS_ORIGINS` (an
 *   allow-list; the default `*` lists no one), or when its Content-Type is one the API reads
 *   bodies in (XML or JSON: `bodyFormat`, src/http/body.ts) and it is not a navigation
 *   (`Sec-Fetch-Mode: navigate`). A browser sends such a request only after a CORS preflight, and
 *   under `CORS_ORIGINS=*` a credentialed request fails that preflight, so its Authorization
 *   header was set by the page itself (an API client in a page, which the CORS policy allows).
 *   A form, or a "simple" fetch (form content types, `text/plain`, or none), gets no preflight
 *   and may carry the browser's cached credentials: that is the cross-site write refused here. A
 *   DELETE or PUT needs a preflight too, but the rule stays uniform: the content type decides;
 * - otherwise: 403, in the format of the URL's suffix (an error page without one), with
 *   `Cache-Control: private, no-store` and the CORS headers, as every error has them.
 * Requests with neither `Origin` nor `Sec-Fetch-Site` (curl, the official PHP client, servers)
 * are not concerned: only browsers send these headers, and a browser always sends `Origin` on an
 * unsafe request. Same-origin pages (the reading site's note form, public/assets/note-form.js)
 * send their own origin.
 *
 * Hono's `csrf` middleware (hono/csrf) does not express this rule: it treats a request without
 * `Origin` and `Sec-Fetch-Site` as foreign (curl's DELETE, which has no Content-Type and so counts
 * as `text/plain` there, would be refused), it passes every non-form content type (not only the
 * API's body types) and does not look at navigations, and its allowed origins are a plain list,
 * where our `CORS_ORIGINS=*` must let no site write.
 */
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const FOREIGN_FETCH_SITES = new Set(['cross-site', 'same-site']);

/**
 * Where a request says it comes from when that is another site: its foreign `Origin`, or, without
 * one, its `Sec-Fetch-Site`; null for our own origin and for callers that are not browsers.
 */
function fromAnotherSite(c: Context<AppEnv>): { origin: string } | { fetchSite: string } | null {
  const origin = c.req.header('Origin');
  if (origin !== undefined) return origin === new URL(c.req.url).origin ? null : { origin };
  const fetchSite = c.req.header('Sec-Fetch-Site')?.trim().toLowerCase();
  return fetchSite !== undefined && FOREIGN_FETCH_SITES.has(fetchSite) ? { fetchSite } : null;
}

/** Whether a request from another site is one the CORS policy lets a page make (see above). */
function allowedFromAnotherSite(
  c: Context<AppEnv>,
  from: { origin: string } | { fetchSite: string },
): boolean {
  if ('origin' in from && allowedOrigin(c.env.CORS_ORIGINS, from.origin) === from.origin)
    return true;
  const navigation = c.req.header('Sec-Fetch-Mode')?.trim().toLowerCase() === 'navigate';
  return !navigation && bodyFormat(c.req.header('Content-Type')) !== null;
}

export function crossSiteWrites(): MiddlewareHandler<AppEnv> {
  return async function refuseCrossSiteWrites(c, next) {
    if (!UNSAFE_METHODS.has(c.req.method)) return next();
    const from = fromAnotherSite(c);
    if (from === null || allowedFromAnotherSite(c, from)) return next();
    // The request middleware has not run: the error's format comes from the URL itself (app.onError
    // renders `c.get('format')`; `html`, without a suffix, is the usual error page).
    c.set('format', requestTarget(c.req.raw).format);
    const source =
      'origin' in from ? `Origin ${echo(from.origin)}` : `Sec-Fetch-Site ${echo(from.fetchSite)}`;
    throw new ApiError(403, [
      `Cross-site request refused: a page on another site may not change data here (${source})`,
    ]);
  };
}
