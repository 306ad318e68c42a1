import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ANONYMOUS_AUTHOR, MAX_PUBLIC_REFERENCES } from '../../api/limits';
import type { Catalogue } from '../../catalogue/store';
import type { Database } from '../../db/client';
import { noteReferences, notes, users } from '../../db/schema';
import { PAGE_BYTES, type Page, type Paged } from '../../http/paging';
import { fitsBefore } from '../../db/rendered-bytes';
import { noteBound } from '../personal/notes';
import { jsonRows, parseJsonRows } from '../../db/json-rows';
import {
  ownSpans,
  type Covering,
  type CoverageIndex,
  type OwnSpan,
} from '../coverage/coverage-index';
import { verseAtPosition } from '../../snapshot/verse-positions';
import { comparableVerses, type ComparableVerses } from '../coverage/chapter-in-sql';
import { readableByOthers } from './publishing';
import { fanOut, type ShardDb } from './across-shards';
import { versesWindow, type ReferenceWindow } from '../coverage/reference-windows';
import {
  coverageOf,
  groupReferences,
  idIn,
  NOTE_REFERENCE_COLUMNS,
  oneVersionAndBook,
  spanColumns,
  type ReferenceIdsRow,
  type ReferenceRow,
} from '../references';

/**
 * Others' public notes on what a page or route shows, in any version (docs/public-notes.md
 * "Reading"): a note published on KJV John 1:10 is read on RV1909 John 1:10, by the coverage rule
 * of the reader's own notes (src/annotations/coverage/coverage-index.ts). Newest publication first.
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

/** A reference of publishedReferencesQuery: a coverage row, then its note's publication time. */
type PublishedRow = [...ReferenceIdsRow, publishedAt: number | null];

/**
 * The published notes with a reference that can fall in `window` (src/annotations/coverage/reference-windows.ts),
 * in every database (docs/scale.md "Reading every database"), newest first, and their references
 * indexed for coverage, with the database each note is in; at most MAX_PUBLIC_REFERENCES
 * references are read from each database and kept in all (docs/public-notes.md "Limits"). Each
 * database answers its own newest first; merged, they are the newest of all, in the order one
 * database would give them. The window is one range of the partial index
 * `(book, start_position, end_position) WHERE readable = 1` of note_references (src/db/schema.ts):
 * only references of notes others may read are in it, so a chapter's private references are never
 * read; named so that the planner does not walk every published note by date instead. The join
 * still checks the note itself.
 */
async function publishedCoverage(
  shards: readonly ShardDb[],
  window: ReferenceWindow,
  exceptAuthor?: number,
): Promise<{ ids: number[]; index: CoverageIndex; shardOf: Map<number, ShardDb> }> {
  // Each database's rows as one JSON text: D1 hands a statement's rows to the worker as objects
  // built field by field, and Drizzle maps each again, which for 20,000 references (two authors at
  // their quotas on one chapter) was most of the request; JSON.parse builds the same arrays natively.
  const query = sql`SELECT json_group_array(json_array(kind, id, version, book, first, last, published_at)
      ORDER BY published_at DESC, id DESC, ord) FROM (${publishedReferencesQuery(window, exceptAuthor)})`;
  const { answers: packed } = await fanOut(shards, (db) => db.values<[string | null]>(query));
  const answers = packed.map((a) => ({
    ...a,
    value: (a.value[0]?.[0] ? JSON.parse(a.value[0][0]) : []) as PublishedRow[],
  }));
  const found: { id: number; publishedAt: number; at: ShardDb; rows: PublishedRow[] }[] = [];
  for (const { shard, db, value } of answers) {
    // One object per database, not one per note (shownNotes reads each database's notes in one
    // batch: grouped by a new object per note, a page of 200 was 200 batches, 825 ms of CPU).
    const at: ShardDb = { shard, db };
    let last: (typeof found)[number] | undefined;
    for (const row of value) {
      if (last?.id !== row[1]) {
        last = { id: row[1], publishedAt: row[6] ?? 0, at, rows: [] };
        found.push(last);
      }
      last.rows.push(row);
    }
  }
  // Ids are unique across databases (src/db/shards.ts), so (publication, id) orders every note.
  found.sort((a, b) => b.publishedAt - a.publishedAt || b.id - a.id);
  const rows: ReferenceIdsRow[] = [];
  const shardOf = new Map<number, ShardDb>();
  for (const note of found) {
    if (rows.length >= MAX_PUBLIC_REFERENCES) break;
    for (const row of note.rows.slice(0, MAX_PUBLIC_REFERENCES - rows.length))
      rows.push(row.slice(0, 6) as ReferenceIdsRow);
    shardOf.set(note.id, note.at);
  }
  const { keys, index } = coverageOf(rows);
  return { ids: keys.map((k) => k.id), index, shardOf };
}

