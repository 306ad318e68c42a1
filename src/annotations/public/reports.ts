import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { REPORTS_TO_HIDE } from '../../api/limits';
import type { Database } from '../../db/client';
import { noteReports, notes } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import { readableByOthers } from './publishing';
import { conditioned, keyTakenOver, runConditioned, type WriteConditions } from '../sync/guards';
import type { ShardDb } from './across-shards';
import type { BatchItem } from 'drizzle-orm/batch';

/**
 * Readers' reports of public notes (docs/public-notes.md "Reporting"). A report and what it does
 * to the note are one D1 batch (one transaction): the report is stored only for a note others may
 * read and the reporter did not write, once per reporter (a unique index), and the statement after
 * it hides the note (`reported`) when REPORTS_TO_HIDE accounts have reported it since the last
 * moderation decision. Reports that arrive at the same moment are counted one after the other,
 * so the threshold holds exactly.
 */

export interface StoredReport {
  noteId: number;
  reason: string;
  createdAt: number;
  /** Whether this report took the note out of view. */
  hid: boolean;
}

/**
 * A `note_reports` row that counts against the note of the row `notes` is on: a report made since
 * the note's last moderation decision (an approval clears the earlier ones). Hiding counts them and
 * the moderators' queue lists a note that has any (src/annotations/public/moderation.ts).
 */
export const reportSinceDecision: SQL = sql`${noteReports.noteId} = ${notes.id}
  AND ${noteReports.createdAt} >= coalesce(${notes.moderatedAt}, 0)`;

/** Reports that count towards hiding. */
const reportsSinceDecision = sql`(SELECT count(*) FROM ${noteReports} WHERE ${reportSinceDecision})`;

/**
 * A report of note `noteId`, written in the note's database (`noteAt`), where the reports of a
 * note are counted. `reporterAt`: the reporter's own database, where a keyed report's answer is
 * kept (docs/sync.md). In one database, the report, what it does to the note and the answer are one
 * batch; across two (docs/scale.md "What stays whole"), the answer is recorded in the reporter's
 * database just after the note's batch, and a retry that comes after a failure between the two
 * finds the report stored (409: "reported already").
 */
export async function reportNote(
  noteAt: ShardDb,
  reporterAt: ShardDb,
  reporterId: number,
  noteId: number,
  reason: string,
  now = Date.now(),
  conditions: WriteConditions = {},
): Promise<StoredReport> {
  const db = noteAt.db;
  const oneDatabase = noteAt.shard === reporterAt.shard;
  // A keyed report records the report as stored (docs/sync.md), in the same batch.
  const stored = sql`(SELECT json_object('noteId', ${noteReports.noteId}, 'reason', ${noteReports.reason}, 'createdAt', ${noteReports.createdAt}, 'hid', (SELECT ${notes.moderation} = 'reported' AND ${notes.moderatedAt} = ${now} FROM ${notes} WHERE ${notes.id} = ${noteId}) IS 1) FROM ${noteReports} WHERE ${noteReports.noteId} = ${noteId} AND ${noteReports.reporterId} = ${reporterId} AND ${noteReports.createdAt} = ${now})`;
  const effect = [
    db
      .insert(noteReports)
      .select(
        sql`SELECT NULL, ${notes.id}, ${reporterId}, ${reason}, ${now} FROM ${notes}
        WHERE ${and(eq(notes.id, noteId), ne(notes.userId, reporterId), readableByOthers)}`,
      )
      .onConflictDoNothing()
      .returning({ id: noteReports.id }),
    // Only a note no moderator decided on yet is hidden by reports: an approval stands.
    db
      .update(notes)
      .set({ moderation: 'reported', moderatedAt: now })
      .where(
        and(
          eq(notes.id, noteId),
          eq(notes.public, 1),
          isNull(notes.moderation),
          sql`${reportsSinceDecision} >= ${REPORTS_TO_HIDE}`,
        ),
      )
      .returning({ id: notes.id }),
  ];
  const here = oneDatabase ? conditions : {};
  const { statements, offset } = conditioned(
    db,
    reporterId,
    here,
    effect,
    undefined,
    here.attempt?.record(db, 200, 'report', stored),
  );
  if (!oneDatabase && conditions.attempt && !(await conditions.attempt.holds(reporterAt.db)))
    throw keyTakenOver();
  const results = (await runConditioned(db, here, () =>
    db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]),
  ))!;
  const [inserted, hidden] = [results[offset], results[offset + 1]] as { id: number }[][];
  if (!inserted.length) throw await whyNotReported(db, reporterId, noteId);
  const report = { noteId, reason, createdAt: now, hid: hidden.length > 0 };
  if (!oneDatabase && conditions.attempt)
    // The record is an UPDATE builder (src/annotations/sync/idempotency.ts), run by awaiting it.
    await (conditions.attempt.record(
      reporterAt.db,
      200,
      'report',
      sql`${JSON.stringify(report)}`,
    ) as unknown as Promise<unknown>);
  return report;
}

/**
 * The error of a report that stored nothing, read after the fact: one's own note (403), a second
 * report (409), or a note the reporter may not read, which is exactly a note that does not exist
 * (404: private notes are not revealed).
 */
async function whyNotReported(db: Database, reporterId: number, noteId: number): Promise<ApiError> {
  const [[note], [earlier]] = await db.batch([
    db
      .select({ userId: notes.userId })
      .from(notes)
      .where(and(eq(notes.id, noteId), readableByOthers)),
    db
      .select({ id: noteReports.id })
      .from(noteReports)
      .where(and(eq(noteReports.noteId, noteId), eq(noteReports.reporterId, reporterId))),
  ]);
  // The note first: one withdrawn since (made private, hidden or deleted) is a 404 even to an
  // earlier reporter, since a 409 would tell them it still exists (docs/public-notes.md "Reporting").
  if (!note) return notFound('No such public note');
  if (note.userId === reporterId) return new ApiError(403, ['You cannot report your own note']);
  if (earlier) return new ApiError(409, ['You have reported this note already']);
  // Readable now but not when the INSERT ran (published again in between): as then, no such note.
  return notFound('No such public note');
}
