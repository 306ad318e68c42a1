import { versionMapOf } from '../catalogue/empty-slots';
import { referenceSpan, slotsOf } from '../catalogue/versification';
import type { BookEntry } from '../snapshot/types';

/**
 * The coverage rule, once: which of a reader's annotations (notes, taggings) fall on which verses,
 * in any version. A reference written on KJV John 3:16 covers ASV and WEB John 3:16, and the
 * RV1909 or WLC verse that holds the same text: both sides are read as KJV slots through
 * data/versification-map.json (src/catalogue/versification.ts), and a verse is covered when one of
 * its slots lies within a reference's span.
 *
 * Built once per request from the reader's references, so that what a page or route asks costs
 * the references plus what it shows, never their product: an account at its quotas holds 10,000
 * references, a concordance page 100 verses.
 * - Each item's spans are merged per book, so a verse lies in at most one span of an item.
 * - The spans of a book are sorted by their first slot, in blocks that know their last slot
 *   reached: a query skips every block that ends before it.
 */

/** A reference's span in KJV slots (chapter × 1000 + verse) of one KJV book, and the version it was written in. */
interface Span {
  book: string;
  from: number;
  to: number;
  version: string;
}

/** Spans of one KJV book, sorted by `from`, with the item each belongs to. */
interface BookSpans {
  from: Int32Array;
  to: Int32Array;
  item: Int32Array;
  /** The largest `to` of each block of BLOCK spans. */
  blockTo: number[];
}

/** Spans per block: small enough that a block a query reaches costs little, large enough that skipping is cheap. */
const BLOCK = 32;

/**
 * Above the spans of one book an index holds (an account holds at most 10,000 references:
 * src/annotations/quotas.ts), so that `from × SORT_PLACES + place` sorts by `from`, then place, and
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

/** The span in KJV slots of a reference in its own numbering. */
function spanOf(own: OwnSpan): Span {
  const map = versionMapOf(own.version);
  // A version numbered as the KJV (no map entries) needs no lookup: its verse is the slot, and
  // the span is the reference itself (never changed: the index keeps its merged spans apart).
  if (!map.size) return own;
  const at = (n: number) => ({ chapter: Math.floor(n / 1000), verse: n % 1000 });
  return { ...referenceSpan(map, own.book, at(own.from), at(own.to)), version: own.version };
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

export class CoverageIndex {
  /** Each item's spans in the order of its references. */
  private readonly spans: Span[][];
  private readonly books = new Map<string, BookSpans>();

  /** Each item's references, in their own numbering, in stored order. */
  constructor(items: OwnSpan[][]) {
    this.spans = new Array<Span[]>(items.length);
    // Each book's merged spans as parallel lists (no object per span: 10,000 references at the
    // quotas), in the order met.
    const byBook = new Map<string, { from: number[]; to: number[]; item: number[] }>();
    for (let item = 0; item < items.length; item++) {
      const own = items[item];
      const spans = own.length === 1 ? [spanOf(own[0])] : own.map(spanOf);
      this.spans[item] = spans;
      // Merged per book: overlapping or touching spans of one item become one.
      const sorted =
        spans.length > 1
          ? [...spans].sort((a, b) =>
              a.book < b.book ? -1 : a.book > b.book ? 1 : a.from - b.from,
            )
          : spans;
      let list: { from: number[]; to: number[]; item: number[] } | undefined;
      let at = -1;
      let currentBook = '';
      for (const s of sorted) {
        if (list && s.book === currentBook && s.from <= list.to[at] + 1) {
          list.to[at] = Math.max(list.to[at], s.to);
          continue;
        }
        list = byBook.get(s.book);
        if (!list) byBook.set(s.book, (list = { from: [], to: [], item: [] }));
        at = list.from.length;
        list.from.push(s.from);
        list.to.push(s.to);
        list.item.push(item);
        currentBook = s.book;
      }
    }
    for (const [book, list] of byBook) {
      // Sorted by `from` as numbers, without a comparator: each key is `from` then the span's
      // place (below SORT_PLACES), so equal `from`s keep the order met.
      const count = list.from.length;
      const keys = new Float64Array(count);
      for (let i = 0; i < count; i++) keys[i] = list.from[i] * SORT_PLACES + i;
      keys.sort();
      const from = new Int32Array(count);
      const to = new Int32Array(count);
      const item = new Int32Array(count);
      const blockTo: number[] = [];
      for (let k = 0; k < count; k++) {
        const i = keys[k] % SORT_PLACES;
        from[k] = list.from[i];
        to[k] = list.to[i];
        item[k] = list.item[i];
        const block = Math.floor(k / BLOCK);
        blockTo[block] = Math.max(blockTo[block] ?? 0, to[k]);
      }
      this.books.set(book, { from, to, item, blockTo });
    }
  }

  /**
   * The items covering any of `verses` of a chapter of `book` (in its version's numbering), each
   * with the verses of `verses` it covers and the version of its first reference that covers one
   * of them (as stored: a client's order), in item order.
   */
  covering(book: BookEntry, chapter: number, verses: readonly number[]): Covering[] {
    const map = versionMapOf(book.version);
    // The query's slots per KJV book, ascending, each with the verse it belongs to.
    const slots = new Map<string, { n: number; verse: number }[]>();
    for (const verse of verses) {
      for (const s of slotsOf(map, book.osis, chapter, verse)) {
        const list = slots.get(s.book);
        if (list) list.push({ n: s.n, verse });
        else slots.set(s.book, [{ n: s.n, verse }]);
      }
    }
    // Per item found (by its index: a list, not a map, read in item order without a sort, as a
    // chapter at the quotas finds 5,000), the verses it covers, as they come (an item's merged
    // spans are disjoint, so a verse repeats only where it holds several slots).
    const found: (number[] | undefined)[] = [];
    const sorted = new Map<string, { n: number[]; verse: number[] }>();
    for (const [kjvBook, list] of slots) {
      const spans = this.books.get(kjvBook);
      if (!spans) continue;
      list.sort((a, b) => a.n - b.n);
      const n = list.map((s) => s.n);
      const verseOf = list.map((s) => s.verse);
      sorted.set(kjvBook, { n, verse: verseOf });
      const lo = n[0];
      const hi = n[n.length - 1];
      const end = lowerBound(spans.from, hi + 1);
      for (let block = 0; block * BLOCK < end; block++) {
        if (spans.blockTo[block] < lo) continue;
        for (let i = block * BLOCK; i < Math.min(end, (block + 1) * BLOCK); i++) {
          if (spans.to[i] < lo) continue;
          // The query's slots within this span, and their verses.
          const k0 = lowerBound(n, spans.from[i]);
          if (k0 >= n.length || n[k0] > spans.to[i]) continue;
          let verses = found[spans.item[i]];
          if (!verses) found[spans.item[i]] = verses = [];
          for (let k = k0; k < n.length && n[k] <= spans.to[i]; k++) verses.push(verseOf[k]);
        }
      }
    }
    const out: Covering[] = [];
    for (let item = 0; item < found.length; item++) {
      const verses = found[item];
      if (!verses) continue;
      // The first of its references (as stored) that reaches one of the query's slots: the only
      // one, for most.
      const spans = this.spans[item];
      const first =
        spans.length === 1
          ? spans[0]
          : spans.find((s) => {
              const q = sorted.get(s.book);
              if (!q) return false;
              const k = lowerBound(q.n, s.from);
              return k < q.n.length && q.n[k] <= s.to;
            });
      out.push({ item, verses: ascendingOnce(verses), writtenIn: first!.version });
    }
    return out;
  }
}
