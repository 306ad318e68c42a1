import { describe, expect, it } from 'vitest';
import { mergeResults, search, type SearchInput } from '../../src/search/engine';
import type { Postings } from '../../src/snapshot/postings-codec';

/**
 * The engine orders only the results a page needs (`want`: its offset + limit). Made-up postings
 * with many equal and near-equal scores: every page of a search asking for the first `want` must be
 * the same as the same page of a search that orders every match.
 */
function postings(docs: number[], seed: number, forms = ['word', 'words']): Postings {
  let s = seed;
  const next = (n: number) => ((s = (s * 1103515245 + 12345) % 2 ** 31), s % n);
  return {
    forms,
    df: docs.length,
    docs: Int32Array.from(docs),
    impacts: Uint8Array.from(docs, () => 1 + next(4)),
    posOffsets: Int32Array.from({ length: docs.length + 1 }, (_, i) => i),
    positions: Int32Array.from(docs, () => 0),
    formBits: Uint32Array.from(docs, () => 1 << next(2)),
  };
}

function input(want: number, sort: 'relevance' | 'canonical', docCount = 5000): SearchInput {
  const every = Array.from({ length: docCount }, (_, d) => d);
  return {
    docCount,
    idfDocs: docCount,
    k1: 1.2,
    clauses: [
      { terms: [{ form: 'word', term: 'word', stem: 'word' }] },
      { terms: [{ form: 'other', term: 'other', stem: 'other' }] },
    ] as SearchInput['clauses'],
    postings: new Map([
      [
        'word',
        postings(
          every.filter((d) => d % 3 !== 0),
          7,
        ),
      ],
      [
        'other',
        postings(
          every.filter((d) => d % 5 === 0),
          11,
          ['other'],
        ),
      ],
    ]),
    exclude: [],
    allowed: null,
    precision: 'any',
    sort,
    want,
  };
}

describe('the search engine', () => {
  for (const sort of ['relevance', 'canonical'] as const) {
    it(`orders the first results alike whether it orders all or only those (${sort})`, () => {
      const all = search(input(1e9, sort));
      expect(all.docs.length).toBe(all.total);
      expect(all.total).toBeGreaterThan(3000);
      for (const want of [0, 1, 2, 15, 100, 500, 1000, all.total - 1, all.total]) {
        const some = search(input(want, sort));
        expect(some.total).toBe(all.total);
        expect(Array.from(some.docs), `want ${want}`).toEqual(
          Array.from(all.docs.subarray(0, want)),
        );
      }
    });
  }

  it('merges the runs of several languages into the first results of them all', () => {
    // Two runs over the same made-up index, the second allowed the upper half only.
    const upper = Uint8Array.from({ length: 3000 }, (_, d) => (d > 1500 ? 1 : 0));
    const runs = (want: number) => [
      search(input(want, 'relevance', 3000)),
      search({ ...input(want, 'relevance', 3000), allowed: upper }),
    ];
    const whole = mergeResults(runs(1e9), 'relevance', 1e9);
    for (const want of [1, 20, 300]) {
      const merged = mergeResults(runs(want), 'relevance', want);
      expect(merged.total).toBe(whole.total);
      expect(Array.from(merged.docs)).toEqual(Array.from(whole.docs.subarray(0, want)));
    }
  });

  /**
   * A search of one word without exclusions takes a path of its own (docs/speed.md "The heaviest
   * requests"); excluding a word no document holds takes the general one, with the same answer.
   * Made-up postings with many ties: four forms (the form typed, one equal to it once folded, two
   * others) and impacts from a few values and from the whole 0–255.
   */
  function oneWord(want: number, sort: 'relevance' | 'canonical', seed: number): SearchInput {
    let s = seed;
    const next = (n: number) => ((s = (s * 1103515245 + 12345) % 2 ** 31), s % n);
    const docs = Array.from({ length: 6000 }, (_, d) => d).filter(() => next(3) > 0);
    const word: Postings = {
      forms: ['words', 'word', 'wórd', 'worded'],
      df: docs.length,
      docs: Int32Array.from(docs),
      impacts: Uint8Array.from(docs, () => (seed % 2 ? next(256) : 40 * next(3))),
      posOffsets: Int32Array.from({ length: docs.length + 1 }, (_, i) => i),
      positions: Int32Array.from(docs, () => 0),
      formBits: Uint32Array.from(docs, () => 1 + next(15)),
    };
    return {
      docCount: 6000,
      idfDocs: 6000,
      k1: 1.2,
      clauses: [{ terms: [{ form: 'wórd', term: 'word', stem: 'word' }] }],
      postings: new Map([
        ['word', word],
        ['absent', { ...word, df: 0, docs: new Int32Array(0) }],
      ]),
      exclude: [],
      allowed: seed % 3 ? Uint8Array.from({ length: 6000 }, (_, d) => (d % 5 < 3 ? 1 : 0)) : null,
      precision: 'all',
      sort,
      want,
    };
  }

  for (const sort of ['relevance', 'canonical'] as const) {
    it(`answers a search of one word as it answers any search (${sort})`, () => {
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        for (const want of [0, 1, 2, 15, 100, 1000, 1e9]) {
          const one = search(oneWord(want, sort, seed));
          const general = search({ ...oneWord(want, sort, seed), exclude: ['absent'] });
          expect(one.total, `seed ${seed} want ${want}`).toBe(general.total);
          expect(Array.from(one.docs), `seed ${seed} want ${want}`).toEqual(
            Array.from(general.docs),
          );
          expect(one.ranks && Array.from(one.ranks)).toEqual(
            general.ranks && Array.from(general.ranks),
          );
        }
      }
    });
  }

  it('answers a search alike whatever searches ran before it (the accumulators are reused)', () => {
    const first = search(input(200, 'relevance'));
    // Searches that leave docs matched, partly matched, excluded and scored, over more documents.
    search({ ...input(1e9, 'relevance', 7000), precision: 'all' });
    search({ ...input(50, 'canonical', 7000), exclude: ['other'] });
    search({ ...input(50, 'relevance', 2000), precision: 'all' });
    const again = search(input(200, 'relevance'));
    expect(again.total).toBe(first.total);
    expect(Array.from(again.docs)).toEqual(Array.from(first.docs));
    expect(Array.from(again.ranks!)).toEqual(Array.from(first.ranks!));
  });
});
