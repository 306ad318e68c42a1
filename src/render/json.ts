import type { ResponseDocument } from './document';

/**
 * Serialises a response document as JSON with the XML's names and nesting (docs/json.md):
 * repeated elements are arrays, CDATA is a plain string, an empty element is null, the `id`
 * attribute and `id` child are one `id` property.
 */
export function renderJson(doc: ResponseDocument): string {
  return JSON.stringify(doc);
}
