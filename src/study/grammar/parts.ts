import {
  featureCode as code,
  VALUES,
  type FeatureCodes,
  type FeatureName,
} from '../../snapshot/grammar-vocabulary';
import type { MorphPart } from '../morphology/types';
import { ownEntry } from '../../snapshot/read';

/**
 * What the morphology decoders' parts say in the grammar search's words
 * (src/snapshot/grammar-vocabulary.ts; docs/study.md "Grammar search"): the mapping from the parts
 * the decoders give (src/study/morphology: Robinson, OSHB, Strong's tense numbers, and any scheme
 * whose decoder names its parts as Robinson's) to those words. It maps decoded parts, never a
 * scheme's raw codes, so a new scheme with a decoder is searchable without a line here. The build
 * files every word of the grammar index by it (scripts/snapshot/study/grammar-index.ts).
 */

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

/**
 * The morphemes of a decoded reading, each with its features. Each part of speech begins a
 * morpheme (OSHB `HC/Vqw3ms`: a conjunction, then a verb); a reading without one (none yet) is one
 * morpheme.
 */
export function morphemeFeatures(parts: readonly MorphPart[]): FeatureCodes[] {
  const out: FeatureCodes[] = [];
  let current: FeatureCodes | undefined;
  for (const p of parts) {
    if (p.name === 'part of speech' || !current) out.push((current = {}));
    if (p.name === 'type' && p.value === ARTICLE_TYPE && current.pos === code('pos', 'particle'))
      current.pos = code('pos', 'article');
    const from = ownEntry(FROM_PART, p.name);
    const word = from && ownEntry(from.map, p.value);
    if (from && word) current[from.feature] = code(from.feature, word);
  }
  // The OSHB's leading `language` part opens a morpheme of no feature: not a word of its own.
  return out.filter((m) => Object.keys(m).length > 0);
}
