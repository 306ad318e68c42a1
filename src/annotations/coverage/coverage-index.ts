import { versionMapOf } from '../../catalogue/empty-slots';
import { parseVerseId } from '../../catalogue/ids';
import { referenceSpan, slotsOf, type Slot, type VersionMap } from '../../catalogue/versification';
import type { BookEntry } from '../../snapshot/types';

/**
 * The coverage rule, once: which of a reader's annotations (notes, taggings) fall on which verses,
 * in any version. A reference written on KJV John 3:16 covers ASV and WEB John 3:16, and the
 * RV1909 or WLC verse that holds the same text: both sides are read as KJV slots through
 * data/versification-map.json (src/catalogue/versification.ts), and a verse is covered when one of
 * its slots lies within a reference's span. In the version it was written in, a reference is read
 * by its own numbers, never through the slots: where a version maps two of its verses onto one
 * KJV slot (the WLC's Ps 51:1–2, the title, onto the KJV's 51:0; the SBLGNT's Rev 12:18 and 13:1
 * onto the KJV's 13:1), a reference to one of them names that one alone in its own version.
 *
 * Built once per request from the reader's references, so that what a page or route asks costs
 * the references plus what it shows, never their product: an account at its quotas holds 10,000
 * references, a concordance page 100 verses.
 * The spans of a book are sorted by their first slot, in blocks that know their last slot reached:
 * a query skips every block that ends before it.
 */

/**
 * A reader's references as the index takes them: parallel lists, one place per reference (no
 * object per reference: 10,000 at the quotas), in any order.
 */
export interface ReferenceSpans {
  /** The item (annotation) it belongs to: its index in the caller's list of items. */
  item: number[];
  /** Its place among its item's references, as stored: the first that reaches a query names its version. */
  ord: number[];
  version: string[];
  /** Its book (OSIS): a reference holds one book of one version. */
  book: string[];
  /** Its first verse as chapter × 1000 + verse, in its own version's numbering. */
  from: number[];
  /** Its last verse, likewise. */
  to: number[];
}

/** Spans of one KJV book, sorted by `from`, with the reference each is. */
interface BookSpans {
  from: Int32Array;
  to: Int32Array;
  /** The reference's place in the ReferenceSpans the index was built from. */
  ref: Int32Array;
  /** The largest `to` of each block of BLOCK spans. */
  blockTo: number[];
}

/** Spans per block: small enough that a block a query reaches costs little, large enough that skipping is cheap. */
const BLOCK = 32;

/**
 * Above the spans of one book an index holds (an account holds at most 10,000 references:
 * src/annotations/personal/quotas.ts), so that `from × SORT_PLACES + place` sorts by `from`, then place, and
 * stays an exact double (a `from` is below 1,000,000: chapter × 1000 + verse).
 */
const SORT_PLACES = 2 ** 24;

/** What a query found of one item: the verses it covers, ascending, and the version of its first reference on them. */
export interface Covering {
  /** Index of the item in the list the index was built from. */
  item: number;
  verses: number[];
  writtenIn: string;
}

/** A reference in its own version's numbering: its book, and its first and last verse as chapter × 1000 + verse. */
export interface OwnSpan {
  version: string;
  book: string;
  from: number;
  to: number;
}

/**
 * Stored references (verse ids) as the index takes them: each in its own version's numbering, those
 * within one version and book only (as a reader's read takes them: src/annotations/references.ts
 * oneVersionAndBook).
 */
export function ownSpans(references: readonly { start: string; end: string }[]): OwnSpan[] {
  return references.flatMap((r): OwnSpan[] => {
    const start = parseVerseId(r.start);
    const end = parseVerseId(r.end);
    if (!start || !end || start.version !== end.version || start.book !== end.book) return [];
    return [
      {
        version: start.version,
        book: start.book,
        from: start.chapter * 1000 + start.verse,
        to: end.chapter * 1000 + end.verse,
      },
    ];
  });
}

