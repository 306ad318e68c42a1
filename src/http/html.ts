import type { HtmlEscapedString } from 'hono/utils/html';

/**
 * The HTML responses of the reading site: a doctype, `text/html; charset=utf-8`, and a
 * Content-Security-Policy that allows exactly what the pages use: the stylesheet, scripts and
 * fonts of /assets (same origin), `fetch` to the same origin (the note form), forms to the same origin,
 * nothing else (no inline code, no frames, no other hosts).
 */
export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';

export const PAGE_CSP = [
  "default-src 'none'",
  "style-src 'self'",
  "script-src 'self'",
  "connect-src 'self'",
  "img-src 'self'",
  // The Hebrew and Greek fonts of /assets/fonts (src/api/fonts.ts); `default-src 'none'` forbids any other.
  "font-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export type PageBody = HtmlEscapedString | Promise<HtmlEscapedString>;

export async function htmlResponse(
  body: PageBody,
  status = 200,
  headers: Record<string, string> = {},
): Promise<Response> {
  return new Response(`<!doctype html>${await body}`, {
    status,
    headers: { 'Content-Type': HTML_CONTENT_TYPE, 'Content-Security-Policy': PAGE_CSP, ...headers },
  });
}
