import type { JsonRow } from '../db/json-rows';
import { notes, taggings, tags } from '../db/schema';

/**
 * The rows of personal content as the data modules read them (src/annotations/personal/notes.ts,
 * taggings.ts) and the document builders take them (documents.ts). Their own module, so that
 * neither of those imports the other (no import circles). Each row's type is its columns' (the
 * columns a select reads, whether through Drizzle or as JSON: src/db/json-rows.ts), never written
 * by hand beside them.
 */

export interface TagRow {
  id: number;
  name: string;
}

/** The columns of a tagging as it is read, with its tag's name. */
export const TAGGING_COLUMNS = {
  id: taggings.id,
  userId: taggings.userId,
  tagId: taggings.tagId,
  tagName: tags.name,
  createdAt: taggings.createdAt,
  updatedAt: taggings.updatedAt,
  /** docs/sync.md "Revisions": changes on every write of the tagging. */
  revision: taggings.revision,
};

export type TaggingRow = JsonRow<typeof TAGGING_COLUMNS>;

/** The columns of a note as it is read. */
export const NOTE_COLUMNS = {
  id: notes.id,
  userId: notes.userId,
  title: notes.title,
  content: notes.content,
  public: notes.public,
  /** docs/public-notes.md "States"; null: none. */
  moderation: notes.moderation,
  /** When it was last published; null: never. */
  publishedAt: notes.publishedAt,
  createdAt: notes.createdAt,
  updatedAt: notes.updatedAt,
  /** docs/sync.md "Revisions": changes on every write of the note, a moderator's included. */
  revision: notes.revision,
};

export type NoteRow = JsonRow<typeof NOTE_COLUMNS>;
