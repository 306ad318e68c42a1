/**
 * "Cited with": no cross-reference dataset installs here, so the nearest honest
 * thing is built from the library itself. A *citing unit* is one sub-topic of Nave's (the
 * passages one line cites) or one commentary entry (the passage it comments on and the passages
 * it cites; an introduction only the passages it cites). A passage is *cited with* a verse when
 * both are in one unit; the verse's list counts, per passage, the units that put them together
 * (each unit once), most often first, then in canonical order. A passage that contains the
 * verse itself is not listed with it. Passages keep the form their source wrote (`John.3.16`,
 * `Rom.5.6-Rom.5.8`, `Exod.32`).
 */
import type { KjvVerses } from '../study/lexicons/kjv-verses';
import { loadCanon } from '../canon';
import { spanOsis, spanVerses, type Span } from './references';
import { verseCodeNumber } from '../../../src/snapshot/verse-codes';

export interface CitingUnit {
  kind: 'topic' | 'commentary';
  spans: Span[];
}

export interface CitedWith {
  /** Passages (OSIS, KJV numbering) with the units that cite them with the verse: all, from topics, from commentaries. */
  items: [passage: string, units: number, topics: number, commentaries: number][];
  /** Distinct passages cited with the verse (items holds the first `top` of them). */
  total: number;
}

/** A verse as one sortable number: canonical book position, chapter, verse. */
function verseCode(book: string, chapter: number, verse: number): number {
  return verseCodeNumber({ ord: loadCanon().position(book) + 1, chapter, verse });
}

/**
 * The passages cited with each verse of `verses` (`Book.C.V` → list), the `top` most frequent
 * of each. Verses in no unit are absent.
 */
export function citedWith(
  units: CitingUnit[],
  kjv: KjvVerses,
  wanted: (book: string, chapter: number) => boolean,
  top: number,
): Map<string, CitedWith> {
  // Intern passages; a unit is its distinct passage ids.
  const passageIds = new Map<string, number>();
  const passages: { osis: string; span: Span; sort: number }[] = [];
  const unitIds: { kind: CitingUnit['kind']; ids: number[] }[] = [];
  for (const u of units) {
    const ids = new Set<number>();
    for (const s of u.spans) {
      const osis = spanOsis(s);
      let id = passageIds.get(osis);
      if (id === undefined) {
        id = passages.length;
        passageIds.set(osis, id);
        passages.push({
          osis,
          span: s,
          sort:
            verseCode(s.book, s.chapter, s.verse) * 1_000 + Math.min(999, s.endChapter - s.chapter),
        });
      }
      ids.add(id);
    }
    if (ids.size > 1) unitIds.push({ kind: u.kind, ids: [...ids] });
  }
  // Each wanted verse's units (inverted index), each unit once.
  const unitsOf = new Map<string, number[]>();
  unitIds.forEach((u, index) => {
    for (const id of u.ids) {
      const span = passages[id]!.span;
      for (let c = span.chapter; c <= span.endChapter; c++)
        if (wanted(span.book, c)) {
          for (const v of spanVerses(
            {
              ...span,
              chapter: c,
              verse: c === span.chapter ? span.verse : 1,
              endChapter: c,
              endVerse: c === span.endChapter ? span.endVerse : kjv.lastVerse(span.book, c),
            },
            kjv,
          )) {
            const list = unitsOf.get(v);
            if (!list) unitsOf.set(v, [index]);
            else if (list[list.length - 1] !== index) list.push(index);
          }
        }
    }
  });
  const contains = (s: Span, chapter: number, verse: number) =>
    (chapter > s.chapter || (chapter === s.chapter && verse >= s.verse)) &&
    (chapter < s.endChapter || (chapter === s.endChapter && verse <= s.endVerse));
  // The counts live in arrays indexed by passage id, reset after each verse, and the passages a
  // verse meets are ranked as ids: a Map of count triples per verse and its entries sorted with
  // lookups cost the library worker a third of its CPU on the full library (docs/speed.md "The
  // first npm run dev"). The order is the same: a stable sort of the passages in the order they
  // were first met, by count, then canonical order.
  const all = new Int32Array(passages.length);
  const fromTopics = new Int32Array(passages.length);
  const fromCommentaries = new Int32Array(passages.length);
  const sortOf = Float64Array.from(passages, (p) => p.sort);
  const met: number[] = [];
  const out = new Map<string, CitedWith>();
  for (const [verse, list] of unitsOf) {
    const [book, c, v] = verse.split('.');
    const chapter = Number(c);
    const n = Number(v);
    // `list` holds each unit once: its indexes were pushed in increasing order, repeats skipped.
    for (const index of list) {
      const u = unitIds[index]!;
      const counts = u.kind === 'topic' ? fromTopics : fromCommentaries;
      for (const id of u.ids) {
        const s = passages[id]!.span;
        if (s.book === book && contains(s, chapter, n)) continue;
        if (all[id]++ === 0) met.push(id);
        counts[id]++;
      }
    }
    if (!met.length) continue;
    // The first `top` of that order, kept in order as `met` is read once: a passage ranks after
    // those met before it with the same count and canonical place, so it goes in after them.
    const first: number[] = [];
    for (const id of top > 0 ? met : []) {
      if (first.length === top) {
        const last = first[top - 1]!;
        if (all[id]! < all[last]! || (all[id] === all[last] && sortOf[id]! >= sortOf[last]!))
          continue;
        first.pop();
      }
      let at = first.length;
      while (
        at > 0 &&
        (all[id]! > all[first[at - 1]!]! ||
          (all[id] === all[first[at - 1]!] && sortOf[id]! < sortOf[first[at - 1]!]!))
      )
        at--;
      first.splice(at, 0, id);
    }
    out.set(verse, {
      items: first.map((id) => [
        passages[id]!.osis,
        all[id]!,
        fromTopics[id]!,
        fromCommentaries[id]!,
      ]),
      total: met.length,
    });
    for (const id of met) all[id] = fromTopics[id] = fromCommentaries[id] = 0;
    met.length = 0;
  }
  return out;
}
