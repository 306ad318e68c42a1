import { undecoded, unknownPart, type MorphPart, type MorphReading } from './types';

/**
 * The Open Scriptures Hebrew Bible morphology codes (morphhb, hb.openscriptures.org/parsing/
 * HebrewMorphologyCodes.html): a language letter, then one code per morpheme separated by `/`
 * (`HC/Vqw3ms` is a Hebrew conjunction and a verb). Each morpheme code is a part-of-speech letter
 * and then one letter per feature, in an order fixed by the part of speech (and, for verbs, by
 * the conjugation). `x` stands for a feature that is unknown or needless (`Pdxms`, `Nxxxa`) and
 * is passed over. A letter a feature's table lacks ends the morpheme's reading; it and the rest
 * of that morpheme are kept as one unknown part.
 */

const LANGUAGE: Record<string, 'Hebrew' | 'Aramaic'> = { H: 'Hebrew', A: 'Aramaic' };

const PART_OF_SPEECH: Record<string, string> = {
  A: 'adjective',
  C: 'conjunction',
  D: 'adverb',
  N: 'noun',
  P: 'pronoun',
  R: 'preposition',
  S: 'suffix',
  T: 'particle',
  V: 'verb',
};

/** The kinds of each part of speech: the value, and what to call a morpheme of that kind. */
const TYPE: Record<string, Record<string, readonly [value: string, called: string]>> = {
  A: {
    a: ['adjective', 'adjective'],
    c: ['cardinal number', 'cardinal number'],
    g: ['gentilic', 'gentilic adjective'],
    o: ['ordinal number', 'ordinal number'],
  },
  N: {
    c: ['common', 'common noun'],
    g: ['gentilic', 'gentilic noun'],
    p: ['proper name', 'proper noun'],
  },
  P: {
    d: ['demonstrative', 'demonstrative pronoun'],
    f: ['indefinite', 'indefinite pronoun'],
    i: ['interrogative', 'interrogative pronoun'],
    p: ['personal', 'personal pronoun'],
    r: ['relative', 'relative pronoun'],
  },
  R: { d: ['definite article', 'preposition with definite article'] },
  S: {
    d: ['directional he', 'directional he'],
    h: ['paragogic he', 'paragogic he'],
    n: ['paragogic nun', 'paragogic nun'],
    p: ['pronominal', 'pronominal suffix'],
  },
  T: {
    a: ['affirmation', 'affirmation particle'],
    d: ['definite article', 'definite article'],
    e: ['exhortation', 'exhortation particle'],
    i: ['interrogative', 'interrogative particle'],
    j: ['interjection', 'interjection'],
    m: ['demonstrative', 'demonstrative particle'],
    n: ['negative', 'negative particle'],
    o: ['direct object marker', 'direct object marker'],
    r: ['relative', 'relative particle'],
  },
};

/** The verb stems differ by language: the same letter names another stem in Aramaic. */
const STEM: Record<'Hebrew' | 'Aramaic', Record<string, string>> = {
  Hebrew: {
    q: 'qal',
    N: 'niphal',
    p: 'piel',
    P: 'pual',
    h: 'hiphil',
    H: 'hophal',
    t: 'hithpael',
    o: 'polel',
    O: 'polal',
    r: 'hithpolel',
    m: 'poel',
    M: 'poal',
    k: 'palel',
    K: 'pulal',
    Q: 'qal passive',
    l: 'pilpel',
    L: 'polpal',
    f: 'hithpalpel',
    D: 'nithpael',
    j: 'pealal',
    i: 'pilel',
    u: 'hothpaal',
    c: 'tiphil',
    v: 'hishtaphel',
    w: 'nithpalel',
    y: 'nithpoel',
    z: 'hithpoel',
  },
  Aramaic: {
    q: 'peal',
    Q: 'peil',
    u: 'hithpeel',
    p: 'pael',
    P: 'ithpaal',
    M: 'hithpaal',
    a: 'aphel',
    h: 'haphel',
    s: 'saphel',
    e: 'shaphel',
    H: 'hophal',
    i: 'ithpeel',
    t: 'hishtaphel',
    v: 'ishtaphel',
    w: 'hithaphel',
    o: 'polel',
    z: 'ithpoel',
    r: 'hithpolel',
    f: 'hithpalpel',
    b: 'hephal',
    c: 'tiphel',
    m: 'poel',
    l: 'palpel',
    L: 'ithpalpel',
    O: 'ithpolel',
    G: 'ittaphal',
  },
};

type Feature = 'person' | 'gender' | 'number' | 'state';

