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

/**
 * Characters of words and stems the Spanish stemmer remembers at most (~2 MiB at two bytes each,
 * with the map's own): a query and the verses it highlights repeat their words. Its own bound,
 * beside the isolate's one budget (src/cache/isolate.ts), since this module sits below it.
 */
const STEM_MEMO_CHARACTERS = 512 * 1024;

function spanish(): Stemmer {
  const memo = new Map<string, string>();
  let characters = 0;
  return (word) => {
    if (/\d/.test(word)) return word;
    let s = memo.get(word);
    if (s === undefined) {
      s = fold(spanishStem(word));
      characters += word.length + s.length;
      if (characters > STEM_MEMO_CHARACTERS) {
        memo.clear();
        characters = word.length + s.length;
      }
      memo.set(word, s);
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
