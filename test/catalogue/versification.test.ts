import { describe, expect, it } from 'vitest';
import {
  coveredVerses,
  referenceSpan,
  versesHolding,
  versionMap,
} from '../../src/catalogue/versification';
import type { BookEntry } from '../../src/snapshot/types';

// A made-up version that numbers Malachi 4:1-6 as 3:19-24 (as some Bibles do) and merges two
// verses of Psalm 3 into one: the map, not the data, is under test.
const map = versionMap([
  { from: 'Mal.3.19-24', to: 'Mal.4.1-6' },
  { from: 'Ps.3.1', to: 'Ps.3.1-2' },
  { from: 'Ps.3.2-7', to: 'Ps.3.3-8' },
]);
const kjv = versionMap();
const mal = { osis: 'Mal', chapters: [14, 17, 24] } as BookEntry;

describe('versification map', () => {
  it('maps equal-length ranges verse by verse, and unlisted verses to the same slot', () => {
    expect(referenceSpan(map, 'Mal', { chapter: 3, verse: 20 }, { chapter: 3, verse: 21 })).toEqual(
      { book: 'Mal', from: 4002, to: 4003 },
    );
    expect(referenceSpan(map, 'Mal', { chapter: 3, verse: 1 }, { chapter: 3, verse: 1 })).toEqual({
      book: 'Mal',
      from: 3001,
      to: 3001,
    });
  });

  it('finds the verses of a chapter that a reference in another numbering covers', () => {
    // KJV Mal 4:2-3 is this version's Mal 3:20-21.
    const span = referenceSpan(kjv, 'Mal', { chapter: 4, verse: 2 }, { chapter: 4, verse: 3 });
    const verses = Array.from({ length: 24 }, (_, i) => i + 1);
    expect(coveredVerses(map, mal, 3, verses, span)).toEqual([20, 21]);
    // And the other way round: this version's 3:24 is KJV 4:6.
    expect(
      coveredVerses(
        kjv,
        { ...mal, chapters: [14, 17, 18, 6] } as BookEntry,
        4,
        [1, 2, 3, 4, 5, 6],
        referenceSpan(map, 'Mal', { chapter: 3, verse: 24 }, { chapter: 3, verse: 24 }),
      ),
    ).toEqual([6]);
  });

  it('lets a merged verse stand for every slot it holds', () => {
    const span = referenceSpan(kjv, 'Ps', { chapter: 3, verse: 2 }, { chapter: 3, verse: 2 });
    expect(coveredVerses(map, { osis: 'Ps' } as BookEntry, 3, [1, 2, 3], span)).toEqual([1]);
    // KJV 3:3 is this version's 3:2.
    expect(
      coveredVerses(
        map,
        { osis: 'Ps' } as BookEntry,
        3,
        [1, 2, 3],
        referenceSpan(kjv, 'Ps', { chapter: 3, verse: 3 }, { chapter: 3, verse: 3 }),
      ),
    ).toEqual([2]);
  });

  it("gives the verse holding a KJV verse's text first, those holding a part of it last", () => {
    // Made up in the Hebrew's way: a title of two verses (2:1-2) before the text of the KJV's
    // 2:1 (this version's 2:3); a verse (4:6) holding the end of the KJV's 4:5 and its 4:6; a
    // verse (5:1) holding the last words of the KJV's 4:9, whose opening is this version's 4:9.
    const hebrew = versionMap([
      { from: 'Ps.2.1', to: 'Ps.2.1', part: true },
      { from: 'Ps.2.2', to: 'Ps.2.1', part: true },
      { from: 'Ps.2.3-5', to: 'Ps.2.1-3' },
      { from: 'Ps.4.6', to: ['Ps.4.5', 'Ps.4.6'], part: true },
      { from: 'Ps.5.1', to: 'Ps.4.9' },
    ]);
    expect(versesHolding(hebrew, 'Ps', 2, 1)).toEqual([
      { chapter: 2, verse: 3 },
      { chapter: 2, verse: 1 },
      { chapter: 2, verse: 2 },
    ]);
    expect(versesHolding(hebrew, 'Ps', 4, 5)).toEqual([
      { chapter: 4, verse: 5 },
      { chapter: 4, verse: 6 },
    ]);
    // A verse the map lists for both parts of itself holds the KJV verse of its own number.
    expect(versesHolding(hebrew, 'Ps', 4, 6)).toEqual([{ chapter: 4, verse: 6 }]);
    expect(versesHolding(hebrew, 'Ps', 4, 9)).toEqual([
      { chapter: 4, verse: 9 },
      { chapter: 5, verse: 1 },
    ]);
  });

  it('refuses a malformed entry', () => {
    expect(() => versionMap([{ from: 'Mal 3:19', to: 'Mal.4.1' }])).toThrow(/malformed/);
  });
});
