import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { readSoFar, type Page, type Paged } from '../../http/paging';
import type { Database } from '../../db/client';
import { jsonRows, parseJsonRows } from '../../db/json-rows';
import { fitsBefore } from '../../db/rendered-bytes';
import { ITEM_BYTES, REFERENCE_BYTES } from '../../render/size';
import { taggingReferences, taggings, tags } from '../../db/schema';
import { TAGGING_COLUMNS, type TaggingRow, type TagRow } from '../rows';
import type { ReferenceInput } from './input';
import { identicalTaggingId, insertTaggingUnlessIdentical, type ResolvedTag } from './identity';
import { batchWithinQuotas, type QuotaName } from './quotas';
import { pruneTombstones } from '../sync/retention';
import { conditioned, currentRevision, runConditioned, type WriteConditions } from '../sync/guards';
import {
  deleteReferences,
  groupReferences,
  idIn,
  insertReferences,
  selectReferences,
  selectReferencesJson,
  type ReferenceRow,
} from '../references';

/**
 * Taggings and tags. Tags are global names (docs/annotations.md); taggings belong to one
 * user and every tagging statement is scoped by `user_id = caller` in its own WHERE clause.
 */

export interface TaggingWithReferences {
  tagging: TaggingRow;
  references: ReferenceRow[];
}

// ----------------------------------------------------------------------------------------- tags

/** Tags the caller has at least one tagging of, by name, each with the caller's revision of it. */
export async function userTags(
  db: Database,
  userId: number,
  page?: Page,
): Promise<Paged<TagRow & { revision: number }>> {
  const mine = db
    .selectDistinct({
      id: tags.id,
      name: tags.name,
      revision: currentRevision('tag', userId, sql`"tags"."id"`).as('revision'),
    })
    .from(tags)
    .innerJoin(taggings, eq(taggings.tagId, tags.id))
    .where(eq(taggings.userId, userId))
    .as('mine');
  const [rows, [{ total }]] = await db.batch([
    db
      .select()
      .from(mine)
      .orderBy(asc(mine.name))
      .limit(page?.limit ?? -1)
      .offset(page?.offset ?? 0),
    db.select({ total: count() }).from(mine),
  ]);
  return { items: rows, total };
}

/**
 * The caller's references under one tag (GET /tags/{id}: only the caller's own), one page of them,
 * and the caller's revision of the tag (docs/sync.md "Revisions").
 */
export async function tagReferences(
  db: Database,
  userId: number,
  tagId: number,
  page: Page,
): Promise<Paged<ReferenceRow> & { revision: number }> {
  const [rows, [{ total }], [{ revision }]] = await db.batch([
    selectReferences(db, 'tagging', userId, undefined, eq(taggings.tagId, tagId))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: count() })
      .from(taggingReferences)
      .innerJoin(taggings, eq(taggings.id, taggingReferences.taggingId))
      .where(and(eq(taggings.userId, userId), eq(taggings.tagId, tagId))),
    db
      .select({ revision: currentRevision('tag', userId, tagId).mapWith(Number) })
      .from(sql`(SELECT 1)`),
  ]);
  return { items: rows, total, revision };
}

/** DELETE /tags/{id}: removes the caller's taggings of the tag; other users' stay. */
export async function deleteUserTaggingsOfTag(
  db: Database,
  userId: number,
  tagId: number,
  conditions: WriteConditions = {},
): Promise<number> {
  return (
    (await deleteTaggingsWhere(db, userId, eq(taggings.tagId, tagId), conditions, {
      kind: 'tag',
      id: tagId,
    })) ?? 0
  );
}

// ------------------------------------------------------------------------------------- taggings

function tagNameCondition(name: string): SQL {
  return sql`${taggings.tagId} IN (SELECT ${tags.id} FROM ${tags} WHERE ${tags.name} = ${name})`;
}

/**
 * The caller's taggings (of one tag name, if given) in id order, each with its references: one
 * page of them (`page`) or all (the export, bounded by the quota); `only`: those of these ids.
 * With `bytes`, a page's taggings are read only as far as the page can hold them, weighed in SQL
 * (taggingBound), as listNotes reads notes: a page of 500 taggings of 20 references each holds
 * about 110.
 */
export async function listTaggings(
  db: Database,
  userId: number,
  tagName?: string,
  page?: Page,
  only?: number[],
  bytes = Infinity,
): Promise<Paged<TaggingWithReferences>> {
  const where = and(
    eq(taggings.userId, userId),
    tagName === undefined ? undefined : tagNameCondition(tagName),
    only ? idIn(taggings.id, only) : undefined,
  )!;
  const [limit, offset] = [page?.limit ?? -1, page?.offset ?? 0];
  const shown =
    bytes === Infinity
      ? inArray(
          taggings.id,
          db
            .select({ id: taggings.id })
            .from(taggings)
            .where(where)
            .orderBy(asc(taggings.id))
            .limit(limit)
            .offset(offset),
        )
      : fitsBefore(
          taggings.id,
          sql`SELECT ${taggings.id} AS id, ${taggingBound} AS bound, ${taggings.id} AS at FROM ${taggings}
            WHERE ${where} ORDER BY ${taggings.id} LIMIT ${limit} OFFSET ${offset}`,
          bytes,
        );
  const [rows, refs, [{ total }]] = await db.batch([
    ...taggingsWhere(db, userId, and(where, shown)!),
    db.select({ total: count() }).from(taggings).where(where),
  ]);
  const items = taggingsWithReferences(
    parseJsonRows<TaggingRow>(rows),
    parseJsonRows<ReferenceRow>(refs),
  );
  return { items, total, ...readSoFar(items.length, total, page) };
}

