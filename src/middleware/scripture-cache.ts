import type { MiddlewareHandler } from 'hono';
import { cachedResponse, keepResponse, type CachedResponse } from '../cache/responses';
import type { AppEnv, Format } from '../env';
import { metaFragment, splitAroundMeta } from '../render/meta-fragment';
import { isPersonalPath } from '../routes/table';
import { routePath } from './request';

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

export function snapshotETag(snapshotId: string, url: string): string {
  const resource = url.slice(url.indexOf('/', url.indexOf('://') + 3));
  return `W/"${snapshotId}-${fnv1a(resource)}"`;
}

/** The opaque part of an entity tag, so that `W/"x"` and `"x"` compare equal (weak comparison). */
const opaque = (tag: string): string => (tag.startsWith('W/') ? tag.slice(2) : tag);

/** `If-None-Match` against our tag: 'tag' when one listed tag matches, 'any' for `*`, else null. */
function matches(ifNoneMatch: string, etag: string): 'tag' | 'any' | null {
  const mine = opaque(etag);
  const tags = ifNoneMatch.split(',').map((t) => t.trim());
  if (tags.some((t) => t !== '*' && opaque(t) === mine)) return 'tag';
  return tags.includes('*') ? 'any' : null;
}

/** The Server-Timing entry of an answer from a kept response. */
export const KEPT_TIMING = 'isolate-cache;desc="hit"';

/** The response a kept one (src/cache/responses.ts) answers now: its body with a fresh meta. */
function fromKept(kept: CachedResponse, format: Format, headers: Record<string, string>): Response {
  const body = kept.after === null || format === 'html' ? kept.before : joinBytes(kept.before, encoder.encode(metaFragment(format)), kept.after);
  // One plain object, turned into the response's headers once. Server-Timing says where the
  // answer came from, as the KV reads entry does (docs/http.md "Server-Timing").
  // Kept header names are lower case (as a Headers object lists them): ours are made so too.
  const all: Record<string, string> = { ...kept.headers, 'server-timing': KEPT_TIMING };
  for (const name in headers) all[name.toLowerCase()] = headers[name];
  return new Response(body, { status: 200, headers: all });
}

const encoder = new TextEncoder();

function joinBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/** What of a fresh 200 can be kept: its body split around the meta (UTF-8 bytes), and its headers. */
async function toKept(res: Response, format: Format): Promise<CachedResponse | null> {
  const body = await res.clone().text();
  const headers = Object.fromEntries(res.headers);
  if (format === 'html') return { before: encoder.encode(body), after: null, headers };
  const split = splitAroundMeta(body, format);
  return split ? { before: encoder.encode(split.before), after: encoder.encode(split.after), headers } : null;
}

export function scriptureCache(): MiddlewareHandler<AppEnv> {
  return async function cache(c, next) {
    // The caller's own data under a scripture path (/chapters/{id}/annotations) is never shared.
    if (isPersonalPath(routePath(c.req.raw))) return next();
    const etag = snapshotETag(c.env.SNAPSHOT_ID, c.req.url);
    const headers = { ETag: etag, 'Cache-Control': SCRIPTURE_CACHE_CONTROL, Vary: 'Authorization' };
    const ifNoneMatch = c.req.header('If-None-Match');
    const match = ifNoneMatch ? matches(ifNoneMatch, etag) : null;
    if (match === 'tag') return new Response(null, { status: 304, headers });
    // A response kept in this isolate answers at once (src/cache/responses.ts): it exists, so `*`
    // matches it too.
    const format = c.get('format');
    const key = c.req.method === 'GET' ? `${c.env.SNAPSHOT_ID}|${c.get('apiVersion')}|${format}|${c.req.url.slice(c.req.url.indexOf('/', c.req.url.indexOf('://') + 3))}` : null;
    const kept = key ? cachedResponse(key) : undefined;
    if (kept) return match === 'any' ? new Response(null, { status: 304, headers }) : fromKept(kept, format, headers);
    await next();
    // Errors are not cached; a page that holds the caller's own data (the verse page with notes,
    // src/routes/pages.tsx) declares itself private and keeps that.
    if (c.res.status !== 200 || /\bprivate\b/.test(c.res.headers.get('Cache-Control') ?? '')) return;
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
