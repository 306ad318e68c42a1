import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { readSoFar, type Page, type Paged } from '../../http/paging';
import type { Database } from '../../db/client';
import { jsonRows, parseJsonRows } from '../../db/json-rows';
import { fitsBefore, renderedBytesSql } from '../../db/rendered-bytes';
import { noteReferences, notes } from '../../db/schema';
import { ITEM_BYTES, REFERENCE_BYTES } from '../../render/size';
import { NOTE_COLUMNS, type NoteRow } from '../rows';
import { batchWithinQuotas, type QuotaName } from './quotas';
import type { ReferenceInput } from './input';
import { publishingSet, stateOnCreate } from '../public/publishing';
import { pruneTombstones } from '../sync/retention';
import { conditioned, runConditioned, type WriteConditions } from '../sync/guards';
import {
  deleteReferences,
  groupReferences,
  idIn,
  insertReferences,
  newParentId,
  selectReferences,
  selectReferencesJson,
  type ReferenceRow,
} from '../references';

/**
 * Notes of one user. Every statement carries `user_id = caller` in its own WHERE clause (or join),
 * so another user's note is never read or written: it simply is not found.
 */

export interface NoteWithReferences {
  note: NoteRow;
  references: ReferenceRow[];
}

/**
 * The caller's notes in id order, each with its references: one page of them (`page`) or all
 * (the export, bounded by the account's quota), and how many there are; `only`: those of these ids.
 * With `bytes` (what a page's items may take rendered, src/http/paging.ts PAGE_BYTES), a page's
 * notes are read only while the notes before them, weighed in SQL (noteBound), leave them within
 * it: `read` then says how many were (src/http/paging.ts fitPage cuts the page there). A page of
 * 200 notes of 2,490 characters and 50 references each holds about 40: reading all 200 and their
 * 10,000 references to render those was most of the request. Rows come as one JSON text each
 * (src/db/json-rows.ts), as a chapter's annotations read theirs.
 */
export async function listNotes(
  db: Database,
  userId: number,
  page?: Page,
  only?: number[],
  bytes = Infinity,
): Promise<Paged<NoteWithReferences>> {
  const mine = and(eq(notes.userId, userId), only ? idIn(notes.id, only) : undefined)!;
  const [limit, offset] = [page?.limit ?? -1, page?.offset ?? 0];
  const shown =
    bytes === Infinity
      ? inArray(
          notes.id,
          db
            .select({ id: notes.id })
            .from(notes)
            .where(mine)
            .orderBy(asc(notes.id))
            .limit(limit)
            .offset(offset),
        )
      : fitsBefore(
          notes.id,
          sql`SELECT ${notes.id} AS id, ${noteBound} AS bound, ${notes.id} AS at FROM ${notes}
            WHERE ${mine} ORDER BY ${notes.id} LIMIT ${limit} OFFSET ${offset}`,
          bytes,
        );
  const [rows, refs, [{ total }]] = await db.batch([
    ...notesWhere(db, userId, and(mine, shown)!),
    db.select({ total: count() }).from(notes).where(mine),
  ]);
  const items = notesWithReferences(
    parseJsonRows<NoteRow>(rows),
    parseJsonRows<ReferenceRow>(refs),
  );
  return { items, total, ...readSoFar(items.length, total, page) };
}

/**
 * What a note takes rendered, at least, in SQL: its text's bytes, and the markup and references
 * src/annotations/documents.ts noteBytes counts (a lower bound of it, so that a page never lacks
 * a note it can hold), and so of what publicNoteBytes counts too (the public lists weigh theirs by it).
 */
export const noteBound = sql`${sql.raw(String(ITEM_BYTES))} + ${renderedBytesSql(notes.title)} + ${renderedBytesSql(notes.content)}
  + ${sql.raw(String(REFERENCE_BYTES))} * (SELECT count(*) FROM ${noteReferences} r WHERE r.note_id = ${notes.id})`;

/**
 * The statements reading the caller's notes of these ids, in id order, and their references: for a
 * batch that reads other rows too (src/annotations/coverage/chapter-annotations.ts reads a page's notes and
 * taggings in one), without listNotes' count, each as one JSON text (src/db/json-rows.ts: a page
 * holds up to 500 notes). Their results go to notesWithReferences through parseJsonRows.
 */
export function notesOfIds(db: Database, userId: number, ids: number[]) {
  return notesWhere(db, userId, idIn(notes.id, ids));
}

/** notesOfIds for the caller's notes that `which` (a condition on the note row) lets through. */
export function notesWhere(db: Database, userId: number, which: SQL) {
  return [
    db
      .select({ json: jsonRows(NOTE_COLUMNS, sql`${notes.id}`) })
      .from(notes)
      .where(and(eq(notes.userId, userId), which)),
    selectReferencesJson(db, 'note', userId, which),
  ] as const;
}

/**
 * The caller's note `id` (a number, or newParentId() in a create batch) and its references as one
 * JSON value `{rows, refs}`, computed inside a write's batch: what its idempotency record keeps,
 * the note as that write left it (src/routes/replay.ts renders it with notesWithReferences).
 */
export function noteAnswerJson(db: Database, userId: number, id: number | SQL): SQL {
  const [rows, refs] = notesWhere(db, userId, sql`${notes.id} = ${id}`);
  return sql`json_object('rows', json((${rows})), 'refs', json(coalesce((${refs}), '[]')))`;
}

/** The caller's note `id` as a write's batch reads it back (after its triggers set the revision). */
function selectNote(db: Database, userId: number, id: number | SQL) {
  return db
    .select(NOTE_COLUMNS)
    .from(notes)
    .where(and(sql`${notes.id} = ${id}`, eq(notes.userId, userId)));
}

