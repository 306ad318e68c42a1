import { fillPlaceholders, sql, type Query, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notes, tags, taggings } from '../../db/schema';
import type { ReferenceInput } from './input';
import {
  insertReferencesJson,
  newParentId,
  referencesJson,
  referenceSignature,
  storedReferenceSignature,
  type StatementValue,
} from '../references';

/**
 * "Insert unless the caller already has an identical one", decided inside ONE statement, so that
 * two requests that arrive at the same moment cannot both insert: D1 runs a batch
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

/** The tag of a tagging as a request names it: a tag found by its id (with its name), or a name. */
export type TagChoice = ResolvedTag | { name: string };

/**
 * A tag as a write stores it: its id and name, the id every database gives the name
 * (src/annotations/personal/tag-names.ts), the row created beforehand in the same batch when the caller's
 * database lacks it (insertTags).
 */
export interface ResolvedTag {
  id: number;
  name: string;
}

/** The id of the tag named `name`, as an SQL expression. */
function tagIdByName(name: StatementValue): SQL {
  return sql`(SELECT ${tags.id} FROM ${tags} WHERE ${tags.name} = ${name})`;
}

/** The condition "stored tagging `taggings.id` is identical to (tag, references)" for the caller. */
function identicalTagging(
  userId: StatementValue,
  tagId: SQL | number,
  signature: StatementValue,
): SQL {
  return sql`${taggings.userId} = ${userId} AND ${taggings.tagId} = ${tagId}
    AND ${storedReferenceSignature('tagging', sql`${taggings.id}`)} = ${signature}`;
}

function identicalNote(
  userId: StatementValue,
  title: StatementValue,
  content: StatementValue,
  signature: StatementValue,
): SQL {
  return sql`${notes.userId} = ${userId} AND ${notes.title} = ${title} AND ${notes.content} = ${content}
    AND ${storedReferenceSignature('note', sql`${notes.id}`)} = ${signature}`;
}

/** The id of the caller's first tagging identical to (tag, refs), as an SQL expression. */
export function identicalTaggingId(userId: number, tag: ResolvedTag, refs: ReferenceInput[]): SQL {
  return sql`(SELECT min(${taggings.id}) FROM ${taggings} WHERE ${identicalTagging(userId, tag.id, referenceSignature(refs))})`;
}

/**
 * An exported item's identity (docs/sync.md "Export and import"): its id and its `created_at` in
 * whole seconds, as the export wrote them, or NULLs for an item that is not from an export. The
 * caller still having a note or tagging of that id made at that second means the item is the same
 * one, whatever was edited since: the import skips it, so it never brings back an older version
 * of an item that changed after the export (nor doubles it).
 */
export interface SourceIdentity {
  id: StatementValue;
  createdSecond: StatementValue;
}

const NOT_FROM_AN_EXPORT: SourceIdentity = { id: sql`NULL`, createdSecond: sql`NULL` };

/** The condition "the caller still has the item `source` names" in `table`, as SQL. */
function stillHeld(
  table: typeof notes | typeof taggings,
  userId: StatementValue,
  source: SourceIdentity,
): SQL {
  return sql`EXISTS (SELECT 1 FROM ${table} WHERE ${table.id} = ${source.id} AND ${table.userId} = ${userId} AND ${table.createdAt} / 1000 = ${source.createdSecond})`;
}

/** A tagging's two statements, from its references' signature and JSON (values or placeholders). */
function taggingStatements(
  db: Database,
  userId: StatementValue,
  tagId: SQL | number,
  signature: StatementValue,
  json: StatementValue,
  now: StatementValue,
  source: SourceIdentity = NOT_FROM_AN_EXPORT,
) {
  return [
    db
      .insert(taggings)
      .select(
        // Every column of taggings in its order (Drizzle names them all); the revision is a trigger's.
        sql`SELECT NULL, ${userId}, ${tagId}, ${now}, ${now}, 0
          WHERE NOT EXISTS (SELECT 1 FROM ${taggings} WHERE ${identicalTagging(userId, tagId, signature)})
            AND NOT ${stillHeld(taggings, userId, source)}`,
      )
      .returning({ id: taggings.id }),
    insertReferencesJson(db, 'tagging', newParentId('tagging', userId), userId, json, now, true),
  ] as const;
}

