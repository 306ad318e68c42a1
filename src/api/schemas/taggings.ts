import {
  ref,
  str,
  int,
  object,
  document,
  pagedDocument,
  taggingInput,
  type Schema,
} from './shapes';

/** The JSON Schemas of the Taggings operations' documents and bodies (all of them: ../schemas.ts). */
export function taggingSchemas() {
  return {
    Tagging: object({
      id: int,
      user_id: int,
      tag_id: int,
      updated_at: ref('Timestamp'),
      created_at: ref('Timestamp'),
      revision: {
        type: 'integer',
        description:
          'Changes on every write of the item (docs/sync.md "Revisions"); the ETag of its own URL is this number in quotes',
      },
      references: ref('References'),
      tag: object({ id: int, name: str }),
    }),
    TaggingsDocument: document('taggings', 'tagging', ref('Tagging')),
    TaggingListDocument: pagedDocument('taggings', 'tagging', ref('Tagging')),
    TaggingBody: {
      type: 'object',
      properties: {
        tagging: taggingInput,
      },
      required: ['tagging'],
    },
  } satisfies Record<string, Schema>;
}
