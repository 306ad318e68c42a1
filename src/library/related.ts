import { versionMapOf } from '../catalogue/empty-slots';
import { verseFromId } from '../catalogue/lookup';
import { verseLink } from '../catalogue/resources';
import type { SnapshotReader } from '../cache/snapshot-reader';
import type { Catalogue } from '../catalogue/store';
import type { DocNode } from '../render/document';
import { libraryMeta } from './commentaries';
import { kjvChaptersOf, parsePassage, passageNode, type Passage } from './passages';
import { loadVerseIndex } from './store';

/**
 * "Cited with": co-citation, what the library's own sources say together, and it says so (the
 * Treasury's cross-references are ./cross-references.ts, which orders by these counts). For a verse: the passages that
 * Nave's sub-topics and the commentaries' entries cite together with it, each with how many of
 * those units do (and how many are topics, how many commentary entries), most often first (the
 * build computes the lists: scripts/snapshot/library/cited-with.ts). A verse of another version is
 * its KJV verses (the versification map); a verse standing for several KJV verses gets their
 * lists summed.
 */

/** What the list is, in its own words (the `basis` of every response). */
export const CITED_WITH_BASIS =
  "Passages cited together with this verse by Nave's Topical Bible (in one sub-topic) and the commentaries (in one entry, with the passage it comments on), most often first; co-citation, not the cross-references (those are /verses/{verse_id}/cross-references).";

export interface CitedWithItem {
  passage: Passage;
  units: number;
  topics: number;
  commentaries: number;
}

export interface CitedWithResult {
  bookIndex: number;
  chapter: number;
  verse: number;
  items: CitedWithItem[];
  /** Distinct passages cited with it in all (the lists keep the most frequent `limit`). */
  total: number;
  limit: number;
}

/** GET /verses/{id}/related. */
export async function citedWith(
  snap: SnapshotReader,
  cat: Catalogue,
  id: string,
): Promise<CitedWithResult> {
  const { bookIndex, chapter, verse } = verseFromId(cat, id);
  const meta = await libraryMeta(snap);
  const book = cat.books[bookIndex]!;
  const kjvChapters = kjvChaptersOf(versionMapOf(book.version), book, chapter, [verse]);
  const values = await Promise.all(kjvChapters.map((k) => loadVerseIndex(snap, k.book, k.chapter)));
  const sums = new Map<string, [number, number, number]>();
  let total = 0;
  kjvChapters.forEach((k, i) => {
    for (const kv of k.verses) {
      const entry = values[i]?.verses[kv];
      total += entry?.n ?? 0;
      for (const [osis, units, topics, commentaries] of entry?.r ?? []) {
        // A passage holding another of the verse's KJV verses is the verse itself.
        if (
          [...k.verses].some((other) => other !== kv && osis === `${k.book}.${k.chapter}.${other}`)
        )
          continue;
        const s = sums.get(osis) ?? [0, 0, 0];
        sums.set(osis, [s[0] + units, s[1] + topics, s[2] + commentaries]);
      }
    }
  });
  const items: CitedWithItem[] = [];
  for (const [osis, [units, topics, commentaries]] of sums) {
    const passage = parsePassage(cat, osis);
    if (passage) items.push({ passage, units, topics, commentaries });
  }
  // Most often first; a tie in canonical order (the KJV's book order, then chapter and verse).
  items.sort(
    (a, b) =>
      b.units - a.units ||
      a.passage.book.ord - b.passage.book.ord ||
      a.passage.startChapter - b.passage.startChapter ||
      a.passage.startVerse - b.passage.startVerse,
  );
  return {
    bookIndex,
    chapter,
    verse,
    items: items.slice(0, meta.citedWithTop),
    total: Math.max(total, items.length),
    limit: meta.citedWithTop,
  };
}

/** The `related` root: the verse, what the list is, the passages with their counts. */
export function citedWithDocument(cat: Catalogue, r: CitedWithResult): DocNode {
  const book = cat.books[r.bookIndex]!;
  return {
    ...verseLink(book, r.chapter, r.verse),
    kind: 'cited-with',
    basis: CITED_WITH_BASIS,
    passage: r.items.map((i) => ({
      ...passageNode(i.passage),
      count: i.units,
      topics: i.topics,
      commentaries: i.commentaries,
    })),
    summary: { shown: r.items.length, total: r.total },
  };
}
