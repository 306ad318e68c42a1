import type { Context } from 'hono';
import type { AppEnv, Format } from '../env';
import type { DocNode } from '../render/document';
import { withMeta } from '../render/meta-fragment';
import { CONTENT_TYPES, documentResponse, serialize } from '../render/serialize';
import { DocumentPage } from '../pages/document-page';
import { ErrorPage } from '../pages/errors';
import { visible } from '../http/errors';
import { inLanguage } from '../pages/in-language';
import { htmlResponse } from '../http/html';

/**
 * Answering a request in its format (the handlers' last step): a document through the one
 * renderer (src/render: XML or JSON), or for an HTML request its view (src/pages). It sits above
 * both, so that src/render imports nothing of the views.
 */

/**
 * The response for a resource document: appends `meta` as the last child of the root (spec
 * "Meta element") and renders in the request's format. An HTML request that reaches an API
 * route (a resource with no page of its own in src/pages) gets the document as a page.
 */
export function respond(
  c: Context<AppEnv>,
  rootName: string,
  root: DocNode,
  status: 200 | 201 | 412 = 200,
  headers: Record<string, string> = {},
): Response | Promise<Response> {
  const format = c.get('format') ?? 'xml';
  if (format === 'html') {
    return htmlResponse(
      <DocumentPage doc={{ [rootName]: root }} personal={c.get('apiVersion') === 1} />,
      status,
      headers,
    );
  }
  // The document renders once without its meta; the meta goes in as its root's last child from
  // the fragment rendered once per isolate (src/render/meta-fragment.ts).
  const body = withMeta(serialize({ [rootName]: root }, format), format, rootName);
  return new Response(body, {
    status,
    headers: { 'Content-Type': CONTENT_TYPES[format], ...headers },
  });
}

/** Error document: `<errors><error>…</error>…</errors>`, or an error page for HTML requests. */
export const ERROR_CACHE_CONTROL = 'private, no-store';

export function errorResponse(
  format: Format,
  status: number,
  messages: string[],
  headers: Record<string, string> = {},
  /** The page's language, when the page handler knew it (src/pages/in-language.tsx). */
  pageLang?: string,
): Response | Promise<Response> {
  // No error is stored by a browser or a shared cache: many answer a personal
  // header (the token, X-D1-Bookmark) or a personal resource, and none is worth keeping.
  const all = { 'Cache-Control': ERROR_CACHE_CONTROL, ...headers };
  // Whatever repeats the request's input, the message never carries a control or a bidi override.
  messages = messages.map(visible);
  if (format === 'html')
    return htmlResponse(
      inLanguage(pageLang, <ErrorPage status={status} messages={messages} />),
      status,
      all,
    );
  return documentResponse({ errors: { error: messages } }, format, status, all);
}

/** 200 with an empty body (spec: delete answers with an empty body). */
export function emptyResponse(status = 200, headers: Record<string, string> = {}): Response {
  return new Response(null, { status, headers });
}
