import { undecoded, unknownPart, type MorphPart, type MorphReading } from './types';
import { ownEntry } from '../../snapshot/read';

/**
 * MorphGNT's parsing of the SBL Greek New Testament (`morphgnt:V-3AAI-S--`): the source's two
 * columns joined, a two-character part of speech (`V-`, `RA`) and an eight-character parsing code
 * with one place per feature, `-` where it does not apply:
 * person, tense, voice, mood, case, number, gender, degree (morphgnt.txt, bibledit-cloud-data).
 *
 * Parts are named, and valued, with the words of Robinson's tables (./robinson.ts), in the same
 * order (part of speech; tense, voice, mood; person, number or case, number, gender; degree), so
 * that one grammar query reads the three Greek and Hebrew schemes alike (docs/study.md
 * "Morphology"). MorphGNT's tenses X and Y are Robinson's perfect and pluperfect, its mood D the
 * imperative. One class has no Robinson word: MorphGNT's `RI` is τίς and τις alike, so it reads
 * "interrogative or indefinite pronoun".
 */

const POS: Record<string, string> = {
  'A-': 'adjective',
  'C-': 'conjunction',
  'D-': 'adverb',
  'I-': 'interjection',
  'N-': 'noun',
  'P-': 'preposition',
  RA: 'definite article',
  RD: 'demonstrative pronoun',
  RI: 'interrogative or indefinite pronoun',
  RP: 'personal pronoun',
  RR: 'relative pronoun',
  'V-': 'verb',
  'X-': 'particle',
};

/** One table per place of the parsing code, in the code's order. */
const PLACES: { name: string; values: Record<string, string> }[] = [
  { name: 'person', values: { '1': 'first', '2': 'second', '3': 'third' } },
  {
    name: 'tense',
    values: {
      P: 'present',
      I: 'imperfect',
      F: 'future',
      A: 'aorist',
      X: 'perfect',
      Y: 'pluperfect',
    },
  },
  { name: 'voice', values: { A: 'active', M: 'middle', P: 'passive', E: 'middle or passive' } },
  {
    name: 'mood',
    values: {
      I: 'indicative',
      D: 'imperative',
      S: 'subjunctive',
      O: 'optative',
      N: 'infinitive',
      P: 'participle',
    },
  },
  {
    name: 'case',
    values: { N: 'nominative', G: 'genitive', D: 'dative', A: 'accusative', V: 'vocative' },
  },
  { name: 'number', values: { S: 'singular', P: 'plural' } },
  { name: 'gender', values: { M: 'masculine', F: 'feminine', N: 'neuter' } },
  { name: 'degree', values: { C: 'comparative', S: 'superlative' } },
];

/** Robinson's order of the parts: the verb's tense, voice, mood first, then the person. */
const ORDER = ['tense', 'voice', 'mood', 'person', 'case', 'number', 'gender', 'degree'];

/** Words of a group of parts, as Robinson's reading writes them ("third person singular"). */
function groupText(parts: MorphPart[]): string {
  return parts.map((p) => (p.name === 'person' ? `${p.value} person` : p.value)).join(' ');
}

export function decodeMorphgnt(code: string): MorphReading {
  const pos = ownEntry(POS, code.slice(0, 2));
  const parsing = code.slice(2);
  if (!pos) return undecoded('morphgnt', code);
  const parts: MorphPart[] = [{ name: 'part of speech', value: pos }];
  const found: MorphPart[] = [];
  const unknown: string[] = [];
  if (parsing.length !== PLACES.length) unknown.push(parsing);
  else
    PLACES.forEach((place, i) => {
      const c = parsing[i]!;
      if (c === '-') return;
      const value = ownEntry(place.values, c);
      if (value) found.push({ name: place.name, value });
      else unknown.push(`${place.name} ${c}`);
    });
  found.sort((a, b) => ORDER.indexOf(a.name) - ORDER.indexOf(b.name));
  parts.push(...found);

  // Groups as Robinson's words group them: verb "aorist active indicative", then the rest.
  const groups = [pos];
  const verbal = found.filter((p) => ['tense', 'voice', 'mood'].includes(p.name));
  const declension = found.filter((p) => ['person', 'case', 'number', 'gender'].includes(p.name));
  const degree = found.filter((p) => p.name === 'degree');
  for (const g of [verbal, declension, degree]) if (g.length) groups.push(groupText(g));
  for (const u of unknown) {
    parts.push(unknownPart(u));
    groups.push(`unknown part: ${u}`);
  }
  return { code, scheme: 'morphgnt', parts, text: groups.join(', ') };
}
