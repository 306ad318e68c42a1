import {
  and,
  asc,
  eq,
  fillPlaceholders,
  sql,
  type Query,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import type { Database } from '../db/client';
import { jsonRows } from '../db/json-rows';
import { noteReferences, notes, taggingReferences, taggings } from '../db/schema';
import {
  CoverageIndex,
  spansOfItems,
  type OwnSpan,
  type ReferenceSpans,
} from './coverage/coverage-index';
import type { ReferenceInput } from './personal/input';
import { readableByOthers } from './public/publishing';
import { mergeWindows, type ReferenceWindow } from './coverage/reference-windows';

/**
 * Reference rows (tables tagging_references / note_references) written inside the parent's
 * D1 batch. D1 runs a batch as one transaction, so a parent and its references are stored
 * together or not at all.
 *
 * Atomic create: the new parent's id is not known before the batch runs. Rather than insert the
 * parent first (which would leave a parent without references if the second request failed), the
 * reference inserts name their parent as `(SELECT max(id) FROM <parent> WHERE user_id = ?)`. The
 * parent tables use AUTOINCREMENT, so a freshly inserted row has the largest id ever used, and
 * nothing can interleave inside the batch's transaction: that sub-select is exactly the row the
 * batch's first statement inserted. (`last_insert_rowid()` would not do: it changes after the
 * first reference row of a multi-row insert.)
 *
 * Ownership: every reference statement joins the parent on `id AND user_id = caller`, so a
 * statement aimed at someone else's tagging or note touches no row.
 */

export type ReferenceKind = 'tagging' | 'note';

/**
 * A value a statement is built with: given, or a placeholder (`sql.placeholder`) filled in when
 * the statement is bound (the import builds each statement's SQL once: src/annotations/personal/identity.ts).
 */
export type StatementValue = number | string | SQLWrapper;

/**
 * The two reference tables share one shape; `parent` is the owning table. (Every statement is a
 * Drizzle query builder: drizzle-orm's D1 batch cannot run `db.run(sql…)` with parameters.)
 */
const TABLES = {
  tagging: {
    refs: taggingReferences,
    fk: taggingReferences.taggingId,
    parent: taggings,
    parentId: taggings.id,
    owner: taggings.userId,
  },
  note: {
    refs: noteReferences,
    fk: noteReferences.noteId,
    parent: notes,
    parentId: notes.id,
    owner: notes.userId,
  },
} as const;

export interface ReferenceRow {
  parent_id: number;
  start: string;
  end: string;
  created_at: number;
  updated_at: number;
}

/** The id of the parent row just inserted in this batch (see above). */
export function newParentId(kind: ReferenceKind, userId: StatementValue): SQL {
  const t = TABLES[kind];
  return sql`(SELECT max(${t.parentId}) FROM ${t.parent} WHERE ${t.owner} = ${userId})`;
}

/**
 * ONE INSERT statement (for a batch) storing `refs` under the caller's parent `parentId`, in the
 * order sent: the references travel as one JSON parameter read by `json_each` (D1 allows 100
 * bound parameters per statement, so one row per parameter would need several statements):
 * `INSERT INTO <refs> SELECT NULL, p.id, r.key, r.value->>0, r.value->>1, now, now, p.user_id
 * FROM json_each(?) r JOIN <parent> p ON p.id = <parentId> AND p.user_id = <caller>`: the row
 * carries its owner for the reader's index (src/db/schema.ts referenceColumns).
 *
 * `onlyIntoEmptyParent`: the parent must have no references yet. Every stored tagging and note
 * has at least one (the routes require it, and a parent and its references are written in one
 * batch), so a parent without references is one the same batch has just inserted; after a
 * conditional insert that inserted nothing, `newParentId` names an older parent, which has
 * references, and this statement writes nothing (src/annotations/personal/identity.ts). SQLite evaluates
 * the whole SELECT before the first row is inserted, so the statement's own rows do not count.
 */
export function insertReferences(
  db: Database,
  kind: ReferenceKind,
  parentId: SQL | number,
  userId: StatementValue,
  refs: ReferenceInput[],
  now: number,
  onlyIntoEmptyParent = false,
) {
  return insertReferencesJson(
    db,
    kind,
    parentId,
    userId,
    referencesJson(refs),
    now,
    onlyIntoEmptyParent,
  );
}

/** The references as the one JSON parameter insertReferences sends: `[[start, end], …]`. */
export function referencesJson(refs: ReferenceInput[]): string {
  return JSON.stringify(refs.map((r) => [r.start, r.end]));
}

/** insertReferences with the references as referencesJson gives them (or a placeholder). */
export function insertReferencesJson(
  db: Database,
  kind: ReferenceKind,
  parentId: SQL | number,
  userId: StatementValue,
  json: StatementValue,
  now: StatementValue,
  onlyIntoEmptyParent = false,
) {
  const t = TABLES[kind];
  const empty = onlyIntoEmptyParent
    ? sql` AND NOT EXISTS (SELECT 1 FROM ${t.refs} WHERE ${t.fk} = ${t.parentId})`
    : sql``;
  // A note's references also carry whether others may read the note (src/db/schema.ts
  // `readable`), in the order of the table's columns.
  const readable = kind === 'note' ? sql`, ${readableByOthers}` : sql``;
  return db.insert(t.refs).select(
    sql`SELECT NULL, ${t.parentId}, r.key, r.value ->> 0, r.value ->> 1, ${now}, ${now}, ${t.owner}${readable}
      FROM json_each(${json}) AS r
      JOIN ${t.parent} ON ${t.parentId} = ${parentId} AND ${t.owner} = ${userId}${empty}`,
  );
}

/**
 * A parent's set of references as one comparable text: its distinct `start end` pairs, sorted,
 * joined by commas. The same in JS (for what a client sends) and in SQL (for what is stored), so
 * that "identical" is decided inside one statement (src/annotations/personal/identity.ts). Verse ids are
 * ASCII, so JS's sort and SQLite's BINARY collation agree.
 */
export function referenceSignature(refs: ReferenceInput[]): string {
  return [...new Set(refs.map((r) => `${r.start} ${r.end}`))].sort().join(',');
}

/** referenceSignature() of the stored parent whose id is `parentId` (an SQL expression). */
export function storedReferenceSignature(kind: ReferenceKind, parentId: SQL): SQL {
  const t = TABLES[kind];
  return sql`(SELECT group_concat(sig, ',' ORDER BY sig) FROM (SELECT DISTINCT ${t.refs.start} || ' ' || ${t.refs.end} AS sig FROM ${t.refs} WHERE ${t.fk} = ${parentId}))`;
}

/** DELETE of every reference of the caller's parent `parentId` (update replaces them). */
export function deleteReferences(
  db: Database,
  kind: ReferenceKind,
  parentId: number,
  userId: number,
) {
  const t = TABLES[kind];
  return db
    .delete(t.refs)
    .where(
      sql`${t.fk} IN (SELECT ${t.parentId} FROM ${t.parent} WHERE ${t.parentId} = ${parentId} AND ${t.owner} = ${userId})`,
    );
}

/**
 * SELECT of the references of the caller's parents, in their stored order. `parentId` narrows
 * to one parent (a number, or newParentId() inside a create batch); `extra` adds a condition on
 * the parent row (e.g. its tag).
 */
export function selectReferences(
  db: Database,
  kind: ReferenceKind,
  userId: number,
  parentId?: SQL | number,
  extra?: SQL,
) {
  const t = TABLES[kind];
  return db
    .select(referenceFields(kind))
    .from(t.refs)
    .innerJoin(t.parent, eq(t.parentId, t.fk))
    .where(referencesOf(kind, userId, parentId, extra))
    .orderBy(asc(t.fk), asc(t.refs.ord));
}

/** selectReferences' rows as one JSON text (src/db/json-rows.ts), for a page's hundreds of them. */
export function selectReferencesJson(
  db: Database,
  kind: ReferenceKind,
  userId: number,
  extra?: SQL,
) {
  const t = TABLES[kind];
  return db
    .select({ json: jsonRows(referenceFields(kind), sql`${t.fk}, ${t.refs.ord}`) })
    .from(t.refs)
    .innerJoin(t.parent, eq(t.parentId, t.fk))
    .where(referencesOf(kind, userId, undefined, extra));
}

/** A reference row's columns, as ReferenceRow names them. */
function referenceFields(kind: ReferenceKind) {
  const t = TABLES[kind];
  return {
    parent_id: t.fk,
    start: t.refs.start,
    end: t.refs.end,
    created_at: t.refs.createdAt,
    updated_at: t.refs.updatedAt,
  };
}

/** The condition of selectReferences: the caller's parents (one, or those `extra` lets through). */
function referencesOf(
  kind: ReferenceKind,
  userId: number,
  parentId: SQL | number | undefined,
  extra: SQL | undefined,
): SQL | undefined {
  const t = TABLES[kind];
  return and(
    eq(t.owner, userId),
    parentId === undefined ? undefined : sql`${t.parentId} = ${parentId}`,
    extra,
  );
}

/**
 * `column IN (the ids)`, the ids as one JSON parameter read by `json_each` (D1 binds at most 100
 * parameters a statement; a page holds up to 500 ids).
 */
export function idIn(column: SQLWrapper, ids: number[]): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
}

