import type { MiddlewareHandler } from 'hono';
import { findUserIdByTokenHash } from '../auth/accounts';
import { hashToken } from '../auth/crypto';
import { cachedUserId, rememberToken } from '../auth/token-cache';
import { database } from '../db/client';
import type { AppEnv, Format } from '../env';
import { ApiError, notFound } from '../http/errors';
import { kvReadsEntry } from '../http/server-timing';
import { isPersonalPath } from './personal';

/** Spec "Versioning": valid API versions; a requested version outside is clamped to the nearest. */
export const MIN_API_VERSION = 1;
export const MAX_API_VERSION = 2;
export const DEFAULT_API_VERSION = 1;

const SUFFIXES: Record<string, Format> = { '.xml': 'xml', '.js': 'js' };

/** What the URL says before routing: API version, format, and the path routes are matched on. */
export interface RequestTarget {
  apiVersion: number;
  /** null when the last segment has no known suffix (a 404). */
  format: Format | null;
  /** Path without the `/v<N>` prefix and without the format suffix: `/books/KJV:Gen`. */
  routePath: string;
}

const VERSION_PREFIX = /^\/v(-?\d{1,6})(?=\/|$)/;
const targets = new WeakMap<Request, RequestTarget>();

function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('://') + 3);
  if (start < 0) return '/';
  let end = url.length;
  const q = url.indexOf('?', start);
  if (q >= 0) end = q;
  const h = url.indexOf('#', start);
  if (h >= 0 && h < end) end = h;
  return url.slice(start, end);
}

/** Parses (once per request) the version prefix and the format suffix. */
export function requestTarget(request: Request): RequestTarget {
  const known = targets.get(request);
  if (known) return known;
  let path = pathOf(request.url);
  let apiVersion = DEFAULT_API_VERSION;
  const prefix = VERSION_PREFIX.exec(path);
  if (prefix) {
    apiVersion = Math.min(MAX_API_VERSION, Math.max(MIN_API_VERSION, Number(prefix[1])));
    path = path.slice(prefix[0].length) || '/';
  }
  let format: Format | null = null;
  const dot = path.lastIndexOf('.');
  if (dot > path.lastIndexOf('/')) {
    format = SUFFIXES[path.slice(dot)] ?? null;
    if (format) path = path.slice(0, dot);
  }
  const target = { apiVersion, format, routePath: path };
  targets.set(request, target);
  return target;
}

/** Hono `getPath`: routes are matched on the path without version prefix and suffix. */
export function routePath(request: Request): string {
  return requestTarget(request).routePath;
}

export const AUTH_REALM = 'Basic realm="Scripture API: send your API token as the user name"';

function tokenFromBasic(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!match) return null;
  let decoded: string;
  try {
    decoded = atob(match[1]);
  } catch {
    return null;
  }
  // Spec "Authentication" 2: the token is the user name; the password is ignored.
  const colon = decoded.indexOf(':');
  const token = colon >= 0 ? decoded.slice(0, colon) : decoded;
  return token.length > 0 && token.length <= 256 ? token : null;
}

async function authenticate(env: Env, header: string | undefined, fresh: boolean): Promise<number | null> {
  const token = tokenFromBasic(header);
  if (!token) return null;
  const tokenHash = await hashToken(token);
  if (!fresh) {
    const cached = cachedUserId(tokenHash);
    if (cached !== null) return cached;
  }
  const userId = await findUserIdByTokenHash(database(env.DB), tokenHash);
  if (userId !== null) rememberToken(tokenHash, userId);
  return userId;
}

/**
 * The one request middleware: API version prefix, format suffix and token auth, for every
 * request. Sets `apiVersion`, `format`, `user` and `kvReads` for the routes.
 *
 * @example app.use('*', requestMiddleware())
 */
export function requestMiddleware(): MiddlewareHandler<AppEnv> {
  return async function request(c, next) {
    const target = requestTarget(c.req.raw);
    c.set('apiVersion', target.apiVersion);
    // An unknown suffix still gets its error body in XML, the default format.
    c.set('format', target.format ?? 'xml');
    const kvReads = { count: 0 };
    c.set('kvReads', kvReads);

    // Auth comes before the 404 for an unknown suffix: unauthenticated callers learn nothing.
    // Personal content (spec "Authentication" 4) verifies the token in D1 on every request, so a
    // rotated token stops working there at once (src/auth/token-cache.ts).
    const userId = await authenticate(c.env, c.req.header('Authorization'), isPersonalPath(target.routePath));
    if (userId === null) {
      throw new ApiError(401, ['Authentication required: send your API token as the HTTP Basic user name'], {
        'WWW-Authenticate': AUTH_REALM,
      });
    }
    c.set('user', { id: userId });
    if (!target.format) throw notFound('Unknown format: append .xml for XML or .js for JSON');

    await next();
    c.res.headers.append('Server-Timing', kvReadsEntry(kvReads.count));
  };
}
