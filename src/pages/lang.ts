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

/** `rtl` for scripture in a right-to-left language, else nothing (the page's own direction). */
export function textDirection(iso6393: string | undefined): 'rtl' | undefined {
  return iso6393 && RIGHT_TO_LEFT.has(iso6393.toLowerCase()) ? 'rtl' : undefined;
}
