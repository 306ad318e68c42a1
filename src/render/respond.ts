import type { Context } from 'hono';
import type { AppEnv, Format } from '../env';
import type { DocNode, ResponseDocument } from './document';
import { renderJson } from './json';
import { meta } from './meta';
import { renderXml } from './xml';

/** Content types (docs/json.md). JSON uses the registered type; clients of `.js` accept it. */
export const CONTENT_TYPES: Record<Format, string> = {
  xml: 'application/xml; charset=utf-8',
  js: 'application/json; charset=utf-8',
};

/** Renders a document in the given format. The single place that turns documents into bytes. */
export function serialize(doc: ResponseDocument, format: Format): string {
  return format === 'js' ? renderJson(doc) : renderXml(doc);
}

/**
 * The response for a resource document: appends `meta` as the last child of the root (spec
 * "Meta element") and renders in the request's format.
 */
export function respond(
  c: Context<AppEnv>,
  rootName: string,
  root: DocNode,
  status: 200 | 201 = 200,
  headers: Record<string, string> = {},
): Response {
  const doc: ResponseDocument = { [rootName]: { ...root, meta: meta() } };
  return documentResponse(doc, c.var.format ?? 'xml', status, headers);
}

export function documentResponse(
  doc: ResponseDocument,
  format: Format,
  status: number,
  headers: Record<string, string> = {},
): Response {
  return new Response(serialize(doc, format), {
    status,
    headers: { 'Content-Type': CONTENT_TYPES[format], ...headers },
  });
}

/** Error document: `<errors><error>…</error>…</errors>`. */
export function errorResponse(
  format: Format,
  status: number,
  messages: string[],
  headers: Record<string, string> = {},
): Response {
  return documentResponse({ errors: { error: messages } }, format, status, headers);
}

/** 200 with an empty body (spec: delete answers with an empty body). */
export function emptyResponse(status = 200, headers: Record<string, string> = {}): Response {
  return new Response(null, { status, headers });
}
