import { ANONYMOUS_AUTHOR, MAX_REASON } from '../limits';
import { MODERATION_STATES } from '../moderation';
import {
  ref,
  str,
  int,
  object,
  link,
  document,
  pagedDocument,
  noteInput,
  pageSummarySchema,
  type Schema,
} from './shapes';

/** The JSON Schemas of the Notes operations' documents and bodies (all of them: ../schemas.ts). */
export function noteSchemas() {
  return {
    Note: object({
      id: int,
      user_id: int,
      title: str,
      content: str,
      public: { enum: [0, 1] },
      created_at: ref('Timestamp'),
      updated_at: ref('Timestamp'),
      revision: {
        type: 'integer',
        description:
          'Changes on every write of the item (docs/sync.md "Revisions"); the ETag of its own URL is this number in quotes',
      },
      moderated: {
        description:
          'null (empty in XML) when no moderation touched the note, else its state (docs/public-notes.md "States")',
        enum: [null, ...MODERATION_STATES],
      },
      references: ref('References'),
    }),
    PublicNote: object({
      id: int,
      author: { ...str, description: `the author's display name, or "${ANONYMOUS_AUTHOR}"` },
      title: str,
      content: str,
      published_at: ref('Timestamp'),
      updated_at: ref('Timestamp'),
      written_in: { ...str, description: 'version of its first reference on the chapter or verse' },
      verses: object({ verse: { type: 'array', items: int, minItems: 1 } }),
      references: ref('References'),
    }),
    PublicNotesDocument: object({
      public_notes: object({
        parent: { oneOf: [link('chapter'), link('verse')] },
        public_note: { type: 'array', items: ref('PublicNote') },
        summary: pageSummarySchema,
        meta: ref('Meta'),
      }),
    }),
    ReportsDocument: document(
      'reports',
      'report',
      object({
        note_id: int,
        reason: str,
        created_at: ref('Timestamp'),
        hid_note: { enum: [0, 1], description: 'whether this report hid the note until review' },
      }),
    ),
    ChapterAnnotation: object(
      {
        kind: { enum: ['note', 'tagging'] },
        written_in: { ...str, description: 'version the annotation was written on' },
        verses: object({ verse: { type: 'array', items: int, minItems: 1 } }),
        note: ref('Note'),
        tagging: ref('Tagging'),
      },
      ['kind', 'written_in', 'verses'],
    ),
    ChapterAnnotationsDocument: object({
      annotations: object({
        parent: link('chapter'),
        annotation: { type: 'array', items: ref('ChapterAnnotation') },
        summary: pageSummarySchema,
        meta: ref('Meta'),
      }),
    }),
    NotesDocument: document('notes', 'note', ref('Note')),
    NoteListDocument: pagedDocument('notes', 'note', ref('Note')),
    NoteBody: {
      description:
        '`{"note":{…}}`; `{"notes":{"note":{…}}}` and `{"notes":[{…}]}` are accepted too.',
      type: 'object',
      properties: {
        note: noteInput,
      },
      required: ['note'],
    },
    ReportBody: {
      type: 'object',
      properties: {
        report: {
          type: 'object',
          properties: { reason: { ...str, maxLength: MAX_REASON } },
          required: ['reason'],
        },
      },
      required: ['report'],
    },
  } satisfies Record<string, Schema>;
}
