import { cdata, type DocNode } from './document';

/**
 * The `meta` element ending every response (docs/contract.md "Meta and FUMS"). FUMS was the publisher's
 * fair-use tracking; its fields are generated per response around a fresh tracking id shaped like
 * the original's (`525dac2d457f64.16793889`). We run no tracker: the script only calls a tracker
 * that the embedding page has itself defined, and the image points at FUMS_HOST.
 */
const FUMS_HOST = 'fums.scripture-edge.invalid';
const FUMS_JS_INCLUDE = `${FUMS_HOST}/fums.js`;

/** A tracking id's length, always (ASCII): kept bodies write one into bytes (./meta-fragment.ts). */
export const TRACKING_ID_LENGTH = 23;

/**
 * 14 hex digits, a dot, 8 decimal digits. Not a secret and not a key (nothing looks it up), so
 * Math.random serves: the crypto source cost more CPU than the rest of a verse read.
 */
export function trackingId(): string {
  const hex = (
    Math.floor(Math.random() * 0x10000000) * 0x10000000 +
    Math.floor(Math.random() * 0x10000000)
  )
    .toString(16)
    .padStart(14, '0');
  const digits = Math.floor(Math.random() * 100_000_000)
    .toString()
    .padStart(8, '0');
  return `${hex}.${digits}`;
}

/** The meta element's fields around tracking id `tid` (a fresh one unless given). */
export function meta(tid = trackingId()): DocNode {
  const js = `var _BAPI=_BAPI||{};if(typeof(_BAPI.t)!='undefined'){_BAPI.t('${tid}');}`;
  const noscript = `<img src="https://${FUMS_HOST}/f.gif?t=${tid}" height="1" width="1" border="0" alt="" style="height: 0; width: 0;" />`;
  return {
    fums: cdata(`<script>${js}</script><noscript>${noscript}</noscript>`),
    fums_tid: tid,
    fums_js_include: FUMS_JS_INCLUDE,
    fums_js: cdata(js),
    fums_noscript: cdata(noscript),
  };
}
