import type { Context, MiddlewareHandler } from 'hono';
import { placeOfToken, tokenHolder, type AccountPlace } from '../auth/accounts';
import { hashToken } from '../auth/crypto';
import { cachedAccount, rememberToken } from '../auth/token-cache';
import {
  BOOKMARK_HEADER,
  directoryDatabase,
  requestDatabase,
  responseBookmark,
} from '../db/session';
import { shardsReady, ShardRefused } from '../db/shards';
import type { AppEnv, Format } from '../env';
import { accountMoving, ApiError, echo } from '../http/errors';
import { logUnhandledError } from '../http/log';
import { kvReadsEntry } from '../http/server-timing';
import { SnapshotReader } from '../cache/snapshot-reader';
import { isPersonalPath, isReadKeyRoute, PUBLIC_PATHS, repeatedParameter } from '../api/table';
import { findReadKey, type ReadKey } from '../auth/read-keys';
import { enforceRateLimit } from '../http/rate-limits';
import { MCP_AUTH_CHALLENGE, MCP_PATH } from '../api/mcp';

/** Valid API versions; a requested version outside is clamped to the nearest. */
export const MIN_API_VERSION = 1;
export const MAX_API_VERSION = 2;
export const DEFAULT_API_VERSION = 1;

const SUFFIXES = new Map<string, Format>([
  ['.xml', 'xml'],
  ['.js', 'js'],
]);

// Paths served to anyone (the API description and the reading site's assets) and the personal
// ones are the route table's (`access` in src/api/routes/), computed once in src/api/route-paths.ts.

/** What the URL says before routing: API version, format, and the path routes are matched on. */
export interface RequestTarget {
  apiVersion: number;
  /**
   * `xml` / `js` for those suffixes; `html` when the last segment has no such suffix (ids hold
   * dots, `KJV:John.3.16`, so any other "suffix" is part of the name: `/verses/KJV:John.3.16.txt`
   * is simply a verse that does not exist).
   */
  format: Format;
  /** Path without the `/v<N>` prefix and without the format suffix: `/books/KJV:Gen`. */
  routePath: string;
  /** A PUBLIC_PATHS path: no token, its route path kept whole. */
  public: boolean;
  /**
   * The URL from its path on, as the client wrote it (prefix, suffix and query): what names the
   * resource for the response cache and its ETag. Read once here: each `request.url` is a call
   * into the runtime that makes a new string.
   */
  resource: string;
  /**
   * The publishable read key of the query's `key` parameter (docs/tagger.md "Read keys"), or null:
   * a request with one is answered as the key allows, whatever else it carries.
   */
  readKey: string | null;
}

const VERSION_PREFIX = /^\/v(-?\d{1,6})(?=\/|$)/;
/**
 * The last request parsed and its target: requestTarget is asked for the same request several
 * times (routing, the middleware, the scripture cache); one entry compared by identity is cheaper
 * than a WeakMap keyed by the runtime's Request, and a different request is parsed.
 */
let lastRequest: Request | null = null;
let lastTarget: RequestTarget | null = null;

/** The URL from its path on (a request URL always has a path: `https://x.test/`). */
function resourceOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('://') + 3);
  return start < 0 ? '/' : url.slice(start);
}

/** The path of a resource, without query or fragment. */
function pathOf(resource: string): string {
  let end = resource.length;
  const q = resource.indexOf('?');
  if (q >= 0) end = q;
  const h = resource.indexOf('#');
  if (h >= 0 && h < end) end = h;
  return resource.slice(0, end);
}

/** The query's `key` parameter, looked for only when the URL could hold one. */
function readKeyOf(resource: string): string | null {
  const q = resource.indexOf('?');
  if (q < 0 || !resource.includes('key=', q)) return null;
  const end = resource.indexOf('#', q);
  return new URLSearchParams(resource.slice(q + 1, end < 0 ? undefined : end)).get('key');
}

