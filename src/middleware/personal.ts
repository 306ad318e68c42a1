import type { Context, MiddlewareHandler } from 'hono';
import { flushTagUseOf } from '../annotations/personal/tag-names';
import { directoryDatabase, requestDatabase } from '../db/session';
import type { AppEnv } from '../env';
import { ApiError } from '../http/errors';
import { logUnhandledError } from '../http/log';

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
    await afterWrite(c);
  };
}

/**
 * After a write that reached the caller's database: the tags its accounts started or stopped
 * using are counted for the directory (src/annotations/personal/tag-names.ts flushTagUse), once the answer
 * is on its way (`waitUntil`). A flush that fails is logged and its marks wait for the next.
 */
export async function afterWrite(c: Context<AppEnv>): Promise<void> {
  const method = c.req.method;
  const account = c.get('account');
  if (method === 'GET' || method === 'HEAD' || !account) return;
  if (!c.get('d1Sessions')?.has(account.shard)) return;
  const flush = flushTagUseOf(requestDatabase(c), directoryDatabase(c), account.shard).then(
    () => undefined,
    logUnhandledError,
  );
  // Without an execution context (the app called without one), before the answer.
  let ctx: { waitUntil(promise: Promise<unknown>): void } | undefined;
  try {
    ctx = c.executionCtx;
  } catch {
    ctx = undefined;
  }
  if (ctx) ctx.waitUntil(flush);
  else await flush;
}
