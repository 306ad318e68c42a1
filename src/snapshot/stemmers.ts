import { stemmer as spanishStem } from '@orama/stemmers/spanish';
import { fold, stem as englishStem } from './search-text';

/**
 * Stemmers per language (ISO 639-3, a version's `lang`), shared by the index build and the
 * worker's queries and highlights so that both always stem alike.
 *
 * - `eng`: the light English stemmer of search-text.ts (inflections and the KJV's -eth/-est).
 * - `spa`: Snowball's Spanish algorithm (npm `@orama/stemmers`, Apache-2.0, which exports each
 *   language apart: 12 KB, where `snowball-stemmers` carried every language's tables in 847 KB of
 *   the Worker's bundle; both give the same stem for each of the RV1909's 28,307 word forms),
 *   applied to the folded word. Folding first (accents off, lower case) is what makes search
 *   accent-insensitive by construction: `amo`, `amó` and `AMÓ` are one word before the stemmer
 *   sees them. The price is that a few inflections stemmed differently with and without the
 *   accent (`comió` → `com`, `comio` → `comi`) no longer meet; docs/search.md says so.
 * - any other language: no stemming (exact folded forms), until a stemmer is added here.
 *
 * `stemmerFor` is async so that a language's stemmer can be loaded on first use.
 */

export type Stemmer = (foldedWord: string) => string;

export const ENGLISH = 'eng';
export const SPANISH = 'spa';

const loaded = new Map<string, Promise<Stemmer>>();

function spanish(): Stemmer {
  const cache = new Map<string, string>();
  return (word) => {
    if (/\d/.test(word)) return word;
    let s = cache.get(word);
    if (s === undefined) {
      s = fold(spanishStem(word));
      if (cache.size > 50_000) cache.clear();
      cache.set(word, s);
    }
    return s;
  };
}

const identity: Stemmer = (w) => w;

/** The stemmer of a language (cached per isolate). */
export function stemmerFor(lang: string): Promise<Stemmer> {
  let p = loaded.get(lang);
  if (!p) {
    p = Promise.resolve(lang === ENGLISH ? englishStem : lang === SPANISH ? spanish() : identity);
    loaded.set(lang, p);
  }
  return p;
}
