import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  decodeMorph,
  UNKNOWN_PART,
  type MorphReading,
  type MorphScheme,
} from '../../src/study/morphology';

// Every morphology code of the study sources (Debian bibledit-cloud-data) decodes
// (src/study/morphology). kjv.xml carries the Robinson and Strong's tense codes, morphhb/*.xml the
// Open Scriptures Hebrew Bible's, morphgnt/*.txt MorphGNT's (part of speech and parsing). Without the package the test is skipped, except on CI (which
// has it, so a missing package fails there).
const dir = process.env.STUDY_SOURCES_DIR ?? '/usr/share/bibledit-cloud/sources';

/**
 * Codes in the sources that break their published scheme, each with what is wrong. They decode
 * with an unknown part (or, TH8674, not at all); the test fails if one stops occurring or starts
 * decoding, so the list stays true.
 */
const OUTSIDE_THE_SCHEME: Record<MorphScheme, Record<string, string>> = {
  robinson: {
    'A-GMS': 'ἑκάστου 1 Cor 3:13: gender and number swapped (A-GSM)',
    'N-GMP': 'ταύρων Heb 9:13, 10:4: gender and number swapped (N-GPM)',
    'N-NAM': 'ἰδιώτης 1 Cor 14:24, 2 Cor 11:6: no such case-number-gender (N-NSM)',
    PRT_N: 'οὐ John 10:35: an underscore for the hyphen (PRT-N)',
    'T-AAP-NPM':
      'the article of οἱ περιπατήσαντες Heb 13:9 with the participle\u2019s parsing (T-NPM)',
    'T-PAP-DSM': 'the article of τῷ ἔχοντι Rev 14:18 with the participle\u2019s parsing (T-DSM)',
    'T-PAP-NPM':
      'the article of οἱ ἐπιδημοῦντες Acts 2:10 with the participle\u2019s parsing (T-NPM)',
    'T-PAP-NSM': 'the article of ὁ ὀνομάζων 2 Tim 2:19 with the participle\u2019s parsing (T-NSM)',
    'T-PNP-APM':
      'the article of τοὺς προσερχομένους Heb 10:1 with the participle\u2019s parsing (T-APM)',
    'T-PNP-NPM': 'the article of οἱ ἐρχόμενοι Rev 7:14 with the participle\u2019s parsing (T-NPM)',
    'T-PNP-NSM':
      'the article of ὁ ἐρχόμενος John 3:31, Rev 1:4, 1 John 2:22 with the participle\u2019s parsing (T-NSM)',
    'V-PNI-3S-I': 'ἐνδέχεται Luke 13:33: -I (interrogative) is no verb suffix',
    'V-PPN-2P':
      'μεθύσκεσθε Eph 5:18: an infinitive with a person; the word is an imperative (V-PPM-2P)',
  },
  strongMorph: {
    TH8674:
      'Tatnai, Ezra 5:3, 5:6, 6:6, 6:13: the Strong\u2019s number of the name (H8674) written as a tense',
  },
  oshb: {},
  morphgnt: {},
};

/** Morphology tokens in kjv.xml that name no scheme. */
const MALFORMED_TAGS: Record<string, string> = {
  'robinson-2ADP-GSF': 'γενομένης Mark 14:17: a hyphen for the colon (robinson:V-2ADP-GSF)',
  'strong:N-NSM':
    'κλαυθμός Acts 20:37: a Robinson code under the Strong\u2019s prefix (robinson:N-NSM)',
};

const SCHEMES: MorphScheme[] = ['robinson', 'strongMorph', 'oshb', 'morphgnt'];

/** Every token of every `morph` attribute (one attribute may hold several codes). */
function* morphTokens(xml: string): Generator<string> {
  for (const m of xml.matchAll(/\smorph="([^"]*)"/g)) yield* m[1]!.split(/\s+/).filter(Boolean);
}

const decodesFully = (r: MorphReading) =>
  r.parts.length > 0 && !r.parts.some((p) => p.name === UNKNOWN_PART);

describe.skipIf(!existsSync(dir) && !process.env.CI)(
  'every morphology code in the study sources',
  () => {
    const codes: Record<MorphScheme, Set<string>> = {
      robinson: new Set(),
      strongMorph: new Set(),
      oshb: new Set(),
      morphgnt: new Set(),
    };
    const unlabelled = new Set<string>();

    beforeAll(() => {
      for (const token of morphTokens(readFileSync(join(dir, 'kjv.xml'), 'utf8'))) {
        const m = /^(robinson|strongMorph):(.+)$/.exec(token);
        if (m) codes[m[1] as MorphScheme].add(m[2]!);
        else unlabelled.add(token);
      }
      const morphhb = join(dir, 'morphhb');
      for (const file of readdirSync(morphhb).filter((f) => f.endsWith('.xml'))) {
        for (const token of morphTokens(readFileSync(join(morphhb, file), 'utf8')))
          codes.oshb.add(token);
      }
      // MorphGNT: `BBCCVV POS PARSING TEXT WORD NORMALIZED LEMMA`, the code its columns 2 and 3.
      const morphgnt = join(dir, 'morphgnt');
      for (const file of readdirSync(morphgnt).filter((f) => f.endsWith('-morphgnt.txt')))
        for (const line of readFileSync(join(morphgnt, file), 'utf8').split('\n')) {
          const [, pos, parsing] = line.split(' ');
          if (pos && parsing) codes.morphgnt.add(pos + parsing);
        }
    });

    it('are found (a reader that finds none would pass everything below)', () => {
      expect(codes.robinson.size).toBeGreaterThan(1000);
      expect(codes.strongMorph.size).toBeGreaterThan(100);
      expect(codes.oshb.size).toBeGreaterThan(3000);
      expect(codes.morphgnt.size).toBeGreaterThan(500);
    });

    it.each(SCHEMES)(
      '%s: all decode with no unknown part, apart from the listed ones',
      (scheme) => {
        const failing = [...codes[scheme]].filter(
          (code) => !decodesFully(decodeMorph(scheme, code)),
        );
        expect(failing.sort()).toEqual(Object.keys(OUTSIDE_THE_SCHEME[scheme]).sort());
      },
    );

    it('all kjv.xml tokens name their scheme, apart from the listed ones', () => {
      expect([...unlabelled].sort()).toEqual(Object.keys(MALFORMED_TAGS).sort());
    });
  },
);