/** Participles decline (gender number state), infinitives stop, the rest conjugate. */
const CONJUGATION: Record<string, { value: string; then: readonly Feature[] }> = {
  p: { value: 'perfect', then: ['person', 'gender', 'number'] },
  q: { value: 'sequential perfect', then: ['person', 'gender', 'number'] },
  i: { value: 'imperfect', then: ['person', 'gender', 'number'] },
  w: { value: 'sequential imperfect', then: ['person', 'gender', 'number'] },
  h: { value: 'cohortative', then: ['person', 'gender', 'number'] },
  j: { value: 'jussive', then: ['person', 'gender', 'number'] },
  v: { value: 'imperative', then: ['person', 'gender', 'number'] },
  r: { value: 'participle active', then: ['gender', 'number', 'state'] },
  s: { value: 'participle passive', then: ['gender', 'number', 'state'] },
  a: { value: 'infinitive absolute', then: [] },
  c: { value: 'infinitive construct', then: [] },
};

/** The features after the kind, by part of speech (verbs: see CONJUGATION). */
const FEATURES: Record<string, readonly Feature[]> = {
  A: ['gender', 'number', 'state'],
  N: ['gender', 'number', 'state'],
  P: ['person', 'gender', 'number'],
  S: ['person', 'gender', 'number'],
};

const VALUES: Record<Feature, Record<string, string>> = {
  person: { '1': 'first', '2': 'second', '3': 'third' },
  // b (nouns) is either gender, c (verbs, pronouns) common to both.
  gender: { b: 'masculine or feminine', c: 'common', f: 'feminine', m: 'masculine' },
  number: { s: 'singular', p: 'plural', d: 'dual' },
  // d: the Aramaic determined (emphatic) state.
  state: { a: 'absolute', c: 'construct', d: 'determined' },
};

/** Features that may be `x`; a state is always stated. */
const MAY_BE_X: ReadonlySet<Feature> = new Set(['person', 'gender', 'number']);

/** One morpheme read: its parts and its words (`verb, qal perfect, third person masculine singular`). */
function morpheme(
  code: string,
  language: 'Hebrew' | 'Aramaic',
): { parts: MorphPart[]; text: string } {
  const pos = PART_OF_SPEECH[code[0] ?? ''];
  if (!pos) return { parts: [unknownPart(code)], text: `unknown part: ${code}` };
  const parts: MorphPart[] = [{ name: 'part of speech', value: pos }];
  let called = pos;
  const groups: string[] = [];
  let at = 1;
  let features: readonly Feature[] = FEATURES[code[0]!] ?? [];

  if (code[0] === 'V') {
    const stem = STEM[language][code[1] ?? ''];
    const conjugation = CONJUGATION[code[2] ?? ''];
    if (stem && conjugation) {
      parts.push({ name: 'stem', value: stem }, { name: 'conjugation', value: conjugation.value });
      groups.push(`${stem} ${conjugation.value}`);
      features = conjugation.then;
      at = 3;
    }
  } else if (TYPE[code[0]!] && at < code.length) {
    const type = TYPE[code[0]!]![code[at]!];
    if (type) {
      parts.push({ name: 'type', value: type[0] });
      called = type[1];
      at++;
    } else if (code[at] === 'x') at++; // a kind not given (Aramaic `Nxxxa`)
  }

  const said: string[] = [];
  for (const feature of features) {
    if (at >= code.length) break;
    const ch = code[at]!;
    if (ch === 'x' && MAY_BE_X.has(feature)) {
      at++;
      continue;
    }
    const value = VALUES[feature][ch];
    if (!value) break;
    parts.push({ name: feature, value });
    said.push(feature === 'person' ? `${value} person` : value);
    at++;
  }
  if (said.length) groups.push(said.join(' '));
  if (at < code.length) {
    const rest = code.slice(at);
    parts.push(unknownPart(rest));
    groups.push(`unknown part: ${rest}`);
  }
  return { parts, text: [called, ...groups].join(', ') };
}

export function decodeOshb(code: string): MorphReading {
  const language = LANGUAGE[code[0] ?? ''];
  if (!language || code.length < 2) return undecoded('oshb', code);
  const morphemes = code
    .slice(1)
    .split('/')
    .map((m) => morpheme(m, language));
  return {
    code,
    scheme: 'oshb',
    parts: [{ name: 'language', value: language }, ...morphemes.flatMap((m) => m.parts)],
    text: `${language}: ${morphemes.map((m) => m.text).join('; ')}`,
  };
}
