import type { MiddlewareHandler } from 'hono';
import { cachedResponse, keepResponse, type CachedResponse } from '../cache/responses';
import { cachedUserId } from '../auth/token-cache';
import type { AppEnv, Format } from '../env';
import { freshMeta, metaTemplate } from '../render/meta-fragment';
import { getOperationOf, isPersonalPath, SEEDED_READ_PATHS, type Operation } from '../api/table';
import { isWildcard } from './cors';
import { requestTarget } from './request';
import { ifNoneMatches } from '../http/etag';
import { REFERENCE_PARAM } from '../search/passage-lookup';

/**
 * HTTP caching for scripture reads ("globally cached reads"). Snapshot content never changes
 * under one snapshot id, so the ETag is derived from the snapshot id and the resource (the request
 * path with its version prefix, suffix and query). It is WEAK (`W/"…"`, RFC 9110 §8.8.1): `meta`
 * carries a fresh FUMS id per response by spec, so two responses are equivalent, never
 * byte-identical. `If-None-Match` answers 304 before any KV read when a tag matches (weak
 * comparison, the one §13.1.2 prescribes); `*` matches only a resource that exists, so the route
 * runs first and only its 200 becomes a 304.
 *
 * Scripture is the same for every caller, so shared caches may keep it (`public`), but keyed by
 * the Authorization header (`Vary`) so that no cache serves it to a caller without a token.
 * Errors get none of these headers.
 *
 * Within an isolate, a 200 is kept and answers the same request again without lookups or
 * rendering (src/cache/responses.ts), with a fresh meta.
 */
export const SCRIPTURE_CACHE_CONTROL = 'public, max-age=3600';

/** FNV-1a, 32-bit: cheap and stable; collisions only matter within one snapshot id and path. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** The ETag of a resource (the URL from its path on: `RequestTarget.resource`). */
export function snapshotETag(snapshotId: string, resource: string): string {
  return `W/"${snapshotId}-${fnv1a(resource)}"`;
}

/** The Server-Timing entry of an answer from a kept response. */
export const KEPT_TIMING = 'isolate-cache;desc="hit"';

/** The response a kept one (src/cache/responses.ts) answers now: its body with a fresh meta. */
function fromKept(kept: CachedResponse, headers: Record<string, string>): Response {
  const body = keptBody(kept);
  // One plain object, turned into the response's headers once. Server-Timing says where the
  // answer came from, as the KV reads entry does (docs/http.md, its row `Server-Timing`).
  // Kept header names are lower case (as a Headers object lists them): ours are made so too.
  const all: Record<string, string> = { ...kept.headers, 'server-timing': KEPT_TIMING };
  for (const name in headers) all[name.toLowerCase()] = headers[name];
  return new Response(body, { status: 200, headers: all });
}

/** A kept response answered with the headers of its first answer from the isolate (see finishedHeaders). */
function finishedAnswer(kept: CachedResponse, finished: Headers): Response {
  return new Response(keptBody(kept), { status: 200, headers: finished });
}

/** A kept body with a fresh meta (a page has none). */
function keptBody(kept: CachedResponse): Uint8Array | string {
  return kept.body instanceof Uint8Array ? kept.body : freshMeta(kept.body);
}

const encoder = new TextEncoder();

/** What of a fresh 200 can be kept: its body as UTF-8 bytes (with where the meta's ids go), and its headers. */
async function toKept(res: Response, format: Format): Promise<CachedResponse | null> {
  const text = await res.clone().text();
  // Not the CORS headers: under a list of origins they name the caller's own Origin, which
  // hono/cors put on the response before the route ran (src/middleware/cors.ts adds them to
  // every answer, a kept one too).
  const headers = Object.fromEntries(
    [...res.headers].filter(([name]) => !name.startsWith('access-control-')),
  );
  const body = format === 'html' ? encoder.encode(text) : metaTemplate(text, format);
  return body ? { body, headers } : null;
}

/**
 * Whether a GET's route reads a query parameter: those of its `params` in the route table, `key`
 * (a read key: any read's), and for the passages every name of a reference (`q[]`, `q[0]`,
 * plain `q`: src/search/passage-lookup.ts), in the order given.
 */
function readsParameter(route: Operation, name: string): boolean {
  if (name === 'key') return true;
  const params = route.params ?? [];
  if (params.some((p) => p.in === 'query' && p.name === 'q[]') && REFERENCE_PARAM.test(name))
    return true;
  return params.some((p) => p.in === 'query' && p.name === name);
}

/** The name a parameter is ordered by in a key: every name of a reference as one, so they keep their order. */
const orderName = (name: string) => (REFERENCE_PARAM.test(name) ? 'q[]' : name);

/**
 * The key a response is kept under: the snapshot, the API version, the format, the path and the
 * parameters of its query that its route reads, in one order (a parameter's values keep theirs:
 * the references' order is the passages'), so that `?a=1&b=2` and `?b=2&a=1` are one entry, and
 * a request that differs only by parameters the route does not read is answered by the same one:
 * its answer is the same, and a run of requests each with a parameter of its own neither renders
 * a page afresh each time nor fills the isolate's cache. Null for a path no GET of the table has.
 */
