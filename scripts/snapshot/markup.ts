/**
 * Verse HTML in the original service's v1 markup (see /work/shared/reference/docs/contract.md):
 *
 *   <span class="title">A Psalm of David…</span>                  (Psalm title, before verse 1)
 *   <span class="para"><span class="v43_3_16"><sup class="v43_3_16">16</sup>For God…</span></span>
 *
 * `43` is the book's `number` in data/canon.json, then chapter, then verse. Supplied words are
 * `<span class="add">`, words of Jesus `<span class="wj">`. Text is HTML-escaped (&, <, >).
 */
import type { TextToken, VerseIR } from './ir';

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Render tokens: runs of words of Jesus share one wj span; supplied words nest inside it. */
export function renderTokens(tokens: TextToken[]): string {
  let html = '';
  let inWj = false;
  for (const t of tokens) {
    if (!!t.wj !== inWj) {
      html += inWj ? '</span>' : '<span class="wj">';
      inWj = !!t.wj;
    }
    const text = escapeHtml(t.text);
    html += t.add ? `<span class="add">${text}</span>` : text;
  }
  if (inWj) html += '</span>';
  return html;
}

/** The position class of a verse, e.g. `v43_3_16`. */
export function verseClass(bookNumber: number, chapter: number, verse: number): string {
  return `v${bookNumber}_${chapter}_${verse}`;
}

export function renderVerse(bookNumber: number, chapter: number, v: VerseIR): string {
  const cls = verseClass(bookNumber, chapter, v.verse);
  const num =
    v.lastverse && v.lastverse !== v.verse ? `${v.verse}-${v.lastverse}` : String(v.verse);
  let html = `<span class="${cls}"><sup class="${cls}">${num}</sup>${renderTokens(v.tokens)}</span>`;
  if (v.para) html = `<span class="para">${html}</span>`;
  if (v.title?.length) html = `<span class="title">${renderTokens(v.title)}</span>${html}`;
  return html;
}

/**
 * A verse's section headings as HTML, each `<h3 class="heading">` (escaped here like the verse
 * text; `lang` where their language is not the version's): what the API puts before the verse's
 * text with `include_headings=true`, and the pages between paragraphs. A passage printed among
 * them without a verse number (VerseIR `unnumbered`) is a `<p class="unnumbered">` in its place.
 */
export function renderHeadings(
  headings: string[],
  lang?: string,
  unnumbered?: VerseIR['unnumbered'],
): string {
  const attr = lang ? ` lang="${escapeHtml(lang)}"` : '';
  const html = headings.map((h) => `<h3 class="heading"${attr}>${escapeHtml(h)}</h3>`);
  if (unnumbered)
    html.splice(unnumbered.at, 0, `<p class="unnumbered">${renderTokens(unnumbered.tokens)}</p>`);
  return html.join('');
}
