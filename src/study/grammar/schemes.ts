import type { FeatureName } from '../../snapshot/grammar-vocabulary';
import type { MorphScheme } from '../../snapshot/study-types';

/**
 * What each morphology scheme can answer of a grammar search (docs/study.md "Grammar search"):
 * a book whose words carry a scheme that cannot say a feature asked for is not searched, and where
 * no book can, the 400 says what the scheme gives.
 */

/** Robinson's codes answer every feature of the Greek; MorphGNT's are decoded into Robinson's parts. */
const GREEK_ANSWERS = {
  pos: 'all',
  tense: 'all',
  voice: 'all',
  mood: 'all',
  person: 'all',
  number: 'all',
  gender: 'all',
  case: 'all',
} as const;

/**
 * What each scheme's codes can say, for the 400 on a filter a text cannot answer: the features,
 * each with the values it can take there (`all`: every value of the vocabulary). Keyed by the one
 * list of schemes: a scheme added there cannot be left out here.
 */
export const ANSWERS: Record<
  MorphScheme,
  Partial<Record<FeatureName, 'all' | readonly string[]>>
> = {
  robinson: GREEK_ANSWERS,
  // SBLGNT's MorphGNT parsing, decoded into Robinson's parts.
  morphgnt: GREEK_ANSWERS,
  oshb: { pos: 'all', person: 'all', number: 'all', gender: 'all', stem: 'all', form: 'all' },
  // The KJV's Old Testament parses its verbs alone, by stem and by a form that does not tell a
  // wayyiqtol from an imperfect nor a weqatal from a perfect (src/study/morphology/strong-tense.ts).
  strongMorph: {
    stem: 'all',
    form: ['perfect', 'imperfect', 'imperative', 'infinitive', 'participle'],
  },
};

/** Whether a scheme's codes can say `value` of `feature`. */
export function answers(scheme: MorphScheme, feature: FeatureName, value: string): boolean {
  const can = ANSWERS[scheme][feature];
  return can === 'all' || (can?.includes(value) ?? false);
}

/** Each scheme's parsing as a message names it. */
const SCHEME_NAMES: Record<MorphScheme, string> = {
  robinson: "Robinson's",
  morphgnt: "MorphGNT's",
  oshb: "the OSHB's",
  strongMorph: "Strong's tense",
};

/** The 400's words for a scheme: whose parsing, and what it gives: `stem, form (perfect, …)`. */
export function schemeSays(scheme: MorphScheme): { name: string; says: string } {
  const can = Object.entries(ANSWERS[scheme]);
  return {
    name: SCHEME_NAMES[scheme],
    says: can.length
      ? can.map(([f, v]) => (v === 'all' ? f : `${f} (${v.join(', ')})`)).join(', ')
      : 'no feature the search reads',
  };
}
