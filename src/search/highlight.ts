import { htmlText, words, type HtmlText, type Word } from '../snapshot/search-text';
import type { Stemmer } from '../snapshot/stemmers';

/**
 * Wraps the matched words of verse HTML in `<em>` (docs/search.md: matched words are
 * wrapped in `<em>` inside `text`). Words are found exactly as the index found them (shared
 * tokenizer), so a word split by markup (`<span class="add">`) is still one word; where a word
 * crosses a tag, each piece gets its own `<em>` so the HTML stays well formed. `stemmer` is the
 * verse's language's (src/snapshot/stemmers.ts), the one its stems in the index were made with.
 */
export function highlight(html: string, stems: ReadonlySet<string>, stemmer: Stemmer): string {
  if (!stems.size) return html;
  return emphasize(
    html,
    (w) => stems.has(stemmer(w.term)) || w.parts.some((p) => stems.has(stemmer(p))),
  );
}

/** Verse HTML read as the index reads it: its text, and the words of that text. */
export interface TokenizedHtml {
  text: HtmlText;
  words: Word[];
}

export function tokenize(html: string): TokenizedHtml {
  const text = htmlText(html);
  return { text, words: words(text.text) };
}

/**
 * Wraps in `<em>` the words of verse HTML (found by the shared tokenizer, in order) for which
 * `hit(word, index)` is true: keyword matches, or the words a concordance marks (src/study).
 * `read`: the HTML tokenized already (the concordance reads it to align the tagged words).
 */
export function emphasize(
  html: string,
  hit: (w: Word, index: number, all: Word[]) => boolean,
  read: TokenizedHtml = tokenize(html),
): string {
  const { htmlStart, htmlEnd } = read.text;
  const open = new Map<number, number>();
  const close = new Map<number, number>();
  const found = read.words;
  for (let k = 0; k < found.length; k++) {
    const w = found[k];
    if (!hit(w, k, found)) continue;
    let from = w.start;
    for (let i = w.start; i < w.end; i++) {
      const last = i === w.end - 1 || htmlEnd[i] !== htmlStart[i + 1];
      if (!last) continue;
      open.set(htmlStart[from], (open.get(htmlStart[from]) ?? 0) + 1);
      close.set(htmlEnd[i], (close.get(htmlEnd[i]) ?? 0) + 1);
      from = i + 1;
    }
  }
  if (!open.size) return html;
  // The HTML between the places a tag goes, copied whole (a page of 100 verses is 20,000
  // characters: docs/speed.md "The heaviest requests"); at a place, closings before openings.
  const at = [...new Set([...close.keys(), ...open.keys()])].sort((a, b) => a - b);
  let out = '';
  let copied = 0;
  for (const i of at) {
    out += html.slice(copied, i);
    copied = i;
    const c = close.get(i);
    if (c) out += '</em>'.repeat(c);
    const o = open.get(i);
    if (o) out += '<em>'.repeat(o);
  }
  return out + html.slice(copied);
}