/**
 * What a tagging takes rendered, at least, in SQL: the markup and references
 * src/annotations/documents.ts taggingBytes counts, its tag name left out (a lower bound).
 */
const taggingBound = sql`${sql.raw(String(ITEM_BYTES))} + ${sql.raw(String(REFERENCE_BYTES))}
  * (SELECT count(*) FROM ${taggingReferences} r WHERE r.tagging_id = ${taggings.id})`;

/**
 * The statements reading the caller's taggings of these ids, in id order, and their references: for
 * a batch that reads other rows too (src/annotations/coverage/chapter-annotations.ts), without listTaggings'
 * count, each as one JSON text (src/db/json-rows.ts). Their results go to taggingsWithReferences
 * through parseJsonRows.
 */
export function taggingsOfIds(db: Database, userId: number, ids: number[]) {
  return taggingsWhere(db, userId, idIn(taggings.id, ids));
}

/** taggingsOfIds for the caller's taggings that `which` (a condition on the tagging row) lets through. */
export function taggingsWhere(db: Database, userId: number, which: SQL) {
  return [
    db
      .select({ json: jsonRows(TAGGING_COLUMNS, sql`${taggings.id}`) })
      .from(taggings)
      .innerJoin(tags, eq(tags.id, taggings.tagId))
      .where(and(eq(taggings.userId, userId), which)),
    selectReferencesJson(db, 'tagging', userId, which),
  ] as const;
}

/**
 * The caller's tagging `id` and its references as one JSON value `{rows, refs}`, computed inside a
 * write's batch for its idempotency record (as noteAnswerJson, src/annotations/personal/notes.ts).
 */
export function taggingAnswerJson(db: Database, userId: number, id: number | SQL): SQL {
  const [rows, refs] = taggingsWhere(db, userId, sql`${taggings.id} = ${id}`);
  return sql`json_object('rows', json((${rows})), 'refs', json(coalesce((${refs}), '[]')))`;
}

/** The rows and references taggingsOfIds read, as taggings with their references. */
export function taggingsWithReferences(
  rows: TaggingRow[],
  refs: ReferenceRow[],
): TaggingWithReferences[] {
  const byTagging = groupReferences(refs);
  return rows.map((tagging) => ({ tagging, references: byTagging.get(tagging.id) ?? [] }));
}

function selectTagging(db: Database, userId: number, id: number | SQL) {
  return db
    .select(TAGGING_COLUMNS)
    .from(taggings)
    .innerJoin(tags, eq(tags.id, taggings.tagId))
    .where(and(eq(taggings.userId, userId), sql`${taggings.id} = ${id}`));
}

export async function getTagging(
  db: Database,
  userId: number,
  id: number,
): Promise<TaggingWithReferences | null> {
  const [rows, refs] = await db.batch([
    selectTagging(db, userId, id),
    selectReferences(db, 'tagging', userId, id),
  ]);
  return rows[0] ? { tagging: rows[0], references: refs } : null;
}

export type { ResolvedTag } from './identity';

export interface NewTagging {
  tag: ResolvedTag;
  references: ReferenceInput[];
}

/** Quotas a tagging write can grow (src/annotations/personal/quotas.ts). */
const TAGGING_QUOTAS: QuotaName[] = ['taggings', 'tags', 'references'];

/**
 * The statement that stores tags the caller's database may lack, with the ids every database
 * gives their names (src/annotations/personal/tag-names.ts tagIdsOfNames): a row it has already (by id
 * or name) is left as it is.
 */
export function insertTags(db: Database, rows: readonly ResolvedTag[], now: number) {
  return db
    .insert(tags)
    .select(
      // WHERE: SQLite would read the ON of ON CONFLICT as a join's (its "UPSERT" page, parsing).
      sql`SELECT value ->> 0, value ->> 1, ${now} FROM json_each(${JSON.stringify(rows.map((t) => [t.id, t.name]))}) WHERE true`,
    )
    .onConflictDoNothing();
}

/**
 * One batch (one transaction): create the tag if the name is new, the tagging and its references
 * unless the caller has an identical tagging (src/annotations/personal/identity.ts: two identical creates
 * at the same moment store one), the quota guard, then the tagging read back: the new one, or the
 * identical one the caller had (`created` false).
 */
