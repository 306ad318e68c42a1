import { describe, expect, it } from 'vitest';
import { decodeMorph, decodeMorphTag, UNKNOWN_PART } from '../../src/study/morphology';

// Word study: morphology codes read in words, in the Worker. The codes are real ones
// from the KJV module (robinson, strongMorph) and the Open Scriptures Hebrew Bible (oshb);
// test/node/morphology-coverage.test.ts reads every code of the installed sources.

const text = (scheme: string, code: string) => decodeMorph(scheme, code).text;

describe('Robinson (Greek New Testament)', () => {
  it('reads a finite verb into parts and words', () => {
    expect(decodeMorph('robinson', 'V-AAI-3S')).toEqual({
      code: 'V-AAI-3S',
      scheme: 'robinson',
      parts: [
        { name: 'part of speech', value: 'verb' },
        { name: 'tense', value: 'aorist' },
        { name: 'voice', value: 'active' },
        { name: 'mood', value: 'indicative' },
        { name: 'person', value: 'third' },
        { name: 'number', value: 'singular' },
      ],
      text: 'verb, aorist active indicative, third person singular',
    });
  });

  it.each([
    ['V-2AMS-3S', 'verb, second aorist middle subjunctive, third person singular'],
    ['V-PXI-3S', 'verb, present indicative, third person singular, no voice stated'],
    ['V-PAP-NSM', 'verb, present active participle, nominative singular masculine'],
    ['V-2AAN', 'verb, second aorist active infinitive'],
    ['V-XXM-2P', 'verb, imperative, second person plural, no tense stated, no voice stated'],
    ['V-2AAM-2S-AP', 'verb, second aorist active imperative, second person singular, apocopated'],
    ['T-NSM', 'definite article, nominative singular masculine'],
    ['N-ASF', 'noun, accusative singular feminine'],
    ['N-PRI', 'noun, indeclinable proper noun'],
    ['A-NSM', 'adjective, nominative singular masculine'],
    ['A-NSN-C', 'adjective, nominative singular neuter, comparative'],
    ['P-GSM', 'personal pronoun, genitive singular masculine'],
    ['P-1NS-C', 'personal pronoun, first person nominative singular, crasis'],
    ['F-3ASM', 'reflexive pronoun, third person accusative singular masculine'],
    ['S-1APF', 'possessive pronoun, first person accusative plural feminine'],
    ['D-NSF', 'demonstrative pronoun, nominative singular feminine'],
    ['R-ASM-P', 'relative pronoun, accusative singular masculine, particle attached'],
    ['CONJ', 'conjunction'],
    ['PRT-N', 'particle, negative'],
    ['ADV-S', 'adverb, superlative'],
    ['ARAM', 'transliterated Aramaic word'],
  ])('%s', (code, words) => {
    expect(text('robinson', code)).toBe(words);
  });

  it('reads a code that breaks the scheme as far as it goes and keeps the rest as unknown', () => {
    // The KJV data tags the article of ὁ ἐρχόμενος with the participle's parsing (John 3:31).
    expect(decodeMorph('robinson', 'T-PNP-NSM')).toMatchObject({
      parts: [
        { name: 'part of speech', value: 'definite article' },
        { name: UNKNOWN_PART, value: 'PNP-NSM' },
      ],
      text: 'definite article, unknown part: PNP-NSM',
    });
    // An infinitive takes no person (μεθύσκεσθε, Eph 5:18, is an imperative).
    expect(text('robinson', 'V-PPN-2P')).toBe('verb, present passive infinitive, unknown part: 2P');
    expect(text('robinson', 'PRT_N')).toBe('particle, unknown part: _N');
  });
});