/** Which references a coverage query needs: those that can fall in these windows (one per book). */
export interface ReferenceFilter {
  windows: ReferenceWindow[];
}

/** A reference as a coverage query reads it: its kind (0 a note's, 1 a tagging's), its parent's id, and its version, book and verses (src/annotations/coverage/coverage-index.ts OwnSpan). */
export type ReferenceIdsRow = [
  kind: 0 | 1,
  parentId: number,
  version: string,
  book: string,
  /** Its first verse as chapter × 1000 + verse, in its own version's numbering. */
  from: number,
  /** Its last verse, likewise. */
  to: number,
];

/** The kinds in the order of ReferenceIdsRow's first value. */
export const SPAN_KINDS: readonly ReferenceKind[] = ['note', 'tagging'];

/** The annotations a coverage read found, as the index numbers its items: by kind (notes first), then id. */
export interface ReaderSpans {
  keys: { kind: ReferenceKind; id: number }[];
  refs: ReferenceSpans;
}

/**
 * The references of the caller's notes and/or taggings that can fall in `filter`'s windows: all a
 * coverage query reads, without the text, in one statement. Each window is one range of the index
 * `(user_id, book, start_position, end_position, span_version, parent, ord)` (src/db/schema.ts):
 * the reference's owner is stored on it, so no parent is joined, and only the references that can
 * reach a window are read (src/annotations/coverage/reference-windows.ts), not the reader's whole books.
 * Unordered and without a value computed per row (a read of 5,000 references took 13–16 ms of
 * SQLite's CPU sorting them and splitting their ids, 4–5 ms so).
 */
