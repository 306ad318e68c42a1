import { describe, expect, it } from 'vitest';
import { lexiconSourcesInstalled } from '../../scripts/snapshot/study/lexicons/index';
import { studyLexicon } from '../../scripts/snapshot/study/lexicon-source';
import { lemmaIndex } from '../../scripts/snapshot/study/producer';
import { foldLemma } from '../../src/snapshot/search-text';

// Issue 21 §4 "by lemma": the headword index the build writes (`lm:H`, `lm:G`), from the real
// lexicons of Debian's bibledit-cloud-data (skipped without it; CI has it).

describe('lemma folding', () => {
  it('folds a headword as keyword search folds words, and drops the numbers lexicons append', () => {
    expect(foldLemma('ἀγαπάω')).toBe('αγαπαω');
    expect(foldLemma('אָהַב')).toBe('אהב');
    expect(foldLemma('יְהוָ֔ה')).toBe('יהוה');
    expect(foldLemma('ἄγιος G40')).toBe('αγιος');
    expect(foldLemma('ἄν 1')).toBe('αν');
    expect(foldLemma('εἰ δὲ μή γε')).toBe('ει δε μη γε');
    expect(foldLemma(' 12 ')).toBe('');
  });
});

describe.skipIf(!lexiconSourcesInstalled())('the headword index of the real lexicons', () => {
  it('leads each folded headword to the numbers it heads, homographs together', () => {
    const lexicon = studyLexicon()!;
    const greek = lemmaIndex(lexicon.entries, 'G', null)!;
    const hebrew = lemmaIndex(lexicon.entries, 'H', null)!;
    expect(greek.αγαπαω).toEqual(['G25']);
    expect(greek.λογος).toEqual(['G3056']);
    expect(hebrew.אהב).toEqual(['H157', 'H158', 'H159']);
    expect(hebrew.יהוה).toEqual(expect.arrayContaining(['H3068']));
    // Only one language's numbers in each, and headwords of all of the lexicon's entries.
    expect(Object.values(greek).flat().every((n) => n.startsWith('G'))).toBe(true);
    expect(Object.values(hebrew).flat().every((n) => n.startsWith('H'))).toBe(true);
    expect(Object.keys(greek).length).toBeGreaterThan(5_000);
    expect(Object.keys(hebrew).length).toBeGreaterThan(6_000);
    expect(Object.keys(greek).some((w) => /\d/.test(w))).toBe(false);
    // A build of a few books keeps the headwords of the numbers it uses only.
    expect(lemmaIndex(lexicon.entries, 'G', new Set(['G25']))).toEqual({ αγαπαω: ['G25'] });
  });
});
