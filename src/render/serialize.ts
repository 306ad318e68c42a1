import type { Format } from './format';
import type { ResponseDocument } from './document';
import { renderJson } from './json';
import { renderXml } from './xml';

/** Content types (docs/json.md). JSON uses the registered type; clients of `.js` accept it. */
export const CONTENT_TYPES: Record<Exclude<Format, 'html'>, string> = {
  xml: 'application/xml; charset=utf-8',
  js: 'application/json; charset=utf-8',
};

/** Renders a document as XML or JSON. The single place that turns documents into those bytes. */
export function serialize(doc: ResponseDocument, format: Exclude<Format, 'html'>): string {
  return format === 'js' ? renderJson(doc) : renderXml(doc);
}

export function documentResponse(
  doc: ResponseDocument,
  format: Exclude<Format, 'html'>,
  status: number,
  headers: Record<string, string> = {},
): Response {
  return new Response(serialize(doc, format), {
    status,
    headers: { 'Content-Type': CONTENT_TYPES[format], ...headers },
  });
}
