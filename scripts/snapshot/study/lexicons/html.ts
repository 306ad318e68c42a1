/**
 * The safe HTML subset of the fuller lexicon entries: `p`, `b`, `i`, `ol`, `li`,
 * `span lang="he|arc|grc"` and `a href` to a Strong's entry, a verse or a chapter of the KJV;
 * nothing else. The readers build a tree of these nodes only (the types admit nothing else and
 * `link` refuses any other href), and this module writes it: every text node escaped, no
 * attribute but `lang` and `href`, no link inside a link (its words stay, unlinked).
 *
 * A value has a size cap: an entry longer than that is cut at an element boundary (every open
 * element closed, no text node split) and ends with `<p><i>…</i></p>`.
 */

export type SpanLang = 'he' | 'arc' | 'grc';

export type HtmlElement =
  | { tag: 'p' | 'b' | 'i' | 'ol' | 'li'; children: Html[] }
  | { tag: 'span'; lang: SpanLang; children: Html[] }
  | { tag: 'a'; href: string; children: Html[] };

/** A text node (unescaped) or an element of the subset. */
export type Html = string | HtmlElement;

/**
 * The hrefs the subset admits: a Strong's entry, a KJV verse, a KJV chapter; and for the reference
 * library (scripts/snapshot/library) a range of KJV verses
 * (`/chapters/KJV:Matt.19/verses?start=4&end=6`, `&end_chapter=N` over chapters), the
 * commentaries on a KJV verse and a topic of Nave's.
 */
export const ALLOWED_HREF =
  /^\/(?:strongs\/[HG][1-9]\d*[a-z]?|verses\/KJV:[1-4]?[A-Za-z]+\.[1-9]\d*\.[1-9]\d*(?:\/commentaries)?|chapters\/KJV:[1-4]?[A-Za-z]+\.[1-9]\d*(?:\/verses\?start=[1-9]\d*&end=[1-9]\d*(?:&end_chapter=[1-9]\d*)?)?|topics\/[a-z0-9]+(?:-[a-z0-9]+)*)$/;

/** Ends a value cut at the cap. */
export const TRUNCATION_MARK = '<p><i>…</i></p>';

/** Default cap of one entry's HTML, in UTF-8 bytes. */
export const FULLER_HTML_MAX_BYTES = 24 * 1024;

export const el = (tag: 'p' | 'b' | 'i' | 'ol' | 'li', children: Html[]): Html => ({
  tag,
  children,
});
export const span = (lang: SpanLang, children: Html[]): Html => ({ tag: 'span', lang, children });

/** A link; the href must be one the subset admits (a reader bug otherwise, so it throws). */
export function link(href: string, children: Html[]): Html {
  if (!ALLOWED_HREF.test(href)) throw new Error(`html: href not in the subset: ${href}`);
  return { tag: 'a', href, children };
}