/** A published note on the verses asked about, as counted in SQL: its database, and how many of its references in the window are kept. */
interface CountedNote {
  id: number;
  at: ShardDb;
  kept: number;
}

/**
 * A database's answer to publishedCounted's statement: references of moving versions met, then per
 * note of the window its id, publication, references kept and the place (from 1, in the note's
 * order) of its first one that covers the verses, null when none does.
 */
type CountedRow = [moving: number, notes: string | null];
type NoteCount = [id: number, publishedAt: number | null, kept: number, covers: number | null];

/**
 * The published notes covering `verses`, newest first, found in SQLite where their numbers are
 * their places (src/annotations/coverage/chapter-in-sql.ts comparableVerses): each database reads the
 * same references as publishedCoverage (its newest MAX_PUBLIC_REFERENCES in the window) and
 * answers one short row per note instead of every reference (20,000 on Ps 23 with two authors at
 * their quotas, which the worker parsed and indexed: most of the request). Merged as
 * publishedCoverage merges, the references kept in all counted note by note, so a note cut by the
 * limit is found only when one of its references kept covers the verses, as the general rule
 * finds it. Null when a database met a reference of a version that moves a verse of the book: the
 * caller then takes the general rule.
 */
async function publishedCounted(
  shards: readonly ShardDb[],
  window: ReferenceWindow,
  verses: ComparableVerses,
  exceptAuthor?: number,
): Promise<CountedNote[] | null> {
  const query = sql`WITH refs AS MATERIALIZED (${publishedReferencesQuery(window, exceptAuthor)})
    SELECT (SELECT count(*) FROM refs WHERE version IN (SELECT value FROM json_each(${verses.moving}))),
      (SELECT json_group_array(json_array(id, published_at, kept, covers)) FROM (
        SELECT id, published_at, count(*) AS kept,
          min(CASE WHEN first <= ${verses.hi} AND last >= ${verses.lo} THEN place END) AS covers
        FROM (SELECT id, published_at, first, last, row_number() OVER (PARTITION BY id ORDER BY ord) AS place FROM refs)
        GROUP BY id))`;
  const { answers } = await fanOut(shards, (db) => db.values<CountedRow>(query));
  const all: (CountedNote & { publishedAt: number; covers: number | null })[] = [];
  for (const { shard, db, value } of answers) {
    const [moving, text] = value[0] ?? [0, null];
    if (moving > 0) return null;
    // One object per database (shownNotes groups the page's notes by it).
    const at: ShardDb = { shard, db };
    for (const [id, publishedAt, kept, covers] of text ? (JSON.parse(text) as NoteCount[]) : [])
      all.push({ id, at, kept, publishedAt: publishedAt ?? 0, covers });
  }
  all.sort((a, b) => b.publishedAt - a.publishedAt || b.id - a.id);
  const found: CountedNote[] = [];
  let kept = 0;
  for (const note of all) {
    if (kept >= MAX_PUBLIC_REFERENCES) break;
    const mine = Math.min(note.kept, MAX_PUBLIC_REFERENCES - kept);
    kept += mine;
    if (note.covers !== null && note.covers <= mine)
      found.push({ id: note.id, at: note.at, kept: mine });
  }
  return found;
}

