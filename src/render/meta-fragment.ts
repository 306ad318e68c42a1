import type { Format } from '../env';
import { meta, trackingId } from './meta';
import { elementXml } from './xml';

/**
 * The `meta` element of a response as a piece of its body, and a body split around it: what lets
 * a kept scripture response (src/cache/responses.ts) carry a fresh meta on every hit, byte for
 * byte what rendering the whole document would have written (test/cache/responses.test.ts).
 * The meta is always the root's last child (spec "Meta element"; src/http/respond.tsx).
 */

/**
 * The rendered meta of each format cut where the tracking id goes, rendered once per isolate: a
 * fresh meta is then the pieces joined around a fresh id, not a document rendered again (the id
 * is hex digits, a dot and digits: nothing to escape, so it reads the same in every place).
 */
const PLACEHOLDER = 'fumstidplaceholder';
let pieces: Record<Exclude<Format, 'html'>, string[]> | null = null;

/** A fresh meta element: `<meta>…</meta>` in XML, `"meta":{…}` (a member of the root) in JSON. */
export function metaFragment(format: Exclude<Format, 'html'>): string {
  pieces ??= {
    js: `"meta":${JSON.stringify(meta(PLACEHOLDER))}`.split(PLACEHOLDER),
    xml: elementXml('meta', meta(PLACEHOLDER)).split(PLACEHOLDER),
  };
  return pieces[format].join(trackingId());
}

/**
 * The body around its root's meta element, or null when there is none where it must be. XML: the
 * last `<meta>` (the root's own, which closes the document; no text holds `<meta>` unescaped).
 * JSON: the last `"meta":{` (quotes inside strings are escaped, so this is the member).
 */
export function splitAroundMeta(body: string, format: Exclude<Format, 'html'>): { before: string; after: string } | null {
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
