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
});
