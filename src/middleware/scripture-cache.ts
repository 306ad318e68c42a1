import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';

/**
 * HTTP caching for scripture reads ("globally cached reads"). Snapshot content never changes
 * under one snapshot id, so a strong ETag is derived from the snapshot id and the resource (the
 * request path with its version prefix, suffix and query). `meta` carries a fresh FUMS id per
 * response by spec; the ETag identifies the resource representation, not the tracking id.
 * `If-None-Match` answers 304 before any KV read.
 *
 * Scripture is the same for every caller, so shared caches may keep it (`public`), but keyed by
 * the Authorization header (`Vary`) so that no cache serves it to a caller without a token.
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
  return `"${snapshotId}-${fnv1a(resource)}"`;
}

function matches(ifNoneMatch: string, etag: string): boolean {
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

export function scriptureCache(): MiddlewareHandler<AppEnv> {
  return async function cache(c, next) {
    const etag = snapshotETag(c.env.SNAPSHOT_ID, c.req.url);
    const headers = { ETag: etag, 'Cache-Control': SCRIPTURE_CACHE_CONTROL, Vary: 'Authorization' };
    const ifNoneMatch = c.req.header('If-None-Match');
    if (ifNoneMatch && matches(ifNoneMatch, etag)) {
      return new Response(null, { status: 304, headers });
    }
    await next();
    if (c.res.status === 200) for (const [k, v] of Object.entries(headers)) c.res.headers.set(k, v);
  };
}