describe("Strong's tense numbers (KJV Old Testament verbs)", () => {
  it('reads stem and form', () => {
    expect(decodeMorph('strongMorph', 'TH8804')).toEqual({
      code: 'TH8804',
      scheme: 'strongMorph',
      parts: [
        { name: 'part of speech', value: 'verb' },
        { name: 'stem', value: 'qal' },
        { name: 'form', value: 'perfect' },
      ],
      text: 'verb, qal perfect',
    });
  });

  it.each([
    ['TH8799', 'verb, qal imperfect'],
    ['TH8798', 'verb, qal imperative'],
    ['TH8800', 'verb, qal infinitive'],
    ['TH8802', 'verb, qal participle active'],
    ['TH8803', 'verb, qal participle passive'],
    ['TH8735', 'verb, niphal imperfect'],
    ['TH8762', 'verb, piel imperfect'],
    ['TH8794', 'verb, pual participle'],
    ['TH8686', 'verb, hiphil imperfect'],
    ['TH8714', 'verb, hophal imperfect'],
    ['TH8691', 'verb, hithpael imperfect'],
    ['TH8787', 'verb, polel imperfect'],
    // Aramaic stems.
    ['TH8754', 'verb, peal perfect'],
    ['TH8745', 'verb, pael perfect'],
    ['TH8728', 'verb, ithpeal perfect'],
    ['TH8684', 'verb, haphel perfect'],
    ['TH8806', 'verb, shaphel perfect'],
    // The last number of the list.
    ['TH8809', 'verb, tiphil perfect'],
  ])('%s', (code, words) => {
    expect(text('strongMorph', code)).toBe(words);
  });

  it('reads the markers of words with more than one reading as a note', () => {
    expect(decodeMorph('strongMorph', 'TH8675').parts).toEqual([
      { name: 'note', value: 'Kethiv/Qere: the written and the read text differ' },
    ]);
  });

  it('takes the number with or without its letters, and nothing else', () => {
    expect(text('strongMorph', '8804')).toBe('verb, qal perfect');
    expect(text('strongMorph', 'H8804')).toBe('verb, qal perfect');
    // H8674 is the last Strong's word (Tattenai), not a tense: the KJV tags the name with it by mistake.
    expect(decodeMorph('strongMorph', 'TH8674')).toEqual({
      code: 'TH8674',
      scheme: 'strongMorph',
      parts: [],
      text: 'TH8674',
    });
    expect(decodeMorph('strongMorph', 'TH88040').parts).toEqual([]);
  });
});

