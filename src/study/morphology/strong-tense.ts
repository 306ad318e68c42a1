import { undecoded, type MorphReading } from './types';

/**
 * Strong's Hebrew tense numbers, the parsing of the Old Testament verbs in the KJV module
 * (`strongMorph:TH8804`). They follow the Hebrew word numbers (the last word is H8674) and were
 * added to Strong's numbering by the Online Bible; the CrossWire KJV2006 module carries them.
 * A number names a stem and a form only (no person, gender or number), and one number covers
 * several forms of the newer grammars: "imperfect" includes the wayyiqtol, jussive and
 * cohortative, "perfect" the weqatal, "infinitive" the absolute and the construct.
 *
 * The list runs stem by stem in alphabetical order, the forms of each stem alphabetically too
 * (imperative, imperfect, infinitive, participle, perfect), so it is kept as runs: the first
 * number of a stem and its forms in order. Every number in the KJV module was checked against
 * the words it tags, matched verse by verse with the Open Scriptures Hebrew Bible's parsing of the
 * same word; where a name rests on the number's place in the list and the OSHB names the stem
 * otherwise, a comment gives the words.
 */

const FIVE = ['imperative', 'imperfect', 'infinitive', 'participle', 'perfect'] as const;

const RUNS: readonly (readonly [first: number, stem: string, forms: readonly string[]])[] = [
  // Aramaic; OSHB mostly haphel (aphel forms such as אֲחֵת Ezra 5:15 are filed here too).
  [8680, 'haphel', FIVE],
  [8685, 'hiphil', FIVE],
  [8690, 'hithpael', FIVE],
  // הִתְאֹשָׁשׁוּ Isa 46:8, נִתְעוֹדָד Ps 20:8 (OSHB hithpolel).
  [8695, 'hithpalel', ['imperative', 'imperfect']],
  [8697, 'hithpalpel', FIVE],
  // Aramaic הִתְרְחִצוּ Dan 3:28 (OSHB hithpeel).
  [8702, 'hithpeal', ['perfect']],
  [8703, 'hithpoel', FIVE],
  [8708, 'hithpolel', FIVE],
  [8713, 'hophal', FIVE],
  [8718, 'hothpaal', ['infinitive', 'perfect']],
  // Aramaic from here to 8733: יִשְׁתַּכְלְלוּן Ezra 4:13.
  [8720, 'ishtaphel', ['imperfect']],
  [8721, 'ithpaal', ['imperfect', 'infinitive', 'participle', 'perfect']],
  [8725, 'ithpeal', ['imperfect', 'infinitive', 'participle', 'perfect']],
  // יִתְרְמֵא Dan 3:6, אֶתְכְּרִיַּת Dan 7:15.
  [8729, 'ithpeel', ['imperfect', 'perfect']],
  // תִּתְבְּנֵא Ezra 4:13, מִתְבְּנֵא Ezra 5:8, אֶשְׁתּוֹמַם Dan 4:19.
  [8731, 'ithpoel', ['imperfect', 'participle', 'perfect']],
  [8734, 'niphal', FIVE],
  [8739, 'nithpael', ['perfect']],
  // Aramaic; the passive participle מְפָרַשׁ Ezra 4:18 has a number of its own.
  [
    8740,
    'pael',
    ['imperative', 'imperfect', 'infinitive', 'participle', 'participle passive', 'perfect'],
  ],
  // תְּשָׁעֳשָׁעוּ Isa 66:12 (OSHB polpal).
  [8746, 'palpal', ['imperfect']],
  // Aramaic. Like the qal (8798–8804) it has a participle with no voice besides the active and
  // passive ones; 8753 tags the same passive forms as 8752 (יְהִיב, דְּחִיל).
  [
    8747,
    'peal',
    [
      'imperative',
      'imperfect',
      'infinitive',
      'participle',
      'participle active',
      'participle passive',
      'participle passive',
      'perfect',
    ],
  ],
  // Only the Aramaic שֵׁיזִב "deliver" (Dan 3:15–6:27): a shaphel (OSHB and BDB), though its
  // place in the list puts it under a name between peal and peil. See also 8805.
  [8755, 'shaphel', ['imperfect', 'infinitive', 'participle', 'perfect']],
  // Aramaic: פְּתִיחָן Dan 6:10, כְּפִתוּ Dan 3:21.
  [8759, 'peil', ['participle', 'perfect']],
  [8761, 'piel', FIVE],
  // יְעוֹדֵד Ps 146:9, שַׁאֲנַן Jer 48:11 (OSHB polel, palel).
  [8766, 'pilel', ['imperfect', 'participle', 'perfect']],
  [8769, 'pilpel', FIVE],
  [8774, 'poal', ['infinitive', 'participle', 'perfect']],
  // חֳמַרְמְרוּ Lam 1:20 (OSHB pealal).
  [8777, 'poalal', ['perfect']],
  [8778, 'poel', FIVE],
  [8783, 'polal', ['imperfect', 'participle', 'perfect']],
  [8786, 'polel', FIVE],
  [8791, 'polpal', ['perfect']],
  [8792, 'pual', ['imperfect', 'infinitive', 'participle', 'perfect']],
  // אֻמְלַל Joel 1:10, מְשׁוֹבֶבֶת Ezek 38:8.
  [8796, 'pulal', ['participle', 'perfect']],
  [
    8798,
    'qal',
    [
      'imperative',
      'imperfect',
      'infinitive',
      'participle',
      'participle active',
      'participle passive',
      'perfect',
    ],
  ],
  // Aramaic לְשַׁכְלָלָה Ezra 5:3, שֵׁיצִיא Ezra 6:15.
  [8805, 'shaphel', ['infinitive', 'perfect']],
  // תְּתַחֲרֶה Jer 12:5, תִרְגַּלְתִּי Hos 11:3.
  [8807, 'tiphil', ['imperfect', 'participle', 'perfect']],
];

