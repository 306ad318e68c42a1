import { featureCode, VALUES, type FeatureName } from '../../snapshot/grammar-vocabulary';

/** A grammar search's query words read in the vocabulary (src/snapshot/grammar-vocabulary.ts). */

/**
 * The values a query word asks for: itself, and for `form=infinitive` both infinitives as well as
 * the unspecified one of the KJV's Strong's tense numbers.
 */
export const WIDER: Partial<Record<FeatureName, Record<string, readonly string[]>>> = {
  form: { infinitive: ['infinitive', 'infinitive-construct', 'infinitive-absolute'] },
};

/** A query word as the vocabulary writes it: lower case, `-` for spaces and underscores. */
export function vocabularyWord(given: string): string {
  return given
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
}

/** The codes a query word stands for (WIDER), or null for a word the feature lacks. */
export function codesOf(feature: FeatureName, given: string): number[] | null {
  const word = vocabularyWord(given);
  if (!VALUES[feature].includes(word)) return null;
  const wider = WIDER[feature]?.[word] ?? [word];
  return wider.map((w) => featureCode(feature, w));
}