describe('Open Scriptures Hebrew Bible', () => {
  it('reads every morpheme of a word, in order', () => {
    expect(decodeMorph('oshb', 'HC/Vqw3ms')).toEqual({
      code: 'HC/Vqw3ms',
      scheme: 'oshb',
      parts: [
        { name: 'language', value: 'Hebrew' },
        { name: 'part of speech', value: 'conjunction' },
        { name: 'part of speech', value: 'verb' },
        { name: 'stem', value: 'qal' },
        { name: 'conjugation', value: 'sequential imperfect' },
        { name: 'person', value: 'third' },
        { name: 'gender', value: 'masculine' },
        { name: 'number', value: 'singular' },
      ],
      text: 'Hebrew: conjunction; verb, qal sequential imperfect, third person masculine singular',
    });
  });

  it.each([
    ['HVqp3ms', 'Hebrew: verb, qal perfect, third person masculine singular'],
    ['HR/Ncfsa', 'Hebrew: preposition; common noun, feminine singular absolute'],
    ['HTd/Ncmpa', 'Hebrew: definite article; common noun, masculine plural absolute'],
    ['HTo', 'Hebrew: direct object marker'],
    ['HNp', 'Hebrew: proper noun'],
    ['HVqrmsa', 'Hebrew: verb, qal participle active, masculine singular absolute'],
    ['HVqsmpc', 'Hebrew: verb, qal participle passive, masculine plural construct'],
    ['HVqc', 'Hebrew: verb, qal infinitive construct'],
    ['HVqa', 'Hebrew: verb, qal infinitive absolute'],
    ['HVhh1cs', 'Hebrew: verb, hiphil cohortative, first person common singular'],
    ['HR/Sp3mp', 'Hebrew: preposition; pronominal suffix, third person masculine plural'],
    ['HNcmpa/Sd', 'Hebrew: common noun, masculine plural absolute; directional he'],
    ['HPp3ms', 'Hebrew: personal pronoun, third person masculine singular'],
    ['HAcmsc', 'Hebrew: cardinal number, masculine singular construct'],
    // Aramaic: other stems under the same letters, and the determined state.
    ['AVqp3ms', 'Aramaic: verb, peal perfect, third person masculine singular'],
    ['AVMrmpa', 'Aramaic: verb, hithpaal participle active, masculine plural absolute'],
    ['AVhv2ms', 'Aramaic: verb, haphel imperative, second person masculine singular'],
    ['ANcmsd', 'Aramaic: common noun, masculine singular determined'],
    // x: a feature unknown or needless.
    ['APdxms', 'Aramaic: demonstrative pronoun, masculine singular'],
  ])('%s', (code, words) => {
    expect(text('oshb', code)).toBe(words);
  });

  it('keeps what breaks the scheme as an unknown part of its morpheme', () => {
    expect(text('oshb', 'HC/Vqz3ms')).toBe('Hebrew: conjunction; verb, unknown part: qz3ms');
    expect(text('oshb', 'HNcmsq')).toBe('Hebrew: common noun, masculine singular, unknown part: q');
    expect(decodeMorph('oshb', 'XVqp3ms')).toEqual({
      code: 'XVqp3ms',
      scheme: 'oshb',
      parts: [],
      text: 'XVqp3ms',
    });
  });
});

describe('tags and unknown input', () => {
  it('reads tags as the texts write them', () => {
    expect(decodeMorphTag('robinson:V-AAI-3S').text).toBe(
      'verb, aorist active indicative, third person singular',
    );
    expect(decodeMorphTag('strongMorph:TH8804')).toMatchObject({
      scheme: 'strongMorph',
      code: 'TH8804',
      text: 'verb, qal perfect',
    });
    expect(decodeMorphTag('oshb:HC/Vqw3ms').scheme).toBe('oshb');
    expect(decodeMorphTag('oshm:HVqp3ms').text).toBe(
      'Hebrew: verb, qal perfect, third person masculine singular',
    );
  });

  it('gives an unknown scheme, prefix or code back as it came, with no parts', () => {
    expect(decodeMorph('packard', 'V-AAI-3S')).toEqual({
      code: 'V-AAI-3S',
      scheme: 'robinson',
      parts: [],
      text: 'V-AAI-3S',
    });
    // A tag written with a hyphen for the colon (Mark 14:17 in the KJV module).
    expect(decodeMorphTag('robinson-2ADP-GSF')).toMatchObject({
      parts: [],
      text: 'robinson-2ADP-GSF',
    });
    expect(decodeMorphTag('xyz:TH8804')).toMatchObject({
      scheme: 'strongMorph',
      parts: [],
      text: 'xyz:TH8804',
    });
    expect(decodeMorph('robinson', 'ZZZ')).toMatchObject({ parts: [], text: 'ZZZ' });
  });

  it('never throws', () => {
    const junk = [
      '',
      '-',
      ':',
      '/',
      'V',
      'V-',
      'V--',
      'H',
      'H/',
      'HV',
      'A-',
      'N-PRI-X-Y',
      'T--',
      '2',
      'TH',
      '\u05d0',
      'V-AAI-3S-',
      'PRT-',
    ];
    // Pieces named like Object's members must not be found in the tables.
    const members = [
      'constructor',
      'toString',
      'ADV-constructor',
      'N-toString',
      'V-AAI-3S-hasOwnProperty',
      '__proto__:V-AAI-3S',
    ];
    for (const scheme of ['robinson', 'strongMorph', 'oshb', '', 'constructor']) {
      for (const code of [...junk, ...members]) {
        const r = decodeMorph(scheme, code);
        expect(r.code).toBe(code);
        expect(r.text).not.toContain('undefined');
      }
    }
    for (const tag of [...junk, ...members])
      expect(decodeMorphTag(tag).text).not.toContain('undefined');
    expect(text('robinson', 'ADV-constructor')).toBe('adverb, unknown part: constructor');
  });
});

