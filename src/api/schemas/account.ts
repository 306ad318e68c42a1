import { ROLES } from '../moderation';
import {
  ref,
  str,
  int,
  object,
  document,
  noteInput,
  taggingInput,
  repeatedInput,
  type Schema,
} from './shapes';

/** The JSON Schemas of the Account operations' documents and bodies (all of them: ../schemas.ts). */
export function accountSchemas() {
  return {
    User: object(
      {
        id: int,
        username: str,
        email: str,
        first_name: str,
        last_name: str,
        display_name: {
          ...str,
          description:
            "shown beside the account's public notes; empty: others see the anonymous label",
        },
        role: { enum: [...ROLES] },
        created_at: ref('Timestamp'),
        updated_at: ref('Timestamp'),
        api_token: str,
      },
      [
        'id',
        'username',
        'email',
        'first_name',
        'last_name',
        'display_name',
        'role',
        'created_at',
        'updated_at',
      ],
    ),
    ExportDocument: {
      description:
        "GET /user/export: the caller's tags, taggings and notes in the shapes of /user/tags, /user/taggings and /user/notes (POST /user/import reads it back: ImportBody).",
      ...object({
        export: object(
          {
            format_version: { const: 1 },
            exported_at: ref('Timestamp'),
            tags: object({ tag: { type: 'array', items: ref('Tag') } }),
            taggings: object({ tagging: { type: 'array', items: ref('Tagging') } }),
            notes: object({ note: { type: 'array', items: ref('Note') } }),
            meta: ref('Meta'),
          },
          ['format_version', 'exported_at', 'tags', 'taggings', 'notes'],
        ),
      }),
    },
    ImportBody: {
      description:
        'An export document (ExportDocument), from any account, XML or JSON. Only the taggings (tag name, references) and the notes (title, content, references) are read, and each item\'s `id` and `created_at`: an item the caller still has (that id, made that second) is skipped, however it was edited since (docs/sync.md "Export and import"); user ids, other timestamps, revisions, `public`, `tags`, `format_version`, `exported_at` and `meta` are ignored. Each item is checked as its create route checks it.',
      type: 'object',
      properties: {
        export: {
          type: 'object',
          properties: {
            taggings: repeatedInput('tagging', taggingInput),
            notes: repeatedInput('note', noteInput),
          },
        },
      },
      required: ['export'],
    },
    Change: object(
      {
        kind: { enum: ['note', 'tagging', 'tag'] },
        id: int,
        revision: {
          type: 'integer',
          description: "The item's revision after this change (a tombstone's: the deletion's)",
        },
        deleted: { enum: [0, 1] },
        changed_at: ref('Timestamp'),
        note: ref('Note'),
        tagging: ref('Tagging'),
        tag: ref('Tag'),
      },
      ['kind', 'id', 'revision', 'deleted', 'changed_at'],
    ),
    ChangesDocument: {
      description:
        'GET /user/changes: a page of the changes feed (docs/sync.md). Each item once, as it is now (a live one with its document, a deleted one as a tombstone); `cursor` is `since` for the next request, `more` 1 while changes remain after it.',
      ...object({
        changes: object(
          {
            change: { type: 'array', items: ref('Change') },
            cursor: str,
            more: { enum: [0, 1] },
            meta: ref('Meta'),
          },
          ['change', 'cursor', 'more'],
        ),
      }),
    },
    ImportDocument: object({
      import: object({
        taggings_added: int,
        taggings_skipped: int,
        notes_added: int,
        notes_skipped: int,
        meta: ref('Meta'),
      }),
    }),
    UsersDocument: document('users', 'user', ref('User')),
    UserBody: {
      type: 'object',
      properties: {
        user: {
          type: 'object',
          properties: {
            first_name: str,
            last_name: str,
            display_name: {
              ...str,
              maxLength: 100,
              description: 'the name others see beside your public notes (empty: anonymous)',
            },
            email: str,
            password: {
              ...str,
              minLength: 8,
              description: 'a new password also rotates the API token',
            },
          },
        },
      },
      required: ['user'],
    },
  } satisfies Record<string, Schema>;
}
