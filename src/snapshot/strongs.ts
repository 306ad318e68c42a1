/**
 * Strong's numbers as the service writes them: `H` (Hebrew and Aramaic) or `G` (Greek)
 * and the number without zero padding, an optional letter suffix kept lower case (`H1961`,
 * `G25`). Requests may write them padded or in lower case (`G0025`, `g25`, `h157`); the sources
 * write them padded too (`H07225`), so the build and the worker normalize with this one function.
 */

/** `H157`, `G0025`, `g25` → `H157`, `G25`; anything else → null. */
export function normalizeStrongs(text: string): string | null {
  const m = /^([HGhg])0*([1-9]\d{0,4})([a-zA-Z]?)$/.exec(text.trim());
  return m ? `${m[1].toUpperCase()}${m[2]}${m[3].toLowerCase()}` : null;
}

/** The language of a number's lexicon: Hebrew (and Aramaic) or Greek (ISO 639-3). */
export function strongsLanguage(number: string): 'hbo' | 'grc' {
  return number.startsWith('H') ? 'hbo' : 'grc';
}

/** The path of a number's lexicon entry (resource and page). */
export const strongsPath = (number: string) => `/strongs/${number}`;
