/**
 * Upper bounds of what a text takes once rendered, in bytes, whichever the format: a CDATA section
 * of XML, a JSON string, or text escaped in HTML. The personal lists cut a page by them before
 * rendering (src/http/paging.ts fitPage), so that no response passes 1 MiB.
 */

const encoder = new TextEncoder();

/**
 * Characters a renderer writes longer than they are: control characters, `"` and `\` in JSON (at
 * most `\u001f`, 6 bytes), `<`, `>`, `&` and `'` in HTML (at most `&#x27;`), a CR in XML (a CDATA
 * section closed for `&#13;`: 17 bytes) and `]]>` (split over two sections: 15 bytes).
 */
const EXPANDED = /[\u0000-\u001f"\\<>&']|\]\]>/g;
/** Bytes any of them can take beyond its own, at most (the CR of XML: 17 for 1). */
const MOST_EXTRA_BYTES = 16;
/** The CDATA section's or the JSON string's own markup. */
const WRAPPER_BYTES = 12;

/** At most how many bytes `text` takes rendered as XML, JSON or HTML. */
export function renderedTextBytes(text: string): number {
  const expanded = text.match(EXPANDED)?.length ?? 0;
  return encoder.encode(text).length + expanded * MOST_EXTRA_BYTES + WRAPPER_BYTES;
}
