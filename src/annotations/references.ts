import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { noteReferences, notes, taggingReferences, taggings } from '../db/schema';
import type { ReferenceInput } from './input';

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
 * The two reference tables share one shape; `parent` is the owning table. (Every statement is a
 * Drizzle query builder: drizzle-orm's D1 batch cannot run `db.run(sql…)` with parameters.)
 */
const TABLES = {
  tagging: { refs: taggingReferences, fk: taggingReferences.taggingId, parent: taggings, parentId: taggings.id, owner: taggings.userId },
  note: { refs: noteReferences, fk: noteReferences.noteId, parent: notes, parentId: notes.id, owner: notes.userId },
} as const;

/**
 * D1 allows at most 100 bound parameters per statement: 3 per reference row plus 4 fixed ones,
 * so 25 rows per INSERT (100 references → 4 statements).
 */
const ROWS_PER_INSERT = 25;

export interface ReferenceRow {
  parent_id: number;
  start: string;
  end: string;
  created_at: number;
  updated_at: number;
}

/** The id of the parent row just inserted in this batch (see above). */
export function newParentId(kind: ReferenceKind, userId: number): SQL {
  const t = TABLES[kind];
  return sql`(SELECT max(${t.parentId}) FROM ${t.parent} WHERE ${t.owner} = ${userId})`;
}

/**
 * INSERT statements (for a batch) storing `refs` under the caller's parent `parentId`:
 * `INSERT INTO <refs> SELECT NULL, p.id, v.* , now, now FROM (VALUES …) v JOIN <parent> p ON
 * p.id = <parentId> AND p.user_id = <caller>`; columns in table order (id first, NULL = new id).
 */
export function insertReferences(db: Database, kind: ReferenceKind, parentId: SQL | number, userId: number, refs: ReferenceInput[], now: number) {
  const t = TABLES[kind];
  const statements = [];
  for (let i = 0; i < refs.length; i += ROWS_PER_INSERT) {
    const rows = refs.slice(i, i + ROWS_PER_INSERT).map((r, j) => sql`(${i + j}, ${r.start}, ${r.end})`);
    statements.push(
      db.insert(t.refs).select(
        sql`SELECT NULL, ${t.parentId}, v.column1, v.column2, v.column3, ${now}, ${now}
          FROM (VALUES ${sql.join(rows, sql`, `)}) AS v
          JOIN ${t.parent} ON ${t.parentId} = ${parentId} AND ${t.owner} = ${userId}`,
      ),
    );
  }
  return statements;
}

/** DELETE of every reference of the caller's parent `parentId` (update replaces them). */
export function deleteReferences(db: Database, kind: ReferenceKind, parentId: number, userId: number) {
  const t = TABLES[kind];
  return db.delete(t.refs).where(sql`${t.fk} IN (SELECT ${t.parentId} FROM ${t.parent} WHERE ${t.parentId} = ${parentId} AND ${t.owner} = ${userId})`);
}

/**
 * SELECT of the references of the caller's parents, in their stored order. `parentId` narrows
 * to one parent (a number, or newParentId() inside a create batch); `extra` adds a condition on
 * the parent row (e.g. its tag).
 */
export function selectReferences(db: Database, kind: ReferenceKind, userId: number, parentId?: SQL | number, extra?: SQL) {
  const t = TABLES[kind];
  return db
    .select({ parent_id: t.fk, start: t.refs.start, end: t.refs.end, created_at: t.refs.createdAt, updated_at: t.refs.updatedAt })
    .from(t.refs)
    .innerJoin(t.parent, eq(t.parentId, t.fk))
    .where(and(eq(t.owner, userId), parentId === undefined ? undefined : sql`${t.parentId} = ${parentId}`, extra))
    .orderBy(asc(t.fk), asc(t.refs.ord));
}

/** References grouped by parent id. */
export function groupReferences(rows: ReferenceRow[]): Map<number, ReferenceRow[]> {
  const out = new Map<number, ReferenceRow[]>();
  for (const row of rows) {
    const list = out.get(row.parent_id);
    if (list) list.push(row);
    else out.set(row.parent_id, [row]);
  }
  return out;
}

/**
 * D1's 100 bound parameters per statement: 4 per row (offset, ord, start, end) plus 4 fixed ones
 * (two timestamps, the caller twice), so 24 rows per INSERT.
 */
const ROWS_PER_BULK_INSERT = 24;

/**
 * INSERT statements storing the references of many parents that the same batch has just
 * inserted, in one sequence of multi-row INSERTs (the import: src/annotations/transfer.ts). The
 * parents are named relative to the newest one, as in newParentId(): AUTOINCREMENT gives the rows
 * inserted inside one transaction consecutive ids, in insertion order, all larger than any id
 * used before, so of `refsByParent.length` parents just inserted, parent k has the id
 * `max(id) - (n - 1 - k)`. Must run after every parent insert of the batch and before any other
 * insert into the parent table.
 */
export function insertReferencesOfNewParents(db: Database, kind: ReferenceKind, userId: number, refsByParent: ReferenceInput[][], now: number) {
  const t = TABLES[kind];
  const n = refsByParent.length;
  const rows = refsByParent.flatMap((refs, k) => refs.map((r, ord) => sql`(${n - 1 - k}, ${ord}, ${r.start}, ${r.end})`));
  const statements = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_BULK_INSERT) {
    statements.push(
      db.insert(t.refs).select(
        sql`SELECT NULL, ${t.parentId}, v.column2, v.column3, v.column4, ${now}, ${now}
          FROM (VALUES ${sql.join(rows.slice(i, i + ROWS_PER_BULK_INSERT), sql`, `)}) AS v
          JOIN ${t.parent} ON ${t.parentId} = ${newParentId(kind, userId)} - v.column1 AND ${t.owner} = ${userId}`,
      ),
    );
  }
  return statements;
}
