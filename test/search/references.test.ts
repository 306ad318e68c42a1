import { beforeAll, describe, expect, it } from 'vitest';
import {
  findReferences,
  findReferencesInTexts,
  isReferenceQuery,
  loadReferenceParser,
  parseReferences,
  textsToParse,
  type RefRange,
} from '../../src/search/references';

// The parser is imported on first use (src/search/references.ts): the routes await it first.
beforeAll(() => loadReferenceParser());

/** `Book.C.V-Book.C.V` shorthand of a parsed range, for readable tables. */
function show(r: RefRange): string {
  const p = (x: RefRange['start']) =>
    [x.book, x.chapter, x.verse].filter((v) => v !== undefined).join('.');
  const a = p(r.start);
  const b = p(r.end);
  return a === b ? a : `${a}-${b}`;
}

describe('parseReferences: a book name both languages share follows the versions asked for', () => {
  it('reads `Job 3,16` as a list in English and as chapter 3 verse 16 for a Spanish version', () => {
    expect(parseReferences('Job 3,16').map(show)).toEqual(['Job.3', 'Job.16']);
    expect(parseReferences('Job 3,16', ['spa']).map(show)).toEqual(['Job.3.16']);
  });
});

describe('parseReferences (table)', () => {
  it.each([
    ['jn 3:16', ['John.3.16']],
    ['John 3:16-18', ['John.3.16-John.3.18']],
    ['John 3', ['John.3']],
    ['John 3-5', ['John.3-John.5']],
    ['Gen 1:1-2:3', ['Gen.1.1-Gen.2.3']],
    ['John 3,Luke 2', ['John.3', 'Luke.2']],
    ['John 3;Luke 2', ['John.3', 'Luke.2']],
    ['john 3:1-5', ['John.3.1-John.3.5']],
    ['Jhon 3:16', ['John.3.16']],
    ['Jude 9', ['Jude.1.9']],
    ['3 John 4', ['3John.1.4']],
    ['John 3:16–18', ['John.3.16-John.3.18']],
    ['John 3:16—18', ['John.3.16-John.3.18']],
    ['John\u00a03:16', ['John.3.16']],
    ['John\u20093:16', ['John.3.16']],
    ['Phil 4', ['Phil.4']],
    ['Philemon 4', ['Phlm.1.4']],
    ['1 cor 13:4-7; Rom 8:28', ['1Cor.13.4-1Cor.13.7', 'Rom.8.28']],
    ['Greek Esther 1:2', ['EsthGr.1.2']],
    ['Ps 151', ['AddPs.1']],
    ['Ps 151:3', ['AddPs.1.3']],
    ['Letter of Jeremiah 3', ['Bar.6.3']],
    ['Tobit 1:1', ['Tob.1.1']],
    ['Sirach 1:1-3', ['Sir.1.1-Sir.1.3']],
    ['Gen 50:26-Exod 1:2', ['Gen.50.26-Exod.1.2']],
    // Spanish: the comma between chapter and verse, the period between list items;
    // the colon still means chapter and verse.
    ['Juan 3,16', ['John.3.16']],
    ['Juan 3,16-18', ['John.3.16-John.3.18']],
    ['Juan 3,16.18', ['John.3.16', 'John.3.18']],
    ['1 Corintios 13,4-7', ['1Cor.13.4-1Cor.13.7']],
    ['Juan 3, 16', ['John.3.16']],
    ['Juan 3:16', ['John.3.16']],
    ['Juan 3:16-18', ['John.3.16-John.3.18']],
    ['Juan 3,16; Lucas 2,1', ['John.3.16', 'Luke.2.1']],
    ['1 Corintios 13', ['1Cor.13']],
    // English keeps the comma as a list.
    ['John 3, 16', ['John.3', 'John.16']],
    ['love one another', []],
    ['', []],
    ['\u0000\u0001', []],
  ])('%j → %j', (text, expected) => {
    expect(parseReferences(text).map(show)).toEqual(expected);
  });

  it('survives a 5,000-character text', () => {
    expect(() => parseReferences('John 3:16 '.repeat(500))).not.toThrow();
  });
});

describe('isReferenceQuery', () => {
  it.each([
    ['john 3:16', true],
    ['John 3-5', true],
    ['Gen 1:1-2:3', true],
    ['jn 3:16, Luke 2', true],
    ['love', false],
    ['love one another', false],
    ['faith in John 3', false],
    ['Mark my words', false],
  ])('%j → %s', (text, expected) => {
    expect(isReferenceQuery(text)).toBe(expected);
  });
});

describe('findReferencesInTexts: each distinct text that can hold a reference parsed once', () => {
  it("leaves out texts with no number: book names alone, the parser's costliest text, are not parsed", () => {
    const names = Array.from({ length: 100 }, () => 'Jo '.repeat(66));
    expect(textsToParse(names).joined).toBe('');
    expect(findReferencesInTexts(names, 'eng')).toEqual(names.map(() => []));
  });

  it('parses copies of a text once, and answers each copy with its references', () => {
    const copies = Array.from({ length: 100 }, () => 'Jo1Jo1');
    expect(textsToParse(copies).joined).toBe('Jo1Jo1');
    const found = findReferencesInTexts(copies, 'eng');
    expect(found).toHaveLength(100);
    expect(found[99]).toEqual(findReferences('Jo1Jo1', 'eng'));
    expect(found[99].map((f) => f.osis.join())).toEqual(['John.1', 'John.1']);
  });

  it('finds what each text alone holds, copies, texts without numbers and other digits among them', () => {
    const texts = [
      'see John',
      'John 3:16',
      'and Genesis, Exodus',
      'John 3:16',
      '12',
      'Juan ٣:١٦',
      'Ps 23',
      'John 3:16 and Ps 23',
      'Ps 23',
      '',
    ];
    for (const lang of ['eng', 'spa'])
      expect(findReferencesInTexts(texts, lang)).toEqual(texts.map((t) => findReferences(t, lang)));
    expect(textsToParse(texts).texts).toEqual([
      'John 3:16',
      '12',
      'Juan ٣:١٦',
      'Ps 23',
      'John 3:16 and Ps 23',
    ]);
  });
});