describe('MorphGNT (SBL Greek New Testament)', () => {
  it('reads a finite verb into the parts and words Robinson uses', () => {
    // ἐγέννησεν (Matt 1:2): MorphGNT's `V-` and `3AAI-S--`, Robinson's V-AAI-3S.
    const morphgnt = decodeMorph('morphgnt', 'V-3AAI-S--');
    expect(morphgnt).toEqual({
      code: 'V-3AAI-S--',
      scheme: 'morphgnt',
      parts: decodeMorph('robinson', 'V-AAI-3S').parts,
      text: 'verb, aorist active indicative, third person singular',
    });
  });

  it.each([
    // One per kind of code: each verb mood, the declined classes, the undeclined ones, degree.
    ['V-3AAI-S--', 'V-AAI-3S'],
    ['V--PAPNSM-', 'V-PAP-NSM'],
    ['V--AAN----', 'V-AAN'],
    ['V-2PAD-P--', 'V-PAM-2P'],
    ['V-3AAS-S--', 'V-AAS-3S'],
    ['V-3AAO-S--', 'V-AAO-3S'],
    ['V-3XAI-S--', 'V-RAI-3S'],
    ['V-3YAI-S--', 'V-LAI-3S'],
    ['V-3PPI-S--', 'V-PPI-3S'],
    ['N-----NSF-', 'N-NSF'],
    ['A-----NSM-', 'A-NSM'],
    ['A-----NSNC', 'A-NSN-C'],
    ['RA----NSM-', 'T-NSM'],
    ['RD----NSF-', 'D-NSF'],
    ['RR----ASM-', 'R-ASM'],
    ['RP----GSM-', 'P-GSM'],
    ['C---------', 'CONJ'],
    ['D---------', 'ADV'],
    ['P---------', 'PREP'],
    ['X---------', 'PRT'],
    ['I---------', 'INJ'],
  ])('%s has the parts of Robinson’s %s', (code, robinson) => {
    expect(decodeMorph('morphgnt', code).parts).toEqual(decodeMorph('robinson', robinson).parts);
    expect(text('morphgnt', code)).toBe(text('robinson', robinson));
  });

  it.each([
    ['V-3AMI-S--', 'verb, aorist middle indicative, third person singular'],
    ['RP----AS--', 'personal pronoun, accusative singular'],
    ['A-----NSMS', 'adjective, nominative singular masculine, superlative'],
    ['D--------C', 'adverb, comparative'],
    ['RI----NSM-', 'interrogative or indefinite pronoun, nominative singular masculine'],
  ])('%s reads "%s"', (code, words) => {
    expect(text('morphgnt', code)).toBe(words);
  });

  it('reads a tag with its prefix', () => {
    expect(decodeMorphTag('morphgnt:N-----GSM-').text).toBe('noun, genitive singular masculine');
  });

  it('keeps what it cannot read as an unknown part', () => {
    expect(decodeMorph('morphgnt', 'N-----QSM-').parts).toContainEqual({
      name: UNKNOWN_PART,
      value: 'case Q',
    });
    expect(decodeMorph('morphgnt', 'V-3AAI')).toMatchObject({
      parts: [
        { name: 'part of speech', value: 'verb' },
        { name: UNKNOWN_PART, value: '3AAI' },
      ],
    });
    expect(decodeMorph('morphgnt', 'ZZ--------')).toMatchObject({ parts: [], text: 'ZZ--------' });
  });
});
