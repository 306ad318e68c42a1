import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Page, Paged } from '../http/paging';
import type { Database } from '../db/client';
import { jsonRows } from '../db/json-rows';
import { notes } from '../db/schema';
import type { NoteRow } from './rows';
import { batchWithinQuotas, type QuotaName } from './quotas';
import type { ReferenceInput } from './input';
import { publishingSet, stateOnCreate } from './publishing';
import {
  deleteReferences,
  groupReferences,
  idIn,
  insertReferences,
  newParentId,
  selectReferences,
  selectReferencesJson,
  type ReferenceRow,
} from './references';

/**
 * Notes of one user. Every statement carries `user_id = caller` in its own WHERE clause (or join),
 * so another user's note is never read or written: it simply is not found.
 */

export interface NoteWithReferences {
  note: NoteRow;
  references: ReferenceRow[];
}

const columns = {
  id: notes.id,
  userId: notes.userId,
  title: notes.title,
  content: notes.content,
  public: notes.public,
  moderation: notes.moderation,
  publishedAt: notes.publishedAt,
  createdAt: notes.createdAt,
  updatedAt: notes.updatedAt,
};

/**
 * The caller's notes in id order, each with its references: one page of them (`page`) or all
 * (the export, bounded by the account's quota), and how many there are; `only`: those of these ids.
 */
export async function listNotes(
  db: Database,
  userId: number,
  page?: Page,
  only?: number[],
): Promise<Paged<NoteWithReferences>> {
  const mine = and(eq(notes.userId, userId), only ? idIn(notes.id, only) : undefined);
  const ids = db
    .select({ id: notes.id })
    .from(notes)
    .where(mine)
    .orderBy(asc(notes.id))
    .limit(page?.limit ?? -1)
    .offset(page?.offset ?? 0);
  const [rows, refs, [{ total }]] = await db.batch([
    db
      .select(columns)
      .from(notes)
      .where(and(mine, inArray(notes.id, ids)))
      .orderBy(asc(notes.id)),
    selectReferences(db, 'note', userId, undefined, inArray(notes.id, ids)),
    db.select({ total: count() }).from(notes).where(mine),
  ]);
  return { items: notesWithReferences(rows, refs), total };
}

/**
 * The statements reading the caller's notes of these ids, in id order, and their references: for a
 * batch that reads other rows too (src/annotations/chapter-annotations.ts reads a page's notes and
 * taggings in one), without listNotes' count, each as one JSON text (src/db/json-rows.ts: a page
 * holds up to 500 notes). Their results go to notesWithReferences through parseJsonRows.
 */
export function notesOfIds(db: Database, userId: number, ids: number[]) {
  return [
    db
      .select({ json: jsonRows(columns, sql`${notes.id}`) })
      .from(notes)
      .where(and(eq(notes.userId, userId), idIn(notes.id, ids))),
    selectReferencesJson(db, 'note', userId, idIn(notes.id, ids)),
  ] as const;
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
    db
      .select(columns)
      .from(notes)
      .where(and(eq(notes.id, id), eq(notes.userId, userId))),
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
 * switch's days (src/annotations/publishing.ts reviewDays; 0: off).
 */
export interface PublishingRules {
  reviewDays: number;
}

const NO_REVIEW: PublishingRules = { reviewDays: 0 };

/** Quotas a note write can grow (src/annotations/quotas.ts). */
const NOTE_QUOTAS: QuotaName[] = ['notes', 'references', 'noteText', 'publicNotes'];

/** One batch (one transaction): the note, its references, and the stored references read back. */
export async function createNote(
  db: Database,
  userId: number,
  input: NewNote,
  now = Date.now(),
  rules: PublishingRules = NO_REVIEW,
): Promise<NoteWithReferences> {
  const parent = newParentId('note', userId);
  const published = input.public === 1;
  const [inserted, ...rest] = await batchWithinQuotas<[NoteRow[], ...unknown[]]>(
    db,
    userId,
    NOTE_QUOTAS,
    [
      db
        .insert(notes)
        .values({
          userId,
          title: input.title,
          content: input.content,
          public: published ? 1 : 0,
          publishedAt: published ? now : null,
          moderation: stateOnCreate(published, userId, rules.reviewDays, now),
          createdAt: now,
          updatedAt: now,
        })
        .returning(columns),
      insertReferences(db, 'note', parent, userId, input.references, now),
      selectReferences(db, 'note', userId, parent),
    ],
  );
  return { note: inserted[0], references: rest[rest.length - 1] as ReferenceRow[] };
}

export interface NoteChanges {
  title?: string;
  content?: string;
  public?: number;
  /** Present: replaces every reference; absent: references stay. */
  references?: ReferenceInput[];
}

/** One batch: update the note, replace its references if sent, read them back. Null: not the caller's. */
export async function updateNote(
  db: Database,
  userId: number,
  id: number,
  changes: NoteChanges,
  now = Date.now(),
  rules: PublishingRules = NO_REVIEW,
): Promise<NoteWithReferences | null> {
  const owned = and(eq(notes.id, id), eq(notes.userId, userId));
  const refs = changes.references;
  const [updated, ...rest] = await batchWithinQuotas<[NoteRow[], ...unknown[]]>(
    db,
    userId,
    NOTE_QUOTAS,
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
        .returning(columns),
      ...(refs
        ? [
            deleteReferences(db, 'note', id, userId),
            insertReferences(db, 'note', id, userId, refs, now),
          ]
        : []),
      selectReferences(db, 'note', userId, id),
    ],
  );
  if (!updated[0]) return null;
  return { note: updated[0], references: rest[rest.length - 1] as ReferenceRow[] };
}

/** Deletes the caller's note (references go by ON DELETE CASCADE). False: not the caller's. */
export async function deleteNote(db: Database, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(notes)
    .where(and(eq(notes.id, id), eq(notes.userId, userId)))
    .returning({ id: notes.id });
  return deleted.length > 0;
}
