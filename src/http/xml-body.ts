import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ApiError, badRequest } from './errors';
import { bodyObject, checkName, MAX_DEPTH, type BodyObject, type BodyValue } from './body-shape';

/**
 * XML request bodies into the neutral shape (src/http/body.ts lists the refusals). A module of its
 * own, imported on the first XML body an isolate reads: every fresh isolate evaluates the worker's
 * top level before its first request, most never read an XML body, and fast-xml-parser's modules
 * were a tenth of that evaluation (docs/speed.md "Cold start", budget 30 ms).
 */

const DTD = /<!DOCTYPE|<!ENTITY/i;

const PREDEFINED = new Map([
  ['lt', '<'],
  ['gt', '>'],
  ['amp', '&'],
  ['quot', '"'],
  ['apos', "'"],
]);

/**
 * The parser runs with processEntities off (no entity expansion at all), so the five predefined
 * XML entities and numeric character references are decoded here; anything else is a 400.
 */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&([^;&\s]{0,10});?/g, (whole, name: string) => {
    if (!whole.endsWith(';')) throw badRequest('Malformed XML body: bare "&" (write &amp;)');
    const predefined = PREDEFINED.get(name);
    if (predefined !== undefined) return predefined;
    const numeric = /^#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(name);
    if (numeric) {
      const code = numeric[1] !== undefined ? parseInt(numeric[1], 16) : Number(numeric[2]);
      if (code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)) return String.fromCodePoint(code);
    }
    throw badRequest(`Malformed XML body: unknown entity &${name};`);
  });
}

type OrderedNode = Record<string, unknown>;

/** Made on the first XML body, with the module. */
let parser: XMLParser | undefined;
const xmlParser = (): XMLParser => (parser ??= newXmlParser());

const newXmlParser = (): XMLParser =>
  new XMLParser({
    preserveOrder: true,
    ignoreAttributes: true,
    processEntities: false,
    htmlEntities: false,
    trimValues: false,
    parseTagValue: false,
    cdataPropName: '#cdata',
    commentPropName: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    // fast-xml-parser counts the elements open above the one being opened: the root is at 0, so a
    // body MAX_DEPTH levels deep opens its deepest element at MAX_DEPTH - 1.
    maxNestedTags: MAX_DEPTH - 1,
    // fast-xml-parser renames some prototype member names (`toString` → `__toString`) by default;
    // we refuse them instead, as for JSON.
    onDangerousProperty: (name: string) => {
      checkName(name);
      return name;
    },
  });

function nodeName(node: OrderedNode): string {
  return Object.keys(node).find((k) => k !== ':@') ?? '';
}

/** An element's ordered children → string (text only) or object (child elements). */
function fromOrdered(children: OrderedNode[]): BodyValue {
  let text = '';
  let sawElement = false;
  let sawText = false;
  const out = bodyObject();
  for (const child of children) {
    const name = nodeName(child);
    if (name === '#text') {
      const value = String(child['#text']);
      if (value.trim() !== '') sawText = true;
      text += decodeEntities(value);
    } else if (name === '#cdata') {
      sawText = true;
      for (const inner of child['#cdata'] as OrderedNode[]) text += String(inner['#text'] ?? '');
    } else if (name) {
      checkName(name);
      sawElement = true;
      const value = fromOrdered(child[name] as OrderedNode[]);
      const existing = out[name];
      if (existing === undefined) out[name] = value;
      else if (Array.isArray(existing)) existing.push(value);
      else out[name] = [existing, value];
    }
  }
  if (!sawElement) return text;
  if (sawText) throw badRequest('Malformed XML body: text mixed with elements');
  return out;
}

export function parseXmlBody(text: string): BodyObject {
  if (DTD.test(text))
    throw badRequest('XML bodies must not contain a DOCTYPE or ENTITY declaration');
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    throw badRequest(`Malformed XML body: ${valid.err.msg} (line ${valid.err.line})`);
  let ordered: OrderedNode[];
  try {
    ordered = xmlParser().parse(text) as OrderedNode[];
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const message = (err as Error).message;
    // fast-xml-parser refuses `__proto__` itself; the answer is the same as for every reserved name.
    const reserved = /Invalid name: "([^"]*)" is a reserved/.exec(message);
    if (reserved) checkName(reserved[1]);
    if (/nested tags/i.test(message))
      throw badRequest(`Request body is nested deeper than ${MAX_DEPTH} levels`);
    throw badRequest(`Malformed XML body: ${message}`);
  }
  const roots = ordered.filter((n) => {
    const name = nodeName(n);
    return name !== '#text' || String(n['#text']).trim() !== '';
  });
  if (roots.length !== 1 || nodeName(roots[0]).startsWith('#'))
    throw badRequest('Malformed XML body: expected exactly one root element');
  const name = nodeName(roots[0]);
  checkName(name);
  const body = bodyObject();
  body[name] = fromOrdered(roots[0][name] as OrderedNode[]);
  return body;
}
