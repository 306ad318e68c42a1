import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Page, Paged } from '../http/paging';
import type { Database } from '../db/client';
import { jsonRows } from '../db/json-rows';
import { taggingReferences, taggings, tags } from '../db/schema';
import { TAG_LIST_MIN_ACCOUNTS } from '../api/limits';
import type { TaggingRow, TagRow } from './rows';
import type { ReferenceInput } from './input';
import {
  identicalTaggingId,
  insertTaggingUnlessIdentical,
  tagIdValue,
  type TagChoice,
} from './identity';
import { batchWithinQuotas, type QuotaName } from './quotas';
import { pruneTombstones } from './sync/retention';
import { conditioned, currentRevision, runConditioned, type WriteConditions } from './sync/guards';
import {
  deleteReferences,
  groupReferences,
  idIn,
  insertReferences,
  selectReferences,
  selectReferencesJson,
  type ReferenceRow,
} from './references';

/**
 * Taggings and tags. Tags are global names (docs/annotations.md); taggings belong to one
 * user and every tagging statement is scoped by `user_id = caller` in its own WHERE clause.
 */

export interface TaggingWithReferences {
  tagging: TaggingRow;
  references: ReferenceRow[];
}

const columns = {
  id: taggings.id,
  userId: taggings.userId,
  tagId: taggings.tagId,
  tagName: tags.name,
  createdAt: taggings.createdAt,
  updatedAt: taggings.updatedAt,
  revision: taggings.revision,
};

// ----------------------------------------------------------------------------------------- tags

/*
 * Who may see a tag (docs/annotations.md "Who sees a tag"): the accounts whose taggings use it,
 * and everyone once at least TAG_LIST_MIN_ACCOUNTS accounts use it. A name one account alone uses
 * stays its own: listed, shown (by id or name) and usable by id for it alone; to anyone else it
 * is the same 404 as a tag that does not exist. A tag no tagging uses is deleted with its last
 * tagging (migrations/0003_tags_in_use.sql).
 */

/**
 * How many accounts use the tag of the enclosing query's `tags` row, as an SQL expression
 * (taggings_tag_user_idx covers it). Written out with its own alias: in a select list Drizzle
 * writes columns unqualified, and `"id"` inside the subquery would be the tagging's.
 */
const accountsUsing = sql<number>`(SELECT count(DISTINCT u.user_id) FROM taggings u WHERE u.tag_id = "tags"."id")`;

/** The condition "the caller may see the enclosing query's `tags` row". */
function visibleTo(userId: number): SQL {
  return sql`(EXISTS (SELECT 1 FROM taggings m WHERE m.tag_id = "tags"."id" AND m.user_id = ${userId}) OR ${accountsUsing} >= ${TAG_LIST_MIN_ACCOUNTS})`;
}

/**
 * The site-wide tag list (GET /tags; docs/annotations.md "The site-wide tag list"): the tags the
 * caller may see, ranked by how many accounts use each (a name the caller shares with fewer than
 * TAG_LIST_MIN_ACCOUNTS others as one of its own), then by name, so that a page holds
 * the most shared names first.
 */
export async function siteTags(db: Database, userId: number, page: Page): Promise<Paged<TagRow>> {
  // Ranked by the accounts using it only once those other than the caller make the name
  // everyone's: a name the caller shares with fewer ranks as one of its own, by name, or the rank
  // would tell the caller that someone else uses a name it joined.
  const others = sql`(${accountsUsing} - EXISTS (SELECT 1 FROM taggings m WHERE m.tag_id = "tags"."id" AND m.user_id = ${userId}))`;
  const rank = sql<number>`CASE WHEN ${others} >= ${TAG_LIST_MIN_ACCOUNTS} THEN ${accountsUsing} ELSE 0 END`;
  const shown = db
    .select({ id: tags.id, name: tags.name, accounts: rank.as('accounts') })
    .from(tags)
    .where(visibleTo(userId))
    .as('shown');
  const [rows, [{ total }]] = await db.batch([
    db
      .select({ id: shown.id, name: shown.name })
      .from(shown)
      .orderBy(desc(shown.accounts), asc(shown.name))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(shown),
  ]);
  return { items: rows, total };
}

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