/** Parses (once per request) the version prefix, the format suffix and a read key. */
export function requestTarget(request: Request): RequestTarget {
  if (request === lastRequest && lastTarget) return lastTarget;
  const resource = resourceOf(request.url);
  let path = pathOf(resource);
  let apiVersion = DEFAULT_API_VERSION;
  const prefix = VERSION_PREFIX.exec(path);
  if (prefix) {
    apiVersion = Math.min(MAX_API_VERSION, Math.max(MIN_API_VERSION, Number(prefix[1])));
    path = path.slice(prefix[0].length) || '/';
  }
  let format: Format = 'html';
  const isPublic = PUBLIC_PATHS.has(path);
  const dot = path.lastIndexOf('.');
  if (!isPublic && dot > path.lastIndexOf('/')) {
    const suffix = SUFFIXES.get(path.slice(dot));
    if (suffix) {
      format = suffix;
      path = path.slice(0, dot);
    }
  }
  const target = {
    apiVersion,
    format,
    routePath: path,
    public: isPublic,
    resource,
    readKey: readKeyOf(resource),
  };
  lastRequest = request;
  lastTarget = target;
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
  // The token (docs/contract.md "Authentication") is the user name; the password is ignored.
  const colon = decoded.indexOf(':');
  const token = colon >= 0 ? decoded.slice(0, colon) : decoded;
  return token.length > 0 && token.length <= 256 ? token : null;
}

/**
 * `Authorization: Bearer <token>`: accepted at the MCP endpoint only (src/api/mcp.ts), where
 * clients are configured with a header; the API itself takes the token as the Basic user name
 * (docs/contract.md "Authentication" 2).
 */
function tokenFromBearer(header: string | undefined): string | null {
  const match = header && /^Bearer\s+(\S{1,256})\s*$/i.exec(header);
  return match ? match[1] : null;
}

async function authenticate(
  c: Context<AppEnv>,
  fresh: boolean,
  bearer: boolean,
): Promise<AccountPlace | null> {
  const header = c.req.header('Authorization');
  // The isolate's token cache is keyed by the whole header (it names exactly one token), so a
  // warm read neither decodes nor hashes it.
  const cached = header ? cachedAccount(header) : null;
  if (!fresh && cached) return cached;
  const basic = tokenFromBasic(header);
  const token = basic ?? (bearer ? tokenFromBearer(header) : null);
  if (!token) return null;
  const place = await accountOfToken(c, await hashToken(token), cached);
  // A Bearer header is never remembered: the cache answers any path, and the API takes Basic only.
  if (place && basic) rememberToken(header!, place);
  return place;
}

/**
 * The account holding a token hash (docs/scale.md "The directory"), checked in the account's own
 * database, through the request's session of it (src/db/session.ts): the check and the route's
 * queries read one consistent copy. First where this isolate found the account lately (`hint`:
 * no round trip more than one database ever took), else where the directory says, which is asked
 * only when the hint is missing or wrong (a new token for the isolate, a rotated token, a moved
 * account). An account a move has frozen (its `moving` set) is read where it is while the move
 * copies it; a write is refused at once with 503 and Retry-After (the database would refuse it:
 * migrations/0010), and once the directory names the account's new database, it is read there.
 */
async function accountOfToken(
  c: Context<AppEnv>,
  tokenHash: string,
  hint: AccountPlace | null,
): Promise<AccountPlace | null> {
  const holderAt = async (place: AccountPlace) => {
    c.set('account', place);
    const holder = await tokenHolder(requestDatabase(c), tokenHash);
    return holder?.id === place.id ? holder : null;
  };
  let holder = hint ? await holderAt(hint) : null;
  if (hint && holder && !holder.moving) return hint;
  const place = await placeOfToken(directoryDatabase(c), tokenHash);
  const samePlace =
    place && hint && place.shard === hint.shard && place.placement === hint.placement;
  if (place && !samePlace) holder = await holderAt(place);
  if (!place || !holder) {
    c.set('account', undefined);
    return null;
  }
  if (holder.moving && c.req.method !== 'GET' && c.req.method !== 'HEAD') throw accountMoving();
  return place;
}

/**
 * Every database is served only once it has the latest migration and was prepared as the database
 * of its binding (src/db/shards.ts shardsReady), checked at an isolate's first request that needs
 * D1: a database that lacks one is never read or written; every request answers 503 saying which
 * and what to run, until it is fixed.
 */
async function databasesReady(c: Context<AppEnv>): Promise<void> {
  try {
    await shardsReady(c.env);
  } catch (err) {
    if (!(err instanceof ShardRefused)) throw err;
    logUnhandledError(err);
    throw new ApiError(503, [err.message], { 'Retry-After': '60' });
  }
}

/**
 * The one request middleware: API version prefix, format suffix and token auth, for every
 * request. Sets `apiVersion`, `format`, `user` and `snapshot` for the routes.
 *
 * @example app.use('*', requestMiddleware())
 */
