import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { ANONYMOUS_AUTHOR, MAX_PUBLIC_REFERENCES } from '../api/limits';
import type { Catalogue } from '../catalogue/store';
import type { Database } from '../db/client';
import { noteReferences, notes, users } from '../db/schema';
import { PAGE_BYTES, type Page, type Paged } from '../http/paging';
import { fitsBefore, renderedBytesSql } from '../db/rendered-bytes';
import type { CoverageIndex } from './coverage';
import { readableByOthers } from './publishing';
import { versesWindow, type ReferenceWindow } from './reference-windows';
import {
  coverageOf,
  groupReferences,
  idIn,
  NOTE_REFERENCE_COLUMNS,
  oneVersionAndBook,
  spanColumns,
  type ReferenceIdsRow,
  type ReferenceRow,
} from './references';

/**
 * Others' public notes on what a page or route shows, in any version (docs/public-notes.md
 * "Reading"): a note published on KJV John 1:10 is read on RV1909 John 1:10, by the coverage rule
 * of the reader's own notes (src/annotations/coverage.ts). Newest publication first.
 *
 * Only `readableByOthers` notes are ever read, in every statement, so a note withdrawn, held or
 * hidden is not found by the next request; and nothing of the author but the display name (or
 * the anonymous label) leaves this module: no user id, no e-mail.
 */

export interface PublicNote {
  id: number;
  /** The author's display name, or ANONYMOUS_AUTHOR. */
  author: string;
  /** Whether the author has no display name (pages write the label in their own language). */
  anonymous: boolean;
  title: string;
  content: string;
  publishedAt: number;
  updatedAt: number;
  /** The version of its first reference that falls on the chapter asked about. */
  writtenIn: string;
  /** The chapter's verses (in its own numbering) it covers. */
  verses: number[];
  references: ReferenceRow[];
}

/**
 * The published notes with a reference that can fall in `window` (src/annotations/reference-windows.ts),
 * newest first, and their references indexed for coverage; at most MAX_PUBLIC_REFERENCES
 * references are read (docs/public-notes.md "Limits"). The window is one range of the partial index
 * `(book, start_position, end_position) WHERE readable = 1` of note_references (src/db/schema.ts):
 * only references of notes others may read are in it, so a chapter's private references are never
 * read; named so that the planner does not walk every published note by date instead. The join
 * still checks the note itself.
 */
async function publishedCoverage(
  db: Database,
  window: ReferenceWindow,
  exceptAuthor?: number,
): Promise<{ ids: number[]; index: CoverageIndex }> {
  const { keys, index } = coverageOf(
    await db.values<ReferenceIdsRow>(publishedReferencesQuery(window, exceptAuthor)),
  );
  return { ids: keys.map((k) => k.id), index };
}

/** publishedCoverage's statement: each reference read as a coverage row (references.ts coverageOf). */
export function publishedReferencesQuery(window: ReferenceWindow, exceptAuthor?: number): SQL {
  const others = exceptAuthor === undefined ? sql`` : sql` AND ${notes.userId} <> ${exceptAuthor}`;
  return sql`SELECT 0, ${notes.id}, ${spanColumns(noteReferences)}
      FROM ${noteReferences} INDEXED BY note_references_readable_idx JOIN ${notes} ON ${notes.id} = ${noteReferences.noteId}
      WHERE ${noteReferences.readable} = 1 AND ${noteReferences.book} = ${window.book} AND ${noteReferences.startPosition} <= ${window.to}
        AND ${noteReferences.endPosition} >= ${window.from} AND ${oneVersionAndBook(noteReferences)}
        AND ${readableByOthers}${others}
      ORDER BY ${notes.publishedAt} DESC, ${notes.id} DESC, ${noteReferences.ord}
      LIMIT ${MAX_PUBLIC_REFERENCES}`;
}

/**
 * The public notes covering any of `verses` of a chapter (every verse of it for the chapter's
 * list), one page of them, newest first, and how many there are. `othersOnly`: without the
 * reader's own (the verse page lists those as the reader's notes).
 */
export async function publicNotesOn(
  db: Database,
  readerId: number,
  cat: Catalogue,
  bookIndex: number,
  chapter: number,
  verses: readonly number[],
  page: Page,
  othersOnly = false,
  bytes = PAGE_BYTES,
): Promise<Paged<PublicNote>> {
  const book = cat.books[bookIndex];
  if (!verses.length) return { items: [], total: 0 };
  const window = versesWindow(book.osis, chapter, Math.min(...verses), Math.max(...verses));
  const { ids, index } = await publishedCoverage(db, window, othersOnly ? readerId : undefined);
  // Items are in publication order (newest first): the index keeps that order.
  const found = index.covering(book, chapter, verses);
  const shown = found.slice(page.offset, page.offset + page.limit);
  if (!shown.length) return { items: [], total: found.length };
  const wanted = shown.map((c) => ids[c.item]);
  // The page's text is read only as far as a page of `bytes` can hold it (src/db/rendered-bytes.ts):
  // the notes past that come without their content, and the page ends before them.
  const bound = sql`${renderedBytesSql(notes.title)} + ${renderedBytesSql(notes.content)}`;
  const fits = fitsBefore(
    notes.id,
    sql`SELECT ${notes.id} AS id, ${bound} AS bound, page.key AS at FROM json_each(${JSON.stringify(wanted)}) AS page
      JOIN ${notes} ON ${notes.id} = page.value WHERE ${readableByOthers}`,
    bytes,
  );
  const [rows, refs] = await db.batch([
    db
      .select({
        id: notes.id,
        title: notes.title,
        content: sql<string | null>`CASE WHEN ${fits} THEN ${notes.content} END`,
        publishedAt: notes.publishedAt,
        updatedAt: notes.updatedAt,
        displayName: users.displayName,
      })
      .from(notes)
      .innerJoin(users, eq(users.id, notes.userId))
      .where(and(idIn(notes.id, wanted), readableByOthers)),
    db
      .select(NOTE_REFERENCE_COLUMNS)
      .from(noteReferences)
      .innerJoin(notes, eq(notes.id, noteReferences.noteId))
      .where(and(idIn(noteReferences.noteId, wanted), readableByOthers))
      .orderBy(asc(noteReferences.noteId), asc(noteReferences.ord)),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const byNote = groupReferences(refs);
  // The page as read: up to the first note whose content the page's bytes leave unread.
  const read = shown.findIndex((c) => byId.get(ids[c.item])?.content === null);
  // A note withdrawn between the two reads is simply not shown.
  const items = shown.slice(0, read < 0 ? shown.length : read).flatMap((c): PublicNote[] => {
    const row = byId.get(ids[c.item]);
    if (!row || row.content === null) return [];
    return [
      {
        id: row.id,
        author: authorName(row.displayName),
        anonymous: !row.displayName.trim(),
        title: row.title,
        content: row.content,
        publishedAt: row.publishedAt ?? row.updatedAt,
        updatedAt: row.updatedAt,
        writtenIn: c.writtenIn,
        verses: c.verses,
        references: byNote.get(row.id) ?? [],
      },
    ];
  });
  return { items, total: found.length, ...(read < 0 ? {} : { read }) };
}

/** The name others see: the display name, or the anonymous label (never the e-mail). */
export function authorName(displayName: string): string {
  return displayName.trim() ? displayName : ANONYMOUS_AUTHOR;
}
