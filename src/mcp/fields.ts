import * as s from './schema';
import versionsData from '../../data/versions.json';
import { LIMITS } from '../annotations/personal/input';
import { MAX_REFERENCE_LENGTH } from '../search/references';
import { ASKED_VERSION_ID } from '../snapshot/ids';

/** The arguments several tools share, described once. */

/** What a tool's description says of a version: its code and its language's English name. */
export interface VersionChoice {
  id: string;
  langNameEng: string;
}

/**
 * The versions' codes grouped by language in the service's order, for a description:
 * `KJV, ASV (English), RV1909 (Spanish)`; a language named without its qualifier ("Hebrew
 * (Biblical)" is Hebrew).
 */
export function versionChoices(versions: VersionChoice[]): string {
  const groups: { lang: string; ids: string[] }[] = [];
  for (const v of versions) {
    const lang = v.langNameEng.replace(/\s*\(.*\)$/, '');
    const last = groups.at(-1);
    if (last?.lang === lang) last.ids.push(v.id);
    else groups.push({ lang, ids: [v.id] });
  }
  return groups.map((g) => `${g.ids.join(', ')} (${g.lang})`).join(', ');
}

/**
 * The versions a full build serves (data/versions.json, which the catalogue is built from): the
 * descriptions are listed before any snapshot is read, so they name these.
 */
const BUILT_VERSIONS: (VersionChoice & { words?: string })[] = versionsData.versions;
/** The built versions' codes: `KJV, ASV, WEB, …`. */
export const VERSION_CODES = BUILT_VERSIONS.map((v) => v.id).join(', ');
/**
 * The built versions whose words carry Strong's numbers and parsing (`words` in
 * data/versions.json): the data decides which are tagged, the descriptions name them from it.
 */
export const TAGGED_VERSION_CODES = BUILT_VERSIONS.filter((v) => v.words).map((v) => v.id);

/** The version a tool reads when none is given: the service's first, the one every book has. */
export const DEFAULT_VERSION = 'KJV';

export const reference = s
  .string()
  .min(1)
  .max(MAX_REFERENCE_LENGTH)
  .describe(
    'A Bible reference as a reader writes it, in English or Spanish: "John 3:16", "John 3:16-18", "Psalm 23", "1 Cor 13:4-7", "Juan 3:16", "Salmos 23"',
  );

export const version = s
  .string()
  .regex(ASKED_VERSION_ID, 'a version code such as KJV')
  .optional()
  .describe(`Version code (default ${DEFAULT_VERSION}): ${versionChoices(BUILT_VERSIONS)}`);

export const page = s
  .number()
  .int()
  .min(1)
  .max(1000)
  .optional()
  .describe('Page of results, from 1 (default 1)');

export const references = s
  .array(reference)
  .min(1)
  .max(LIMITS.references)
  .describe(
    `The verses, as references ("John 3:16", "Romans 8:28-39", "Psalm 23"), at most ${LIMITS.references}; each range stays within one book`,
  );
