import type { MetaTemplate } from '../render/meta-fragment';
import { forgetWhere, keep, kept } from './isolate';

/**
 * Scripture responses kept in the isolate (the read path under 100 µs of our own
 * CPU). Under one snapshot id a scripture read always answers the same, but for the `meta`
 * element, which carries a fresh FUMS id per response (docs/contract.md "Meta and FUMS"): so what is kept is
 * the body around its meta, and each hit writes a new meta into it (src/render/meta-fragment.ts).
 * A hit skips the lookups and the rendering; the middleware around it (auth, CORS, security
 * headers, the ETag) runs as on any request. Only what src/middleware/scripture-cache.ts lets in
 * is kept, in the isolate's cache under its one budget (./isolate.ts): 200s of GET requests, public (not a page holding the caller's notes), that counted
 * against no rate limit (a long passage must count every time it is read).
 */
export interface CachedResponse {
  /**
   * The body: a page's whole as UTF-8 bytes, or an XML or JSON body cut where its meta's tracking
   * ids go (src/render/meta-fragment.ts `freshMeta`), joined around a fresh one on each hit.
   */
  body: Uint8Array | MetaTemplate;
  /** Its headers (none repeats: a scripture read sets each once). */
  headers: Record<string, string>;
  /**
   * The headers of the whole response as it left the app on its first answer from the isolate
   * (security, CORS, Server-Timing included): the same for every later answer, so each one is
   * built with them at once and the middleware around the cache adds nothing (every
   * `headers.set` on a Response is a call into the runtime).
   */
  finished?: Headers;
}

/** The bytes a kept body holds (text counted at two bytes a character, as the engine may keep it). */
function bodyBytes(body: CachedResponse['body']): number {
  if (body instanceof Uint8Array) return body.byteLength;
  return 'pieces' in body ? body.pieces.reduce((n, p) => n + p.length * 2, 0) : body.byteLength;
}

/** The kind of entry in the isolate's cache. */
const RESPONSE = 'response ';

export function cachedResponse(key: string): CachedResponse | undefined {
  return kept<CachedResponse>(RESPONSE + key);
}

/** Forgets every kept response (a test starts from none: a worker's test files share its isolate). */
export function forgetKeptResponses(): void {
  forgetWhere(RESPONSE, () => true);
}

export function keepResponse(key: string, response: CachedResponse): void {
  // The headers and the Response built around the body: a few hundred bytes.
  keep(RESPONSE + key, response, bodyBytes(response.body) + 400);
}
