import { describe, expect, it } from 'vitest';
import {
  decodePostings,
  encodePostings,
  fromBase64,
  toBase64,
} from '../../src/snapshot/postings-codec';
import { highlight } from '../../src/search/highlight';
import { parseClauses } from '../../src/search/keyword-query';
import { editDistance } from '../../src/search/spelling';
import { fold, formOf, htmlText, indexTerms, stem, words } from '../../src/snapshot/search-text';

describe('shared tokenizer', () => {
  it('folds case, accents and apostrophes', () => {
    expect(fold('LORD’s')).toBe('lords');
    expect(fold('Élie')).toBe('elie');
    expect(words('Naïve, CAFÉ!').map((w) => w.term)).toEqual(['naive', 'cafe']);
  });

  it('keeps each word’s accents in its form, composed, and indexes forms', () => {
    expect(words('Amó, AMO y amo\u0301 Señor’s').map((w) => w.form)).toEqual([
      'amó',
      'amo',
      'y',
      'amó',
      'señors',
    ]);
    expect(words('Amó').map((w) => w.term)).toEqual(['amo']);
    expect(formOf('Dé-me')).toBe('dé-me');
    const [w] = words('Dé-me');
    expect([w.form, w.term, w.partForms, w.parts]).toEqual([
      'déme',
      'deme',
      ['dé', 'me'],
      ['de', 'me'],
    ]);
    expect(indexTerms('<sup>1</sup>Amó-lo').occurrences.map((o) => o.form)).toEqual([
      'amólo',
      'amó',
      'lo',
    ]);
  });

  it('joins hyphenated words and keeps their parts', () => {
    const [w] = words('Maher-shalal-hash-baz.');
    expect(w.term).toBe('mahershalalhashbaz');
    expect(w.parts).toEqual(['maher', 'shalal', 'hash', 'baz']);
    expect(words('Mahershalalhashbaz')[0].term).toBe('mahershalalhashbaz');
  });

  it('reads verse HTML without the verse number, markup never breaking a word', () => {
    const html =
      '<span class="para"><span class="v43_3_16"><sup class="v43_3_16">16</sup>For God so <span class="add">lov</span>ed the world &amp; all</span></span>';
    expect(htmlText(html).text.trim()).toBe('For God so loved the world & all');
    expect(indexTerms(html).occurrences.map((o) => o.form)).toEqual([
      'for',
      'god',
      'so',
      'loved',
      'the',
      'world',
      'all',
    ]);
  });

  it('indexes a hyphenated word at its parts’ positions', () => {
    const { occurrences, length } = indexTerms('burnt-offering made');
    expect(occurrences).toEqual([
      { form: 'burntoffering', position: 0 },
      { form: 'burnt', position: 0 },
      { form: 'offering', position: 1 },
      { form: 'made', position: 2 },
    ]);
    expect(length).toBe(3);
  });

  it.each([
    [['love', 'loved', 'loves', 'loveth', 'lovest', 'loving'], 'lov'],
    [['bless', 'blessed', 'blesseth', 'blessing', 'blessings'], 'bless'],
    [['city', 'cities'], 'citi'],
    [['sin', 'sins', 'sinned', 'sinneth'], 'sin'],
    [['church', 'churches'], 'church'],
  ])('stems %j to %s', (forms, expected) => {
    for (const f of forms) expect(stem(f)).toBe(expected);
  });

  it.each([['forest'], ['evening'], ['jesus'], ['these'], ['thee'], ['seed']])(
    'keeps %s apart from shorter words',
    (w) => {
      expect(stem(w)).not.toBe(stem(w.slice(0, 3)));
    },
  );
});

describe('highlight', () => {
  it('wraps matched words in <em>, including stemmed forms', () => {
    const html = '<span class="v1"><sup class="v1">1</sup>God so loved; love is kind</span>';
    expect(highlight(html, new Set([stem('love')]), stem)).toBe(
      '<span class="v1"><sup class="v1">1</sup>God so <em>loved</em>; <em>love</em> is kind</span>',
    );
  });

  it('keeps well-formed HTML when markup splits a word', () => {
    const html = 'so <span class="add">lov</span>ed them';
    expect(highlight(html, new Set(['lov']), stem)).toBe(
      'so <span class="add"><em>lov</em></span><em>ed</em> them',
    );
  });

  it('does not touch the verse number', () => {
    expect(highlight('<sup>16</sup>16 men', new Set(['16']), stem)).toBe(
      '<sup>16</sup><em>16</em> men',
    );
  });
});

describe('keyword clauses', () => {
  it('reads quoted phrases and bare words', () => {
    const clauses = parseClauses('"love one another" Loved “faith”');
    expect(clauses.map((c) => c.terms.map((t) => t.form))).toEqual([
      ['love', 'one', 'another'],
      ['faith'],
      ['loved'],
    ]);
  });
});

describe('codec', () => {
  it('round-trips postings through base64', () => {
    const entries = [
      { doc: 3, impact: 200, positions: [0, 5, 300], forms: [0, 2] },
      { doc: 1_000, impact: 1, positions: [7], forms: [1] },
    ];
    const bytes = fromBase64(toBase64(encodePostings(entries, 0, true)));
    const p = decodePostings(['a', 'b', 'c'], 2, [{ base: 0, count: 2, bytes }]);
    expect(Array.from(p.docs)).toEqual([3, 1000]);
    expect(Array.from(p.impacts)).toEqual([200, 1]);
    expect(Array.from(p.positions)).toEqual([0, 5, 300, 7]);
    expect(Array.from(p.formBits)).toEqual([0b101, 0b10]);
  });

  it('computes edit distances', () => {
    expect(editDistance('lvoe', 'love', 2)).toBe(1);
    expect(editDistance('grase', 'grace', 2)).toBe(1);
    expect(editDistance('abc', 'xyzw', 2)).toBe(3);
  });
});