export const escapeText = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (text: string): string => escapeText(text).replace(/"/g, '&quot;');

function openTag(node: HtmlElement): string {
  if (node.tag === 'span') return `<span lang="${escapeAttr(node.lang)}">`;
  if (node.tag === 'a') return `<a href="${escapeAttr(node.href)}">`;
  return `<${node.tag}>`;
}

function serialize(node: Html, inLink: boolean): string {
  if (typeof node === 'string') return escapeText(node);
  const nested = node.tag === 'a' && inLink; // an <a> inside an <a> is not HTML: keep its words only
  const inner = node.children.map((c) => serialize(c, inLink || node.tag === 'a')).join('');
  return nested ? inner : `${openTag(node)}${inner}</${node.tag}>`;
}

const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');

/**
 * As much of a node as fits in `budget` bytes: all of it, or (an element) its start tag, the
 * children that fit whole, the part of the first one that does not (recursively), and its end
 * tag; null when not even that fits. `complete` says whether anything was left out.
 */
function fit(
  node: Html,
  budget: number,
  inLink: boolean,
): { html: string; complete: boolean } | null {
  const whole = serialize(node, inLink);
  if (bytes(whole) <= budget) return { html: whole, complete: true };
  if (typeof node === 'string') return null;
  const nested = node.tag === 'a' && inLink;
  const open = nested ? '' : openTag(node);
  const close = nested ? '' : `</${node.tag}>`;
  let left = budget - bytes(open) - bytes(close);
  let inner = '';
  for (const child of node.children) {
    if (left <= 0) break;
    const part = fit(child, left, inLink || node.tag === 'a');
    if (!part) break;
    inner += part.html;
    left -= bytes(part.html);
    if (!part.complete) break;
  }
  return inner ? { html: open + inner + close, complete: false } : null;
}

/**
 * Writes a sequence of block nodes (`p`, `ol`) as HTML of at most `maxBytes` bytes (UTF-8);
 * `truncated` says whether it was cut.
 */
export function renderHtml(
  blocks: Html[],
  maxBytes = FULLER_HTML_MAX_BYTES,
): { html: string; truncated: boolean } {
  const whole = blocks.map((b) => serialize(b, false)).join('');
  if (bytes(whole) <= maxBytes) return { html: whole, truncated: false };
  let left = maxBytes - bytes(TRUNCATION_MARK);
  let html = '';
  for (const block of blocks) {
    const part = fit(block, left, false);
    if (!part) break;
    html += part.html;
    left -= bytes(part.html);
    if (!part.complete) break;
  }
  return { html: html + TRUNCATION_MARK, truncated: true };
}

const isBlock = (n: Html | undefined): boolean =>
  n !== undefined && typeof n !== 'string' && (n.tag === 'p' || n.tag === 'ol' || n.tag === 'li');

/**
 * Tidies a tree the readers built from indented XML: whitespace runs become one space, adjacent
 * text nodes merge, elements left without words are dropped, and each block's text loses the
 * spaces at its start and end. Returns new nodes.
 */
export function tidy(nodes: Html[]): Html[] {
  const out: Html[] = [];
  // Adjacent text nodes are gathered and their space collapsed once, when a kept element (or the
  // end) closes the run: collapsing after each join cost a scan of the whole run per node. No
  // closures here: the build runs under tsx, which names each function it creates (esbuild's
  // keepNames), a cost per call of this recursive function.
  let text = '';
  for (const n of nodes) {
    if (typeof n === 'string') {
      text += n;
      continue;
    }
    const kept = { ...n, children: tidy(n.children) } as HtmlElement;
    if (isBlock(kept)) trimEdges(kept.children);
    if (!hasWords(kept)) continue;
    if (text) out.push(text.replace(/\s+/g, ' '));
    text = '';
    out.push(kept);
  }
  if (text) out.push(text.replace(/\s+/g, ' '));
  // Space next to a block is nothing in HTML: drop it.
  const tidied: Html[] = [];
  for (let i = 0; i < out.length; i++) {
    const n = out[i]!;
    if (typeof n === 'string' && n.trim() === '' && (isBlock(out[i - 1]) || isBlock(out[i + 1])))
      continue;
    tidied.push(n);
  }
  return tidied;
}

function hasWords(node: Html): boolean {
  return typeof node === 'string' ? node.trim() !== '' : node.children.some(hasWords);
}

/** Trims the space at the start of a block's first words and at the end of its last, in place. */
function trimEdges(nodes: Html[]): void {
  trimEdge(nodes, 'start');
  trimEdge(nodes, 'end');
}

function trimEdge(nodes: Html[], side: 'start' | 'end'): void {
  while (nodes.length) {
    const i = side === 'start' ? 0 : nodes.length - 1;
    const n = nodes[i]!;
    if (typeof n !== 'string') {
      if (!isBlock(n)) trimEdge(n.children, side);
      return;
    }
    const trimmed = side === 'start' ? n.trimStart() : n.trimEnd();
    if (trimmed) {
      nodes[i] = trimmed;
      return;
    }
    nodes.splice(i, 1);
  }
}
