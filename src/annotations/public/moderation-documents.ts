import { cdata, type DocNode } from '../../render/document';
import { formatTimestamp } from '../../render/timestamp';
import { referencesDoc } from '../documents';
import type { LogEntry, QueuedNote } from './moderation';
import type { StoredReport } from './reports';

/**
 * Response elements of reporting and moderation (docs/public-notes.md "Reporting",
 * "Moderation"). Routes pass these to respond(); nothing here builds XML.
 */

/** A report as its reporter reads it back: the note, the reason, when; and whether it hid the note. */
export function reportDoc(r: StoredReport): DocNode {
  return {
    note_id: r.noteId,
    reason: cdata(r.reason),
    created_at: formatTimestamp(r.createdAt),
    hid_note: r.hid ? 1 : 0,
  };
}

/**
 * A note in the moderators' queue: the note as its author has it (user id, state in `moderated`),
 * the author's public name, and the reports' reasons (not who sent them).
 */
export function queuedNoteDoc(n: QueuedNote): DocNode {
  return {
    id: n.id,
    user_id: n.userId,
    author: cdata(n.author),
    title: cdata(n.title),
    content: cdata(n.content),
    public: n.public,
    moderated: n.moderation,
    published_at: n.publishedAt === null ? null : formatTimestamp(n.publishedAt),
    updated_at: formatTimestamp(n.updatedAt),
    reports: {
      report: n.reports.map((r) => ({
        reason: cdata(r.reason),
        created_at: formatTimestamp(r.createdAt),
      })),
    },
    references: referencesDoc(n.references),
  };
}

/** One line of the moderation log: who did what to which note, why and when. */
export function logEntryDoc(e: LogEntry): DocNode {
  return {
    id: e.id,
    moderator_id: e.moderatorId,
    moderator: cdata(e.moderator),
    note_id: e.noteId,
    action: e.action,
    reason: cdata(e.reason),
    at: formatTimestamp(e.at),
  };
}
