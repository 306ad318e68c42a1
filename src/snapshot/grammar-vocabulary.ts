/**
 * The grammar search's one vocabulary (`/verses?tense=aorist&voice=passive&mood=participle`,
 * docs/study.md "Grammar search"): the features a reader filters on, the words each takes, and the
 * mapping from the parts the morphology decoders give (src/study/morphology: Robinson, OSHB,
 * Strong's tense numbers, and any scheme whose decoder names its parts as Robinson's) to those
 * words. It maps decoded parts, never a scheme's raw codes, so a new scheme with a decoder is
 * searchable without a line here.
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

/**
 * The values a query word asks for: itself, and for `form=infinitive` both infinitives as well as
 * the unspecified one of the KJV's Strong's tense numbers.
 */
export const WIDER: Partial<Record<FeatureName, Record<string, readonly string[]>>> = {
  form: { infinitive: ['infinitive', 'infinitive-construct', 'infinitive-absolute'] },
};

/**
 * Decoded part values → vocabulary words, per part name. A value not listed is not searchable
 * (the reading's other features still are): Robinson's "no tense stated", OSHB's noun state.
 */
const FROM_PART: Record<string, { feature: FeatureName; map: Record<string, string> }> = {
  'part of speech': {
    feature: 'pos',
    map: {
      verb: 'verb',
      noun: 'noun',
      adjective: 'adjective',
      'definite article': 'article',
      'relative pronoun': 'pronoun',
      'reciprocal pronoun': 'pronoun',
      'demonstrative pronoun': 'pronoun',
      'correlative pronoun': 'pronoun',
      'interrogative pronoun': 'pronoun',
      'indefinite pronoun': 'pronoun',
      'correlative or interrogative pronoun': 'pronoun',
      'reflexive pronoun': 'pronoun',
      'possessive pronoun': 'pronoun',
      'personal pronoun': 'pronoun',
      pronoun: 'pronoun',
      preposition: 'preposition',
      conjunction: 'conjunction',
      // Robinson's COND (εἰ, ἐάν) is a conditional conjunction.
      'conditional particle': 'conjunction',
      adverb: 'adverb',
      particle: 'particle',
      interjection: 'interjection',
      suffix: 'suffix',
    },
  },
  tense: {
    feature: 'tense',
    map: {
      present: 'present',
      imperfect: 'imperfect',
      future: 'future',
      'second future': 'future',
      aorist: 'aorist',
      'second aorist': 'aorist',
      perfect: 'perfect',
      'second perfect': 'perfect',
      pluperfect: 'pluperfect',
      'second pluperfect': 'pluperfect',
    },
  },
  voice: {
    feature: 'voice',
    map: {
      active: 'active',
      middle: 'middle',
      passive: 'passive',
      'middle or passive': 'middle-or-passive',
      // Deponents are filed under the voice of their form.
      'middle deponent': 'middle',
      'passive deponent': 'passive',
      'middle or passive deponent': 'middle-or-passive',
      'impersonal active': 'active',
    },
  },
  mood: {
    feature: 'mood',
    map: {
      indicative: 'indicative',
      subjunctive: 'subjunctive',
      optative: 'optative',
      imperative: 'imperative',
      infinitive: 'infinitive',
      participle: 'participle',
      'imperative-sense participle': 'participle',
    },
  },
  person: { feature: 'person', map: { first: 'first', second: 'second', third: 'third' } },
  number: { feature: 'number', map: { singular: 'singular', plural: 'plural', dual: 'dual' } },
  gender: {
    feature: 'gender',
    map: {
      masculine: 'masculine',
      feminine: 'feminine',
      neuter: 'neuter',
      common: 'common',
      // OSHB's `b` (a noun of either gender) reads as common.
      'masculine or feminine': 'common',
    },
  },
  case: {
    feature: 'case',
    map: {
      nominative: 'nominative',
      vocative: 'vocative',
      genitive: 'genitive',
      dative: 'dative',
      accusative: 'accusative',
    },
  },
  // OSHB's stems (both languages) and Strong's tense numbers' stems: the vocabulary's own words.
  stem: {
    feature: 'stem',
    map: Object.fromEntries(VALUES.stem.map((s) => [s.replace('-', ' '), s])),
  },
  // OSHB's conjugations.
  conjugation: {
    feature: 'form',
    map: {
      perfect: 'perfect',
      'sequential perfect': 'weqatal',
      imperfect: 'imperfect',
      'sequential imperfect': 'wayyiqtol',
      cohortative: 'cohortative',
      jussive: 'jussive',
      imperative: 'imperative',
      'participle active': 'participle',
      'participle passive': 'participle',
      'infinitive absolute': 'infinitive-absolute',
      'infinitive construct': 'infinitive-construct',
    },
  },
  // Strong's tense numbers' forms.
  form: {
    feature: 'form',
    map: {
      perfect: 'perfect',
      imperfect: 'imperfect',
      imperative: 'imperative',
      infinitive: 'infinitive',
      participle: 'participle',
      'participle active': 'participle',
      'participle passive': 'participle',
    },
  },
};