/** The rows and references notesOfIds read, as notes with their references. */
export function notesWithReferences(rows: NoteRow[], refs: ReferenceRow[]): NoteWithReferences[] {
  const byNote = groupReferences(refs);
  return rows.map((note) => ({ note, references: byNote.get(note.id) ?? [] }));
}

export async function getNote(
  db: Database,
  userId: number,
  id: number,
): Promise<NoteWithReferences | null> {
  const [rows, refs] = await db.batch([
    selectNote(db, userId, id),
    selectReferences(db, 'note', userId, id),
  ]);
  return rows[0] ? { note: rows[0], references: refs } : null;
}

export interface NewNote {
  title: string;
  content: string;
  /** 1 publishes the note (docs/public-notes.md); absent or 0: private. */
  public?: number;
  references: ReferenceInput[];
}

/**
 * How a write publishes (docs/public-notes.md "Holding new accounts' notes"): the review
 * switch's days (src/annotations/public/publishing.ts reviewDays; 0: off).
 */
export interface PublishingRules {
  reviewDays: number;
}

const NO_REVIEW: PublishingRules = { reviewDays: 0 };

/** Quotas a note write can grow (src/annotations/personal/quotas.ts). */
const NOTE_QUOTAS: QuotaName[] = ['notes', 'references', 'noteText', 'publicNotes'];

/**
 * One batch (one transaction): the note, its references, the note and its references read back
 * (its revision is set by a trigger after the INSERT, so RETURNING would not show it), and the
 * idempotency record of a keyed request (src/annotations/sync/). Throws the guards' refusals.
 */
export async function createNote(
  db: Database,
  userId: number,
  input: NewNote,
  now = Date.now(),
  rules: PublishingRules = NO_REVIEW,
  conditions: WriteConditions = {},
): Promise<NoteWithReferences> {
  const parent = newParentId('note', userId);
  const published = input.public === 1;
  const { statements, offset } = conditioned(
    db,
    userId,
    conditions,
    [
      db.insert(notes).values({
        userId,
        title: input.title,
        content: input.content,
        public: published ? 1 : 0,
        publishedAt: published ? now : null,
        moderation: stateOnCreate(published, userId, rules.reviewDays, now),
        createdAt: now,
        updatedAt: now,
      }),
      insertReferences(db, 'note', parent, userId, input.references, now),
      selectNote(db, userId, parent),
      selectReferences(db, 'note', userId, parent),
    ],
    undefined,
    conditions.attempt?.record(db, 201, 'note', noteAnswerJson(db, userId, parent)),
  );
  const results = await runConditioned(db, conditions, () =>
    batchWithinQuotas<unknown[]>(db, userId, NOTE_QUOTAS, statements),
  );
  return {
    note: (results![offset + 2] as NoteRow[])[0],
    references: results![offset + 3] as ReferenceRow[],
  };
}

export interface NoteChanges {
  title?: string;
  content?: string;
  public?: number;
  /** Present: replaces every reference; absent: references stay. */
  references?: ReferenceInput[];
}

/**
 * One batch: update the note, replace its references if sent, read it back, under its conditions
 * (an If-Match names the revisions it may change: src/annotations/sync/guards.ts). Null: not the
 * caller's. A stale If-Match throws StaleRevision with the note as it is.
 */
export async function updateNote(
  db: Database,
  userId: number,
  id: number,
  changes: NoteChanges,
  now = Date.now(),
  rules: PublishingRules = NO_REVIEW,
  conditions: WriteConditions = {},
): Promise<NoteWithReferences | null> {
  const owned = and(eq(notes.id, id), eq(notes.userId, userId));
  const refs = changes.references;
  const { statements, offset } = conditioned(
    db,
    userId,
    conditions,
    [
      db
        .update(notes)
        .set({
          title: changes.title,
          content: changes.content,
          public: changes.public,
          ...publishingSet(changes, userId, rules.reviewDays, now),
          updatedAt: now,
        })
        .where(owned)
        .returning({ id: notes.id }),
      ...(refs
        ? [
            deleteReferences(db, 'note', id, userId),
            insertReferences(db, 'note', id, userId, refs, now),
          ]
        : []),
      selectNote(db, userId, id),
      selectReferences(db, 'note', userId, id),
    ],
    { kind: 'note', id },
    conditions.attempt?.record(db, 200, 'note', noteAnswerJson(db, userId, id)),
  );
  const results = await runConditioned(
    db,
    conditions,
    () => batchWithinQuotas<unknown[]>(db, userId, NOTE_QUOTAS, statements),
    () => getNote(db, userId, id),
  );
  if (!results || !(results[offset] as { id: number }[])[0]) return null;
  const read = offset + (refs ? 3 : 1);
  return {
    note: (results[read] as NoteRow[])[0],
    references: results[read + 1] as ReferenceRow[],
  };
}

/**
 * Deletes the caller's note (references go by ON DELETE CASCADE; its tombstone is a trigger's),
 * under its conditions, pruning old tombstones in the same batch. False: not the caller's.
 */
export async function deleteNote(
  db: Database,
  userId: number,
  id: number,
  conditions: WriteConditions = {},
): Promise<boolean> {
  const { statements, offset } = conditioned(
    db,
    userId,
    conditions,
    [
      db
        .delete(notes)
        .where(and(eq(notes.id, id), eq(notes.userId, userId)))
        .returning({ id: notes.id }),
      ...pruneTombstones(db, userId),
    ],
    { kind: 'note', id },
    conditions.attempt?.record(db, 200, 'empty', null),
  );
  const results = await runConditioned(
    db,
    conditions,
    () => db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]),
    () => getNote(db, userId, id),
  );
  return !!results && (results[offset] as { id: number }[]).length > 0;
}
