import { MAX_REASON } from '../limits';
import { MODERATION_ACTIONS, MODERATION_STATES } from '../moderation';
import { ref, str, int, object, pagedDocument, type Schema, pageSummarySchema } from './shapes';

/** The JSON Schemas of the Moderation operations' documents and bodies (all of them: ../schemas.ts). */
export function moderationSchemas() {
  return {
    QueuedNote: object({
      id: int,
      user_id: int,
      author: str,
      title: str,
      content: str,
      public: { enum: [0, 1] },
      moderated: { enum: [null, ...MODERATION_STATES] },
      published_at: { oneOf: [ref('Timestamp'), { type: 'null' }] },
      updated_at: ref('Timestamp'),
      reports: object({
        report: {
          type: 'array',
          items: object({ reason: str, created_at: ref('Timestamp') }),
        },
      }),
      references: ref('References'),
    }),
    ModerationQueueDocument: pagedDocument('moderation_queue', 'note', ref('QueuedNote')),
    ModerationLogEntry: object({
      id: int,
      moderator_id: int,
      moderator: str,
      note_id: int,
      action: { enum: Object.keys(MODERATION_ACTIONS) },
      reason: str,
      at: ref('Timestamp'),
    }),
    ModerationLogDocument: object({
      moderation_log: object(
        {
          entry: { type: 'array', items: ref('ModerationLogEntry') },
          summary: pageSummarySchema,
          meta: ref('Meta'),
        },
        ['entry', 'meta'],
      ),
    }),

    ModerationBody: {
      type: 'object',
      properties: {
        moderation: {
          type: 'object',
          properties: {
            action: { enum: Object.keys(MODERATION_ACTIONS) },
            reason: { ...str, maxLength: MAX_REASON },
          },
          required: ['action'],
        },
      },
      required: ['moderation'],
    },
  } satisfies Record<string, Schema>;
}