/** Items' references, each item's in stored order, as the index takes them. */
export function spansOfItems(items: readonly OwnSpan[][]): ReferenceSpans {
  const refs: ReferenceSpans = { item: [], ord: [], version: [], book: [], from: [], to: [] };
  items.forEach((own, item) =>
    own.forEach((r, ord) => {
      refs.item.push(item);
      refs.ord.push(ord);
      refs.version.push(r.version);
      refs.book.push(r.book);
      refs.from.push(r.from);
      refs.to.push(r.to);
    }),
  );
  return refs;
}

/** The numbers ascending, each once (most lists come ascending already). */
function ascendingOnce(list: number[]): number[] {
  for (let i = 1; i < list.length; i++) {
    if (list[i] <= list[i - 1]) return [...new Set(list)].sort((a, b) => a - b);
  }
  return list;
}

/** First index in the ascending `values` whose value is at least `target`. */
function lowerBound(values: ArrayLike<number>, target: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid] < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Spans in the order met, before they are sorted into BookSpans. */
interface SpanList {
  from: number[];
  to: number[];
  ref: number[];
}

/** The key of a version's own book among the own-numbered spans: `WLC Ps`. */
const ownKey = (version: string, book: string) => `${version} ${book}`;

export class CoverageIndex {
  private readonly refs: ReferenceSpans;
  /** Every reference's span in KJV slots, by KJV book. */
  private readonly books = new Map<string, BookSpans>();
  /**
   * The references of versions with a map (whose numbering moves a verse somewhere), again in
   * their own numbers, by version and book (ownKey): a query in that version reads these, and
   * skips them among the slots.
   */
  private readonly own = new Map<string, BookSpans>();

  constructor(refs: ReferenceSpans) {
    this.refs = refs;
    // Each KJV book's spans as parallel lists, in the order met.
    const byBook = new Map<string, SpanList>();
    const byOwnBook = new Map<string, SpanList>();
    const at = (n: number) => ({ chapter: Math.floor(n / 1000), verse: n % 1000 });
    const push = (
      lists: Map<string, SpanList>,
      key: string,
      from: number,
      to: number,
      r: number,
    ) => {
      let list = lists.get(key);
      if (!list) lists.set(key, (list = { from: [], to: [], ref: [] }));
      list.from.push(from);
      list.to.push(to);
      list.ref.push(r);
    };
    for (let r = 0; r < refs.item.length; r++) {
      const map = versionMapOf(refs.version[r]);
      // A version numbered as the KJV (no map entries) needs no lookup: its verse is the slot.
      if (!map.size) {
        push(byBook, refs.book[r], refs.from[r], refs.to[r], r);
        continue;
      }
      push(byOwnBook, ownKey(refs.version[r], refs.book[r]), refs.from[r], refs.to[r], r);
      const { book, from, to } = referenceSpan(map, refs.book[r], at(refs.from[r]), at(refs.to[r]));
      push(byBook, book, from, to, r);
    }
    for (const [book, list] of byBook) this.books.set(book, sortedSpans(list));
    for (const [key, list] of byOwnBook) this.own.set(key, sortedSpans(list));
  }

