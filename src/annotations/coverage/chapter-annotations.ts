import { versesIn } from '../../catalogue/navigation';
import type { Catalogue } from '../../catalogue/store';
import type { Database } from '../../db/client';
import { parseJsonRows } from '../../db/json-rows';
import { PAGE_BYTES, type Page, type Paged } from '../../http/paging';
import { sql } from 'drizzle-orm';
import { notes } from '../../db/schema';
import { fitsBefore, renderedBytesSql } from '../../db/rendered-bytes';
import { countedChapterPage, type ChapterQuery } from './chapter-in-sql';
import {
  CoverageIndex,
  firstVersesCovered,
  ownSpans,
  spansOfItems,
  type Covering,
} from './coverage-index';
import {
  listNotes,
  notesOfIds,
  notesWithReferences,
  type NoteWithReferences,
} from '../personal/notes';
import { selectReferenceSpans, type ReferenceFilter, type ReferenceKind } from '../references';
import { chapterWindow, versesWindow } from './reference-windows';
import {
  taggingsOfIds,
  taggingsWithReferences,
  type TaggingWithReferences,
} from '../personal/taggings';

/**
 * The caller's notes and taggings on what a page or route shows, in any version: a reference
 * written on KJV John 3:16 shows on ASV and WEB John 3 as well (src/annotations/coverage/coverage-index.ts).
 * Each request reads the verse ids of the caller's references once (not their text), indexes them,
 * and then reads the text of the annotations it shows, a page of them: its work grows with the
 * references plus what it shows, never with their product.
 */

export interface ChapterAnnotation {
  kind: 'note' | 'tagging';
  /** The version of the first of its references that falls on this chapter. */
  writtenIn: string;
  /** Verse numbers of this chapter (in its version's numbering) that it covers, ascending. */
  verses: number[];
  note?: NoteWithReferences;
  tagging?: TaggingWithReferences;
}

/** One of the caller's annotations, by kind and id. */
interface AnnotationKey {
  kind: ReferenceKind;
  id: number;
}

/**
 * The caller's annotations of these kinds that have a reference the filter lets through, and those
 * references indexed for coverage. A reference holds one book, the same in every version (the
 * versification map moves verses within a book), so only the windows of the verses asked about
 * are read (src/annotations/coverage/reference-windows.ts).
 */
async function readerCoverage(
  db: Database,
  userId: number,
  kinds: ReferenceKind[],
  filter: ReferenceFilter,
): Promise<{ keys: AnnotationKey[]; index: CoverageIndex }> {
  const { keys, refs } = await selectReferenceSpans(db, kinds, userId, filter);
  return { keys, index: new CoverageIndex(refs) };
}

/**
 * One page of a chapter's items, by first verse covered, then in item order: notes before
 * taggings on the same first verse, each kind in id order, as the coverage read orders its items
 * (src/annotations/references.ts readerSpans: by kind, then id). Counted into one bucket per
 * verse rather than sorted: an account at its quotas finds 5,000 on Ps 119, and only a page of
 * them is shown. `first` gives each item's first verse covered (0: none).
 */
function pageByFirstVerse(first: Int32Array, page: Page): { items: number[]; total: number } {
  // Verse numbers are below 1000 (src/annotations/coverage/coverage-index.ts).
  const starts = new Int32Array(1002);
  let total = 0;
  for (const v of first)
    if (v > 0) {
      starts[v + 1]++;
      total++;
    }
  for (let v = 1; v < starts.length; v++) starts[v] += starts[v - 1];
  const end = Math.min(total, page.offset + page.limit);
  const items = new Array<number>(Math.max(0, end - page.offset));
  first.forEach((v, item) => {
    if (v === 0) return;
    const at = starts[v]++;
    if (at >= page.offset && at < end) items[at - page.offset] = item;
  });
  return { items, total };
}

/**
 * The caller's annotations on the chapter (one page of them: by first verse covered, notes before
 * taggings), each with its note or tagging, and how many there are. Counted and paged in SQLite
 * where no numbering moves a verse (src/annotations/coverage/chapter-in-sql.ts), else by one pass over
 * every reference that can reach the chapter (src/annotations/coverage/coverage-index.ts firstVersesCovered).
 */
export async function chapterAnnotations(
  db: Database,
  userId: number,
  cat: Catalogue,
  bookIndex: number,
  chapter: number,
  page: Page,
): Promise<Paged<ChapterAnnotation>> {
  const book = cat.books[bookIndex];
  const verses = versesIn(book, chapter);
  const window = chapterWindow(book.osis, chapter);
  const query = { userId, book, chapter, verses, window, page };
  const counted = await countedChapterPage(db, query);
  if (counted) return pageWithText(db, query, counted.keys, counted.total);
  return chapterAnnotationsByIndex(db, query);
}

/** chapterAnnotations by one pass over every reference that can reach the chapter. */
export async function chapterAnnotationsByIndex(
  db: Database,
  query: ChapterQuery,
): Promise<Paged<ChapterAnnotation>> {
  const { userId, book, chapter, verses, window, page } = query;
  const { keys, refs } = await selectReferenceSpans(db, ['note', 'tagging'], userId, {
    windows: [window],
  });
  const first = firstVersesCovered(refs, keys.length, book, chapter, verses);
  const shown = pageByFirstVerse(first, page);
  return pageWithText(
    db,
    query,
    shown.items.map((item) => keys[item]),
    shown.total,
  );
}

/**
 * A page of a chapter's annotations, its items known in order: their text read, and the verses and
 * version each shows with found by the same rule from their own references.
 */
