/**
 * The rows of personal content as the data modules read them (src/annotations/personal/notes.ts,
 * taggings.ts) and the document builders take them (documents.ts). Their own module, so that
 * neither of those imports the other (no import circles).
 */

export interface TagRow {
  id: number;
  name: string;
}

export interface TaggingRow {
  id: number;
  userId: number;
  tagId: number;
  tagName: string;
  createdAt: number;
  updatedAt: number;
  /** docs/sync.md "Revisions": changes on every write of the tagging. */
  revision: number;
}

export interface NoteRow {
  id: number;
  userId: number;
  title: string;
  content: string;
  public: number;
  /** docs/public-notes.md "States"; null: none. */
  moderation: string | null;
  /** When it was last published; null: never. */
  publishedAt: number | null;
  createdAt: number;
  updatedAt: number;
  /** docs/sync.md "Revisions": changes on every write of the note, a moderator's included. */
  revision: number;
}