/** The OSHB particle of type "definite article" is the article. */
const ARTICLE_TYPE = 'definite article';

/** One word's (or morpheme's) features: feature → code (1-based index in VALUES). */
export type FeatureCodes = Partial<Record<FeatureName, number>>;

/** A vocabulary word's code (its index in VALUES + 1). */
export const featureCode = (f: FeatureName, word: string): number => VALUES[f].indexOf(word) + 1;
const code = featureCode;

/**
 * The morphemes of a decoded reading, each with its features. Each part of speech begins a
 * morpheme (OSHB `HC/Vqw3ms`: a conjunction, then a verb); a reading without one (none yet) is one
 * morpheme.
 */
export function morphemeFeatures(
  parts: readonly { name: string; value: string }[],
): FeatureCodes[] {
  const out: FeatureCodes[] = [];
  let current: FeatureCodes | undefined;
  for (const p of parts) {
    if (p.name === 'part of speech' || !current) out.push((current = {}));
    if (p.name === 'type' && p.value === ARTICLE_TYPE && current.pos === code('pos', 'particle'))
      current.pos = code('pos', 'article');
    const from = FROM_PART[p.name];
    const word = from && Object.hasOwn(from.map, p.value) ? from.map[p.value] : undefined;
    if (from && word) current[from.feature] = code(from.feature, word);
  }
  // The OSHB's leading `language` part opens a morpheme of no feature: not a word of its own.
  return out.filter((m) => Object.keys(m).length > 0);
}

/**
 * What each scheme's codes can say, for the 400 on a filter a text cannot answer: the features,
 * each with the values it can take there (`all`: every value of the vocabulary).
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

export const ANSWERS: Record<string, Partial<Record<FeatureName, 'all' | readonly string[]>>> = {
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
export function answers(scheme: string, feature: FeatureName, value: string): boolean {
  const can = Object.hasOwn(ANSWERS, scheme) ? ANSWERS[scheme][feature] : undefined;
  return can === 'all' || (can?.includes(value) ?? false);
}

/** Packs a morpheme's features: the Uint32 of the packed ones, and the stem's byte. */
export function pack(f: FeatureCodes): { packed: number; stem: number } {
  let packed = 0;
  for (const name of FEATURES) {
    if (name === 'stem') continue;
    packed |= (f[name] ?? 0) << SHIFT[name];
  }
  return { packed: packed >>> 0, stem: f.stem ?? 0 };
}

/** A feature's code in a packed Uint32. */
export function unpack(packed: number, name: Exclude<FeatureName, 'stem'>): number {
  return (packed >>> SHIFT[name]) & ((1 << BITS[name]) - 1);
}

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
  return wider.map((w) => code(feature, w));
}
