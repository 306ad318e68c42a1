/**
 * Strong's numbers in the sense the word is used (data/sblgnt-senses.json). The SBLGNT's words
 * find their number by lemma (./sblgnt.ts strongsByLemma), but Strong's splits some of
 * MorphGNT's lemmas in two by voice or use: ἄρχομαι "begin" (G756) is its own entry, "middle
 * voice of G757" ἄρχω "rule"; δεῖ "it is necessary" (G1163) the "3rd person singular active
 * present of G1210" δέω "bind". A rule names a lemma, the number the lemma found (`from`), what
 * the word's MorphGNT parsing or its printed form must be, and the number it takes (`to`), with
 * the words of Strong's entry that make the split (`strongs`, which test/node/sblgnt-senses.test.ts
 * finds in the dictionary). The first rule that fits a word applies. Each rule states how many
 * words it moves (`words`): a change of the source or the lexicon that moves another count stops
 * the build, as a rule that no longer finds its number does.
 */
import { readFileSync } from 'node:fs';
import { dataFile } from '../data-files';
import { DATA_DIR } from '../paths';

/**
 * The places of MorphGNT's eight-letter parsing code (morphgnt.txt): person, tense, voice, mood,
 * case, number, gender, degree. A rule's condition on a place lists the letters it allows.
 */
const PLACES = ['person', 'tense', 'voice', 'mood', 'case', 'number', 'gender', 'degree'] as const;
type Place = (typeof PLACES)[number];

export interface SenseRule {
  lemma: string;
  from: string;
  to: string;
  /** Letters allowed at a place of the parsing code (`{"voice": "M"}`: middle). */
  parsing?: Partial<Record<Place, string>>;
  /** A regular expression the printed word (NFC, lower case, accents kept) must match. */
  word?: string;
  /** What Strong's entry `to` says of the split, in its own words (its derivation or definition). */
  strongs: string;
  /** How many of the SBLGNT's words the rule moves. */
  words: number;
}

/** The rules as data/sblgnt-senses.json lists them. */
export function readSenseRules(file = dataFile(DATA_DIR, 'sblgntSenses')): SenseRule[] {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as { rules?: SenseRule[] };
  if (!Array.isArray(raw.rules)) throw new Error(`${file}: expected {"rules": [...]}`);
  raw.rules.forEach((r, i) => {
    const where = `${file} rule #${i + 1}`;
    for (const k of ['lemma', 'from', 'to', 'strongs'] as const)
      if (typeof r[k] !== 'string' || !r[k]) throw new Error(`${where}: "${k}" must be a string`);
    if (!Number.isInteger(r.words)) throw new Error(`${where}: "words" must be a whole number`);
    if (!r.parsing && !r.word) throw new Error(`${where}: no condition (parsing or word)`);
    for (const place of Object.keys(r.parsing ?? {}))
      if (!(PLACES as readonly string[]).includes(place))
        throw new Error(`${where}: "${place}" is not a place of MorphGNT's parsing`);
  });
  return raw.rules;
}

/**
 * The rules applied to the words as they are read: `senseOf` gives the number a word takes (its
 * lemma's number when no rule fits), `problems` what stops the build once every word is read.
 */
export function senseRules(rules: SenseRule[]) {
  const moved = rules.map(() => 0);
  const fits = (r: SenseRule, lemma: string, parsing: string, word: string): boolean => {
    if (r.lemma !== lemma) return false;
    for (const [place, letters] of Object.entries(r.parsing ?? {}))
      if (!letters.includes(parsing[PLACES.indexOf(place as Place)]!)) return false;
    return !r.word || new RegExp(r.word, 'u').test(word.normalize('NFC').toLowerCase());
  };
  return {
    /** `parsing`: MorphGNT's eight-letter code (without the part of speech). */
    senseOf(lemma: string, parsing: string, word: string, number: string | undefined) {
      if (!number) return number;
      const i = rules.findIndex((r) => r.from === number && fits(r, lemma, parsing, word));
      if (i < 0) return number;
      moved[i]!++;
      return rules[i]!.to;
    },
    /** Rules whose count of moved words is not the one they state. */
    problems(): string[] {
      return rules.flatMap((r, i) =>
        moved[i] === r.words
          ? []
          : [
              `data/sblgnt-senses.json: the rule ${r.lemma} ${r.from} → ${r.to} moved ${moved[i]} word(s), it states ${r.words}`,
            ],
      );
    },
    /** Per rule, the words it moved (the report prints them). */
    moved: (): { rule: string; words: number }[] =>
      rules.map((r, i) => ({ rule: `${r.lemma} ${r.from} → ${r.to}`, words: moved[i]! })),
  };
}
