/**
 * A small XML reader for the lexicon files: elements with attributes and mixed content, in
 * document order. The lexicons are mixed content through and through (a definition is text with
 * Hebrew words, references and glosses inside it), and every space between two elements counts,
 * so the tree keeps text nodes exactly as written (entities decoded) and drops only comments,
 * processing instructions and the DOCTYPE (strongsgreek.xml declares its elements in one; it
 * declares no entities). A file that is not well formed throws with the offset, rather than
 * yielding a half-read lexicon.
 */

export interface XmlElement {
  /** The element name as written (these files use no namespace prefixes on elements). */
  name: string;
  /** Attributes as written (`xml:lang` keeps its prefix), values decoded. */
  attrs: Record<string, string>;
  children: XmlNode[];
}

/** A text node (entities decoded) or an element. */
export type XmlNode = string | XmlElement;

// One token at a time, sticky: comment | processing instruction | CDATA | DOCTYPE (with an
// internal subset) | end tag | start or empty tag | text.
const TOKEN =
  /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>|<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>|<\/([^\s>]+)\s*>|<([^\s/>!?]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|[^<]+/y;
const ATTR = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const ENTITY = /&(?:#(\d+)|#x([0-9a-fA-F]+)|(amp|lt|gt|quot|apos));/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the five XML entities and character references. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(
    ENTITY,
    (_m, dec: string | undefined, hex: string | undefined, named: string | undefined) =>
      named ? NAMED[named]! : String.fromCodePoint(dec ? Number(dec) : parseInt(hex!, 16)),
  );
}

/** Parses a whole document and returns its root element. */
export function parseXml(source: string): XmlElement {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source; // BrownDriverBriggs.xml starts with a BOM
  const top: XmlElement = { name: '#document', attrs: {}, children: [] };
  const stack: XmlElement[] = [top];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(text);
    if (!m)
      throw new Error(
        `XML: cannot read at offset ${at}: ${JSON.stringify(text.slice(at, at + 40))}`,
      );
    const parent = stack[stack.length - 1]!;
    const [token, cdata, endName, startName, attrText, selfClosing] = m;
    if (cdata !== undefined) parent.children.push(cdata);
    else if (endName !== undefined) {
      if (parent.name !== endName)
        throw new Error(`XML: </${endName}> at offset ${at} closes <${parent.name}>`);
      stack.pop();
    } else if (startName !== undefined) {
      const attrs: Record<string, string> = {};
      for (const a of (attrText ?? '').matchAll(ATTR))
        attrs[a[1]!] = decodeEntities(a[2] ?? a[3] ?? '');
      const el: XmlElement = { name: startName, attrs, children: [] };
      parent.children.push(el);
      if (!selfClosing) stack.push(el);
    } else if (token[0] !== '<') {
      if (token.includes('<')) throw new Error(`XML: stray < at offset ${at}`);
      parent.children.push(decodeEntities(token));
    }
  }
  if (stack.length !== 1)
    throw new Error(`XML: <${stack[stack.length - 1]!.name}> is never closed`);
  const root = top.children.find((c): c is XmlElement => typeof c !== 'string');
  if (!root) throw new Error('XML: no root element');
  return root;
}

/** The child elements of an element, optionally only those with one name. */
export function childElements(el: XmlElement, name?: string): XmlElement[] {
  return el.children.filter(
    (c): c is XmlElement => typeof c !== 'string' && (name === undefined || c.name === name),
  );
}

/** The first child element with a name. */
export function firstChild(el: XmlElement, name: string): XmlElement | undefined {
  return el.children.find((c): c is XmlElement => typeof c !== 'string' && c.name === name);
}

/** Every element with a name below an element, in document order (not below a match). */
export function* descendants(el: XmlElement, name: string): Generator<XmlElement> {
  for (const c of el.children) {
    if (typeof c === 'string') continue;
    if (c.name === name) yield c;
    else yield* descendants(c, name);
  }
}

/** The text of a node and everything below it. */
export function textContent(node: XmlNode): string {
  return typeof node === 'string' ? node : node.children.map(textContent).join('');
}

/** Whitespace runs (newlines and indentation of the source) to one space, ends trimmed. */
export const squeeze = (text: string): string => text.replace(/\s+/g, ' ').trim();
