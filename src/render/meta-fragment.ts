import type { Format } from './format';
import { meta, TRACKING_ID_LENGTH, trackingId } from './meta';
import { elementXml } from './xml';

/**
 * The `meta` element of a response as a piece of its body, and a body split around it: what lets
 * a kept scripture response (src/cache/responses.ts) carry a fresh meta on every hit, byte for
 * byte what rendering the whole document would have written (test/cache/responses.test.ts).
 * The meta is always the root's last child (docs/contract.md "Meta and FUMS"; src/routes/respond.tsx).
 */

/**
 * The rendered meta of each format cut where the tracking id goes, rendered once per isolate: a
 * fresh meta is then the pieces joined around a fresh id, not a document rendered again (the id
 * is hex digits, a dot and digits: nothing to escape, so it reads the same in every place).
 */
const PLACEHOLDER = 'fumstidplaceholder';
let pieces: Record<Exclude<Format, 'html'>, string[]> | null = null;

function piecesOf(format: Exclude<Format, 'html'>): string[] {
  pieces ??= {
    js: `"meta":${JSON.stringify(meta(PLACEHOLDER))}`.split(PLACEHOLDER),
    xml: elementXml('meta', meta(PLACEHOLDER)).split(PLACEHOLDER),
  };
  return pieces[format];
}

/** A fresh meta element: `<meta>…</meta>` in XML, `"meta":{…}` (a member of the root) in JSON. */
export function metaFragment(format: Exclude<Format, 'html'>): string {
  return piecesOf(format).join(trackingId());
}

/**
 * A rendered body cut where the tracking ids of its meta go: what a kept response
 * (src/cache/responses.ts) answers again with `freshMeta`, its pieces joined around a fresh id.
 * How the pieces are kept depends on the text (measured per hit):
 * - An ASCII body (one byte a character in the JavaScript engine) is kept as text: the runtime
 *   copies such a string into the response as it is, where writing the id's bytes over a copy in
 *   JavaScript is one more allocation and copy (an 8 kB chapter in XML: 20 → 23 µs in Node).
 * - Any other body (Greek or Hebrew in a passage's study words or in the versions' names: two bytes
 *   a character) is kept as UTF-8 bytes, written around the id into one new buffer: as text, the
 *   runtime would encode it to UTF-8 again on every hit (5 kB of passages: 50 → 28 µs in Node).
 */
export type MetaTemplate = { pieces: string[] } | { bytes: Uint8Array[]; byteLength: number };

const ASCII = /^[\x00-\x7f]*$/;
const encoder = new TextEncoder();

/** The template of a body whose root ends with its meta; null when the meta is not where it must be. */
export function metaTemplate(body: string, format: Exclude<Format, 'html'>): MetaTemplate | null {
  const split = splitAroundMeta(body, format);
  if (!split) return null;
  const parts = piecesOf(format);
  const pieces = [
    split.before + parts[0],
    ...parts.slice(1, -1),
    parts[parts.length - 1] + split.after,
  ];
  if (ASCII.test(body)) return { pieces };
  const bytes = pieces.map((piece) => encoder.encode(piece));
  return {
    bytes,
    byteLength: bytes.reduce((n, b) => n + b.length, 0) + TRACKING_ID_LENGTH * (bytes.length - 1),
  };
}

/** The template's body with a fresh tracking id in each place: text or UTF-8 bytes, as it was kept. */
export function freshMeta(template: MetaTemplate): string | Uint8Array {
  if ('pieces' in template) return template.pieces.join(trackingId());
  const id = trackingId();
  const out = new Uint8Array(template.byteLength);
  let at = 0;
  const pieces = template.bytes;
  for (let i = 0; i < pieces.length; i++) {
    if (i > 0) {
      // ASCII: each character is its byte.
      for (let k = 0; k < TRACKING_ID_LENGTH; k++) out[at + k] = id.charCodeAt(k);
      at += TRACKING_ID_LENGTH;
    }
    out.set(pieces[i]!, at);
    at += pieces[i]!.length;
  }
  return out;
}

/**
 * The body around its root's meta element, or null when there is none where it must be. XML: the
 * last `<meta>` (the root's own, which closes the document; no text holds `<meta>` unescaped).
 * JSON: the last `"meta":{` (quotes inside strings are escaped, so this is the member).
 */
export function splitAroundMeta(
  body: string,
  format: Exclude<Format, 'html'>,
): { before: string; after: string } | null {
  if (format === 'js') {
    const at = body.lastIndexOf('"meta":{');
    if (at < 0 || !body.endsWith('}}')) return null;
    return { before: body.slice(0, at), after: '}}' };
  }
  const at = body.lastIndexOf('<meta>');
  const close = body.lastIndexOf('</meta>');
  if (at < 0 || close < at) return null;
  return { before: body.slice(0, at), after: body.slice(close + '</meta>'.length) };
}

/**
 * A rendered document (without meta) with a fresh meta as its root's last child: byte for byte
 * what rendering the document with `meta()` appended writes, without rendering the meta again.
 * XML: before the root's closing tag. JSON: the last member of the root object.
 */
export function withMeta(body: string, format: Exclude<Format, 'html'>, rootName: string): string {
  if (format === 'js') {
    // `{"root":{…}}`: the root object closes two characters from the end.
    const inner = body.length - 2;
    return `${body.slice(0, inner)}${body[inner - 1] === '{' ? '' : ','}${metaFragment('js')}}}`;
  }
  const close = `</${rootName}>`;
  return body.endsWith(close)
    ? `${body.slice(0, -close.length)}${metaFragment('xml')}${close}`
    : body;
}
