import { fold, stem as englishStem } from './search-text';

/**
 * Stemmers per language (ISO 639-3, a version's `lang`), shared by the index build and the
 * worker's queries and highlights so that both always stem alike (issue 11 §1).
 *
 * - `eng`: the light English stemmer of search-text.ts (inflections and the KJV's -eth/-est).
 * - `spa`: Snowball's Spanish algorithm (npm `snowball-stemmers`, generated from the Snowball
 *   sources), applied to the folded word. Folding first (accents off, lower case) is what makes
 *   search accent-insensitive by construction: `amo`, `amó` and `AMÓ` are one word before the
 *   stemmer sees them. The price is that a few inflections stemmed differently with and without
 *   the accent (`comió` → `com`, `comio` → `comi`) no longer meet; docs/search.md says so.
 * - any other language: no stemming (exact folded forms), until a stemmer is added here.
 *
 * The Snowball module carries every language's tables (~870 kB); it is loaded on first use by a
 * dynamic import, so a Worker that never stems Spanish never evaluates it (cold starts of verse
 * reads do not pay for it). `stemmerFor` is async for that reason; the stemmer it returns is sync.
 */

export type Stemmer = (foldedWord: string) => string;

export const ENGLISH = 'eng';
export const SPANISH = 'spa';

const loaded = new Map<string, Promise<Stemmer>>();

async function spanish(): Promise<Stemmer> {
  // A CommonJS module: bundlers and tsx expose its exports as named exports or under `default`.
  const mod = (await import('snowball-stemmers')) as typeof import('snowball-stemmers') & { default?: typeof import('snowball-stemmers') };
  const snowball = (mod.default ?? mod).newStemmer('spanish');
  const cache = new Map<string, string>();
  return (word) => {
    if (/\d/.test(word)) return word;
    let s = cache.get(word);
    if (s === undefined) {
      s = fold(snowball.stem(word));
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
    p = lang === ENGLISH ? Promise.resolve(englishStem) : lang === SPANISH ? spanish() : Promise.resolve(identity);
    loaded.set(lang, p);
  }
  return p;
}
