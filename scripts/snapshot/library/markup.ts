/**
 * A SWORD entry's markup (OSIS of the commentaries, TEI of Nave's) → blocks of the build's safe
 * HTML subset (../study/lexicons/html.ts: `p b i ol li span[lang] a[href]`, every text escaped).
 *
 * The entries are fragments cut out of one document at verse boundaries: paragraphs are
 * milestones (`<div sID type="x-p"/>` … `<div eID/>`), and an element may open in one entry and
 * close in the next (Scofield Genesis 4:1 opens an `<item>` that 4:2 closes). So the markup is
 * read as a stream of tags, not as a tree: a block boundary (a `div` milestone, `title`, `item`,
 * `row`, `lb`, `l`, `list`, `chapter`) ends the paragraph, inline styles (`hi` bold and italic)
 * open across it continue in the next, an end tag with no start is ignored, and what is open at
 * the end is closed. A `title` is a paragraph in bold; a table's cells are separated by a space.
 *
 * References (`<reference osisRef>`, Nave's `<ref osisRef>`) become links when the caller's
 * `link` resolves them, and stay their words otherwise; Nave's links to other topics
 * (`<ref target="Nave:CHILDREN">`) likewise through `topicLink`.
 */
import { decodeEntities } from '../study/lexicons/xml';
import { link, type Html, type HtmlElement } from '../study/lexicons/html';

export interface RefFound {
  /** The attribute as written. */
  osisRef: string;
  /** The reference's words in the entry. */
  text: string;
  /** The text that follows the reference up to the next tag (Nave writes `Jude 1</ref>:9`, `Azariah 2</ref>Ch 15:1`). */
  after: string;
  /** The index in the result of the block the reference is in. */
  block: number;
}

export interface MarkupLinks {
  /** The href of a scripture reference, or null (the words stay, unlinked). */
  link(ref: RefFound): string | null;
  /** The href of a link to another entry (`Nave:CHILDREN`) in block `block`, or null. */
  topicLink?(target: string, text: string, block: number): string | null;
}

export interface Block {
  /** Inline content. */
  children: Html[];
  /** 0 for a line of the entry, 1 for an item of a list (Nave's sub-topics under a line). */
  depth: number;
  /** A title (`<title>`), shown in bold. */
  title?: boolean;
}