/** A tag by id or name, if the caller may see it (visibleTo); null otherwise, as for no such tag. */
export async function findTag(
  db: Database,
  userId: number,
  key: { id: number } | { name: string },
): Promise<TagRow | null> {
  const [row] = await db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(and('id' in key ? eq(tags.id, key.id) : eq(tags.name, key.name), visibleTo(userId)))
    .limit(1);
  return row ?? null;
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
 */
export async function listTaggings(
  db: Database,
  userId: number,
  tagName?: string,
  page?: Page,
  only?: number[],
): Promise<Paged<TaggingWithReferences>> {
  const where = and(
    eq(taggings.userId, userId),
    tagName === undefined ? undefined : tagNameCondition(tagName),
    only ? idIn(taggings.id, only) : undefined,
  );
  const ids = db
    .select({ id: taggings.id })
    .from(taggings)
    .where(where)
    .orderBy(asc(taggings.id))
    .limit(page?.limit ?? -1)
    .offset(page?.offset ?? 0);
  const [rows, refs, [{ total }]] = await db.batch([
    db
      .select(columns)
      .from(taggings)
      .innerJoin(tags, eq(tags.id, taggings.tagId))
      .where(and(where, inArray(taggings.id, ids)))
      .orderBy(asc(taggings.id)),
    selectReferences(db, 'tagging', userId, undefined, inArray(taggings.id, ids)),
    db.select({ total: count() }).from(taggings).where(where),
  ]);
  return { items: taggingsWithReferences(rows, refs), total };
}

/**
 * The statements reading the caller's taggings of these ids, in id order, and their references: for
 * a batch that reads other rows too (src/annotations/chapter-annotations.ts), without listTaggings'
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
      .select({ json: jsonRows(columns, sql`${taggings.id}`) })
      .from(taggings)
      .innerJoin(tags, eq(tags.id, taggings.tagId))
      .where(and(eq(taggings.userId, userId), which)),
    selectReferencesJson(db, 'tagging', userId, which),
  ] as const;
}

/**
 * The caller's tagging `id` and its references as one JSON value `{rows, refs}`, computed inside a
 * write's batch for its idempotency record (as noteAnswerJson, src/annotations/notes.ts).
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
    .select(columns)
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

export type { TagChoice } from './identity';

export interface NewTagging {
  tag: TagChoice;
  references: ReferenceInput[];
}

/** Quotas a tagging write can grow (src/annotations/quotas.ts). */
const TAGGING_QUOTAS: QuotaName[] = ['taggings', 'tags', 'references'];

/**
 * A new tag's id: drawn at random below 2^48, not the next in a sequence. A name one
 * account alone uses is its own (docs/annotations.md "Who sees a tag"), and ids in creation order
 * would tell another account that joins it that the name was there before (its id older than the
 * one a name made a moment earlier). A clash with an existing id (one in 2^48 per tag) makes the
 * write a 500 that changes nothing.
 */
export function newTagId(): number {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  // Below 2^48: at most 15 digits, as every id the API reads (src/annotations/input.ts parseId).
  return (high & 0xffff) * 2 ** 32 + low || 1;
}

/** The statement that creates a tag by name unless it exists (concurrent creates both succeed). */
export function insertTagNames(db: Database, names: string[], now: number) {
  return db
    .insert(tags)
    .values(names.map((name) => ({ id: newTagId(), name, createdAt: now })))
    .onConflictDoNothing({ target: tags.name });
}

/**
 * One batch (one transaction): create the tag if the name is new, the tagging and its references
 * unless the caller has an identical tagging (src/annotations/identity.ts: two identical creates
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
      'name' in input.tag ? insertTagNames(db, [input.tag.name], now) : db.run(sql`SELECT 1`),
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
  tag?: TagChoice;
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
      tag && 'name' in tag
        ? db
            .insert(tags)
            .select(
              sql`SELECT ${newTagId()}, ${tag.name}, ${now} WHERE EXISTS (SELECT 1 FROM ${taggings} WHERE ${owned})`,
            )
            .onConflictDoNothing({ target: tags.name })
        : db.run(sql`SELECT 1`),
      db
        .update(taggings)
        .set({ tagId: tag ? tagIdValue(tag) : undefined, updatedAt: now })
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
