import type { Context, MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { AppEnv } from '../env';
import {
  CORS_ALLOW_HEADERS,
  CORS_EXPOSE_HEADERS,
  CORS_MAX_AGE_SECONDS,
  CORS_METHODS,
} from '../api/cors';
import { requestTarget } from './request';

/**
 * CORS for every route, configured once and registered before the request
 * middleware, so that a preflight `OPTIONS` is answered (204, no body) before authentication and
 * every other response, errors and 304s included, carries the headers.
 *
 * Origins: `CORS_ORIGINS` in wrangler.toml `[vars]`: `*` (the default: globally cached reads from
 * any page are a main use) or a comma-separated allow-list of origins
 * (`https://a.example,https://b.example`); with a list, only a listed `Origin` is echoed and
 * responses carry `Vary: Origin`.
 */

/** The origin to allow for a request's `Origin`, by the configured list; null: not allowed. */
export function allowedOrigin(configured: string | undefined, origin: string): string | null {
  const list = (configured ?? '*')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  if (!list.length || list.includes('*')) return '*';
  return list.includes(origin) ? origin : null;
}

/** Whether the configured origins allow any: asked on every request, so the last answer is kept. */
let lastConfigured: string | undefined | null = null;
let lastWildcard = true;
export function isWildcard(configured: string | undefined): boolean {
  if (configured !== lastConfigured) {
    lastWildcard = allowedOrigin(configured, '') === '*';
    lastConfigured = configured;
  }
  return lastWildcard;
}
const EXPOSE = CORS_EXPOSE_HEADERS.join(',');

export function corsHeaders(): MiddlewareHandler<AppEnv> {
  const common = {
    allowMethods: CORS_METHODS,
    allowHeaders: CORS_ALLOW_HEADERS,
    exposeHeaders: CORS_EXPOSE_HEADERS,
    maxAge: CORS_MAX_AGE_SECONDS,
  };
  const anyOrigin = cors({ origin: '*', ...common });
  // With a list, hono/cors adds `Vary: Origin`: the answer depends on the request's Origin. A
  // request with a read key may come from any origin the key lists, which the request middleware
  // checks (a 403 otherwise): so its Origin is echoed, and the page can read the answer or the 403.
  const listedOrigins = cors({
    origin: (origin: string, c: Context<AppEnv>) =>
      allowedOrigin(c.env.CORS_ORIGINS, origin) ??
      (requestTarget(c.req.raw).readKey !== null ? origin : null),
    ...common,
  });
  return async function corsMiddleware(c, next) {
    const wildcard = isWildcard(c.env.CORS_ORIGINS);
    // Preflights (and every request under an allow-list) go through hono/cors as configured.
    if (c.req.method === 'OPTIONS' || !wildcard) {
      const res = await (wildcard ? anyOrigin : listedOrigins)(c, next);
      // Under a list, the headers depend on the request's Origin: not the same for every caller.
      c.set('recordFinished', undefined);
      return res;
    }
    // The hot path (any origin): the same two headers, set once the response exists. hono/cors
    // sets them on a placeholder response before the route runs, which Hono then copies into
    // the route's response (an extra Response per request on every verse read).
    await next();
    if (c.get('finished')) return;
    c.res.headers.set('Access-Control-Allow-Origin', '*');
    c.res.headers.set('Access-Control-Expose-Headers', EXPOSE);
  };
}