/**
 * What a page's notes found by publishedCounted cover of the verses, and in which version, from
 * their own references as publishedCoverage would have read them (those in the window, the first
 * `kept` of each): where the verses' numbers are their places, a reference covers the verses its
 * own numbers span (src/annotations/coverage/chapter-in-sql.ts), so each note's are its references'
 * spans cut to the verses asked about, and its version that of the first that reaches them. Each
 * verse id is parsed once (a page of Ps 23 holds 10,000 references of six verses). Undefined for a
 * note that no longer covers them (changed between the reads).
 */
function countedCoverage(
  shown: readonly CountedNote[],
  byNote: Map<number, ReferenceRow[]>,
  window: ReferenceWindow,
  { lo, hi }: ComparableVerses,
): ({ writtenIn: string; verses: number[] } | undefined)[] {
  const spans = new Map<string, OwnSpan | null>();
  const spanOf = (r: ReferenceRow): OwnSpan | null => {
    const key = `${r.start} ${r.end}`;
    let span = spans.get(key);
    if (span === undefined) spans.set(key, (span = ownSpans([r])[0] ?? null));
    return span;
  };
  return shown.map((n) => {
    let writtenIn: string | undefined;
    const reached: [number, number][] = [];
    let kept = 0;
    for (const r of byNote.get(n.id) ?? []) {
      const s = spanOf(r);
      if (!s || s.book !== window.book || s.from > window.to || s.to < window.from) continue;
      if (kept++ === n.kept) break;
      const from = Math.max(s.from, lo);
      const to = Math.min(s.to, hi);
      if (from > to) continue;
      writtenIn ??= s.version;
      reached.push([from, to]);
    }
    if (writtenIn === undefined) return undefined;
    // The spans' positions, each once, ascending, as verse numbers.
    reached.sort((a, b) => a[0] - b[0]);
    const verses: number[] = [];
    let next = lo;
    for (const [from, to] of reached)
      for (let p = Math.max(from, next); p <= to; p++, next = p)
        verses.push(verseAtPosition(p).verse);
    return { writtenIn, verses };
  });
}

/**
 * publishedCoverage's statement on one database: each reference read as a coverage row
 * (references.ts coverageOf), then its note's publication time (by which the databases' answers
 * are merged), and its place in its note.
 */
export function publishedReferencesQuery(window: ReferenceWindow, exceptAuthor?: number): SQL {
  const others = exceptAuthor === undefined ? sql`` : sql` AND ${notes.userId} <> ${exceptAuthor}`;
  return sql`SELECT 0 AS kind, ${notes.id} AS id, ${spanColumns(noteReferences)}, ${notes.publishedAt} AS published_at,
        ${noteReferences.ord} AS ord
      FROM ${noteReferences} INDEXED BY note_references_readable_idx JOIN ${notes} ON ${notes.id} = ${noteReferences.noteId}
      WHERE ${noteReferences.readable} = 1 AND ${noteReferences.book} = ${window.book} AND ${noteReferences.startPosition} <= ${window.to}
        AND ${noteReferences.endPosition} >= ${window.from} AND ${oneVersionAndBook(noteReferences)}
        AND ${readableByOthers}${others}
      ORDER BY ${notes.publishedAt} DESC, ${notes.id} DESC, ${noteReferences.ord}
      LIMIT ${MAX_PUBLIC_REFERENCES}`;
}

/**
 * The shown notes' rows and references, read from the database each is in, side by side, with
 * what each note takes rendered, at least (noteBound: its text and references). A note's text and
 * references are read only when the notes of its own database before it on the page leave it
 * within `bytes`: those are never more than all the notes before it, so every note that begins
 * within the page's bytes comes with them (publicNotesOn cuts the page there), and no database
 * reads more than a page's bytes of text and references.
 */
