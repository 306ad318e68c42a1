import { env } from 'cloudflare:workers';
import { SnapshotReader } from '../../../src/cache/snapshot-reader';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CoverageIndex as SpanIndex,
  firstVersesCovered,
  ownSpans,
  spansOfItems,
} from '../../../src/annotations/coverage/coverage-index';
import { versionMapOf } from '../../../src/catalogue/empty-slots';
import { parseVerseId } from '../../../src/catalogue/ids';
import { versesIn } from '../../../src/catalogue/navigation';
import { findBook, loadCatalogue, type Catalogue } from '../../../src/catalogue/store';
import { coveredVerses, referenceSpan, slotsOf } from '../../../src/catalogue/versification';
import { HAS_RV1909, HAS_STUDY } from '../../support/http';
import { readerSpans, type PackedSpans } from '../../../src/annotations/references';

/**
 * The coverage rule (src/annotations/coverage/coverage-index.ts) on the fixture's catalogue and the real
 * versification map: which of a reader's annotations fall on which verses, in any version.
 */
let cat: Catalogue;
beforeAll(async () => {
  cat = await loadCatalogue(new SnapshotReader(env.SNAPSHOT, env.SNAPSHOT_ID));
});

const book = (version: string, osis: string) => cat.books[findBook(cat, version, osis)!];
/** A reference as stored: verse ids of one version and book. */
interface ReferencePair {
  start: string;
  end: string;
}
const ref = (start: string, end = start): ReferencePair => ({ start, end });

/** The index of stored references, read as the database reads them (src/annotations/references.ts). */
class CoverageIndex extends SpanIndex {
  constructor(items: ReferencePair[][]) {
    super(spansOfItems(items.map(ownSpans)));
  }
}

/**
 * The rule as it was written before the index, every reference against every verse: through the
 * KJV's slots, but in the reference's own version by its own numbers.
 */
function bruteForce(
  items: ReferencePair[][],
  version: string,
  osis: string,
  chapter: number,
  verses: number[],
) {
  const b = book(version, osis);
  const target = versionMapOf(b.version);
  return items.flatMap((refs, item) => {
    const covered = new Set<number>();
    let writtenIn: string | null = null;
    for (const r of refs) {
      const start = parseVerseId(r.start)!;
      const end = parseVerseId(r.end)!;
      const own = (v: number) =>
        start.book === osis &&
        chapter * 1000 + v >= start.chapter * 1000 + start.verse &&
        chapter * 1000 + v <= end.chapter * 1000 + end.verse;
      const span = referenceSpan(versionMapOf(start.version), start.book, start, end);
      const hit =
        start.version === version
          ? verses.filter(own)
          : coveredVerses(target, b, chapter, verses, span);
      if (!hit.length) continue;
      writtenIn ??= start.version;
      for (const v of hit) covered.add(v);
    }
    return writtenIn ? [{ item, verses: [...covered].sort((a, b) => a - b), writtenIn }] : [];
  });
}

