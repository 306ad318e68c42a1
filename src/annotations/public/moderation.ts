import { and, asc, count, desc, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { moderationLog, noteReferences, noteReports, notes, users } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import { PAGE_BYTES, type Page, type Paged } from '../../http/paging';
import { renderedBytesSql } from '../../db/rendered-bytes';
import { jsonRows, parseJsonRows } from '../../db/json-rows';
import { MODERATION_ACTIONS, type ModerationAction } from '../../api/moderation';
import { awaitingReview, readableByOthers } from './publishing';
import { authorName } from './public-notes';
import { groupReferences, idIn, NOTE_REFERENCE_COLUMNS, type ReferenceRow } from '../references';
import { reportSinceDecision } from './reports';
import { fanOut, mergeOrdered, type ShardDb } from './across-shards';

/**
 * Moderation of public notes (docs/public-notes.md "Moderation"): the queue, the four actions and
 * the log, over every database that holds accounts (src/annotations/public/across-shards.ts). Only
 * accounts whose role is `moderator` may do any of it; the role is read from the moderator's
 * database on every request and, when the note is in the same database, checked again inside the
 * action's own statements, so a role taken away stops an action that is already under way.
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
 * somebody reported, oldest publication first (the longest waiting on top), from every database
 * (docs/scale.md "What stays whole"): each gives its first `offset + limit` and its count, and the
 * merged list is cut to the page; each shown note's reports and references come from its own.
 */
export async function moderationQueue(
  shards: readonly ShardDb[],
  page: Page,
  bytes = PAGE_BYTES,
): Promise<Paged<QueuedNote>> {
  // Reports since the last decision: an approval takes a note out of the queue until new ones come.
  const reported = sql`EXISTS (SELECT 1 FROM ${noteReports} WHERE ${reportSinceDecision})`;
  const waiting = and(eq(notes.public, 1), or(awaitingReview, and(readableByOthers, reported)));
  // Each database's rows come with what their text takes rendered, at least (src/db/rendered-bytes.ts),
  // not the text: the merged page's text is read only as far as a page of `bytes` can hold it, from
  // each shown note's own database below, and the page ends before the first note past that.
  const { answers } = await fanOut(shards, (db) =>
    db.batch([
      db
        .select({
          id: notes.id,
          userId: notes.userId,
          displayName: users.displayName,
          title: notes.title,
          bound: sql<number>`${renderedBytesSql(notes.title)} + ${renderedBytesSql(notes.content)}`,
          public: notes.public,
          moderation: notes.moderation,
          publishedAt: notes.publishedAt,
          updatedAt: notes.updatedAt,
        })
        .from(notes)
        .innerJoin(users, eq(users.id, notes.userId))
        .where(waiting)
        .orderBy(asc(notes.publishedAt), asc(notes.id))
        .limit(page.offset + page.limit),
      db.select({ total: count() }).from(notes).where(waiting),
    ]),
  );
  const total = answers.reduce((n, a) => n + a.value[1][0].total, 0);
  const all = mergeOrdered(
    answers.map((a) => a.value[0].map((r) => ({ ...r, at: a.db }))),
    (a, b) => (a.publishedAt ?? 0) - (b.publishedAt ?? 0) || a.id - b.id,
  ).slice(page.offset, page.offset + page.limit);
  // The page as read: up to the first note whose text begins past the page's bytes.
  let before = 0;
  const read = all.findIndex((r) => {
    const past = before >= bytes;
    before += Number(r.bound);
    return past;
  });
  const rows = read < 0 ? all : all.slice(0, read);
  if (!rows.length) return { items: [], total };
  // The reports and references as one JSON text each (src/db/json-rows.ts): a page of 500 notes
  // brings 500 reports and their references, which D1 built as objects field by field and Drizzle
  // mapped again.
  const shown = await Promise.all(
    answers.map(async ({ db }) => {
      const ids = rows.filter((r) => r.at === db).map((r) => r.id);
      if (!ids.length) return [[], [], []] as const;
      const [texts, reports, refs] = await db.batch([
        // The text as rows (500 at most): in a JSON text it is escaped twice over, parsed twice.
        db.select({ id: notes.id, content: notes.content }).from(notes).where(idIn(notes.id, ids)),
        db
          .select({
            json: jsonRows(
              {
                noteId: noteReports.noteId,
                reason: noteReports.reason,
                createdAt: noteReports.createdAt,
              },
              sql`${noteReports.noteId}, ${noteReports.id}`,
            ),
          })
          .from(noteReports)
          .where(idIn(noteReports.noteId, ids)),
        db
          .select({
            json: jsonRows(
              NOTE_REFERENCE_COLUMNS,
              sql`${noteReferences.noteId}, ${noteReferences.ord}`,
            ),
          })
          .from(noteReferences)
          .where(idIn(noteReferences.noteId, ids)),
      ]);
      return [texts, parseJsonRows(reports), parseJsonRows(refs)] as const;
    }),
  );
  const content = new Map(shown.flatMap(([texts]) => texts.map((t) => [t.id, t.content])));
  // Grouped once: a page of 500 notes filtered every report for each note.
  const reports = new Map<number, { reason: string; createdAt: number }[]>();
  for (const { noteId, reason, createdAt } of shown.flatMap(([, r]) => r)) {
    const list = reports.get(noteId);
    if (list) list.push({ reason, createdAt });
    else reports.set(noteId, [{ reason, createdAt }]);
  }
  const byNote = groupReferences(shown.flatMap(([, , refs]) => refs));
  return {
    items: rows.map(({ at: _, bound: __, ...r }) => ({
      ...r,
      content: content.get(r.id) ?? '',
      author: authorName(r.displayName),
      reports: reports.get(r.id) ?? [],
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

/**
 * Moderators' names for the entries whose moderator's account is in another database than the
 * note (the log is kept with the note: src/db/schema.ts `moderation_log`), from every database.
 */
async function withModeratorNames(shards: readonly ShardDb[], rows: LogRow[]): Promise<LogRow[]> {
  const wanted = [
    ...new Set(rows.filter((r) => r.moderatorEmail === null).map((r) => r.moderatorId)),
  ];
  if (!wanted.length) return rows;
  const { answers } = await fanOut(shards, (db) =>
    db
      .select({ id: users.id, name: users.displayName, email: users.email })
      .from(users)
      .where(idIn(users.id, wanted)),
  );
  const names = new Map(answers.flatMap((a) => a.value.map((u) => [u.id, u] as const)));
  return rows.map((r) => {
    const found = r.moderatorEmail === null ? names.get(r.moderatorId) : undefined;
    return found ? { ...r, moderatorName: found.name, moderatorEmail: found.email } : r;
  });
}

/**
 * The log, newest first, from every database (each keeps the entries of its notes): each gives its
 * newest `offset + limit` and its count, merged by time (then id) and cut to the page.
 */
export async function moderationLogPage(
  shards: readonly ShardDb[],
  page: Page,
): Promise<Paged<LogEntry>> {
  const { answers } = await fanOut(shards, (db) =>
    db.batch([
      db
        .select(logColumns)
        .from(moderationLog)
        .leftJoin(users, eq(users.id, moderationLog.moderatorId))
        .orderBy(desc(moderationLog.at), desc(moderationLog.id))
        .limit(page.offset + page.limit),
      db.select({ total: count() }).from(moderationLog),
    ]),
  );
  const rows = mergeOrdered(
    answers.map((a) => a.value[0]),
    (a, b) => b.at - a.at || b.id - a.id,
  ).slice(page.offset, page.offset + page.limit);
  const total = answers.reduce((n, a) => n + a.value[1][0].total, 0);
  return { items: (await withModeratorNames(shards, rows)).map(entry), total };
}

/**
 * One action on one note, with its log entry, in one batch of the note's database (`noteAt`): the
 * UPDATE changes the note only when the note is in a state the action starts from; the log INSERT
 * writes a row only when that UPDATE did (it reads the state the UPDATE left and the time it set).
 * Nothing is half done: either both or neither. When the moderator's account is in the note's
 * database, the UPDATE also checks the role itself, so a role taken away stops an action already
 * under way; from another database, the role was read from the moderator's database just before
 * (requireModerator: docs/scale.md "What stays whole").
 */
export async function moderate(
  noteAt: ShardDb,
  moderatorAt: ShardDb,
  moderatorId: number,
  noteId: number,
  action: ModerationAction,
  reason: string,
  now = Date.now(),
): Promise<LogEntry> {
  const db = noteAt.db;
  const state = MODERATION_ACTIONS[action];
  const target = and(eq(notes.id, noteId), moderatable);
  const roleHere = noteAt.shard === moderatorAt.shard ? isModerator(moderatorId) : undefined;
  const [updated, [logged]] = await db.batch([
    db
      .update(notes)
      .set({ moderation: state, moderatedAt: now })
      .where(and(target, FROM[action], roleHere))
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
  if (!updated.length || !logged)
    throw await whyNotModerated(db, moderatorAt.db, moderatorId, noteId, action);
  // The answer is the line this action wrote, read by its own id: actions on the same note at the
  // same moment (one moderator's or several) each write a line, and "the newest" may be another's.
  const rows = await db
    .select(logColumns)
    .from(moderationLog)
    .leftJoin(users, eq(users.id, moderationLog.moderatorId))
    .where(eq(moderationLog.id, logged.id));
  const [row] = await withModeratorNames([moderatorAt], rows);
  return entry(row);
}

/** Why an action changed nothing: no role (403), no such note for moderators (404), or a state it does not start from (409). */
async function whyNotModerated(
  db: Database,
  moderatorDb: Database,
  moderatorId: number,
  noteId: number,
  action: ModerationAction,
): Promise<ApiError> {
  try {
    await requireModerator(moderatorDb, moderatorId);
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
