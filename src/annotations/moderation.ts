import { and, asc, count, desc, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { moderationLog, noteReferences, noteReports, notes, users } from '../db/schema';
import { ApiError, notFound } from '../http/errors';
import { PAGE_BYTES, type Page, type Paged } from '../http/paging';
import { fitsBefore, renderedBytesSql } from '../db/rendered-bytes';
import { MODERATION_ACTIONS, type ModerationAction } from '../api/moderation';
import { awaitingReview, readableByOthers } from './publishing';
import { authorName } from './public-notes';
import { groupReferences, idIn, NOTE_REFERENCE_COLUMNS, type ReferenceRow } from './references';
import { reportSinceDecision } from './reports';

/**
 * Moderation of public notes (docs/public-notes.md "Moderation"): the queue, the four actions and
 * the log. Only accounts whose role is `moderator` may do any of it; the role is read from D1 on
 * every request and checked again inside the action's own statements, so a role taken away stops
 * an action that is already under way.
 */

/**
 * The states each action may start from: a removed note comes back only by `restore`, and
 * `restore` applies to a removed note alone; anything else is a 409 that changes nothing.
 */
const FROM: Record<ModerationAction, SQL> = {
  approve: sql`coalesce(${notes.moderation}, '') <> 'removed'`,
  hide: sql`coalesce(${notes.moderation}, '') <> 'removed'`,
  remove: sql`coalesce(${notes.moderation}, '') <> 'removed'`,
  restore: sql`${notes.moderation} = 'removed'`,
};

/** Notes a moderator may see and act on: published ones and any a moderation touched; never a private note nobody published. */
const moderatable = or(eq(notes.public, 1), isNotNull(notes.moderation))!;

const isModerator = (userId: number) =>
  sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} AND ${users.role} = 'moderator')`;

/** The 403 of a caller without the role. */
export async function requireModerator(db: Database, userId: number): Promise<void> {
  const [row] = await db
    .select({ role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (row?.role !== 'moderator')
    throw new ApiError(403, ['Moderation needs the moderator role (npm run user -- role)']);
}

export interface QueuedNote {
  id: number;
  userId: number;
  author: string;
  title: string;
  content: string;
  public: number;
  moderation: string | null;
  publishedAt: number | null;
  updatedAt: number;
  reports: { reason: string; createdAt: number }[];
  references: ReferenceRow[];
}

/**
 * The queue: published notes waiting for a decision (`pending`, `reported`) and readable ones
 * somebody reported, oldest publication first (the longest waiting on top).
 */
export async function moderationQueue(
  db: Database,
  page: Page,
  bytes = PAGE_BYTES,
): Promise<Paged<QueuedNote>> {
  // Reports since the last decision: an approval takes a note out of the queue until new ones come.
  const reported = sql`EXISTS (SELECT 1 FROM ${noteReports} WHERE ${reportSinceDecision})`;
  const waiting = and(eq(notes.public, 1), or(awaitingReview, and(readableByOthers, reported)));
  // The page's text is read only as far as a page of `bytes` can hold it (src/db/rendered-bytes.ts):
  // the notes past that come without their content, and the page ends before them.
  const fits = fitsBefore(
    notes.id,
    sql`SELECT ${notes.id} AS id, ${renderedBytesSql(notes.title)} + ${renderedBytesSql(notes.content)} AS bound,
        row_number() OVER (ORDER BY ${notes.publishedAt}, ${notes.id}) AS at
      FROM ${notes} WHERE ${waiting} ORDER BY ${notes.publishedAt}, ${notes.id}
      LIMIT ${page.limit} OFFSET ${page.offset}`,
    bytes,
  );
  const [all, [{ total }]] = await db.batch([
    db
      .select({
        id: notes.id,
        userId: notes.userId,
        displayName: users.displayName,
        title: notes.title,
        content: sql<string | null>`CASE WHEN ${fits} THEN ${notes.content} END`,
        public: notes.public,
        moderation: notes.moderation,
        publishedAt: notes.publishedAt,
        updatedAt: notes.updatedAt,
      })
      .from(notes)
      .innerJoin(users, eq(users.id, notes.userId))
      .where(waiting)
      .orderBy(asc(notes.publishedAt), asc(notes.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(notes).where(waiting),
  ]);
  // The page as read: up to the first note whose content the page's bytes leave unread.
  const read = all.findIndex((r) => r.content === null);
  const rows = (read < 0 ? all : all.slice(0, read)).map((r) => ({ ...r, content: r.content! }));
  if (!rows.length) return { items: [], total };
  const ids = rows.map((r) => r.id);
  const [reports, refs] = await db.batch([
    db
      .select({
        noteId: noteReports.noteId,
        reason: noteReports.reason,
        createdAt: noteReports.createdAt,
      })
      .from(noteReports)
      .where(idIn(noteReports.noteId, ids))
      .orderBy(asc(noteReports.noteId), asc(noteReports.id)),
    db
      .select(NOTE_REFERENCE_COLUMNS)
      .from(noteReferences)
      .where(idIn(noteReferences.noteId, ids))
      .orderBy(asc(noteReferences.noteId), asc(noteReferences.ord)),
  ]);
  const byNote = groupReferences(refs);
  return {
    items: rows.map((r) => ({
      ...r,
      author: authorName(r.displayName),
      reports: reports
        .filter((x) => x.noteId === r.id)
        .map((x) => ({ reason: x.reason, createdAt: x.createdAt })),
      references: byNote.get(r.id) ?? [],
    })),
    total,
    ...(read < 0 ? {} : { read }),
  };
}

export interface LogEntry {
  id: number;
  moderatorId: number;
  moderator: string;
  noteId: number;
  action: string;
  reason: string;
  at: number;
}

const logColumns = {
  id: moderationLog.id,
  moderatorId: moderationLog.moderatorId,
  moderatorName: users.displayName,
  moderatorEmail: users.email,
  noteId: moderationLog.noteId,
  action: moderationLog.action,
  reason: moderationLog.reason,
  at: moderationLog.at,
};

type LogRow = {
  id: number;
  moderatorId: number;
  moderatorName: string | null;
  moderatorEmail: string | null;
  noteId: number;
  action: string;
  reason: string;
  at: number;
};

/** Moderators see each other by display name, else by e-mail (they are the operator's staff). */
function entry(row: LogRow): LogEntry {
  return {
    id: row.id,
    moderatorId: row.moderatorId,
    moderator: row.moderatorName?.trim() || row.moderatorEmail || `account ${row.moderatorId}`,
    noteId: row.noteId,
    action: row.action,
    reason: row.reason,
    at: row.at,
  };
}

/** The log, newest first. */
export async function moderationLogPage(db: Database, page: Page): Promise<Paged<LogEntry>> {
  const [rows, [{ total }]] = await db.batch([
    db
      .select(logColumns)
      .from(moderationLog)
      .leftJoin(users, eq(users.id, moderationLog.moderatorId))
      .orderBy(desc(moderationLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(moderationLog),
  ]);
  return { items: rows.map(entry), total };
}

/**
 * One action on one note, with its log entry, in one batch: the UPDATE changes the note only when
 * the caller is a moderator and the note is in a state the action starts from; the log INSERT
 * writes a row only when that UPDATE did (it reads the state the UPDATE left and the time it set).
 * Nothing is half done: either both or neither.
 */
export async function moderate(
  db: Database,
  moderatorId: number,
  noteId: number,
  action: ModerationAction,
  reason: string,
  now = Date.now(),
): Promise<LogEntry> {
  const state = MODERATION_ACTIONS[action];
  const target = and(eq(notes.id, noteId), moderatable);
  const [updated, [logged]] = await db.batch([
    db
      .update(notes)
      .set({ moderation: state, moderatedAt: now })
      .where(and(target, FROM[action], isModerator(moderatorId)))
      .returning({ id: notes.id }),
    db
      .insert(moderationLog)
      .select(
        sql`SELECT NULL, ${moderatorId}, ${notes.id}, ${action}, ${reason}, ${now} FROM ${notes}
          WHERE ${notes.id} = ${noteId} AND ${notes.moderatedAt} = ${now}
          AND ${notes.moderation} IS ${state} AND changes() = 1`,
      )
      .returning({ id: moderationLog.id }),
  ]);
  if (!updated.length || !logged) throw await whyNotModerated(db, moderatorId, noteId, action);
  // The answer is the line this action wrote, read by its own id: actions on the same note at the
  // same moment (one moderator's or several) each write a line, and "the newest" may be another's.
  const [row] = await db
    .select(logColumns)
    .from(moderationLog)
    .leftJoin(users, eq(users.id, moderationLog.moderatorId))
    .where(eq(moderationLog.id, logged.id));
  return entry(row);
}

/** Why an action changed nothing: no role (403), no such note for moderators (404), or a state it does not start from (409). */
async function whyNotModerated(
  db: Database,
  moderatorId: number,
  noteId: number,
  action: ModerationAction,
): Promise<ApiError> {
  try {
    await requireModerator(db, moderatorId);
  } catch (err) {
    return err as ApiError;
  }
  const [note] = await db
    .select({ moderation: notes.moderation })
    .from(notes)
    .where(and(eq(notes.id, noteId), moderatable));
  if (!note) return notFound('No such public note');
  return new ApiError(409, [
    action === 'restore'
      ? 'Only a removed note can be restored'
      : 'This note was removed: restore it first',
  ]);
}
