import { MAX_PUBLIC_NOTES, REPORTS_TO_HIDE } from '../limits';
import { KV_READS, RESOURCE_ANSWER_BYTES, WRITE_BODY_BYTES } from '../budgets';
import { chapterId, verseId, NOTE_ID, PUBLISHED_PAGE_PARAMS, TEXT_PAGE_PARAMS } from './params';
import { unlimited, write, DELETION, OWN_PAGE, PUBLISHED_NOTES_PAGE } from './presets';
import { tagged } from '../operation';

/** What `public` does on a note write (docs/public-notes.md "Publishing"). */
const PUBLISHING = `public 1 publishes it beside the text for every reader (at most ${MAX_PUBLIC_NOTES} public notes an account; each such write counts against the publishing limit; with the review switch PUBLIC_NOTE_REVIEW_DAYS on, a new account's go to the moderators' queue first)`;

/** A note's write: counts against the write limit, and the publishing limit when it publishes. */
const NOTE_WRITE = write(WRITE_BODY_BYTES, KV_READS.catalogue, {
  publish: 'when it sends public 1',
});

/** The Notes operations, in the order the description lists them. */
export const NOTE_ROUTES = tagged('Notes', [
  {
    method: 'get',
    path: '/chapters/{chapter_id}/annotations',
    bounds: OWN_PAGE,
    summary:
      "The caller's notes and taggings on a chapter, written on any version, by first verse covered (paged)",
    params: [chapterId('ASV:Gen.1'), ...TEXT_PAGE_PARAMS],
    response: 'ChapterAnnotationsDocument',
    access: 'personal',
  },
  {
    method: 'get',
    path: '/user/notes',
    bounds: OWN_PAGE,
    summary: "The caller's notes (paged)",
    params: TEXT_PAGE_PARAMS,
    response: 'NoteListDocument',
    access: 'personal',
  },
  {
    method: 'post',
    path: '/user/notes',
    bounds: NOTE_WRITE,
    summary: `Create a note (as the official client posts it); ${PUBLISHING}`,
    body: 'NoteBody',
    response: 'NotesDocument',
    status: 201,
    access: 'personal',
    idempotent: true,
  },
  {
    method: 'post',
    path: '/notes',
    bounds: NOTE_WRITE,
    summary: `Create a note; ${PUBLISHING}`,
    body: 'NoteBody',
    response: 'NotesDocument',
    status: 201,
    access: 'personal',
    idempotent: true,
  },
  {
    method: 'get',
    path: '/notes/{note_id}',
    bounds: unlimited('own', RESOURCE_ANSWER_BYTES, KV_READS.catalogue),
    summary: 'Show a note',
    params: [NOTE_ID],
    response: 'NotesDocument',
    access: 'personal',
  },
  {
    method: 'put',
    path: '/notes/{note_id}',
    bounds: NOTE_WRITE,
    summary: `Update a note; ${PUBLISHING}, public 0 withdraws it at once`,
    params: [NOTE_ID],
    body: 'NoteBody',
    response: 'NotesDocument',
    access: 'personal',
    idempotent: true,
    conditional: 'NotesDocument',
  },
  {
    method: 'delete',
    path: '/notes/{note_id}',
    bounds: DELETION,
    summary: 'Delete a note',
    params: [NOTE_ID],
    access: 'personal',
    idempotent: true,
    conditional: 'NotesDocument',
  },
  {
    method: 'get',
    path: '/chapters/{chapter_id}/public-notes',
    bounds: PUBLISHED_NOTES_PAGE,
    summary:
      'Notes readers published on a chapter, written on any version (a note on KJV John 1:10 is read on RV1909 John 1:10), newest publication first (paged); each author only by display name or the anonymous label. Read fresh from D1 (private, no-store): a withdrawn note is gone from the next answer',
    params: [chapterId('KJV:John.1'), ...PUBLISHED_PAGE_PARAMS],
    response: 'PublicNotesDocument',
    access: 'personal',
    readsOthers: true,
  },
  {
    method: 'get',
    path: '/verses/{verse_id}/public-notes',
    bounds: PUBLISHED_NOTES_PAGE,
    summary:
      'Notes readers published on a verse, written on any version, newest publication first (paged), as the chapter list gives them',
    params: [verseId('KJV:John.1.10'), ...PUBLISHED_PAGE_PARAMS],
    response: 'PublicNotesDocument',
    access: 'personal',
    readsOthers: true,
  },
  {
    method: 'post',
    path: '/notes/{note_id}/reports',
    bounds: write(WRITE_BODY_BYTES, KV_READS.none),
    summary: `Report another reader's public note, once, with a reason (200 with the report: a report is not a resource to read back). Reports from ${REPORTS_TO_HIDE} accounts hide it until a moderator decides. One's own note: 403; a second report: 409; a note the caller cannot read: 404`,
    params: [NOTE_ID],
    body: 'ReportBody',
    response: 'ReportsDocument',
    errors: [403, 409],
    access: 'personal',
    idempotent: true,
  },
]);
