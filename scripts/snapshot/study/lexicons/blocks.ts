/**
 * The block layout both fuller lexicons share: an entry is running text with numbered senses
 * (`<sense n="1">`, `<sense n="a">`, nested), and BDB also groups senses under an unnumbered
 * sense per verb stem (`<sense><stem>Qal</stem> … <sense n="1">…`). Running text becomes `<p>`,
 * a run of numbered senses an `<ol>` whose items start with the source's own label in bold
 * (`1.`, `a.`, `II.`, `(a)`: the source's numbering is the one its cross references use, so it
 * is kept; a page that shows it may turn the list's own markers off). An unnumbered sense, and
 * an element the source sets apart (Abbott-Smith's forms, etymology, synonyms), is laid out in
 * place: its text a paragraph of its own, its numbered senses a list.
 */
import { el, type Html } from './html';
import type { XmlElement, XmlNode } from './xml';

export interface BlockRules {
  /** Renders one node of running text (a text node or an inline element). */
  inline(node: XmlNode): Html[];
  /** Elements that are not the lexicon's text (status marks, page breaks, editors' notes). */
  skip: ReadonlySet<string>;
  /** Elements set apart as paragraphs of their own. */
  apart: ReadonlySet<string>;
}

/** `1` → `1.`; `1.`, `(a)` as they are. */
const label = (n: string): string => (/[.)]$/.test(n) ? n : `${n}.`);

/**
 * Lays out an element's children: at the top, paragraphs and lists; inside a list item
 * (`inItem`), running text stays bare beside the nested lists.
 */
export function layoutBlocks(children: XmlNode[], rules: BlockRules, inItem = false): Html[] {
  const out: Html[] = [];
  let text: Html[] = [];
  let items: Html[] = [];
  const flushText = () => {
    if (text.length) out.push(...(inItem ? text : [el('p', text)]));
    text = [];
  };
  const flushItems = () => {
    if (items.length) out.push(el('ol', items));
    items = [];
  };
  for (const child of children) {
    if (typeof child !== 'string' && rules.skip.has(child.name)) continue;
    if (typeof child !== 'string' && child.name === 'sense' && child.attrs.n?.trim()) {
      flushText();
      items.push(
        el('li', [
          el('b', [label(child.attrs.n.trim())]),
          ' ',
          ...layoutBlocks(child.children, rules, true),
        ]),
      );
    } else if (
      typeof child !== 'string' &&
      (child.name === 'sense' || rules.apart.has(child.name))
    ) {
      flushText();
      flushItems();
      out.push(...layoutBlocks((child as XmlElement).children, rules, inItem));
    } else {
      // Space between two senses is layout, not text: it must not open a paragraph between them.
      if (typeof child === 'string' && items.length && !child.trim()) continue;
      flushItems();
      text.push(...rules.inline(child));
    }
  }
  flushText();
  flushItems();
  return out;
}
