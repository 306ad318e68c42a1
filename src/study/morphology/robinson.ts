import { undecoded, unknownPart, type MorphPart, type MorphReading } from './types';
import { ownEntry } from '../../snapshot/read';

/**
 * Robinson's Morphological Analysis Codes, the parsing of the Greek New Testament in the KJV
 * module (`robinson:V-AAI-3S`). A code is hyphen-separated: a part of speech, then
 *  - verbs: tense-voice-mood, then person-number (finite moods) or case-number-gender
 *    (participles), then optional suffixes (`V-2AMS-3S`, `V-PAP-NSM`, `V-2AAM-2S-AP`);
 *  - declined words: [person]case-number-gender, then optional suffixes (`T-NSM`, `P-1GS`,
 *    `F-3ASM`, `A-APM-C`); or an indeclinable kind (`N-PRI`, `A-NUI`);
 *  - undeclined words: the word class alone, some with a suffix (`CONJ`, `PRT-N`, `ADV-S`).
 * Each piece is read from the tables below; a piece that breaks the scheme ends the reading and
 * is kept, with whatever follows it, as one unknown part.
 */

const CASE: Record<string, string> = {
  N: 'nominative',
  V: 'vocative',
  G: 'genitive',
  D: 'dative',
  A: 'accusative',
};
const NUMBER: Record<string, string> = { S: 'singular', P: 'plural' };
const GENDER: Record<string, string> = { M: 'masculine', F: 'feminine', N: 'neuter' };
const PERSON: Record<string, string> = { '1': 'first', '2': 'second', '3': 'third' };

/** "Second" tenses are written with a leading 2 (`V-2AAI-3S`); they mean the same as the first. */
const TENSE: Record<string, string> = {
  P: 'present',
  I: 'imperfect',
  F: 'future',
  '2F': 'second future',
  A: 'aorist',
  '2A': 'second aorist',
  R: 'perfect',
  '2R': 'second perfect',
  L: 'pluperfect',
  '2L': 'second pluperfect',
  X: 'no tense stated',
};

const VOICE: Record<string, string> = {
  A: 'active',
  M: 'middle',
  P: 'passive',
  E: 'middle or passive',
  D: 'middle deponent',
  O: 'passive deponent',
  N: 'middle or passive deponent',
  Q: 'impersonal active',
  X: 'no voice stated',
};

/** Each mood with what follows it: finite moods take person-number, participles decline, infinitives nothing. */
const MOOD: Record<string, { value: string; takes: 'person' | 'case' | 'nothing' }> = {
  I: { value: 'indicative', takes: 'person' },
  S: { value: 'subjunctive', takes: 'person' },
  O: { value: 'optative', takes: 'person' },
  M: { value: 'imperative', takes: 'person' },
  N: { value: 'infinitive', takes: 'nothing' },
  P: { value: 'participle', takes: 'case' },
  R: { value: 'imperative-sense participle', takes: 'case' },
};

/**
 * Declined parts of speech, with whether the person comes first: always for reflexive and
 * possessive pronouns (`F-3ASM`, `S-1APF`), for the personal pronoun only in the first and second
 * person, which then have no gender (`P-1GS`; third person `P-GSM`).
 */
const DECLINED: Record<string, { value: string; person?: 'always' | 'optional' }> = {
  N: { value: 'noun' },
  A: { value: 'adjective' },
  R: { value: 'relative pronoun' },
  C: { value: 'reciprocal pronoun' },
  D: { value: 'demonstrative pronoun' },
  T: { value: 'definite article' },
  K: { value: 'correlative pronoun' },
  I: { value: 'interrogative pronoun' },
  X: { value: 'indefinite pronoun' },
  Q: { value: 'correlative or interrogative pronoun' },
  F: { value: 'reflexive pronoun', person: 'always' },
  S: { value: 'possessive pronoun', person: 'always' },
  P: { value: 'personal pronoun', person: 'optional' },
};

/** Indeclinable nouns and numerals take a kind where the case would be. */
const INDECLINABLE: Record<string, Record<string, string>> = {
  N: {
    PRI: 'indeclinable proper noun',
    LI: 'indeclinable letter',
    OI: 'indeclinable noun of another kind',
  },
  A: { NUI: 'indeclinable numeral' },
};

