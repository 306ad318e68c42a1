import type { BookEntry } from '../snapshot/types';
import { versePosition } from '../snapshot/verse-positions';

/**
 * Verse numbering across versions: each verse of a version stands for one or more
 * KJV slots, the pivot numbering, by data/versification-map.json; a verse the map does not list
 * is the KJV slot of the same number (KJV, ASV, WEB share it). Two references match when their
 * pivot slots overlap, whatever versions they were written in. Pure: the map is a parameter.
 */

export interface MapEntry {
  /** The version's own verses: `Book.C.V` or `Book.C.V-W` (one chapter). */
  from: string;
  /**
   * KJV slots, same forms; a list when the verse's text spans chapters of the KJV (RV1909 Job
   * 39:30 holds the KJV's 39:27-30 and 40:1-5). With a list every verse of `from` stands for all.
   */
  to: string | string[];
  /**
   * The verse holds only part of its KJV verse, whose text another verse holds (a Psalm's title
   * in the Hebrew's numbering; a clause the Hebrew numbers with the next verse): a link to the
   * KJV verse goes to that other verse (versesHolding).
   */
  part?: true;
  reason?: string;
}

export interface VersificationMap {
  versions: Record<string, MapEntry[]>;
}

/** A KJV slot as one comparable number within a book: its position (versePosition). */
export interface Slot {
  book: string;
  n: number;
}

const slot = (book: string, chapter: number, verse: number): Slot => ({
  book,
  n: versePosition(chapter, verse),
});

function parseRange(
  text: string,
): { book: string; chapter: number; first: number; last: number } | null {
  const m = /^([1-4]?[A-Za-z]+)\.(\d+)\.(\d+)(?:-(\d+))?$/.exec(text);
  if (!m) return null;
  const first = Number(m[3]);
  return { book: m[1], chapter: Number(m[2]), first, last: m[4] ? Number(m[4]) : first };
}

/** One version's map: its verse `book.chapter.verse` → the KJV slots it stands for. */
export type VersionMap = Map<string, Slot[]>;

/** Per map, its verses marked `part` (`book.chapter.verse`). */
const partsOf = new WeakMap<VersionMap, Set<string>>();

export function versionMap(entries: MapEntry[] = []): VersionMap {
  const out: VersionMap = new Map();
  const parts = new Set<string>();
  partsOf.set(out, parts);
  for (const e of entries) {
    const from = parseRange(e.from);
    const targets = (Array.isArray(e.to) ? e.to : [e.to]).map(parseRange);
    if (!from || !targets.length || targets.some((t) => !t))
      throw new Error(`versification map: malformed entry ${e.from} → ${String(e.to)}`);
    const length = from.last - from.first;
    const single = targets.length === 1 ? targets[0]! : null;
    for (let v = from.first; v <= from.last; v++) {
      const slots: Slot[] = [];
      if (single && single.last - single.first === length)
        slots.push(slot(single.book, single.chapter, single.first + (v - from.first)));
      else
        for (const to of targets)
          for (let w = to!.first; w <= to!.last; w++) slots.push(slot(to!.book, to!.chapter, w));
      out.set(`${from.book}.${from.chapter}.${v}`, slots);
      if (e.part) parts.add(`${from.book}.${from.chapter}.${v}`);
    }
  }
  return out;
}

/**
 * Per book, how far the map moves a verse at most: the largest distance, in chapter × 1000 +
 * verse, between a listed verse and one of its KJV slots in the same book (an unlisted verse is
 * its own slot: distance 0). A reference's span in KJV slots lies within this distance of its
 * own first and last verse (referenceSpan reads only those two).
 */
export function slotDisplacement(map: VersionMap): Map<string, number> {
  const out = new Map<string, number>();
  for (const [key, slots] of map) {
    const [book, chapter, verse] = key.split('.');
    const own = versePosition(Number(chapter), Number(verse));
    for (const s of slots) {
      // A slot in another book: no window within the book bounds it.
      const distance = s.book === book ? Math.abs(s.n - own) : Infinity;
      out.set(book!, Math.max(out.get(book!) ?? 0, distance));
    }
  }
  return out;
}

