/**
 * Upper bounds of what a text takes once rendered, in bytes, whichever the format: a CDATA section
 * of XML, a JSON string, or text escaped in HTML. The personal lists cut a page by them before
 * rendering (src/http/paging.ts fitPage), so that no response passes 1 MiB.
 */

/**
 * Characters a renderer writes longer than they are: control characters, `"` and `\` in JSON (at
 * most `\u001f`, 6 bytes), `<`, `>`, `&` and `'` in HTML (at most `&#x27;`), a CR in XML (a CDATA
 * section closed for `&#13;`: 17 bytes) and `]]>` (split over two sections: 15 bytes), counted once.
 */
function expandedCount(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (
      c < 0x20 ||
      c === 0x22 ||
      c === 0x5c ||
      c === 0x3c ||
      c === 0x3e ||
      c === 0x26 ||
      c === 0x27
    )
      n++;
    else if (c === 0x5d && text.charCodeAt(i + 1) === 0x5d && text.charCodeAt(i + 2) === 0x3e) {
      n++;
      i += 2;
    }
  }
  return n;
}

/** The UTF-8 bytes of a text (a lone surrogate as U+FFFD, as TextEncoder writes it), counted without encoding it. */
function utf8Bytes(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c < 0xdc00 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/**
 * An item of the personal lists (a note, a tagging, a change) rendered, beyond its text: a
 * reference is two verse ids of at most 64 characters and two timestamps in their elements; an
 * item's other fields and markup a few hundred bytes. The lists and the changes feed also weigh
 * their items in SQL by these and the text's bytes (src/db/rendered-bytes.ts), to read only what a
 * page can hold: a lower bound of what src/annotations/documents.ts counts, never more.
 */
export const REFERENCE_BYTES = 320;
export const ITEM_BYTES = 640;

/** Bytes any of them can take beyond its own, at most (the CR of XML: 17 for 1). */
const MOST_EXTRA_BYTES = 16;
/** The CDATA section's or the JSON string's own markup. */
const WRAPPER_BYTES = 12;

/**
 * At most how many bytes `text` takes rendered as XML, JSON or HTML. Counted character by
 * character: a page of long notes weighs 2 MB of text, and a match list of every escaped
 * character (10,000 for a note of `&<>"`) was a tenth of its request.
 */
export function renderedTextBytes(text: string): number {
  return utf8Bytes(text) + expandedCount(text) * MOST_EXTRA_BYTES + WRAPPER_BYTES;
}
