import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { notes, tags, taggings } from '../db/schema';
import type { ReferenceInput } from './input';
import { insertReferences, newParentId, referenceSignature, storedReferenceSignature } from './references';

/**
 * "Insert unless the caller already has an identical one", decided inside ONE statement, so that
 * two requests that arrive at the same moment cannot both insert (issue 18 §2): D1 runs a batch
 * as one transaction and never two at once, so the second batch's check sees the first's rows.
 * There is no read before the write to go stale.
 *
 * Identical: a tagging with the same tag and the same SET of references; a note with the same
 * title, content and set of references (order and repetition of references do not matter;
 * docs/annotations.md "Identical annotations"). The comparison reads the stored rows themselves
 * (no stored key that an edit could leave stale), by owner and title / owner and tag first.
 *
 * Each item is two statements: the conditional INSERT of the parent (RETURNING its id when it was
 * inserted) and the INSERT of its references into the caller's newest parent only if that parent
 * has none yet, i.e. only if the first statement inserted it (src/annotations/references.ts).
 */

/** The tag of a tagging: an existing tag's id, or a name (created beforehand in the same batch). */
export type TagChoice = { id: number } | { name: string };

export function tagIdValue(tag: TagChoice): SQL | number {
  return 'id' in tag ? tag.id : sql`(SELECT ${tags.id} FROM ${tags} WHERE ${tags.name} = ${tag.name})`;
}

/** The condition "stored tagging `taggings.id` is identical to (tag, refs)" for the caller. */
function identicalTagging(userId: number, tag: TagChoice, refs: ReferenceInput[]): SQL {
  return sql`${taggings.userId} = ${userId} AND ${taggings.tagId} = ${tagIdValue(tag)}
    AND ${storedReferenceSignature('tagging', sql`${taggings.id}`)} = ${referenceSignature(refs)}`;
}

function identicalNote(userId: number, title: string, content: string, refs: ReferenceInput[]): SQL {
  return sql`${notes.userId} = ${userId} AND ${notes.title} = ${title} AND ${notes.content} = ${content}
    AND ${storedReferenceSignature('note', sql`${notes.id}`)} = ${referenceSignature(refs)}`;
}

/** The id of the caller's first tagging identical to (tag, refs), as an SQL expression. */
export function identicalTaggingId(userId: number, tag: TagChoice, refs: ReferenceInput[]): SQL {
  return sql`(SELECT min(${taggings.id}) FROM ${taggings} WHERE ${identicalTagging(userId, tag, refs)})`;
}

/** The two statements that store a tagging unless the caller has an identical one. */
export function insertTaggingUnlessIdentical(db: Database, userId: number, tag: TagChoice, refs: ReferenceInput[], now: number) {
  return [
    db
      .insert(taggings)
      .select(
        sql`SELECT NULL, ${userId}, ${tagIdValue(tag)}, ${now}, ${now}
          WHERE NOT EXISTS (SELECT 1 FROM ${taggings} WHERE ${identicalTagging(userId, tag, refs)})`,
      )
      .returning({ id: taggings.id }),
    insertReferences(db, 'tagging', newParentId('tagging', userId), userId, refs, now, true),
  ] as const;
}

/** The two statements that store a note unless the caller has an identical one. */
export function insertNoteUnlessIdentical(db: Database, userId: number, note: { title: string; content: string; references: ReferenceInput[] }, now: number) {
  return [
    db
      .insert(notes)
      .select(
        sql`SELECT NULL, ${userId}, ${note.title}, ${note.content}, 0, ${now}, ${now}
          WHERE NOT EXISTS (SELECT 1 FROM ${notes} WHERE ${identicalNote(userId, note.title, note.content, note.references)})`,
      )
      .returning({ id: notes.id }),
    insertReferences(db, 'note', newParentId('note', userId), userId, note.references, now, true),
  ] as const;
}
