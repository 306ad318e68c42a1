/**
 * Text that is not verse text (scripts/snapshot/apart.ts): Psalm titles and Psalm 119 headings
 * set apart as titles, subscriptions dropped, and the build checks on both (validate.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  acrosticHeadingsInText,
  checkPsalmTitles,
  checkSubscriptions,
  dropSubscriptions,
  openingCapitalsAfterTitle,
  psalmTitlesBeforeOpeningCapitals,
  splitTokensAt,
  subscriptionStart,
} from '../../../scripts/snapshot/apart';
import type { TextToken, VerseIR, VersionIR } from '../../../scripts/snapshot/ir';

const verse = (n: number, text: string | TextToken[], title?: string): VerseIR => ({
  verse: n,
  para: false,
  tokens: typeof text === 'string' ? [{ text }] : text,
  ...(title ? { title: [{ text: title }] } : {}),
});
/** Psalms 1-150, each with verse 1 only, and Psalm 119 with its 176 verses. */
function psalms(
  first: (n: number) => string,
  titled: (n: number) => string | undefined = () => undefined,
): VersionIR {
  const chapters = Array.from({ length: 150 }, (_, k) => ({
    chapter: k + 1,
    verses:
      k + 1 === 119
        ? Array.from({ length: 176 }, (_, j) =>
            verse(j + 1, j % 8 === 0 ? `HEADING. Verse ${j + 1}` : `Verse ${j + 1}`),
          )
        : [verse(1, first(k + 1), titled(k + 1))],
  }));
  return { books: [{ osis: 'Ps', chapters }] };
}

describe('Psalm titles before the opening capitals', () => {
  it.each([
    ['Salmo de David. JEHOVÁ es mi pastor', 'Salmo de David. '.length],
    ['Salmo de David, cuando huía. ¡OH Jehová', 'Salmo de David, cuando huía. '.length],
    ['Cántico gradual. A TI que habitas', 'Cántico gradual. '.length],
    ['Oración, cuando estaba en la cueva? YO DIJE', 'Oración, cuando estaba en la cueva? '.length],
    [
      'Al Músico principal: Salmo de David. Entonces dijo: AMARTE he',
      'Al Músico principal: Salmo de David. Entonces dijo: '.length,
    ],
  ])('finds the title of "%s"', (text, at) => {
    expect(openingCapitalsAfterTitle(text)).toBe(at);
  });

  it.each([
    'BIENAVENTURADO el varón',
    '¿POR qué se amotinan',
    'ALELUYA. Alabad',
    'A TI, oh Jehová',
    'Un texto sin capitales',
    'de David JEHOVÁ sin fin de frase',
  ])('finds none in "%s"', (text) => expect(openingCapitalsAfterTitle(text)).toBe(-1));

  it('splits tokens at an offset and keeps each half trimmed, with its flags', () => {
    const [a, b] = splitTokensAt(
      [
        { text: 'Salmo cantado: ' },
        { text: 'Salmo', add: true },
        { text: ' de David. GLORIFICARTE he' },
      ],
      'Salmo cantado: Salmo de David. '.length,
    );
    expect(a).toEqual([
      { text: 'Salmo cantado: ' },
      { text: 'Salmo', add: true },
      { text: ' de David.' },
    ]);
    expect(b).toEqual([{ text: 'GLORIFICARTE he' }]);
  });

  it('makes the text before the opening capitals the title of verse 1, except in Psalm 119', () => {
    const ir = psalms((n) =>
      n === 3 ? 'Salmo de David. OH Jehová' : n === 119 ? 'unused' : 'CANTAD',
    );
    expect(psalmTitlesBeforeOpeningCapitals(ir)).toBe(1);
    const ps3 = ir.books[0].chapters[2].verses[0];
    expect(ps3.title).toEqual([{ text: 'Salmo de David.' }]);
    expect(ps3.tokens).toEqual([{ text: 'OH Jehová' }]);
    expect(ir.books[0].chapters[0].verses[0].title).toBeUndefined();
  });

  it('makes the heading of each Psalm 119 stanza a title, with or without its full stop', () => {
    const ir: VersionIR = {
      books: [
        {
          osis: 'Ps',
          chapters: [
            {
              chapter: 119,
              verses: [
                verse(1, 'ALEPH. BIENAVENTURADOS'),
                verse(2, 'NOT A HEADING'),
                verse(9, 'BETH ¿Con qué'),
              ],
            },
          ],
        },
      ],
    };
    expect(acrosticHeadingsInText(ir)).toBe(2);
    const [v1, v2, v9] = ir.books[0].chapters[0].verses;
    expect([v1.title, v1.tokens]).toEqual([[{ text: 'ALEPH.' }], [{ text: 'BIENAVENTURADOS' }]]);
    expect(v2.title).toBeUndefined();
    expect([v9.title, v9.tokens]).toEqual([[{ text: 'BETH' }], [{ text: '¿Con qué' }]]);
  });
});

