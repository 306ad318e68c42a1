import { cdata, type DocNode } from './document';

/**
 * The `meta` element ending every response (spec "Meta element"). FUMS was the publisher's
 * fair-use tracking; its fields are generated per response around a fresh tracking id shaped like
 * the original's (`525dac2d457f64.16793889`). We run no tracker: the script only calls a tracker
 * that the embedding page has itself defined, and the image points at FUMS_HOST.
 */
const FUMS_HOST = 'fums.scripture-edge.invalid';
const FUMS_JS_INCLUDE = `${FUMS_HOST}/fums.js`;

function trackingId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(11));
  let hex = '';
  for (let i = 0; i < 7; i++) hex += bytes[i].toString(16).padStart(2, '0');
  const digits = (new DataView(bytes.buffer).getUint32(7) % 100_000_000).toString().padStart(8, '0');
  return `${hex}.${digits}`;
}

export function meta(): DocNode {
  const tid = trackingId();
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