async function shownNotes(wanted: readonly { id: number; at: ShardDb }[], bytes: number) {
  // By the database's name: one batch a database, however its notes were found.
  const byShard = new Map<string, { db: Database; ids: number[] }>();
  for (const {
    id,
    at: { shard, db },
  } of wanted) {
    const group = byShard.get(shard);
    if (group) group.ids.push(id);
    else byShard.set(shard, { db, ids: [id] });
  }
  // What a note takes rendered, at least, its references included: a page of 200 notes of 50
  // references each holds about 60 in its bytes, and only their references are read.
  const bound = sql<number>`${noteBound}`;
  const read = await Promise.all(
    [...byShard.values()].map(({ db, ids }) => {
      const fits = fitsBefore(
        notes.id,
        sql`SELECT ${notes.id} AS id, ${bound} AS bound, page.key AS at FROM json_each(${JSON.stringify(ids)}) AS page
          JOIN ${notes} ON ${notes.id} = page.value WHERE ${readableByOthers}`,
        bytes,
      );
      // The references as one JSON text (src/db/json-rows.ts): a page of 200 notes of 50 each is
      // 10,000 rows, which D1 built as objects field by field and Drizzle mapped again. Not the
      // notes (200 rows at most): their text in a JSON text is escaped twice over, and parsed twice.
      return db.batch([
        db
          .select({
            id: notes.id,
            title: notes.title,
            content: sql<string | null>`CASE WHEN ${fits} THEN ${notes.content} END`,
            bound,
            publishedAt: notes.publishedAt,
            updatedAt: notes.updatedAt,
            displayName: users.displayName,
          })
          .from(notes)
          .innerJoin(users, eq(users.id, notes.userId))
          .where(and(idIn(notes.id, ids), readableByOthers)),
        db
          .select({
            json: jsonRows(
              NOTE_REFERENCE_COLUMNS,
              sql`${noteReferences.noteId}, ${noteReferences.ord}`,
            ),
          })
          .from(noteReferences)
          .innerJoin(notes, eq(notes.id, noteReferences.noteId))
          .where(and(idIn(noteReferences.noteId, ids), readableByOthers, fits)),
      ]);
    }),
  );
  return {
    byId: new Map(read.flatMap(([rows]) => rows.map((r) => [r.id, r] as const))),
    byNote: groupReferences(read.flatMap(([, refs]) => parseJsonRows(refs))),
  };
}

/**
 * The public notes covering any of `verses` of a chapter (every verse of it for the chapter's
 * list), one page of them, newest first, and how many there are, from every database.
 * `othersOnly`: without the reader's own (the verse page lists those as the reader's notes).
 */
export async function publicNotesOn(
  shards: readonly ShardDb[],
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
  const except = othersOnly ? readerId : undefined;
  const comparable = comparableVerses(
    book,
    chapter,
    [...verses].sort((a, b) => a - b),
  );
  const counted = comparable && (await publishedCounted(shards, window, comparable, except));
  // Items are in publication order (newest first), on either path.
  let total: number;
  let shown: { id: number; at: ShardDb; covering?: Covering }[];
  let counts: CountedNote[] | undefined;
  if (counted) {
    total = counted.length;
    shown = counts = counted.slice(page.offset, page.offset + page.limit);
  } else {
    const { ids, index, shardOf } = await publishedCoverage(shards, window, except);
    const found = index.covering(book, chapter, verses);
    total = found.length;
    shown = found.slice(page.offset, page.offset + page.limit).map((c) => ({
      id: ids[c.item],
      at: shardOf.get(ids[c.item])!,
      covering: c,
    }));
  }
  if (!shown.length) return { items: [], total };
  const { byId, byNote } = await shownNotes(shown, bytes);
  const coverage = counts
    ? countedCoverage(counts, byNote, window, comparable!)
    : shown.map((n) => n.covering);
  // The page as read: up to the first note whose text begins past the page's bytes (the notes of
  // every database before it counted; a note withdrawn meanwhile counts nothing).
  let before = 0;
  const read = shown.findIndex((n) => {
    const row = byId.get(n.id);
    const past = before >= bytes;
    before += Number(row?.bound ?? 0);
    return past;
  });
  // A note withdrawn between the two reads is simply not shown.
  const items = shown.slice(0, read < 0 ? shown.length : read).flatMap((n, i): PublicNote[] => {
    const row = byId.get(n.id);
    const c = coverage[i];
    if (!row || row.content === null || !c) return [];
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
  return { items, total, ...(read < 0 ? {} : { read }) };
}

/** The name others see: the display name, or the anonymous label (never the e-mail). */
export function authorName(displayName: string): string {
  return displayName.trim() ? displayName : ANONYMOUS_AUTHOR;
}
