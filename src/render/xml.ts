import { CData, type DocNode, type Field, type ResponseDocument } from './document';

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

// Characters XML 1.0 cannot carry at all (C0 controls except tab, LF, CR; U+FFFE/U+FFFF and lone
// surrogates). Stored data can hold them (notes are user text); they are dropped on output so the
// document stays well-formed (docs/contract.md: "Emit well-formed XML always").
const INVALID_XML_CHARS =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function clean(text: string): string {
  return text.replace(INVALID_XML_CHARS, '');
}

// XML 1.0 §2.11: a parser turns every literal CR (and CR LF) into LF, so a CR that must read back
// as CR (a note written on Windows, a tag name) is written as the reference `&#13;`.
const CR = /\r/g;

/**
 * Any character that escaping, cleaning or a CDATA section would change (a superset: every
 * surrogate, paired or not). Most text has none, and one test is far cheaper than the passes
 * below: the XML of a read is mostly such text.
 */
const SPECIAL = /[&<>\]\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

export function escapeText(text: string): string {
  if (!SPECIAL.test(text)) return text;
  return clean(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(CR, '&#13;');
}

// §3.3.3: attribute values also have tab and LF normalized to spaces.
function escapeAttribute(text: string): string {
  if (!SPECIAL.test(text) && !/["\t\n]/.test(text)) return text;
  return escapeText(text).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;');
}

/**
 * A CDATA section. A `]]>` inside the value is split across two sections, and a CR ends the
 * section for a `&#13;` (a literal CR inside CDATA would read back as LF), so every value survives.
 */
export function cdataSection(text: string): string {
  if (!SPECIAL.test(text)) return `<![CDATA[${text}]]>`;
  return `<![CDATA[${clean(text).split(']]>').join(']]]]><![CDATA[>').replace(CR, ']]>&#13;<![CDATA[')}]]>`;
}

function element(name: string, value: Field, out: string[]): void {
  if (value === undefined) return;
  if (Array.isArray(value)) {
    for (const item of value) element(name, item as Field, out);
    return;
  }
  if (value === null) {
    out.push(`<${name}/>`);
  } else if (typeof value === 'string') {
    out.push(`<${name}>${escapeText(value)}</${name}>`);
  } else if (typeof value === 'number') {
    out.push(`<${name}>${value}</${name}>`);
  } else if (value instanceof CData) {
    out.push(`<${name}>${cdataSection(value.value)}</${name}>`);
  } else {
    const id = value.id;
    out.push(
      id === undefined || id === null || typeof id === 'object'
        ? `<${name}>`
        : `<${name} id="${escapeAttribute(String(id))}">`,
    );
    children(value, out);
    out.push(`</${name}>`);
  }
}

/** One element as XML text (e.g. the `meta` element alone: src/render/meta-fragment.ts). */
export function elementXml(name: string, value: Field): string {
  const out: string[] = [];
  element(name, value, out);
  return out.join('');
}

function children(node: DocNode, out: string[]): void {
  for (const key in node) element(key, node[key], out);
}

/** Serialises a response document as an XML document. */
export function renderXml(doc: ResponseDocument): string {
  const out: string[] = [XML_DECLARATION];
  children(doc as DocNode, out);
  return out.join('');
}