describe('subscriptions', () => {
  it('starts after the closing Amen when what follows says where the letter was written or sent', () => {
    expect(subscriptionStart('La gracia sea con vosotros. Amén. Escrita de Roma.')).toBe(
      'La gracia sea con vosotros. Amén.'.length,
    );
    expect(
      subscriptionStart('Grace be with you all. Amen. Written to the Hebrews from Italy.'),
    ).toBe('Grace be with you all. Amen.'.length);
    expect(subscriptionStart('La gracia sea con vosotros. Amén.')).toBe(-1);
    expect(subscriptionStart('Amen. And many other things were done.')).toBe(-1);
    expect(subscriptionStart('which should be written every one.')).toBe(-1);
  });

  it('drops the subscription from the last verse of an epistle only, and says which books changed', () => {
    const ir: VersionIR = {
      books: [
        {
          osis: 'Rom',
          chapters: [
            {
              chapter: 16,
              verses: [
                verse(26, 'text'),
                verse(27, [
                  { text: 'sea gloria. Amén. Fué ' },
                  { text: 'escrita', add: true },
                  { text: ' de Corinto.' },
                ]),
              ],
            },
          ],
        },
        {
          osis: 'John',
          chapters: [{ chapter: 21, verses: [verse(25, 'Amén. Escrita de nadie.')] }],
        },
      ],
    };
    expect(dropSubscriptions(ir)).toEqual(['Rom']);
    expect(ir.books[0].chapters[0].verses[1].tokens).toEqual([{ text: 'sea gloria. Amén.' }]);
    expect(ir.books[1].chapters[0].verses[0].tokens).toEqual([{ text: 'Amén. Escrita de nadie.' }]);
  });
});

describe('build checks', () => {
  const titled = Array.from({ length: 150 }, (_, k) => k + 1).filter((n) => n !== 1 && n !== 119);

  it('accepts exactly the expected titled Psalms and 22 headings', () => {
    const ir = psalms(
      () => 'Text',
      (n) => (n === 1 || n === 119 ? undefined : 'A title.'),
    );
    acrosticHeadingsInText(ir);
    expect(checkPsalmTitles('X', ir, { titled })).toEqual([]);
  });

  it('names the Psalms that lack a title or have one not listed, and a wrong number of headings', () => {
    const ir = psalms(
      () => 'Text',
      (n) => (n === 1 ? 'Unlisted.' : n === 3 || n === 119 ? undefined : 'A title.'),
    );
    expect(checkPsalmTitles('X', ir, { titled })).toEqual([
      'X Psalm titles: 1 Psalm(s) have no title: 3 (data/psalm-titles.json)',
      'X Psalm titles: 1 Psalm(s) have a title not listed: 1 (data/psalm-titles.json)',
      'X Ps.119: 0 acrostic headings, expected 22 (verses 1, 9, … 169)',
    ]);
  });

  it('fails a letter whose last verse ends with a subscription', () => {
    const ir: VersionIR = {
      books: [
        {
          osis: 'Heb',
          chapters: [
            {
              chapter: 13,
              verses: [
                verse(
                  25,
                  'Grace be with you all. Amen. Written to the Hebrews from Italy by Timothy.',
                ),
              ],
            },
          ],
        },
      ],
    };
    expect(checkSubscriptions('X', ir, (osis) => osis === 'Heb')).toEqual([
      expect.stringContaining('X Heb.13.25: ends with a subscription'),
    ]);
    expect(checkSubscriptions('X', ir, () => false)).toEqual([]);
    dropSubscriptions(ir);
    expect(checkSubscriptions('X', ir, (osis) => osis === 'Heb')).toEqual([]);
  });
});