async function pageWithText(
  db: Database,
  { userId, book, chapter, verses }: ChapterQuery,
  keys: AnnotationKey[],
  total: number,
): Promise<Paged<ChapterAnnotation>> {
  const text = await pageText(db, userId, keys);
  const index = new CoverageIndex(
    spansOfItems(keys.map((key) => ownSpans(text.of(key)?.references ?? []))),
  );
  const shown = index.covering(book, chapter, verses).map((c) => ({ ...c, key: keys[c.item] }));
  return { items: withText(shown, text), total };
}

/** The notes and taggings of a page, by kind and id, with their references. */
interface PageText {
  of(key: AnnotationKey): NoteWithReferences | TaggingWithReferences | undefined;
}

/** The page's notes and taggings and their references: one batch, one round trip to D1. */
async function pageText(db: Database, userId: number, keys: AnnotationKey[]): Promise<PageText> {
  const ids = (kind: ReferenceKind) => keys.filter((k) => k.kind === kind).map((k) => k.id);
  const [noteRows, noteRefs, taggingRows, taggingRefs] = keys.length
    ? await db.batch([
        ...notesOfIds(db, userId, ids('note')),
        ...taggingsOfIds(db, userId, ids('tagging')),
      ])
    : [[], [], [], []];
  const notes = byId(notesWithReferences(parseJsonRows(noteRows), parseJsonRows(noteRefs)));
  const taggings = byId(
    taggingsWithReferences(parseJsonRows(taggingRows), parseJsonRows(taggingRefs)),
  );
  return { of: (key) => (key.kind === 'note' ? notes.get(key.id) : taggings.get(key.id)) };
}

/**
 * The page's annotations with their text, each with the verses and version it shows with. One
 * deleted between the reads is simply not shown.
 */
function withText(
  shown: readonly (Covering & { key: AnnotationKey })[],
  text: PageText,
): ChapterAnnotation[] {
  return shown.flatMap((c): ChapterAnnotation[] => {
    const annotation = text.of(c.key);
    if (!annotation) return [];
    return [
      {
        kind: c.key.kind,
        writtenIn: c.writtenIn,
        verses: c.verses,
        ...('note' in annotation ? { note: annotation } : { tagging: annotation }),
      },
    ];
  });
}

/** Notes or taggings by their note's or tagging's id. */
function byId<T extends NoteWithReferences | TaggingWithReferences>(list: T[]): Map<number, T> {
  return new Map(list.map((item) => ['note' in item ? item.note.id : item.tagging.id, item]));
}

/** The caller's notes covering any of `verses` of a chapter, one page of them in id order, and how many there are. */
export async function notesOnVerses(
  db: Database,
  userId: number,
  cat: Catalogue,
  bookIndex: number,
  chapter: number,
  verses: number[],
  page: Page,
  bytes = PAGE_BYTES,
): Promise<Paged<NoteWithReferences>> {
  const book = cat.books[bookIndex];
  if (!verses.length) return { items: [], total: 0 };
  const { keys, refs } = await selectReferenceSpans(db, ['note'], userId, {
    windows: [versesWindow(book.osis, chapter, Math.min(...verses), Math.max(...verses))],
  });
  const sorted = [...verses].sort((a, b) => a - b);
  const first = firstVersesCovered(refs, keys.length, book, chapter, sorted);
  const found: number[] = [];
  first.forEach((v, item) => {
    if (v > 0) found.push(item);
  });
  const ids = found.slice(page.offset, page.offset + page.limit).map((item) => keys[item].id);
  if (!ids.length) return { items: [], total: found.length };
  // The page's notes whose text a page of `bytes` can hold (src/db/rendered-bytes.ts): only
  // those are read, and the page ends before the rest.
  const fitting = await db.values<[number]>(
    sql`SELECT ${notes.id} FROM ${notes} WHERE ${notes.userId} = ${userId} AND ${fitsBefore(
      notes.id,
      sql`SELECT ${notes.id} AS id, ${renderedBytesSql(notes.title)} + ${renderedBytesSql(notes.content)} AS bound, page.key AS at
        FROM json_each(${JSON.stringify(ids)}) AS page JOIN ${notes} ON ${notes.id} = page.value`,
      bytes,
    )}`,
  );
  const fits = new Set(fitting.map(([id]) => id));
  const read = ids.findIndex((id) => !fits.has(id));
  const shown = read < 0 ? ids : ids.slice(0, read);
  const list = await listNotes(db, userId, undefined, shown);
  return { items: list.items, total: found.length, ...(read < 0 ? {} : { read }) };
}

/** A verse range of a chapter of a book (a page's hit: a verse, or verses a translation merges). */
export interface VerseSpan {
  bookIndex: number;
  chapter: number;
  verse: number;
  lastverse: number;
}

/** How many of the caller's notes cover each of `spans` (written on any version), without reading their text. */
export async function notesCovering(
  db: Database,
  userId: number,
  cat: Catalogue,
  spans: VerseSpan[],
): Promise<number[]> {
  if (!spans.length) return [];
  const { index } = await readerCoverage(db, userId, ['note'], {
    windows: spans.map((s) =>
      versesWindow(cat.books[s.bookIndex].osis, s.chapter, s.verse, s.lastverse),
    ),
  });
  return spans.map((s) => {
    const verses: number[] = [];
    for (let v = s.verse; v <= s.lastverse; v++) verses.push(v);
    return index.covering(cat.books[s.bookIndex], s.chapter, verses).length;
  });
}
