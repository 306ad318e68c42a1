import { fold } from '../snapshot/search-text';
import type { SearchVocabValue } from '../snapshot/types';

/**
 * Spelling suggestions (docs/search.md: `spelling=yes` and nothing matched): words of the
 * index within a small edit distance of a query word, most frequent first. Only words with the
 * same first letter are considered (one vocabulary read per word; docs/kv-layout.md).
 */

/** Optimal string alignment distance, stopping early above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push(new Array<number>(b.length + 1).fill(0));
    rows[i][0] = i;
  }
  for (let j = 0; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, rows[i - 2][j - 2] + 1);
      rows[i][j] = v;
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length][b.length];
}

/**
 * Up to `count` words of the vocabulary close to `word`, best first. Distances are between folded
 * words (accents are not spelling mistakes: `corazn` is one edit from `corazón`); the suggestion is
 * the vocabulary's form, accents and all, as the text prints it.
 */
export function similarWords(word: string, vocab: SearchVocabValue, count = 5): string[] {
  const folded = fold(word);
  const max = folded.length <= 4 ? 1 : 2;
  const found: { form: string; d: number; f: number }[] = [];
  vocab.forms.forEach((form, i) => {
    if (form === word) return;
    const d = editDistance(folded, fold(form), max);
    if (d <= max) found.push({ form, d, f: vocab.freqs[i] });
  });
  found.sort((x, y) => x.d - y.d || y.f - x.f || (x.form < y.form ? -1 : 1));
  return found.slice(0, count).map((x) => x.form);
}

/**
 * Whole-query suggestions: every unknown word replaced by its k-th candidate (k = 0…), so the
 * first suggestion is the best guess for all of them.
 */
export function suggestQueries(
  forms: string[],
  candidates: Map<string, string[]>,
  count = 5,
): string[] {
  const out: string[] = [];
  for (let k = 0; k < count; k++) {
    let changed = false;
    const q = forms.map((f) => {
      const c = candidates.get(f);
      if (!c?.length) return f;
      changed = true;
      return c[Math.min(k, c.length - 1)];
    });
    const text = q.join(' ');
    if (changed && !out.includes(text)) out.push(text);
  }
  return out;
}
