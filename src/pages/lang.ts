/**
 * `<html lang>` wants a BCP 47 tag, which uses the shortest ISO 639 code (RFC 5646 §2.2.1): `en`,
 * not `eng`. Versions carry ISO 639-3 codes (data/versions.json), so the two-letter twin of each
 * language we serve is listed here; any other code is valid BCP 47 as it is.
 */
const TWO_LETTER: Record<string, string> = {
  eng: 'en',
  spa: 'es',
  fra: 'fr',
  deu: 'de',
  por: 'pt',
  ita: 'it',
  nld: 'nl',
  lat: 'la',
  grc: 'grc',
  heb: 'he',
};

export function htmlLang(iso6393: string | undefined): string {
  if (!iso6393) return 'en';
  const code = iso6393.toLowerCase();
  return TWO_LETTER[code] ?? code;
}

/** Languages written right to left among those served (the Hebrew Bible). */
const RIGHT_TO_LEFT = new Set(['hbo', 'heb', 'he', 'arc']);

/**
 * Scripts written right to left (ISO 15924), for a language not listed above: its likely script
 * comes from the platform's Unicode data (CLDR likely subtags, `Intl.Locale#maximize`: `ara` →
 * `ar-Arab-EG`). The script, not the language's own direction data, decides: ICU gives `hbo`
 * (Ancient Hebrew, written in `Hebr`) as left to right.
 */
const RIGHT_TO_LEFT_SCRIPTS = new Set([
  'Arab',
  'Hebr',
  'Syrc',
  'Thaa',
  'Nkoo',
  'Adlm',
  'Samr',
  'Mand',
  'Rohg',
  'Yezi',
  'Mend',
  'Nbat',
  'Palm',
  'Phnx',
]);
const directions = new Map<string, 'rtl' | undefined>();

function scriptDirection(code: string): 'rtl' | undefined {
  if (directions.has(code)) return directions.get(code);
  let dir: 'rtl' | undefined;
  try {
    const script = new Intl.Locale(code).maximize().script;
    dir = script && RIGHT_TO_LEFT_SCRIPTS.has(script) ? 'rtl' : undefined;
  } catch {
    dir = undefined; // not a language tag: the page's own direction
  }
  directions.set(code, dir);
  return dir;
}

/** `rtl` for scripture in a right-to-left language, else nothing (the page's own direction). */
export function textDirection(iso6393: string | undefined): 'rtl' | undefined {
  if (!iso6393) return undefined;
  const code = iso6393.toLowerCase();
  return RIGHT_TO_LEFT.has(code) ? 'rtl' : scriptDirection(code);
}
