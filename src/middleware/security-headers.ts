import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';

/**
 * Security headers on every response, set once here:
 * - `X-Content-Type-Options: nosniff`: a browser never reads an XML or JSON answer as a script or
 *   a page;
 * - `Referrer-Policy: no-referrer`: which verse or note a reader opened never leaks to another
 *   site through a link.
 * HTML pages add their own Content-Security-Policy (src/http/html.ts). Hono's secure-headers
 * middleware was not used: its defaults add a dozen headers, among them
 * `Cross-Origin-Resource-Policy: same-origin`, which is wrong for an API read from other origins.
 * Nothing here (nor in Hono) sends `Server` or `X-Powered-By`.
 */
export const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async function security(c, next) {
    await next();
    // A kept answer built with the finished headers has these already.
    if (c.get('finished')) return;
    for (const name in SECURITY_HEADERS) c.res.headers.set(name, SECURITY_HEADERS[name]);
  };
}