/** Undeclined words, and whether a suffix may follow (`ADV-S`, `PRT-N`, `COND-C`). */
const UNDECLINED: Record<string, { value: string; suffix?: true }> = {
  ADV: { value: 'adverb', suffix: true },
  CONJ: { value: 'conjunction' },
  COND: { value: 'conditional particle', suffix: true },
  PRT: { value: 'particle', suffix: true },
  PREP: { value: 'preposition' },
  INJ: { value: 'interjection' },
  ARAM: { value: 'transliterated Aramaic word' },
  HEB: { value: 'transliterated Hebrew word' },
};

const degree = (value: string): MorphPart => ({ name: 'degree', value });
const form = (value: string): MorphPart => ({ name: 'form', value });

/** Suffixes of the words that are not verbs. */
const SUFFIX: Record<string, MorphPart> = {
  S: degree('superlative'),
  C: form('contracted or crasis'),
  ABB: form('abbreviated'),
  I: { name: 'kind', value: 'interrogative' },
  N: { name: 'kind', value: 'negative' },
  K: form('crasis'),
  ATT: form('Attic'),
  P: form('particle attached'),
};

/**
 * `-C` has two meanings in Robinson's manual, comparative and contracted/crasis, and the KJV data
 * uses both (`A-NSN-C` περισσότερον, `P-1NS-C` κἀγώ, `N-APF-C` μνᾶς, and `ADV-C` for ἀκριβέστερον
 * and κἀκεῖ alike); the part of speech settles it where it can.
 */
const SUFFIX_C: Record<string, MorphPart> = {
  A: degree('comparative'),
  ADV: form('comparative or crasis'),
  N: form('contracted'),
  D: form('crasis'),
  P: form('crasis'),
  F: form('crasis'),
  COND: form('crasis'),
};

const VERB_SUFFIX: Record<string, MorphPart> = {
  M: { name: 'meaning', value: 'middle significance' },
  C: form('contracted'),
  T: { name: 'meaning', value: 'transitive' },
  A: form('Aeolic'),
  ATT: form('Attic'),
  AP: form('apocopated'),
  IRR: form('irregular or impure'),
};

/** Parts and the words that say them, gathered in step. */
class Reading {
  readonly parts: MorphPart[] = [];
  readonly groups: string[] = [];

  add(parts: MorphPart[], text: string): void {
    this.parts.push(...parts);
    if (text) this.groups.push(text);
  }

  unknown(rest: string[]): void {
    if (!rest.length) return;
    const value = rest.join('-');
    this.add([unknownPart(value)], `unknown part: ${value}`);
  }

  done(code: string): MorphReading {
    return { code, scheme: 'robinson', parts: this.parts, text: this.groups.join(', ') };
  }
}

/** `3S` → third person singular. */
function personNumber(r: Reading, segment: string): boolean {
  const m = /^([123])([SP])$/.exec(segment);
  if (!m) return false;
  const person = PERSON[m[1]!]!;
  const number = NUMBER[m[2]!]!;
  r.add(
    [
      { name: 'person', value: person },
      { name: 'number', value: number },
    ],
    `${person} person ${number}`,
  );
  return true;
}

/** `NSM`, and where the part of speech has a person `1GS` / `3ASM`. */
function caseNumberGender(
  r: Reading,
  segment: string,
  person: 'never' | 'always' | 'optional',
): boolean {
  const m = /^([123]?)([NVGDA])([SP])([MFN]?)$/.exec(segment);
  if (!m) return false;
  const [, p = '', c = '', n = '', g = ''] = m;
  if ((p && person === 'never') || (!p && person === 'always')) return false;
  // Only the first- and second-person personal pronouns go without gender.
  if (!g && !(p && person === 'optional')) return false;
  const parts: MorphPart[] = [];
  if (p) parts.push({ name: 'person', value: PERSON[p]! });
  parts.push({ name: 'case', value: CASE[c]! }, { name: 'number', value: NUMBER[n]! });
  if (g) parts.push({ name: 'gender', value: GENDER[g]! });
  r.add(parts, parts.map((x) => (x.name === 'person' ? `${x.value} person` : x.value)).join(' '));
  return true;
}