/** A note's two statements, likewise. */
function noteStatements(
  db: Database,
  userId: StatementValue,
  title: StatementValue,
  content: StatementValue,
  signature: StatementValue,
  json: StatementValue,
  now: StatementValue,
  source: SourceIdentity = NOT_FROM_AN_EXPORT,
) {
  return [
    db
      .insert(notes)
      .select(
        // Every column of notes in its order (Drizzle names them all): an import never publishes
        // (docs/public-notes.md "Export and import"): public 0, no moderation, never published;
        // the revision is a trigger's.
        sql`SELECT NULL, ${userId}, ${title}, ${content}, 0, NULL, NULL, NULL, ${now}, ${now}, 0
          WHERE NOT EXISTS (SELECT 1 FROM ${notes} WHERE ${identicalNote(userId, title, content, signature)})
            AND NOT ${stillHeld(notes, userId, source)}`,
      )
      .returning({ id: notes.id }),
    insertReferencesJson(db, 'note', newParentId('note', userId), userId, json, now, true),
  ] as const;
}

/** The two statements that store a tagging unless the caller has an identical one. */
export function insertTaggingUnlessIdentical(
  db: Database,
  userId: number,
  tag: ResolvedTag,
  refs: ReferenceInput[],
  now: number,
) {
  return taggingStatements(db, userId, tag.id, referenceSignature(refs), referencesJson(refs), now);
}

/**
 * The same statements for an import, bound on the D1 client: an import holds up to 4,000 items,
 * 8,000 statements, and building each through the query builder cost ~1 s of CPU per full import
 * (drizzle-orm walks every statement's nested SQL again). Their SQL is the same for every item,
 * so it is built once per isolate, by the functions above with placeholders, and each item only
 * binds its values. Run them with boundBatchWithinQuotas (src/annotations/personal/quotas.ts).
 */
let importShapes: { tagging: Query[]; note: Query[] } | undefined;

/** An exported item's identity as the import read it (SourceIdentity's values). */
export interface ExportedIdentity {
  id: number;
  createdSecond: number;
}

export function importStatements(db: Database) {
  const p = (name: string) => sql.placeholder(name);
  importShapes ??= {
    tagging: taggingStatements(
      db,
      p('user'),
      tagIdByName(p('tag')),
      p('signature'),
      p('json'),
      p('now'),
      { id: p('sourceId'), createdSecond: p('sourceCreated') },
    ).map((s) => s.toSQL()),
    note: noteStatements(
      db,
      p('user'),
      p('title'),
      p('content'),
      p('signature'),
      p('json'),
      p('now'),
      { id: p('sourceId'), createdSecond: p('sourceCreated') },
    ).map((s) => s.toSQL()),
  };
  const prepared = (shape: Query[]) =>
    shape.map((q) => ({ statement: db.$client.prepare(q.sql), params: q.params }));
  const tagging = prepared(importShapes.tagging);
  const note = prepared(importShapes.note);
  const bind = (shape: typeof tagging, values: Record<string, unknown>) =>
    shape.map((s) => s.statement.bind(...fillPlaceholders(s.params, values)));
  return {
    /** A tagging of the tag named `tagName` (created beforehand in the same batch). */
    tagging: (
      userId: number,
      t: { tagName: string; references: ReferenceInput[]; source?: ExportedIdentity },
      now: number,
    ) =>
      bind(tagging, {
        user: userId,
        tag: t.tagName,
        signature: referenceSignature(t.references),
        json: referencesJson(t.references),
        now,
        sourceId: t.source?.id ?? null,
        sourceCreated: t.source?.createdSecond ?? null,
      }),
    note: (
      userId: number,
      n: {
        title: string;
        content: string;
        references: ReferenceInput[];
        source?: ExportedIdentity;
      },
      now: number,
    ) =>
      bind(note, {
        user: userId,
        title: n.title,
        content: n.content,
        signature: referenceSignature(n.references),
        json: referencesJson(n.references),
        now,
        sourceId: n.source?.id ?? null,
        sourceCreated: n.source?.createdSecond ?? null,
      }),
  };
}