const TOKEN =
  /<(\/?)([A-Za-z][\w:-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|<!--[\s\S]*?-->|[^<]+|</y;
const ATTR = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** Elements that end a block wherever they appear (start, end or empty). */
const BLOCK = new Set([
  'div',
  'title',
  'item',
  'row',
  'lb',
  'l',
  'lg',
  'list',
  'chapter',
  'p',
  'entryFree',
  'def',
  'table',
]);
/** Elements whose content is not text of the entry. */
const SKIP = new Set(['note', 'milestone', 'figure', 'index']);

const GREEK = /[\u0370-\u03FF\u1F00-\u1FFF]/;

interface Open {
  tag: 'b' | 'i' | 'a' | 'span' | 'none';
  /** Where the element's children go. */
  children: Html[];
  /** For a reference: what it names, its placeholder node and the array holding it. */
  ref?: { osisRef?: string; target?: string; node: Html; parent: Html[] };
}

function attrsOf(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const a of text.matchAll(ATTR)) out[a[1]!] = decodeEntities(a[2] ?? a[3] ?? '');
  return out;
}

const textOf = (nodes: Html[]): string =>
  nodes.map((n) => (typeof n === 'string' ? n : textOf(n.children))).join('');

/** Reads one entry's markup into blocks (see above). Words outside any paragraph start one. */
export function markupBlocks(markup: string, links: MarkupLinks): Block[] {
  const blocks: Block[] = [];
  let block: Block = { children: [], depth: 0 };
  /** Open inline elements, outermost first; their children arrays belong to the current block. */
  let stack: Open[] = [];
  let listDepth = 0;
  let skipping = 0;
  /** A closed reference waiting for the words after it (`after`), resolved at the next text or tag. */
  let pendingRef: Open | null = null;

  const container = (): Html[] =>
    stack.length ? stack[stack.length - 1]!.children : block.children;

  /** Puts the link (or, unresolved, just its words) where the reference's placeholder is. */
  const settle = (open: Open, after: string) => {
    const ref = open.ref!;
    const text = textOf(open.children);
    let href: string | null = null;
    // The block being read is the next one the result gets (a block with a link has words).
    if (ref.osisRef !== undefined)
      href = links.link({ osisRef: ref.osisRef, text, after, block: blocks.length });
    else if (ref.target !== undefined && links.topicLink)
      href = links.topicLink(ref.target, text, blocks.length);
    const at = ref.parent.indexOf(ref.node);
    if (at < 0) return;
    if (href) ref.parent[at] = link(href, open.children);
    else ref.parent.splice(at, 1, ...open.children);
  };
  const resolvePending = (after: string) => {
    if (!pendingRef) return;
    const open = pendingRef;
    pendingRef = null;
    settle(open, after);
  };

  const endBlock = (next: Partial<Block> = {}) => {
    resolvePending('');
    // A reference still open at a block boundary ends there.
    for (const o of stack) if (o.ref) settle(o, '');
    // Inline styles open across the boundary continue in the next block, as an HTML parser would.
    const reopen = stack.filter((o) => o.tag === 'b' || o.tag === 'i');
    if (block.children.length) blocks.push(block);
    block = {
      children: [],
      depth: next.depth ?? (listDepth > 0 ? 1 : 0),
      ...(next.title ? { title: true } : {}),
    };
    stack = [];
    for (const o of reopen) {
      const el: Open = { tag: o.tag, children: [] };
      container().push({ tag: o.tag, children: el.children } as HtmlElement);
      stack.push(el);
    }
  };

  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < markup.length) {
    const m = TOKEN.exec(markup);
    if (!m) break;
    const [token, closing, name, attrText, empty] = m;
    if (name === undefined) {
      if (token.startsWith('<!--')) continue;
      if (skipping) continue;
      const text = decodeEntities(token === '<' ? '&lt;' : token);
      if (pendingRef) {
        resolvePending(text);
      }
      container().push(text);
      continue;
    }
    const attrs = attrsOf(attrText ?? '');
    if (SKIP.has(name)) {
      if (!empty && !closing) skipping++;
      else if (closing && skipping) skipping--;
      continue;
    }
    if (skipping) continue;
    if (BLOCK.has(name)) {
      if (name === 'list') listDepth = Math.max(0, listDepth + (closing ? -1 : empty ? 0 : 1));
      if (name === 'title') endBlock({ title: !closing && !empty });
      else endBlock();
      continue;
    }
    if (name === 'cell' && closing) {
      resolvePending('');
      container().push(' ');
      continue;
    }
    if (empty) continue;
    if (closing) {
      // Close the innermost open element of that kind, and what is open inside it; none: ignored.
      const kind =
        name === 'hi'
          ? ['b', 'i', 'none']
          : name === 'reference' || name === 'ref'
            ? ['a']
            : name === 'w'
              ? ['span', 'none']
              : null;
      if (!kind) continue;
      let at = stack.length - 1;
      while (at >= 0 && !kind.includes(stack[at]!.tag)) at--;
      if (at < 0) continue;
      const closed = stack.splice(at);
      for (const o of closed.slice(1)) if (o.ref) settle(o, '');
      if (closed[0]!.ref) {
        // Resolved when the words after it are known (the next text or tag).
        resolvePending('');
        pendingRef = closed[0]!;
      }
      continue;
    }
    resolvePending('');
    if (name === 'hi') {
      const tag = attrs.type === 'bold' ? 'b' : attrs.type === 'italic' ? 'i' : 'none';
      const el: Open = { tag, children: [] };
      // An unstyled `hi` (e.g. `super`) keeps its words only: its children go to the container.
      if (tag === 'none') el.children = container();
      else container().push({ tag, children: el.children } as HtmlElement);
      stack.push(el);
    } else if (name === 'reference' || name === 'ref') {
      const node: Html = { tag: 'i', children: [] };
      const parent = container();
      parent.push(node);
      stack.push({
        tag: 'a',
        children: [],
        ref: { osisRef: attrs.osisRef, target: attrs.target, node, parent },
      });
    } else if (name === 'w') {
      // A Greek or Hebrew word of the notes (`<w lemma="strong:G622">ἀπόλλυμι</w>`): its language marked.
      const el: Open = { tag: 'span', children: [] };
      const rest = markup.slice(TOKEN.lastIndex, markup.indexOf('<', TOKEN.lastIndex));
      if (GREEK.test(rest))
        container().push({ tag: 'span', lang: 'grc', children: el.children } as HtmlElement);
      else {
        el.tag = 'none';
        el.children = container();
      }
      stack.push(el);
    }
    // Any other element (cell, row content, q, transChange…) keeps its words.
  }
  endBlock();
  return blocks;
}

/** The blocks of a commentary entry as `p` elements; a title's words in bold. */
export function paragraphs(blocks: Block[]): Html[] {
  return blocks.map(
    (b) =>
      ({ tag: 'p', children: b.title ? [{ tag: 'b', children: b.children }] : b.children }) as Html,
  );
}
