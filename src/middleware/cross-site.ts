import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { bodyFormat } from '../http/body';
import { ApiError, echo } from '../http/errors';
import { allowedOrigin } from './cors';
import { requestTarget } from './request';

/**
 * No cross-site writes (issue 18 §4; docs/http.md "Cross-site writes"). A page on another site
 * can make a browser send a form POST to us with the Basic credentials the browser holds for our
 * origin; such a request is refused here with 403, before the token is looked up, before any rate
 * limit counts it and before anything is written.
 *
 * The rule, for state-changing methods only (POST, PUT, PATCH, DELETE):
 * - the request comes FROM ANOTHER SITE when its `Origin` is not our own origin (`null` counts as
 *   foreign), or, without `Origin`, when `Sec-Fetch-Site` is `cross-site` or `same-site`;
 * - such a request is still allowed when its Origin is listed by name in `CORS_ORIGINS` (an
 *   allow-list; the wildcard `*` lists no one), or when its Content-Type is one the API reads
 *   (XML or JSON, src/http/body.ts) and it is not a navigation: a browser sends that only after a
 *   CORS preflight, and under `CORS_ORIGINS=*` a credentialed request fails that preflight, so the
 *   Authorization header was set by the page itself (an API client in a page, which the CORS
 *   policy allows). A form or a "simple" fetch (form content types or none) gets no preflight and
 *   carries the browser's credentials: that is the cross-site write refused here.
 * - no `Origin` and no `Sec-Fetch-Site` (curl, the official PHP client, server-side callers):
 *   allowed; only browsers send these headers, and they always do on such requests.
 *
 * Hono's `csrf` middleware checks only form content types and knows nothing of the allow-list
 * semantics above (`*` must not let every site write), so the rule is written here.
 */
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const FOREIGN_FETCH_SITES = new Set(['cross-site', 'same-site']);

/** The foreign origin of a request, or null when it comes from our own site or from no browser. */
function foreignOrigin(c: Context<AppEnv>): string | null {
  const origin = c.req.header('Origin');
  if (origin !== undefined) return origin === new URL(c.req.url).origin ? null : origin;
  const site = c.req.header('Sec-Fetch-Site');
  return site !== undefined && FOREIGN_FETCH_SITES.has(site.toLowerCase()) ? `(a ${site.toLowerCase()} page)` : null;
}

/** Whether a request from another site is one the CORS policy lets a page make. */
function allowedFromAnotherSite(c: Context<AppEnv>, origin: string): boolean {
  const configured = c.env.CORS_ORIGINS;
  if (allowedOrigin(configured, origin) === origin) return true;
  const navigation = (c.req.header('Sec-Fetch-Mode') ?? '').toLowerCase() === 'navigate';
  return !navigation && bodyFormat(c.req.header('Content-Type')) !== null;
}

export function crossSiteWrites(): MiddlewareHandler<AppEnv> {
  return async function refuseCrossSiteWrites(c, next) {
    if (!UNSAFE_METHODS.has(c.req.method)) return next();
    const origin = foreignOrigin(c);
    if (origin === null || allowedFromAnotherSite(c, origin)) return next();
    // The request middleware has not run yet: the format comes from the URL directly.
    c.set('format', requestTarget(c.req.raw).format);
    throw new ApiError(403, [`Cross-site request refused: a page on another site may not change data here (Origin ${echo(origin)})`]);
  };
}
