import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';

/**
 * Middleware: the largest body the route reads, as its bounds declare (src/api/table.ts), for
 * src/http/body.ts `readBody`, which reads none without it.
 */
export function bodyLimit(bytes: number): MiddlewareHandler<AppEnv> {
  return async function declareBodyLimit(c, next) {
    c.set('bodyLimit', bytes);
    await next();
  };
}