export async function createTagging(
  db: Database,
  userId: number,
  input: NewTagging,
  now = Date.now(),
  conditions: WriteConditions = {},
): Promise<TaggingWithReferences & { created: boolean }> {
  const existing = identicalTaggingId(userId, input.tag, input.references);
  const attempt = conditions.attempt;
  const { statements, offset } = conditioned(
    db,
    userId,
    conditions,
    [
      insertTags(db, [input.tag], now),
      ...insertTaggingUnlessIdentical(db, userId, input.tag, input.references, now),
      selectTagging(db, userId, existing),
      selectReferences(db, 'tagging', userId, existing),
    ],
    undefined,
    // 201 for a tagging this batch stored, 200 for the identical one the caller had.
    attempt?.record(
      db,
      sql`CASE WHEN ${currentRevision('tagging', userId, existing)} > ${attempt.startSeq()} THEN 201 ELSE 200 END`,
      'tagging',
      taggingAnswerJson(db, userId, existing),
    ),
  );
  const results = (await runConditioned(db, conditions, () =>
    batchWithinQuotas<unknown[]>(db, userId, TAGGING_QUOTAS, statements),
  ))!;
  const inserted = results[offset + 1] as { id: number }[];
  return {
    tagging: (results[offset + 3] as TaggingRow[])[0],
    references: results[offset + 4] as ReferenceRow[],
    created: inserted.length > 0,
  };
}

export interface TaggingChanges {
  tag?: ResolvedTag;
  references?: ReferenceInput[];
}

/**
 * One batch: (new tag name, only if the tagging is the caller's), the tagging's tag and
 * updated_at, its references replaced if sent, then everything read back. Null: not the caller's.
 */
export async function updateTagging(
  db: Database,
  userId: number,
  id: number,
  changes: TaggingChanges,
  now = Date.now(),
  conditions: WriteConditions = {},
): Promise<TaggingWithReferences | null> {
  const owned = and(eq(taggings.id, id), eq(taggings.userId, userId));
  const tag = changes.tag;
  const refs = changes.references;
  const { statements, offset } = conditioned(
    db,
    userId,
    conditions,
    [
      tag
        ? db
            .insert(tags)
            .select(
              sql`SELECT ${tag.id}, ${tag.name}, ${now} WHERE EXISTS (SELECT 1 FROM ${taggings} WHERE ${owned})`,
            )
            .onConflictDoNothing()
        : db.run(sql`SELECT 1`),
      db
        .update(taggings)
        .set({ tagId: tag ? tag.id : undefined, updatedAt: now })
        .where(owned)
        .returning({ id: taggings.id }),
      ...(refs
        ? [
            deleteReferences(db, 'tagging', id, userId),
            insertReferences(db, 'tagging', id, userId, refs, now),
          ]
        : []),
      selectTagging(db, userId, id),
      selectReferences(db, 'tagging', userId, id),
      // A tagging moved to another tag can leave the old one's tombstone.
      ...pruneTombstones(db, userId, now),
    ],
    { kind: 'tagging', id },
    conditions.attempt?.record(db, 200, 'tagging', taggingAnswerJson(db, userId, id)),
  );
  const results = await runConditioned(
    db,
    conditions,
    () => batchWithinQuotas<unknown[]>(db, userId, TAGGING_QUOTAS, statements),
    () => getTagging(db, userId, id),
  );
  if (!results || !(results[offset + 1] as { id: number }[])[0]) return null;
  const read = offset + (refs ? 4 : 2);
  return {
    tagging: (results[read] as TaggingRow[])[0],
    references: results[read + 1] as ReferenceRow[],
  };
}

/**
 * A delete of the caller's taggings under its conditions (an If-Match on a tagging, or on the tag
 * whose taggings go), with the pruning of old tombstones, in one batch: how many went (null: an
 * If-Match on a tagging that is not the caller's).
 */
async function deleteTaggingsWhere(
  db: Database,
  userId: number,
  which: SQL,
  conditions: WriteConditions,
  target?: { kind: 'tagging' | 'tag'; id: number },
): Promise<number | null> {
  const { statements, offset } = conditioned(
    db,
    userId,
    conditions,
    [
      db
        .delete(taggings)
        .where(and(eq(taggings.userId, userId), which))
        .returning({ id: taggings.id }),
      ...pruneTombstones(db, userId),
    ],
    target,
    conditions.attempt?.record(db, 200, 'empty', null),
  );
  const results = await runConditioned<unknown[], unknown>(
    db,
    conditions,
    () => db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]),
    target?.kind === 'tagging' ? () => getTagging(db, userId, target.id) : async () => target,
  );
  return results ? (results[offset] as { id: number }[]).length : null;
}

export async function deleteTagging(
  db: Database,
  userId: number,
  id: number,
  conditions: WriteConditions = {},
): Promise<boolean> {
  const deleted = await deleteTaggingsWhere(db, userId, eq(taggings.id, id), conditions, {
    kind: 'tagging',
    id,
  });
  return !!deleted;
}

/** DELETE /user/taggings/{tag_name}: the caller's taggings of that name; others untouched. */
export async function deleteTaggingsByName(
  db: Database,
  userId: number,
  tag: TagRow,
  conditions: WriteConditions = {},
): Promise<number> {
  return (
    (await deleteTaggingsWhere(db, userId, tagNameCondition(tag.name), conditions, {
      kind: 'tag',
      id: tag.id,
    })) ?? 0
  );
}