describe('the coverage index', () => {
  it('finds the verses of another version’s chapter a reference covers, and the version of the first reference on them', () => {
    const items = [
      [ref('KJV:John.3.16', 'KJV:John.3.17')],
      [ref('ASV:John.3.35', 'ASV:John.4.2')],
      [ref('KJV:Gen.1.1'), ref('ASV:John.3.19')],
      // Two references of one item that overlap count once.
      [ref('ASV:John.3.1', 'ASV:John.3.3'), ref('KJV:John.3.2', 'KJV:John.3.5')],
    ];
    const index = new CoverageIndex(items);
    const john3 = book('ASV', 'John');
    expect(index.covering(john3, 3, versesIn(john3, 3))).toEqual([
      { item: 0, verses: [16, 17], writtenIn: 'KJV' },
      { item: 1, verses: [35, 36], writtenIn: 'ASV' },
      { item: 2, verses: [19], writtenIn: 'ASV' },
      { item: 3, verses: [1, 2, 3, 4, 5], writtenIn: 'ASV' },
    ]);
    expect(index.covering(john3, 4, versesIn(john3, 4))).toEqual([
      { item: 1, verses: [1, 2], writtenIn: 'ASV' },
    ]);
    expect(index.covering(john3, 5, versesIn(john3, 5))).toEqual([]);
    expect(index.covering(john3, 3, [17])).toEqual([{ item: 0, verses: [17], writtenIn: 'KJV' }]);
  });

  it.skipIf(!HAS_STUDY || !HAS_RV1909)(
    'follows the versification map both ways (WLC Mal 3:19 is KJV Mal 4:1, RV1909 Jonás 2:1 is KJV Jonah 1:17)',
    () => {
      // The map itself, at run time: deleting its Malachi entry must fail here, not only the build.
      expect(slotsOf(versionMapOf('WLC'), 'Mal', 3, 19)).toEqual([{ book: 'Mal', n: 4001 }]);
      const index = new CoverageIndex([
        [ref('WLC:Mal.3.19')],
        [ref('KJV:Jonah.1.17')],
        [ref('KJV:Mal.4.1', 'KJV:Mal.4.2')],
      ]);
      expect(index.covering(book('KJV', 'Mal'), 4, versesIn(book('KJV', 'Mal'), 4))).toEqual([
        { item: 0, verses: [1], writtenIn: 'WLC' },
        { item: 2, verses: [1, 2], writtenIn: 'KJV' },
      ]);
      expect(index.covering(book('WLC', 'Mal'), 3, [19, 20])).toEqual([
        { item: 0, verses: [19], writtenIn: 'WLC' },
        { item: 2, verses: [19, 20], writtenIn: 'KJV' },
      ]);
      expect(index.covering(book('RV1909', 'Jonah'), 2, [1])).toEqual([
        { item: 1, verses: [1], writtenIn: 'KJV' },
      ]);
    },
  );

  it.skipIf(!HAS_STUDY)(
    'reads a reference by its own numbers in its own version, and maps it only into others (WLC Ps 51, SBLGNT Rev 12:18 and 3 John 1:15)',
    () => {
      // The WLC's Ps 51:1-3 (the title's two verses and the KJV's 51:1) share the KJV slot 51:1;
      // the SBLGNT's Rev 12:18 and 13:1 the KJV's 13:1, its 3 John 1:14-15 the KJV's 1:14.
      const index = new CoverageIndex([
        [ref('WLC:Ps.51.3')],
        [ref('WLC:Ps.51.1')],
        [ref('SBLGNT:Rev.12.18')],
        [ref('SBLGNT:3John.1.15')],
        [ref('KJV:Ps.51.1')],
      ]);
      const wlc = book('WLC', 'Ps');
      expect(index.covering(wlc, 51, versesIn(wlc, 51))).toEqual([
        { item: 0, verses: [3], writtenIn: 'WLC' },
        { item: 1, verses: [1], writtenIn: 'WLC' },
        // Written in the KJV: mapped into the WLC, onto every verse of its slot.
        { item: 4, verses: [1, 2, 3], writtenIn: 'KJV' },
      ]);
      const kjv = book('KJV', 'Ps');
      expect(index.covering(kjv, 51, versesIn(kjv, 51))).toEqual([
        { item: 0, verses: [1], writtenIn: 'WLC' },
        { item: 1, verses: [1], writtenIn: 'WLC' },
        { item: 4, verses: [1], writtenIn: 'KJV' },
      ]);
      const rev = book('SBLGNT', 'Rev');
      expect(index.covering(rev, 13, [1, 2])).toEqual([]);
      expect(index.covering(rev, 12, [17, 18])).toEqual([
        { item: 2, verses: [18], writtenIn: 'SBLGNT' },
      ]);
      expect(index.covering(book('KJV', 'Rev'), 13, [1])).toEqual([
        { item: 2, verses: [1], writtenIn: 'SBLGNT' },
      ]);
      const john = book('SBLGNT', '3John');
      expect(index.covering(john, 1, versesIn(john, 1))).toEqual([
        { item: 3, verses: [15], writtenIn: 'SBLGNT' },
      ]);
      expect(index.covering(book('TR', '3John'), 1, [14, 15])).toEqual([
        { item: 3, verses: [14], writtenIn: 'SBLGNT' },
      ]);
    },
  );

  it('agrees with the rule it replaces on thousands of references in several numberings', () => {
    const versions = [
      'KJV',
      'ASV',
      ...(HAS_RV1909 ? ['RV1909'] : []),
      ...(HAS_STUDY ? ['WLC'] : []),
    ];
    // A fixed pseudo-random account: 300 items of 1-8 references in Psalms, Job and Malachi.
    let seed = 7;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const books = ['Ps', 'Job', 'Mal'];
    const items = Array.from({ length: 300 }, () =>
      Array.from({ length: 1 + next(8) }, () => {
        const b = book(versions[next(versions.length)], books[next(books.length)]);
        const chapter = 1 + next(b.chapters.length);
        const verses = versesIn(b, chapter);
        const first = verses[next(verses.length)];
        const endChapter = chapter < b.chapters.length && next(4) === 0 ? chapter + 1 : chapter;
        const last =
          endChapter === chapter
            ? Math.min(verses[verses.length - 1], first + next(5))
            : 1 + next(3);
        return ref(
          `${b.version}:${b.osis}.${chapter}.${first}`,
          `${b.version}:${b.osis}.${endChapter}.${last}`,
        );
      }),
    );
    const index = new CoverageIndex(items);
    let compared = 0;
    for (const version of versions) {
      for (const osis of books) {
        const b = book(version, osis);
        for (const chapter of [1, 3, 39, 40, 51, 119].filter((c) => c <= b.chapters.length)) {
          const verses = versesIn(b, chapter);
          const found = index.covering(b, chapter, verses);
          expect(found, `${version} ${osis} ${chapter}`).toEqual(
            bruteForce(items, version, osis, chapter, verses),
          );
          compared += found.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(50);
  });

  it('finds, in one pass without the index, the first verse each item covers, as the index does', () => {
    const versions = [
      'KJV',
      'ASV',
      ...(HAS_RV1909 ? ['RV1909'] : []),
      ...(HAS_STUDY ? ['WLC'] : []),
    ];
    let seed = 11;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const books = ['Ps', 'Mal'];
    const items = Array.from({ length: 400 }, () =>
      Array.from({ length: 1 + next(4) }, () => {
        const b = book(versions[next(versions.length)], books[next(books.length)]);
        const chapter = b.osis === 'Ps' ? 50 + next(3) : 1 + next(b.chapters.length);
        const verses = versesIn(b, chapter);
        const first = verses[next(verses.length)];
        const last = Math.min(verses[verses.length - 1], first + next(4));
        return ref(
          `${b.version}:${b.osis}.${chapter}.${first}`,
          `${b.version}:${b.osis}.${chapter}.${last}`,
        );
      }),
    );
    const refs = spansOfItems(items.map(ownSpans));
    const index = new SpanIndex(refs);
    let found = 0;
    for (const version of versions)
      for (const osis of books) {
        const b = book(version, osis);
        for (const chapter of osis === 'Ps'
          ? [50, 51, 52]
          : [1, 3, 4].filter((c) => c <= b.chapters.length)) {
          const verses = versesIn(b, chapter);
          const expected = new Int32Array(items.length);
          for (const c of index.covering(b, chapter, verses)) expected[c.item] = c.verses[0];
          expect(
            firstVersesCovered(refs, items.length, b, chapter, verses),
            `${version} ${osis} ${chapter}`,
          ).toEqual(expected);
          found += expected.filter((v) => v > 0).length;
        }
      }
    expect(found).toBeGreaterThan(100);
  });
});

describe('the coverage read as a few texts (src/annotations/references.ts readerSpans)', () => {
  it('numbers the annotations by kind, then id, whatever order the references come in, and keeps each one’s stored order', () => {
    // As the statement answers: per kind and book, each reference as `parent × 2^14 + ord`, its
    // version, `first × 10^6 + last`, by position.
    const packed = (...refs: [number, number, string, number, number][]) =>
      refs.map(([p, o, v, f, l]) => `${p * 2 ** 14 + o},"${v}",${f * 1e6 + l}`).join(',');
    const rows: PackedSpans[] = [
      [1, 'John', packed([1234567, 0, 'KJV', 3016, 3016], [3, 0, 'WLCMAL', 1001, 1021])],
      [
        0,
        'Ps',
        packed(
          [12, 1, 'RV1909', 119010, 119012],
          [7, 1, 'KJV', 119176, 119176],
          [7, 0, 'KJV', 119001, 119008],
        ),
      ],
      [0, 'John', packed([12, 0, 'ASV', 3001, 3002])],
      [1, 'Ps', null],
    ];
    const { keys, refs } = readerSpans(rows);
    expect(keys).toEqual([
      { kind: 'note', id: 7 },
      { kind: 'note', id: 12 },
      { kind: 'tagging', id: 3 },
      { kind: 'tagging', id: 1234567 },
    ]);
    const read = refs.item.map((item, r) => [
      item,
      refs.ord[r],
      refs.version[r],
      refs.book[r],
      refs.from[r],
      refs.to[r],
    ]);
    expect(read).toEqual([
      [3, 0, 'KJV', 'John', 3016, 3016],
      [2, 0, 'WLCMAL', 'John', 1001, 1021],
      [1, 1, 'RV1909', 'Ps', 119010, 119012],
      [0, 1, 'KJV', 'Ps', 119176, 119176],
      [0, 0, 'KJV', 'Ps', 119001, 119008],
      [1, 0, 'ASV', 'John', 3001, 3002],
    ]);
    expect(readerSpans([])).toEqual({
      keys: [],
      refs: { item: [], ord: [], version: [], book: [], from: [], to: [] },
    });
  });

  it('names the version of an item’s first reference as stored that reaches the query, not the first read', () => {
    const ref5 = (ord: number, version: string, first: number, last: number) =>
      `${5 * 2 ** 14 + ord},"${version}",${first * 1e6 + last}`;
    const { refs } = readerSpans([
      [0, 'John', `${ref5(1, 'ASV', 3016, 3016)},${ref5(0, 'KJV', 3015, 3017)}`],
    ]);
    const john3 = book('ASV', 'John');
    expect(new SpanIndex(refs).covering(john3, 3, [16])).toEqual([
      { item: 0, verses: [16], writtenIn: 'KJV' },
    ]);
  });
});