export async function selectReferenceSpans(
  db: Database,
  kinds: readonly ReferenceKind[],
  userId: number,
  filter: ReferenceFilter,
): Promise<ReaderSpans> {
  const windows = windowsJson(filter);
  if (windows === null || !kinds.length) return readerSpans([]);
  const key = kinds.join();
  let query = referenceIdsQueries.get(key);
  if (!query) {
    const shape = referenceSpansSql(kinds, sql.placeholder('user'), sql.placeholder('windows'));
    referenceIdsQueries.set(key, (query = dialect.sqlToQuery(shape)));
  }
  const values = fillPlaceholders(query.params, { user: userId, windows });
  const rows = await db.$client
    .prepare(query.sql)
    .bind(...values)
    .raw<PackedSpans>();
  return readerSpans(rows);
}

/**
 * What referenceSpansSql answers: per kind and book, one text of three JSON values a reference,
 * comma-separated: `parent × 2^14 + ord`, its version (a JSON string), `first × 10^6 + last`. A few
 * texts instead of 5,000 rows (a chapter's annotations at the quotas): D1 hands its answer to the
 * worker as JSON, and turning that many rows back into values was the largest part of the request;
 * JSON.parse reads numbers natively, where splitting the text and converting each value cost more.
 */
export type PackedSpans = [kind: 0 | 1, book: string, spans: string | null];

/**
 * Places for a reference's ord beside its parent's id, and for its last verse beside its first: a
 * parent id is below 2^38 (src/db/shards.ts MAX_ID_BLOCK: so `parent × 2^14 + ord` < 2^52) and a
 * position below 10^6 (chapter × 1000 + verse), so both stay exact doubles. An ord is below 10,000 (an account's references:
 * src/annotations/personal/quotas.ts); a larger one is read as ORDS − 1, which only orders it last.
 */
