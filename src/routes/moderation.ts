import { Hono, type Context } from 'hono';
import { MAX_REASON } from '../api/limits';
import { textField, unwrap, type Problems } from '../annotations/personal/input';
import {
  moderate,
  moderationLogPage,
  moderationQueue,
  requireModerator,
} from '../annotations/public/moderation';
import { MODERATION_ACTIONS, type ModerationAction } from '../api/moderation';
import { logEntryDoc, queuedNoteDoc, reportDoc } from '../annotations/public/moderation-documents';
import { queuedNoteBytes } from '../annotations/documents';
import { reportNote } from '../annotations/public/reports';
import type { AppEnv } from '../env';
import { readBody } from '../http/body';
import { notFound, unprocessable } from '../http/errors';
import { shardOfNote } from '../annotations/public/across-shards';
import { everyShard } from '../db/session';
import { LIST_PAGE, PUBLISHED_PAGE_BYTES } from '../http/paging';
import { respond } from './respond';
import { writeConditions } from '../middleware/idempotency';
import { db, listDoc, listPage, ownShard, pathId } from './personal';

/**
 * Reporting and moderation of public notes (docs/public-notes.md): POST /notes/{id}/reports for
 * every reader; /moderation/* for accounts with the moderator role (403 otherwise). Personal
 * routes: v1 only, the token checked in D1, `private, no-store`; the writes count against the
 * write limit.
 */

/**
 * POST /notes/{note_id}/reports.xml: body `<report><reason>…</reason></report>`; 200 with the
 * report (no 201: a report has no address to read it back at, so there is no `Location`).
 */
export async function reportRoute(c: Context<AppEnv>): Promise<Response> {
  const id = pathId(c, 'note_id', 'note');
  const body = unwrap(await readBody(c), 'report', 'reports');
  const problems: Problems = [];
  const reason = textField(body, 'reason', problems, { max: MAX_REASON, required: true });
  if (problems.length) throw unprocessable(problems);
  // The note's database, whichever holds it (ids are unique across databases: docs/scale.md).
  const noteAt = await shardOfNote(everyShard(c), id);
  if (!noteAt) throw notFound('No such public note');
  const report = await reportNote(
    noteAt,
    ownShard(c),
    c.get('user').id,
    id,
    reason!,
    Date.now(),
    writeConditions(c),
  );
  return respond(c, 'reports', { report: [reportDoc(report)] });
}

export const moderation = new Hono<AppEnv>();

// Every moderation route needs the role, read from D1 on every request.
moderation.use('*', async (c, next) => {
  await requireModerator(db(c), c.get('user').id);
  await next();
});

/** GET /moderation/queue.xml: notes waiting for a decision, longest waiting first (paged). */
moderation.get('/queue', async (c) => {
  const page = listPage(c, LIST_PAGE);
  const queue = await moderationQueue(everyShard(c), page, PUBLISHED_PAGE_BYTES);
  return respond(
    c,
    'moderation_queue',
    listDoc('note', page, queue, queuedNoteDoc, queuedNoteBytes, PUBLISHED_PAGE_BYTES),
  );
});

/** GET /moderation/log.xml: who did what to which note when, newest first (paged). */
moderation.get('/log', async (c) => {
  const page = listPage(c, LIST_PAGE);
  return respond(
    c,
    'moderation_log',
    listDoc('entry', page, await moderationLogPage(everyShard(c), page), logEntryDoc),
  );
});

const isAction = (value: string): value is ModerationAction =>
  Object.hasOwn(MODERATION_ACTIONS, value);

/**
 * PUT /moderation/notes/{note_id}.xml: body `<moderation><action>hide</action><reason>…</reason></moderation>`;
 * 200 with the log entry it wrote.
 */
moderation.put('/notes/:note_id', async (c) => {
  const id = pathId(c, 'note_id', 'note');
  const body = unwrap(await readBody(c), 'moderation', 'moderations');
  const problems: Problems = [];
  const action = textField(body, 'action', problems, { max: 20, required: true });
  const reason = textField(body, 'reason', problems, { max: MAX_REASON }) ?? '';
  if (action !== undefined && !isAction(action))
    problems.push(`action must be one of ${Object.keys(MODERATION_ACTIONS).join(', ')}`);
  if (problems.length) throw unprocessable(problems);
  const noteAt = await shardOfNote(everyShard(c), id);
  if (!noteAt) throw notFound('No such public note');
  const entry = await moderate(
    noteAt,
    ownShard(c),
    c.get('user').id,
    id,
    action as ModerationAction,
    reason,
  );
  return respond(c, 'moderation_log', { entry: [logEntryDoc(entry)] });
});