export function requestMiddleware(): MiddlewareHandler<AppEnv> {
  return async function request(c, next) {
    const target = requestTarget(c.req.raw);
    c.set('apiVersion', target.apiVersion);
    c.set('format', target.format);
    const snapshot = new SnapshotReader(c.env.SNAPSHOT, c.env.SNAPSHOT_ID);
    c.set('snapshot', snapshot);
    if (target.public) return next();
    await databasesReady(c);

    if (target.readKey !== null) {
      const key = await checkReadKey(c, target, target.readKey);
      c.set('user', { id: key.userId });
      c.set('readKey', key);
      await enforceRateLimit(c, 'readKey');
    } else {
      await checkToken(c, target);
    }
    refuseRepeatedParameters(c, target);

    await next();
    if (c.get('finished')) return;
    c.res.headers.append('Server-Timing', kvReadsEntry(snapshot.reads));
    // A read key's answer depends on the request's Origin (the key is refused from any other), so
    // no cache may hand it to a page of another origin (docs/tagger.md "Caching").
    if (target.readKey !== null) c.res.headers.append('Vary', 'Origin');
    // Where the request's D1 session ended, for the client to send back (docs/http.md).
    const bookmark = responseBookmark(c);
    if (bookmark) c.res.headers.set(BOOKMARK_HEADER, bookmark);
  };
}

/**
 * A 400 for a GET whose query gives a parameter its route reads more than once (src/api/table.ts
 * repeatedParameter): `tense=aorist&tense=present` answered the aorist alone, silently.
 */
function refuseRepeatedParameters(c: Context<AppEnv>, target: RequestTarget): void {
  const mark = target.resource.indexOf('?');
  if (mark < 0 || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return;
  const repeated = repeatedParameter(
    target.routePath,
    new URLSearchParams(target.resource.slice(mark + 1)),
  );
  if (repeated !== undefined)
    throw new ApiError(400, [
      `${repeated} is given more than once: give it once (a comma-separated list where it takes several)`,
    ]);
}

/** The caller of a token request, or a 401. */
async function checkToken(c: Context<AppEnv>, target: RequestTarget): Promise<void> {
  // Every other request needs a token first: unauthenticated callers learn nothing, not even
  // whether a resource exists.
  // Personal content (docs/contract.md "Authentication" 4) verifies the token in D1 on every request, so a
  // rotated token stops working there at once (src/auth/token-cache.ts); so does the MCP
  // endpoint, whose tools read and write the caller's notes.
  const mcp = target.routePath === MCP_PATH;
  const place = await authenticate(c, mcp || isPersonalPath(target.routePath), mcp);
  if (place === null) {
    throw new ApiError(
      401,
      [
        mcp
          ? 'Authentication required: send your API token as a Bearer token (Authorization: Bearer <token>) or as the HTTP Basic user name'
          : 'Authentication required: send your API token as the HTTP Basic user name',
      ],
      {
        'WWW-Authenticate': mcp ? MCP_AUTH_CHALLENGE : AUTH_REALM,
      },
    );
  }
  c.set('user', { id: place.id });
  c.set('account', place);
}

/**
 * The key of a read-key request, or a 403 (docs/tagger.md "Read keys"): a key reads scripture
 * only, in the API's formats (isReadKeyRoute: no page, whose verse page holds its reader's
 * notes), only from a page whose `Origin` the key lists (a browser sets that header, a page
 * cannot), and only while it is not revoked. Every refusal is a 403, an unknown or revoked key
 * too: the request named its credential, and asking again (a 401's meaning) cannot help; nor may
 * a browser answer it with its sign-in dialog. The route is checked before D1 is asked anything.
 */
async function checkReadKey(
  c: Context<AppEnv>,
  target: RequestTarget,
  key: string,
): Promise<ReadKey> {
  if (target.format === 'html' || !isReadKeyRoute(c.req.method, target.routePath))
    throw new ApiError(403, [
      'A read key reads scripture only (versions, books, chapters, verses, passages, search, study, library and finding references) in XML or JSON: not pages, and never the account, tags, taggings or notes',
    ]);
  const origin = c.req.header('Origin');
  if (origin === undefined)
    throw new ApiError(403, [
      'A read key is accepted only from a web page of an origin it lists: this request has no Origin header',
    ]);
  // Keys live in the directory, beside the accounts (src/db/schema.ts `readKeys`).
  const found = await findReadKey(directoryDatabase(c), key);
  if (!found) throw new ApiError(403, ['This read key is unknown or has been revoked']);
  if (!found.origins.includes(origin))
    throw new ApiError(403, [
      `This read key is not accepted from the origin ${echo(origin)}: its owner lists the origins that may use it (npm run user -- key list)`,
    ]);
  return found;
}
