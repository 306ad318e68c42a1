import { ref, str, int, object, document, pagedDocument, type Schema } from './shapes';

/** The JSON Schemas of the Tags operations' documents and bodies (all of them: ../schemas.ts). */
export function tagSchemas() {
  return {
    Tag: object(
      {
        id: int,
        name: str,
        revision: {
          type: 'integer',
          description:
            "The caller's revision of the tag, where the tag is the caller's (its list, its page, the changes feed): it moves with any of the caller's taggings of it (docs/sync.md \"Revisions\"); 0 for a tag the caller never used",
        },
        references: ref('References'),
      },
      ['id', 'name'],
    ),
    TagsDocument: document('tags', 'tag', ref('Tag')),
    TagListDocument: pagedDocument('tags', 'tag', ref('Tag')),
  } satisfies Record<string, Schema>;
}