  /**
   * The items covering any of `verses` of a chapter of `book` (in its version's numbering), each
   * with the verses of `verses` it covers and the version of its first reference that covers one
   * of them (as stored: a client's order), in item order.
   */
  covering(book: BookEntry, chapter: number, verses: readonly number[]): Covering[] {
    const map = versionMapOf(book.version);
    // Per item found (by its index: a list, not a map, read in item order without a sort, as a
    // chapter at the quotas finds 5,000), the verses it covers, as they come, and its first
    // reference (as stored) that reaches them. Two references of an item may overlap: a verse
    // then comes twice, and is kept once.
    const found: (number[] | undefined)[] = [];
    const first: number[] = [];
    // A version with a map reads its own references by their own numbers, and skips them among
    // the slots; one without reads its own as slots, which are the same numbers.
    const skip = map.size ? book.version : undefined;
    if (skip !== undefined) {
      const spans = this.own.get(ownKey(book.version, book.osis));
      const positions = verses.map((verse) => ({ n: chapter * 1000 + verse, verse }));
      if (spans) this.scan(spans, positions, found, first, undefined);
    }
    // The query's slots per KJV book, ascending, each with the verse it belongs to.
    const slots = new Map<string, { n: number; verse: number }[]>();
    for (const verse of verses) {
      for (const s of slotsOf(map, book.osis, chapter, verse)) {
        const list = slots.get(s.book);
        if (list) list.push({ n: s.n, verse });
        else slots.set(s.book, [{ n: s.n, verse }]);
      }
    }
    for (const [kjvBook, list] of slots) {
      const spans = this.books.get(kjvBook);
      if (spans) this.scan(spans, list, found, first, skip);
    }
    const out: Covering[] = [];
    for (let item = 0; item < found.length; item++) {
      const verses = found[item];
      if (!verses) continue;
      out.push({ item, verses: ascendingOnce(verses), writtenIn: this.refs.version[first[item]] });
    }
    return out;
  }

  /**
   * The spans that hold any of `list`'s positions (slots, or a version's own verses), each of its
   * item's verses among them added to `found`, and the item's first reference (as stored) kept in
   * `first`; a reference of version `skip` is passed over (read by its own numbers instead).
   */
  private scan(
    spans: BookSpans,
    list: { n: number; verse: number }[],
    found: (number[] | undefined)[],
    first: number[],
    skip: string | undefined,
  ): void {
    const { item: itemOf, ord, version } = this.refs;
    list.sort((a, b) => a.n - b.n);
    const n = list.map((s) => s.n);
    const verseOf = list.map((s) => s.verse);
    const lo = n[0];
    const hi = n[n.length - 1];
    const end = lowerBound(spans.from, hi + 1);
    for (let block = 0; block * BLOCK < end; block++) {
      if (spans.blockTo[block] < lo) continue;
      for (let i = block * BLOCK; i < Math.min(end, (block + 1) * BLOCK); i++) {
        if (spans.to[i] < lo) continue;
        // The query's positions within this span, and their verses.
        const k0 = lowerBound(n, spans.from[i]);
        if (k0 >= n.length || n[k0] > spans.to[i]) continue;
        const r = spans.ref[i];
        if (skip !== undefined && version[r] === skip) continue;
        const item = itemOf[r];
        let verses = found[item];
        if (!verses) {
          found[item] = verses = [];
          first[item] = r;
        } else if (ord[r] < ord[first[item]]) first[item] = r;
        for (let k = k0; k < n.length && n[k] <= spans.to[i]; k++) verses.push(verseOf[k]);
      }
    }
  }
}

/** A book's spans sorted by `from`, in blocks that know their last position reached. */
function sortedSpans(list: SpanList): BookSpans {
  // Sorted by `from` as numbers, without a comparator: each key is `from` then the span's
  // place (below SORT_PLACES), so equal `from`s keep the order met.
  const count = list.from.length;
  const keys = new Float64Array(count);
  for (let i = 0; i < count; i++) keys[i] = list.from[i] * SORT_PLACES + i;
  keys.sort();
  const from = new Int32Array(count);
  const to = new Int32Array(count);
  const ref = new Int32Array(count);
  const blockTo: number[] = [];
  for (let k = 0; k < count; k++) {
    const i = keys[k] % SORT_PLACES;
    from[k] = list.from[i];
    to[k] = list.to[i];
    ref[k] = list.ref[i];
    const block = Math.floor(k / BLOCK);
    blockTo[block] = Math.max(blockTo[block] ?? 0, to[k]);
  }
  return { from, to, ref, blockTo };
}