function keptKey(snapshotId: string, target: ReturnType<typeof requestTarget>): string | null {
  const head = `${snapshotId}|${target.apiVersion}|${target.format}|`;
  const mark = target.resource.indexOf('?');
  if (mark < 0) return head + target.resource;
  const route = getOperationOf(target.routePath);
  if (!route) return null;
  const query = new URLSearchParams(target.resource.slice(mark + 1));
  const entries = [...query].filter(([name]) => readsParameter(route, name));
  // A stable sort: a name's values, and a reference's names, keep the order they were given in.
  entries.sort(([a], [b]) => {
    const [x, y] = [orderName(a), orderName(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const search = new URLSearchParams(entries).toString();
  return `${head}${target.resource.slice(0, mark)}${search ? `?${search}` : ''}`;
}

/**
 * The answer of a kept response with its finished headers, before the app (src/index.ts): what
 * the hot path of `scriptureCache` below answers, without Hono's context, router and the five
 * middleware before it, which on such a request add nothing (they were about a third
 * of our own CPU on a kept read). Null, and the app answers, unless every condition under which
 * that middleware would answer so holds: a GET without `If-None-Match`, not a personal path, no
 * read key (whose Origin the request middleware checks every time), a response kept with its finished headers (recorded only where `scriptureCache` runs), any origin
 * allowed (under a list the CORS headers depend on the caller), and a token this isolate verified
 * within TOKEN_CACHE_TTL_MS (src/auth/token-cache.ts; any other caller goes the whole way, to its
 * 401 or to D1).
 */
export function keptAnswer(request: Request, env: Env): Response | null {
  if (
    request.method !== 'GET' ||
    request.headers.has('If-None-Match') ||
    !isWildcard(env.CORS_ORIGINS)
  )
    return null;
  const target = requestTarget(request);
  // A read key is checked against the request's Origin every time (src/middleware/request.ts).
  if (isPersonalPath(target.routePath) || target.readKey !== null) return null;
  const key = keptKey(env.SNAPSHOT_ID, target);
  const kept = key ? cachedResponse(key) : undefined;
  if (!kept?.finished) return null;
  if (!target.public) {
    const authorization = request.headers.get('Authorization');
    if (!authorization || cachedUserId(authorization) === null) return null;
  }
  return finishedAnswer(kept, kept.finished);
}

/** What a read drawn by chance answers without a seed: no shared or browser cache keeps it. */
export const UNSEEDED_CACHE_CONTROL = 'no-store';

export function scriptureCache(): MiddlewareHandler<AppEnv> {
  return async function cache(c, next) {
    // A path two registered patterns match (`/verses/random` is also `/verses/:verse_id`) runs
    // this once.
    if (c.get('scriptureCache')) return next();
    c.set('scriptureCache', true);
    const target = requestTarget(c.req.raw);
    // The caller's own data under a scripture path (/chapters/{id}/annotations) is never shared.
    if (isPersonalPath(target.routePath)) return next();
    // A verse drawn by chance (`/verses/random` without `seed`) is answered afresh every time:
    // no ETag, no 304, never kept in the isolate, `no-store` for every cache on the way.
    if (SEEDED_READ_PATHS.has(target.routePath) && c.req.query('seed') === undefined) {
      await next();
      if (c.res.status === 200) c.res.headers.set('Cache-Control', UNSEEDED_CACHE_CONTROL);
      return;
    }
    const format = target.format;
    const ifNoneMatch = c.req.header('If-None-Match');
    const snapshotId = c.get('snapshot').id;
    const key = c.req.method === 'GET' ? keptKey(snapshotId, target) : null;
    const kept = key ? cachedResponse(key) : undefined;
    // The hot path: a kept answer from its second on, built with the headers the whole app gave
    // the first (see finishedHeaders), its ETag among them.
    if (kept?.finished && !ifNoneMatch) {
      c.set('finished', true);
      return finishedAnswer(kept, kept.finished);
    }
    // The ETag names what is answered: the kept answer's key where there is one (its parameters
    // in one order, those the route does not read left out), else the resource as asked. A kept
    // answer goes out with the headers of its first request (finishedHeaders), so a request
    // written otherwise (`q%5B%5D=…`, another order, a parameter the route ignores) gets the same
    // ETag and must match it on its conditional GET (a 304, not a 200, in test/docs/http.test.ts).
    const etag = snapshotETag(snapshotId, keptKey(snapshotId, target) ?? target.resource);
    const headers = { ETag: etag, 'Cache-Control': SCRIPTURE_CACHE_CONTROL, Vary: 'Authorization' };
    const match = ifNoneMatch ? ifNoneMatches(ifNoneMatch, etag) : null;
    if (match === 'tag') return new Response(null, { status: 304, headers });
    // A response kept in this isolate answers at once (src/cache/responses.ts): it exists, so `*`
    // matches it too.
    if (kept) {
      if (match === 'any') return new Response(null, { status: 304, headers });
      c.set('recordFinished', kept);
      return fromKept(kept, headers);
    }
    await next();
    // Errors are not cached; a page that holds the caller's own data (the verse page with notes,
    // src/routes/site/) declares itself private and keeps that.
    if (c.res.status !== 200 || /\bprivate\b/.test(c.res.headers.get('Cache-Control') ?? ''))
      return;
    // Kept unless it counted against a rate limit (a long passage counts on every read).
    if (key && !c.get('rateLimited')) {
      const toKeep = await toKept(c.res, format);
      if (toKeep) keepResponse(key, toKeep);
    }
    if (match === 'any') {
      c.res = new Response(null, { status: 304, headers });
      return;
    }
    for (const [k, v] of Object.entries(headers)) c.res.headers.set(k, v);
  };
}

/**
 * The outermost middleware (src/app.ts): when a kept response answered a request for the first
 * time, records the headers the whole app gave it (security, CORS, Server-Timing), so that every
 * later answer is built with them in one step (`finished`) and the middleware between adds
 * nothing. Middleware whose headers depend on the request itself (CORS with a list
 * of origins) clears `recordFinished`, and such answers go the whole way each time.
 */
export function finishedHeaders(): MiddlewareHandler<AppEnv> {
  return async function finishKept(c, next) {
    await next();
    const kept = c.get('recordFinished');
    if (kept && c.res.status === 200) kept.finished = new Headers(c.res.headers);
  };
}