/** Number → stem and form, unrolled from the runs once. */
const STEM_AND_FORM: ReadonlyMap<number, readonly [stem: string, form: string]> = new Map(
  RUNS.flatMap(([first, stem, forms]) => forms.map((f, i) => [first + i, [stem, f]] as const)),
);

/**
 * Numbers at the head of the list that are not tenses but mark a word with more than one reading.
 * They stand between the codes of the readings (`TH8799 TH8675 TH8686`) or alone on a word tagged
 * with two Strong's numbers. What each marks is read from the words that carry them; the
 * published list's own wording is not at hand.
 */
const MARKER: Record<number, string> = {
  // שְׁבוּת/שְׁבִית, תַּלִּינוּ/תַּלּוֹנוּ (Exod 16:7): the written text and the one read aloud differ.
  8675: 'Kethiv/Qere: the written and the read text differ',
  // Alternative analyses (Job 10:15 רְאֵה, 2 Sam 6:1 וַיֹּסֶף) and variant names (Hiram/Huram).
  8676: 'the word has a second reading (another Strong\u2019s number or form)',
  // Mostly compound names tagged with the name and its part (Kirjath-arba, Beth-millo, Hazazon-tamar).
  8677: 'the word joins two Strong\u2019s entries (mostly a compound name)',
  // Only after a Kethiv/Qere pair whose reading has two words (Ps 123:4, Neh 5:7).
  8678: 'a third reading after a Kethiv/Qere pair',
};

export function decodeStrongTense(code: string): MorphReading {
  // The module writes `TH8804`; accept the bare number and `H8804` too.
  const m = /^T?H?(\d{4})$/.exec(code);
  if (!m) return undecoded('strongMorph', code);
  const n = Number(m[1]);
  const marker = MARKER[n];
  if (marker)
    return { code, scheme: 'strongMorph', parts: [{ name: 'note', value: marker }], text: marker };
  const found = STEM_AND_FORM.get(n);
  if (!found) return undecoded('strongMorph', code);
  const [stem, form] = found;
  return {
    code,
    scheme: 'strongMorph',
    parts: [
      { name: 'part of speech', value: 'verb' },
      { name: 'stem', value: stem },
      { name: 'form', value: form },
    ],
    text: `verb, ${stem} ${form}`,
  };
}
