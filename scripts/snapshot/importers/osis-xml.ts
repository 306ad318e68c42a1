/**
 * The tree fast-xml-parser makes of an OSIS document with the options the OSIS importer gives it
 * (./osis.ts: preserveOrder, attributes without prefix, values neither trimmed nor parsed, the
 * five XML entities decoded), made about ten times faster for the markup OSIS sources use:
 * elements, attributes, text, the five XML entities and a leading declaration. The WEB's OSIS took
 * 9.6–15.5 s with fast-xml-parser (7 December 2026, the 2-core build machine under load), most of
 * it collecting the garbage of its tree; a cold build parses the WEB's and the RV1909's.
 *
 * A document with anything else (a comment, CDATA, a DOCTYPE, another processing instruction, any
 * other entity or character reference, a carriage return, a closing tag with nothing open, a name
 * JavaScript reserves) gives null, and the caller parses it with fast-xml-parser: this never reads
 * a document differently from it. test/node/osis-xml.test.ts compares the two trees on made-up
 * documents; on the WEB's, the KJV's and the RV1909's documents they were equal, and the snapshot
 * has the same id.
 */

import type { X2jOptions } from 'fast-xml-parser';

/** The options the OSIS importer gives fast-xml-parser, whose tree parseOsisXml makes. */
export const OSIS_XML_OPTIONS: X2jOptions = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
};

/** A node of fast-xml-parser's `preserveOrder` tree: `{ '#text': text }` or `{ tag: children, ':@': attributes }`. */
export type XNode = Record<string, unknown> & { ':@'?: Record<string, string> };

const ENTITIES: Record<string, string> = { amp: '&', apos: "'", gt: '>', lt: '<', quot: '"' };
/** Attributes as fast-xml-parser reads them: a name, then a quoted value (a name alone is dropped). */
const ATTRIBUTE = /([^\s=]+)\s*(=\s*(?:"([^"]*)"|'([^']*)'))?/g;
const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);
const NO_CHILDREN: XNode[] = Object.freeze([]) as unknown as XNode[];

class Unsupported extends Error {}

/** The five XML entities decoded; any other `&` is outside the subset. */
function decode(text: string): string {
  if (text.indexOf('&') < 0) return text;
  const out = text.replace(/&(amp|apos|gt|lt|quot);/g, (_, name: string) => ENTITIES[name]!);
  // Each entity leaves one `&` at most (`&amp;`); any other means another kind of reference.
  const left =
    (text.match(/&/g) ?? []).length - (text.match(/&(amp|apos|gt|lt|quot);/g) ?? []).length;
  if (left) throw new Unsupported('an entity or character reference');
  return out;
}

/** The tag's end: the first `>` outside a quoted value. */
function tagEnd(xml: string, from: number): number {
  for (let i = from; i < xml.length; i++) {
    const c = xml.charCodeAt(i);
    if (c === 62) return i; // >
    if (c === 34 || c === 39) {
      i = xml.indexOf(xml[i]!, i + 1);
      if (i < 0) break;
    }
  }
  throw new Unsupported('a tag without its end');
}

/**
 * The attributes of a tag, one frozen object for each distinct attribute text: the WEB's 1.4
 * million tags have a few tens of thousands (`lemma="strong:H0430"` thousands of times), and the
 * importer only reads them; most of the parse's time was collecting the garbage of its tree.
 */
function attributesOf(exp: string, seen: Map<string, Record<string, string> | undefined>) {
  if (seen.has(exp)) return seen.get(exp);
  const attrs = readAttributes(exp);
  if (attrs) Object.freeze(attrs);
  seen.set(exp, attrs);
  return attrs;
}

function readAttributes(exp: string): Record<string, string> | undefined {
  let attrs: Record<string, string> | undefined;
  ATTRIBUTE.lastIndex = 0;
  for (let m = ATTRIBUTE.exec(exp); m; m = ATTRIBUTE.exec(exp)) {
    const value = m[3] ?? m[4];
    if (value === undefined) continue;
    if (RESERVED.has(m[1]!)) throw new Unsupported(m[1]!);
    (attrs ??= {})[m[1]!] = decode(value);
  }
  return attrs;
}

/** The tree, or null when the document holds markup outside the subset. */
export function parseOsisXml(xml: string): XNode[] | null {
  try {
    return parse(xml);
  } catch (e) {
    if (e instanceof Unsupported) return null;
    throw e;
  }
}

function parse(xml: string): XNode[] {
  if (xml.indexOf('\r') >= 0) throw new Unsupported('carriage return');
  const root: XNode[] = [];
  const stack: XNode[][] = [];
  const seen = new Map<string, Record<string, string> | undefined>();
  let children = root;
  let i = 0;
  // A declaration first of all is dropped; any other processing instruction is outside the subset.
  if (xml.startsWith('<?xml')) i = xml.indexOf('?>') + 2;
  // The white space between words (most of the text nodes) is one frozen node for each spacing.
  const spaces = new Map<string, XNode>();
  /** Text since the last tag: added to the open element (text outside every element is dropped). */
  const text = (from: number, to: number) => {
    if (to <= from || !stack.length) return;
    const t = decode(xml.slice(from, to));
    if (t.length > 8 || t.trim()) return void children.push({ '#text': t });
    let node = spaces.get(t);
    if (!node) spaces.set(t, (node = Object.freeze({ '#text': t })));
    children.push(node);
  };
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    if (lt < 0) break;
    text(i, lt);
    const c1 = xml.charCodeAt(lt + 1);
    if (c1 === 47) {
      // </name>
      const end = xml.indexOf('>', lt);
      if (end < 0 || !stack.length) throw new Unsupported('a closing tag with nothing open');
      children = stack.pop()!;
      i = end + 1;
      continue;
    }
    if (c1 === 33 || c1 === 63) throw new Unsupported('a comment, CDATA, DOCTYPE or instruction');
    const end = tagEnd(xml, lt + 1);
    let exp = xml.slice(lt + 1, end);
    const selfClosing = exp.endsWith('/');
    if (selfClosing) exp = exp.slice(0, -1);
    const space = exp.search(/\s/);
    const name = space < 0 ? exp : exp.slice(0, space);
    if (!name || RESERVED.has(name) || name === '#text' || name === ':@')
      throw new Unsupported(name);
    const attrs = space < 0 ? undefined : attributesOf(exp.slice(space + 1), seen);
    // An element closed at once shares one frozen empty list of children.
    const node: XNode = { [name]: selfClosing ? NO_CHILDREN : [] };
    if (attrs) node[':@'] = attrs;
    children.push(node);
    if (!selfClosing) {
      stack.push(children);
      children = node[name] as XNode[];
    }
    i = end + 1;
  }
  return root;
}