/** The KJV slots of a verse of a version. */
export function slotsOf(map: VersionMap, book: string, chapter: number, verse: number): Slot[] {
  return map.get(`${book}.${chapter}.${verse}`) ?? [slot(book, chapter, verse)];
}

/** A verse of a version, in its own numbering. */
export interface VerseAt {
  chapter: number;
  verse: number;
}

/** Per map, the other way: each KJV slot (`Book.n`) → the verses (`book`, chapter, verse) standing for it, in map order. */
const inverses = new WeakMap<VersionMap, Map<string, (VerseAt & { book: string })[]>>();

function inverseOf(map: VersionMap): Map<string, (VerseAt & { book: string })[]> {
  let inverse = inverses.get(map);
  if (!inverse) {
    inverse = new Map();
    for (const [key, slots] of map) {
      const [book, chapter, verse] = key.split('.');
      for (const s of slots) {
        const kjv = `${s.book}.${s.n}`;
        const list = inverse.get(kjv) ?? [];
        list.push({ book: book!, chapter: Number(chapter), verse: Number(verse) });
        inverse.set(kjv, list);
      }
    }
    inverses.set(map, inverse);
  }
  return inverse;
}

/** The verses of `book` that the map says stand for the KJV's `chapter:verse` of that book, in map order. */
export function mappedVerses(
  map: VersionMap,
  book: string,
  chapter: number,
  verse: number,
): VerseAt[] {
  const found = inverseOf(map).get(`${book}.${versePosition(chapter, verse)}`) ?? [];
  return found.filter((p) => p.book === book).map((p) => ({ chapter: p.chapter, verse: p.verse }));
}

/**
 * The verses of `book` that hold the KJV's `chapter:verse` (slotsOf the other way), the one with
 * its text first: the verse of the same number unless the map gives that one other text (where
 * the version has it, it holds the KJV verse's opening: the Hebrew 1 Sam 20:42 of the KJV's
 * 20:42, whose last words are the Hebrew 21:1), then those the map says stand for it, those
 * holding only part of it (`part`: a Psalm's title, a clause) last.
 */
export function versesHolding(
  map: VersionMap,
  book: string,
  chapter: number,
  verse: number,
): VerseAt[] {
  const mapped = mappedVerses(map, book, chapter, verse);
  const parts = partsOf.get(map);
  const isPart = (p: VerseAt) => parts?.has(`${book}.${p.chapter}.${p.verse}`) ?? false;
  return [
    ...(map.has(`${book}.${chapter}.${verse}`) ? [] : [{ chapter, verse }]),
    ...mapped.filter((p) => !isPart(p)),
    ...mapped.filter(isPart),
  ];
}

/** A reference's span in KJV slots: from the first slot of its start to the last of its end. */
export function referenceSpan(
  map: VersionMap,
  book: string,
  start: { chapter: number; verse: number },
  end: { chapter: number; verse: number },
): { book: string; from: number; to: number } {
  const a = slotsOf(map, book, start.chapter, start.verse);
  const b = slotsOf(map, book, end.chapter, end.verse);
  return {
    book: a[0].book,
    from: Math.min(...a.map((s) => s.n)),
    to: Math.max(...b.map((s) => s.n)),
  };
}

/** Verses of a chapter of `book` (in its version's numbering) that a span of KJV slots covers. */
export function coveredVerses(
  map: VersionMap,
  book: BookEntry,
  chapter: number,
  verses: number[],
  span: { book: string; from: number; to: number },
): number[] {
  return verses.filter((v) =>
    slotsOf(map, book.osis, chapter, v).some(
      (s) => s.book === span.book && s.n >= span.from && s.n <= span.to,
    ),
  );
}
