import { KV_READS, WRITE_BODY_BYTES } from '../budgets';
import { NOTE_ID, PAGE_PARAMS, QUEUE_PAGE_PARAMS } from './params';
import { write, PUBLISHED_PAGE } from './presets';
import { tagged } from '../operation';

/** The Moderation operations, in the order the description lists them. */
export const MODERATION_ROUTES = tagged('Moderation', [
  {
    method: 'get',
    path: '/moderation/queue',
    bounds: PUBLISHED_PAGE,
    summary:
      "Moderators: public notes waiting for a decision (held for review, hidden by reports) and readable ones somebody reported, longest waiting first, with the reports' reasons (paged); 403 without the moderator role",
    params: QUEUE_PAGE_PARAMS,
    response: 'ModerationQueueDocument',
    errors: [403],
    access: 'personal',
    readsOthers: true,
  },
  {
    method: 'put',
    path: '/moderation/notes/{note_id}',
    bounds: write(WRITE_BODY_BYTES, KV_READS.none),
    summary:
      'Moderators: approve, hide, remove or restore a public note, with an optional reason; answers the log entry written. A removed note stays removed whatever its author does until restored (409 for any other action on it, and for restoring a note that was not removed)',
    params: [NOTE_ID],
    body: 'ModerationBody',
    response: 'ModerationLogDocument',
    errors: [403, 409],
    access: 'personal',
  },
  {
    method: 'get',
    path: '/moderation/log',
    bounds: PUBLISHED_PAGE,
    summary: 'Moderators: who did what to which note, why and when, newest first (paged)',
    params: PAGE_PARAMS,
    response: 'ModerationLogDocument',
    errors: [403],
    access: 'personal',
  },
]);
