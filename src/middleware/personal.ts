import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { ApiError } from '../http/errors';

/**
 * Personal content: the account, tags, taggings and notes (docs/annotations.md). The path
 * prefixes are listed once here; the request middleware verifies tokens for them in D1 on every
 * request (spec "Authentication" 4) and app.ts guards them with `personalRoutes()`.
 */
export const PERSONAL_PREFIXES = ['/user', '/tags', '/taggings', '/notes'] as const;
/** Personal routes inside the scripture tree (issue 11 §2: the caller's annotations of a chapter). */
export const PERSONAL_ROUTES = ['/chapters/:id/annotations'] as const;

const PERSONAL_PATH = new RegExp(
  [
    ...PERSONAL_PREFIXES.map((p) => `^${p}(/|$)`),
    ...PERSONAL_ROUTES.map((r) => `^${r.replace(/:[a-z_]+/g, '[^/]+')}$`),
  ].join('|'),
);

/** Whether a route path (no version prefix, no suffix) is personal content. */
export function isPersonalPath(routePath: string): boolean {
  return PERSONAL_PATH.test(routePath);
}

/**
 * Spec "Versioning" 5: taggings and notes (and with them tags and the account resource) exist
 * only in version 1, so under `/v2/` every one of these routes is a 404. Personal data is also
 * never cached by browsers or proxies, errors included.
 */
export function personalRoutes(): MiddlewareHandler<AppEnv> {
  return async function personal(c, next) {
    if (c.get('apiVersion') !== 1) {
      throw new ApiError(404, [`No such resource in API version ${c.get('apiVersion')}: account, tags, taggings and notes exist only in version 1`], {
        'Cache-Control': 'private, no-store',
      });
    }
    await next();
    c.res.headers.set('Cache-Control', 'private, no-store');
  };
}
