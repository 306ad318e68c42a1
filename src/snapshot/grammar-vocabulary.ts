/**
 * The grammar search's vocabulary as the index stores it (`/verses?tense=aorist&voice=passive`,
 * docs/study.md "Grammar search"): the features a reader filters on, the words each takes, and how
 * they are packed. The route table names the features (src/api/table.ts), the build packs them
 * (scripts/snapshot/study/grammar-index.ts) and the search reads them: so they sit here, below
 * all three. What the schemes' decoded parts mean in these words, and what each scheme can answer,
 * is the grammar search's own (src/study/grammar/).
 *
 * Each feature is a small number (0: absent) packed into one Uint32 per word or morpheme, but the
 * stem, which needs more bits than remain, has a byte of its own (./grammar-index.ts).
 */

export type FeatureName =
  'pos' | 'tense' | 'voice' | 'mood' | 'person' | 'number' | 'gender' | 'case' | 'stem' | 'form';

/** The query parameters, in the order the docs and the summary give them. */
export const FEATURES: readonly FeatureName[] = [
  'pos',
  'tense',
  'voice',
  'mood',
  'person',
  'number',
  'gender',
  'case',
  'stem',
  'form',
];

/** Each feature's values; a value's code is its index + 1 (0 stands for "absent"). */
export const VALUES: Record<FeatureName, readonly string[]> = {
  pos: [
    'verb',
    'noun',
    'adjective',
    'article',
    'pronoun',
    'preposition',
    'conjunction',
    'adverb',
    'particle',
    'interjection',
    'suffix',
  ],
  tense: ['present', 'imperfect', 'future', 'aorist', 'perfect', 'pluperfect'],
  voice: ['active', 'middle', 'passive', 'middle-or-passive'],
  mood: ['indicative', 'subjunctive', 'optative', 'imperative', 'infinitive', 'participle'],
  person: ['first', 'second', 'third'],
  number: ['singular', 'plural', 'dual'],
  gender: ['masculine', 'feminine', 'neuter', 'common'],
  case: ['nominative', 'vocative', 'genitive', 'dative', 'accusative'],
  stem: [
    // Hebrew (OSHB), then Aramaic (OSHB), then the names only Strong's tense numbers use.
    'qal',
    'niphal',
    'piel',
    'pual',
    'hiphil',
    'hophal',
    'hithpael',
    'polel',
    'polal',
    'hithpolel',
    'poel',
    'poal',
    'palel',
    'pulal',
    'qal-passive',
    'pilpel',
    'polpal',
    'hithpalpel',
    'nithpael',
    'pealal',
    'pilel',
    'hothpaal',
    'tiphil',
    'hishtaphel',
    'nithpalel',
    'nithpoel',
    'hithpoel',
    'peal',
    'peil',
    'hithpeel',
    'pael',
    'ithpaal',
    'hithpaal',
    'aphel',
    'haphel',
    'saphel',
    'shaphel',
    'ithpeel',
    'ishtaphel',
    'hithaphel',
    'ithpoel',
    'hephal',
    'tiphel',
    'palpel',
    'ithpalpel',
    'ithpolel',
    'ittaphal',
    'hithpalel',
    'hithpeal',
    'ithpeal',
    'palpal',
    'poalal',
  ],
  form: [
    'perfect',
    'imperfect',
    'wayyiqtol',
    'weqatal',
    'imperative',
    'jussive',
    'cohortative',
    'infinitive-construct',
    'infinitive-absolute',
    'participle',
    // Strong's tense numbers name an infinitive without saying which (src/study/morphology/strong-tense.ts).
    'infinitive',
  ],
};

/** Bits of each feature in the packed Uint32 (the stem has its own byte: STEM_BITS). */
export const BITS: Record<Exclude<FeatureName, 'stem'>, number> = {
  pos: 4,
  tense: 3,
  voice: 3,
  mood: 3,
  person: 2,
  number: 2,
  gender: 3,
  case: 3,
  form: 4,
};
export const STEM_BITS = 8;

/** Where each packed feature starts in the Uint32. */
export const SHIFT: Record<Exclude<FeatureName, 'stem'>, number> = (() => {
  const out = {} as Record<Exclude<FeatureName, 'stem'>, number>;
  let at = 0;
  for (const f of FEATURES) {
    if (f === 'stem') continue;
    out[f] = at;
    at += BITS[f];
  }
  if (at > 32) throw new Error(`the packed features need ${at} bits`);
  return out;
})();

for (const f of FEATURES) {
  const room = f === 'stem' ? STEM_BITS : BITS[f];
  if (VALUES[f].length >= 1 << room) throw new Error(`${f} has more values than its bits hold`);
}

/** One word's (or morpheme's) features: feature → code (1-based index in VALUES). */
export type FeatureCodes = Partial<Record<FeatureName, number>>;

/** A vocabulary word's code (its index in VALUES + 1). */
export const featureCode = (f: FeatureName, word: string): number => VALUES[f].indexOf(word) + 1;

/** Packs a morpheme's features: the Uint32 of the packed ones, and the stem's byte. */
export function pack(f: FeatureCodes): { packed: number; stem: number } {
  let packed = 0;
  for (const name of FEATURES) {
    if (name === 'stem') continue;
    packed |= (f[name] ?? 0) << SHIFT[name];
  }
  return { packed: packed >>> 0, stem: f.stem ?? 0 };
}
