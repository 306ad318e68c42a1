import { existsSync, readFileSync } from 'node:fs';

/**
 * Debian's iso-codes package: every ISO 639-3 language with its ISO 639-1 code where it has one.
 * Sources often name their language with the two-letter code (OSIS `xml:lang="en"`, BCP 47 tags
 * such as `es-ES`), while a version's language here is ISO 639-3 (data/versions.json).
 */
const ISO_639_3 = '/usr/share/iso-codes/json/iso_639-3.json';

let twoToThree: Map<string, string> | null | undefined;

function twoLetterTable(): Map<string, string> | null {
  if (twoToThree !== undefined) return twoToThree;
  twoToThree = null;
  if (existsSync(ISO_639_3)) {
    const table = JSON.parse(readFileSync(ISO_639_3, 'utf8')) as {
      '639-3': { alpha_3: string; alpha_2?: string }[];
    };
    twoToThree = new Map(
      table['639-3'].flatMap((l) => (l.alpha_2 ? [[l.alpha_2, l.alpha_3] as const] : [])),
    );
  }
  return twoToThree;
}

/**
 * The ISO 639-3 code of a language tag as sources write it (`eng`, `en`, `en-US`, `es_ES`), or
 * undefined when it cannot be told: a two-letter code without the iso-codes table (then
 * `version:add` asks for `--language`, as for a source that names none).
 */
export function iso639_3(tag: string | undefined): string | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  if (!primary) return undefined;
  if (/^[a-z]{3}$/.test(primary)) return primary;
  if (/^[a-z]{2}$/.test(primary)) return twoLetterTable()?.get(primary);
  return undefined;
}