/** Suffixes until one is not in `table`; that one and the rest are unknown. */
function suffixes(r: Reading, rest: string[], table: (s: string) => MorphPart | undefined): void {
  for (let i = 0; i < rest.length; i++) {
    const part = table(rest[i]!);
    if (!part) return r.unknown(rest.slice(i));
    r.add([part], part.value);
  }
}

function verb(r: Reading, segments: string[]): void {
  r.add([{ name: 'part of speech', value: 'verb' }], 'verb');
  const m = /^(2[AFRL]|[PIFARLX])([AMPEDONQX])([ISOMNPR])$/.exec(segments[0] ?? '');
  if (!m) return r.unknown(segments);
  const tense = TENSE[m[1]!]!;
  const voice = VOICE[m[2]!]!;
  const mood = MOOD[m[3]!]!;
  // "No tense/voice stated" (the adverbial imperative δεῦτε, V-XXM-2P) reads after the rest.
  const stated = [tense, voice, mood.value].filter((v) => !v.startsWith('no '));
  r.add(
    [
      { name: 'tense', value: tense },
      { name: 'voice', value: voice },
      { name: 'mood', value: mood.value },
    ],
    stated.join(' '),
  );
  let rest = segments.slice(1);
  if (mood.takes !== 'nothing' && rest.length && !ownEntry(VERB_SUFFIX, rest[0]!)) {
    const ok =
      mood.takes === 'person' ? personNumber(r, rest[0]!) : caseNumberGender(r, rest[0]!, 'never');
    if (!ok) return r.unknown(rest);
    rest = rest.slice(1);
  }
  for (const unstated of [tense, voice].filter((v) => v.startsWith('no '))) r.groups.push(unstated);
  suffixes(r, rest, (s) => ownEntry(VERB_SUFFIX, s));
}

const nonVerbSuffix = (head: string, s: string): MorphPart | undefined =>
  s === 'C' ? (ownEntry(SUFFIX_C, head) ?? SUFFIX.C) : ownEntry(SUFFIX, s);

function declined(r: Reading, head: string, segments: string[]): void {
  const pos = DECLINED[head]!;
  r.add([{ name: 'part of speech', value: pos.value }], pos.value);
  const first = segments[0] ?? '';
  const kind = ownEntry(INDECLINABLE, head) && ownEntry(INDECLINABLE[head]!, first);
  if (kind) r.add([{ name: 'kind', value: kind }], kind);
  else if (first && !caseNumberGender(r, first, pos.person ?? 'never')) return r.unknown(segments);
  suffixes(r, segments.slice(first ? 1 : 0), (s) => nonVerbSuffix(head, s));
}

function undeclined(r: Reading, head: string, segments: string[]): void {
  const word = UNDECLINED[head]!;
  r.add([{ name: 'part of speech', value: word.value }], word.value);
  if (!word.suffix) return r.unknown(segments);
  suffixes(r, segments, (s) => nonVerbSuffix(head, s));
}

/** The word class a malformed head begins with (`PRT_N` → `PRT`), longest first. */
const UNDECLINED_HEADS = Object.keys(UNDECLINED).sort((a, b) => b.length - a.length);

export function decodeRobinson(code: string): MorphReading {
  const [head = '', ...segments] = code.split('-');
  const r = new Reading();
  if (head === 'V') verb(r, segments);
  else if (ownEntry(DECLINED, head)) declined(r, head, segments);
  else if (ownEntry(UNDECLINED, head)) undeclined(r, head, segments);
  else {
    const known = UNDECLINED_HEADS.find((h) => head.startsWith(h));
    if (!known) return undecoded('robinson', code);
    // Read what can be read of a mistyped head (`PRT_N`) and keep the rest as unknown.
    undeclined(r, known, []);
    r.unknown([[head.slice(known.length), ...segments].join('-')]);
  }
  return r.done(code);
}