/**
 * Each item's first verse of `verses` (a chapter of `book`, ascending) covered by one of its
 * references, 0 for an item that covers none: by the coverage rule above, in one pass over the
 * references, without an index. A chapter's annotations need no more of every item (their order
 * and their count: src/annotations/coverage/chapter-annotations.ts), and the verses of the page's items
 * come then from the index of their own references; building the index of all 10,000 references
 * of an account at its quotas on one chapter, and listing every item's verses, was most of such a
 * request.
 */
export function firstVersesCovered(
  refs: ReferenceSpans,
  items: number,
  book: BookEntry,
  chapter: number,
  verses: readonly number[],
): Int32Array {
  const first = new Int32Array(items);
  if (!verses.length) return first;
  const map = versionMapOf(book.version);
  // A version with a map reads its own references by their own numbers (CoverageIndex.covering).
  const own = map.size ? book.version : undefined;
  const positions = verses.map((v) => chapter * 1000 + v);
  // The query's slots per KJV book, ascending, with a table of the least verse of each run of
  // them (a sparse table: any range's least verse in two lookups).
  const byBook = new Map<string, { n: number; verse: number }[]>();
  for (const verse of verses)
    for (const s of slotsOf(map, book.osis, chapter, verse)) {
      const list = byBook.get(s.book);
      if (list) list.push({ n: s.n, verse });
      else byBook.set(s.book, [{ n: s.n, verse }]);
    }
  const slots = new Map<string, { n: number[]; least: Int32Array[] }>();
  for (const [b, list] of byBook) {
    list.sort((x, y) => x.n - y.n || x.verse - y.verse);
    const least = [Int32Array.from(list, (s) => s.verse)];
    for (let w = 1; 2 * w <= list.length; w *= 2) {
      const prev = least[least.length - 1];
      const next = new Int32Array(list.length - 2 * w + 1);
      for (let i = 0; i < next.length; i++) next[i] = Math.min(prev[i], prev[i + w]);
      least.push(next);
    }
    slots.set(b, { n: list.map((s) => s.n), least });
  }
  const leastIn = (table: { least: Int32Array[] }, lo: number, hi: number) => {
    const level = 31 - Math.clz32(hi - lo + 1);
    return Math.min(table.least[level][lo], table.least[level][hi - (1 << level) + 1]);
  };
  // The slots of a reference's first and last verse, once per version and position.
  const spans = new Map<string, Map<number, Slot[]>>();
  const slotsAt = (version: string, map: VersionMap, b: string, position: number) => {
    let byPosition = spans.get(`${version} ${b}`);
    if (!byPosition) spans.set(`${version} ${b}`, (byPosition = new Map()));
    let found = byPosition.get(position);
    if (!found) {
      found = slotsOf(map, b, Math.floor(position / 1000), position % 1000);
      byPosition.set(position, found);
    }
    return found;
  };
  const offer = (item: number, verse: number) => {
    if (first[item] === 0 || verse < first[item]) first[item] = verse;
  };
  for (let r = 0; r < refs.item.length; r++) {
    const version = refs.version[r];
    const from = refs.from[r];
    const to = refs.to[r];
    if (version === own) {
      if (refs.book[r] !== book.osis) continue;
      const k = lowerBound(positions, from);
      if (k < positions.length && positions[k] <= to) offer(refs.item[r], verses[k]);
      continue;
    }
    const refMap = versionMapOf(version);
    let slotBook = refs.book[r];
    let lo = from;
    let hi = to;
    if (refMap.size) {
      const a = slotsAt(version, refMap, slotBook, from);
      const z = slotsAt(version, refMap, slotBook, to);
      slotBook = a[0].book;
      lo = Math.min(...a.map((s) => s.n));
      hi = Math.max(...z.map((s) => s.n));
    }
    const table = slots.get(slotBook);
    if (!table) continue;
    const k = lowerBound(table.n, lo);
    if (k >= table.n.length || table.n[k] > hi) continue;
    const end = lowerBound(table.n, hi + 1) - 1;
    offer(refs.item[r], leastIn(table, k, end));
  }
  return first;
}