const ORDS = 2 ** 14;
const POSITIONS = 1_000_000;

/**
 * The references of PackedSpans rows, numbered by annotation in (kind, id) order: the order the
 * pages list annotations in, found by one sort of numbers (the statement reads by position, in
 * no parent's order: sorting 5,000 rows there cost more than the rest of its work).
 */
export function readerSpans(rows: readonly PackedSpans[]): ReaderSpans {
  const refs: ReferenceSpans = { item: [], ord: [], version: [], book: [], from: [], to: [] };
  const parents: number[] = [];
  for (const [kind, book, text] of rows) {
    if (!text) continue;
    const v = JSON.parse(`[${text}]`) as (number | string)[];
    for (let i = 0; i < v.length; i += 3) {
      const parentOrd = v[i] as number;
      const span = v[i + 2] as number;
      const parent = Math.floor(parentOrd / ORDS);
      // kind × 2^38 + id: the annotation, in (kind, id) order (ids are below 2^38, the last id
      // block's end: src/db/shards.ts MAX_ID_BLOCK).
      parents.push(kind * KIND_PLACE + parent);
      refs.ord.push(parentOrd - parent * ORDS);
      refs.version.push(v[i + 1] as string);
      refs.book.push(book);
      const from = Math.floor(span / POSITIONS);
      refs.from.push(from);
      refs.to.push(span - from * POSITIONS);
    }
  }
  // Sorted as `parent × 2^14 + place` (10,000 references at most: src/annotations/personal/quotas.ts; a
  // parent is below 2^39): exact doubles, sorted without a comparator.
  const order = new Float64Array(parents.length);
  for (let r = 0; r < parents.length; r++) order[r] = parents[r] * PLACES + r;
  order.sort();
  const keys: ReaderSpans['keys'] = [];
  refs.item = new Array<number>(parents.length);
  let last = -1;
  for (const o of order) {
    const r = o % PLACES;
    if (parents[r] !== last) {
      last = parents[r];
      keys.push({ kind: SPAN_KINDS[last >= KIND_PLACE ? 1 : 0], id: last % KIND_PLACE });
    }
    refs.item[r] = keys.length - 1;
  }
  return { keys, refs };
}

/** Above the references one read can give (src/annotations/personal/quotas.ts: 10,000 an account). */
const PLACES = 2 ** 14;

/** Above every id (src/db/shards.ts MAX_ID_BLOCK), so that a kind's annotations sort apart. */
const KIND_PLACE = 2 ** 38;

/**
 * selectReferenceSpans' SQL per set of kinds, built once per isolate with placeholders for the
 * caller and the windows: building it through drizzle-orm on every request walked its nested SQL
 * again (a chapter's annotations at the quotas read 5,000 rows: every part of the request counts).
 */
const referenceIdsQueries = new Map<string, Query>();
const dialect = new SQLiteAsyncDialect();

/**
 * A reference's span as a coverage read takes it (ReferenceIdsRow after kind and parent): its
 * version, book, and positions, generated columns (src/db/schema.ts), so that no verse id is split
 * in a read's own SQL.
 */
export function spanColumns(refs: typeof noteReferences | typeof taggingReferences): SQL {
  return sql`${refs.spanVersion} AS version, ${refs.book} AS book,
        ${refs.startPosition} AS first, ${refs.endPosition} AS last`;
}

/**
 * Whether a reference's last verse is of its first's version and book: one that is not is not read,
 * as a span is one version's and one book's (src/annotations/coverage/coverage-index.ts OwnSpan; writers never
 * store one that is not).
 */
export function oneVersionAndBook(refs: typeof noteReferences | typeof taggingReferences): SQL {
  return sql`${refs.spanVersion} IS NOT NULL`;
}

/**
 * Coverage rows (kind, parent, then the span) as the parents they belong to, in the order read, and
 * their spans indexed for coverage: each run of one parent is one annotation's references, in
 * stored order.
 */
