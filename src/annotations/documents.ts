import { cdata, type DocNode } from '../render/document';
import { ITEM_BYTES, REFERENCE_BYTES, renderedTextBytes } from '../render/size';
import { formatTimestamp } from '../render/timestamp';
import type { ChapterAnnotation } from './coverage/chapter-annotations';
import type { NoteWithReferences } from './personal/notes';
import type { TaggingWithReferences } from './personal/taggings';
import type { NoteRow, TaggingRow, TagRow } from './rows';
import type { ReferenceRow } from './references';
import type { PublicNote } from './public/public-notes';
import type { Change } from './sync/changes';

/**
 * Response elements for account, tags, taggings and notes (docs/contract.md "Reference", "Tagging", "Note";
 * docs/annotations.md). Field order follows the spec's tables; tag names, note titles
 * and contents are CDATA. Routes pass these to respond(); nothing here builds XML.
 */

export function referencesDoc(rows: ReferenceRow[] = []): DocNode {
  return {
    reference: rows.map((r) => ({
      start: r.start,
      end: r.end,
      created_at: formatTimestamp(r.created_at),
      updated_at: formatTimestamp(r.updated_at),
    })),
  };
}

/**
 * A tag; `revision` (docs/sync.md "Revisions") where it is the caller's: in the caller's own list,
 * a tag's own page and the changes feed.
 */
export function tagDoc(tag: TagRow & { revision?: number }, references?: ReferenceRow[]): DocNode {
  const node: DocNode = { id: tag.id, name: cdata(tag.name) };
  if (tag.revision !== undefined) node.revision = tag.revision;
  if (references) node.references = referencesDoc(references);
  return node;
}

/** docs/contract.md: the taggings list shows `updated_at` before `created_at`. */
export function taggingDoc(t: TaggingRow, references: ReferenceRow[] = []): DocNode {
  return {
    id: t.id,
    user_id: t.userId,
    tag_id: t.tagId,
    updated_at: formatTimestamp(t.updatedAt),
    created_at: formatTimestamp(t.createdAt),
    revision: t.revision,
    references: referencesDoc(references),
    tag: tagDoc({ id: t.tagId, name: t.tagName }),
  };
}

/**
 * `moderated` is present in every response (docs/contract.md "Note"): empty when no moderation touched the
 * note, else its state (docs/public-notes.md "States"), which the author reads here.
 */
export function noteDoc(n: NoteRow, references: ReferenceRow[] = []): DocNode {
  return {
    id: n.id,
    user_id: n.userId,
    title: cdata(n.title),
    content: cdata(n.content),
    public: n.public,
    created_at: formatTimestamp(n.createdAt),
    updated_at: formatTimestamp(n.updatedAt),
    revision: n.revision,
    moderated: n.moderation,
    references: referencesDoc(references),
  };
}

/**
 * A note others published (docs/public-notes.md "Reading"): the author only by display name or the
 * anonymous label (no user id, no e-mail), the chapter's verses it covers as in a chapter's
 * annotations, and its references.
 */
export function publicNoteDoc(n: PublicNote): DocNode {
  return {
    id: n.id,
    author: cdata(n.author),
    title: cdata(n.title),
    content: cdata(n.content),
    published_at: formatTimestamp(n.publishedAt),
    updated_at: formatTimestamp(n.updatedAt),
    written_in: n.writtenIn,
    verses: { verse: n.verses },
    references: referencesDoc(n.references),
  };
}

export function publicNoteBytes(n: PublicNote): number {
  return (
    ITEM_BYTES +
    renderedTextBytes(n.author) +
    renderedTextBytes(n.title) +
    renderedTextBytes(n.content) +
    n.verses.length * 16 +
    n.references.length * REFERENCE_BYTES
  );
}

/** A note of the moderators' queue (src/annotations/public/moderation.ts QueuedNote), with its reports. */
export function queuedNoteBytes(n: {
  author: string;
  title: string;
  content: string;
  reports: { reason: string }[];
  references: unknown[];
}): number {
  return (
    ITEM_BYTES +
    renderedTextBytes(n.author) +
    renderedTextBytes(n.title) +
    renderedTextBytes(n.content) +
    n.reports.reduce((sum, r) => sum + ITEM_BYTES + renderedTextBytes(r.reason), 0) +
    n.references.length * REFERENCE_BYTES
  );
}

export interface AccountRow {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  displayName: string;
  role: string;
  createdAt: number;
  updatedAt: number;
}

/** The caller's account; `api_token` only in the response to a password change. */
export function userDoc(u: AccountRow, apiToken?: string): DocNode {
  const node: DocNode = {
    id: u.id,
    username: u.email,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    display_name: u.displayName,
    role: u.role,
    created_at: formatTimestamp(u.createdAt),
    updated_at: formatTimestamp(u.updatedAt),
  };
  if (apiToken !== undefined) node.api_token = apiToken;
  return node;
}

/**
 * One annotation on a chapter (GET /chapters/{id}/annotations): which kind, the version it was
 * written on, the verses of this chapter it covers, then the note or tagging as everywhere else.
 */
export function chapterAnnotationDoc(a: ChapterAnnotation): DocNode {
  return {
    kind: a.kind,
    written_in: a.writtenIn,
    verses: { verse: a.verses },
    note: a.note ? noteDoc(a.note.note, a.note.references) : undefined,
    tagging: a.tagging ? taggingDoc(a.tagging.tagging, a.tagging.references) : undefined,
  };
}

/**
 * Upper bounds of the rendered bytes of the items of the personal lists, for cutting a page before
 * it passes 1 MiB (src/http/paging.ts fitPage): ITEM_BYTES and REFERENCE_BYTES (src/render/size.ts)
 * and the text as renderedTextBytes bounds it.
 */
export function noteBytes(n: NoteWithReferences): number {
  return (
    ITEM_BYTES +
    renderedTextBytes(n.note.title) +
    renderedTextBytes(n.note.content) +
    n.references.length * REFERENCE_BYTES
  );
}

export function taggingBytes(t: TaggingWithReferences): number {
  return ITEM_BYTES + renderedTextBytes(t.tagging.tagName) + t.references.length * REFERENCE_BYTES;
}

export function chapterAnnotationBytes(a: ChapterAnnotation): number {
  return (
    ITEM_BYTES +
    a.verses.length * 16 +
    (a.note ? noteBytes(a.note) : 0) +
    (a.tagging ? taggingBytes(a.tagging) : 0)
  );
}

/**
 * One change of the changes feed (docs/sync.md): which item, its revision, whether it is deleted,
 * when, and the item as it is now unless it is.
 */
export function changeDoc(ch: Change): DocNode {
  return {
    kind: ch.kind,
    id: ch.id,
    revision: ch.revision,
    deleted: ch.deleted ? 1 : 0,
    changed_at: formatTimestamp(ch.at),
    note: ch.note ? noteDoc(ch.note.note, ch.note.references) : undefined,
    tagging: ch.tagging ? taggingDoc(ch.tagging.tagging, ch.tagging.references) : undefined,
    tag: ch.tag ? tagDoc(ch.tag) : undefined,
  };
}

export function changeBytes(ch: Change): number {
  return (
    ITEM_BYTES +
    (ch.note ? noteBytes(ch.note) : 0) +
    (ch.tagging ? taggingBytes(ch.tagging) : 0) +
    (ch.tag ? renderedTextBytes(ch.tag.name) : 0)
  );
}
