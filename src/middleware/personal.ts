import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { ApiError } from '../http/errors';

// Personal content (the account, tags, taggings, notes, a chapter's annotations;
// docs/annotations.md) is the route table's `access: 'personal'` (src/api/table.ts): the
// request middleware verifies tokens for it in D1 on every request (docs/contract.md "Authentication" 4) and
// app.ts guards it with `personalRoutes()`.

/**
 * docs/contract.md "Versioning": taggings and notes (and with them tags and the account resource) exist
 * only in version 1, so under `/v2/` every one of these routes is a 404. Personal data is also
 * never cached by browsers or proxies, errors included.
 */
export function personalRoutes(): MiddlewareHandler<AppEnv> {
  return async function personal(c, next) {
    if (c.get('apiVersion') !== 1) {
      throw new ApiError(
        404,
        [
          `No such resource in API version ${c.get('apiVersion')}: account, tags, taggings and notes exist only in version 1`,
        ],
        {
          'Cache-Control': 'private, no-store',
        },
      );
    }
    await next();
    c.res.headers.set('Cache-Control', 'private, no-store');
  };
}