export function coverageOf(rows: readonly ReferenceIdsRow[]): {
  keys: { kind: ReferenceKind; id: number }[];
  index: CoverageIndex;
} {
  const keys: { kind: ReferenceKind; id: number }[] = [];
  const items: OwnSpan[][] = [];
  for (const [kind, id, version, book, from, to] of rows) {
    const last = keys[keys.length - 1];
    if (!last || last.id !== id || last.kind !== SPAN_KINDS[kind]) {
      keys.push({ kind: SPAN_KINDS[kind], id });
      items.push([]);
    }
    items[items.length - 1].push({ version, book, from, to });
  }
  return { keys, index: new CoverageIndex(spansOfItems(items)) };
}

/**
 * selectReferenceSpans' statement, or null when it has nothing to read. The windows travel as one
 * JSON parameter, `[[book, from, to], …]` (D1 binds at most 100 parameters, and a concordance page
 * shows verses of dozens of books), read once into a MATERIALIZED table: compared as `value ->> n`
 * each reference row would parse the JSON again (twice the read's cost at 5,000 rows). CROSS JOIN
 * keeps the windows the outer loop, so that each is one range of the index. Windows are merged
 * per book, so a reference matches at most one of them.
 */
export function referenceIdsQuery(
  kinds: readonly ReferenceKind[],
  userId: number,
  filter: ReferenceFilter,
): SQL | null {
  const windows = windowsJson(filter);
  if (windows === null || !kinds.length) return null;
  return referenceSpansSql(kinds, userId, windows);
}

/** The filter's windows merged per book as referenceIdsQuery's JSON parameter, or null when there are none. */
function windowsJson(filter: ReferenceFilter): string | null {
  const windows = mergeWindows(filter.windows);
  if (!windows.length) return null;
  return JSON.stringify(windows.map((w) => [w.book, w.from, w.to]));
}

/** A kind's reference table and the column naming its parent. */
export function referenceTable(kind: ReferenceKind) {
  return { refs: TABLES[kind].refs, parent: TABLES[kind].fk };
}

/**
 * The condition by which a reader's references of one book are read: owned by `user`, of `book`,
 * reaching positions `from`..`to` (one range of the reader index, src/db/schema.ts), and within one
 * version and book (oneVersionAndBook).
 */
export function readerRange(
  kind: ReferenceKind,
  user: StatementValue,
  book: StatementValue,
  from: StatementValue,
  to: StatementValue,
): SQL {
  const { refs } = TABLES[kind];
  return sql`${refs.userId} = ${user} AND ${refs.book} = ${book}
        AND ${refs.startPosition} <= ${to} AND ${refs.endPosition} >= ${from}
        AND ${oneVersionAndBook(refs)}`;
}

/** referenceIdsQuery's statement (rows of PackedSpans) with the caller and the windows' JSON given (or placeholders). */
function referenceSpansSql(
  kinds: readonly ReferenceKind[],
  userId: StatementValue,
  json: StatementValue,
): SQL {
  const parts = kinds.map((kind) => {
    const t = TABLES[kind];
    return sql`SELECT ${sql.raw(String(SPAN_KINDS.indexOf(kind)))}, ${t.refs.book},
          group_concat((${t.fk} * ${sql.raw(String(ORDS))} + min(${t.refs.ord}, ${sql.raw(String(ORDS - 1))})) || ',' || json_quote(${t.refs.spanVersion}) || ',' || (${t.refs.startPosition} * ${sql.raw(String(POSITIONS))} + ${t.refs.endPosition}), ',')
      FROM windows AS w CROSS JOIN ${t.refs}
      WHERE ${readerRange(kind, userId, sql`w.book`, sql`w.first`, sql`w.last`)}
      GROUP BY ${t.refs.book}`;
  });
  return sql`WITH windows(book, first, last) AS MATERIALIZED (SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(${json}))
    ${sql.join(parts, sql` UNION ALL `)}`;
}

/**
 * The columns of a note's references in the shape the renderers take (ReferenceRow), for the
 * lists that read other readers' notes (public notes, the moderation queue).
 */
export const NOTE_REFERENCE_COLUMNS = referenceFields('note');

/** References grouped by parent id. */
export function groupReferences<R extends { parent_id: number }>(rows: R[]): Map<number, R[]> {
  const out = new Map<number, R[]>();
  for (const row of rows) {
    const list = out.get(row.parent_id);
    if (list) list.push(row);
    else out.set(row.parent_id, [row]);
  }
  return out;
}
