import { sql } from 'drizzle-orm';
import { runStatements, type Database } from '../../db/client';
import { tags } from '../../db/schema';
import type { Statement } from '../../db/shards';
import { TAG_LIST_MIN_ACCOUNTS } from '../../api/limits';
import type { Page, Paged } from '../../http/paging';
import type { TagRow } from '../rows';

/**
 * Tag names across the databases that hold accounts (docs/annotations.md "Tags"; docs/scale.md
 * "What stays whole"). A name has one id in every database: the directory's (`tag_names`), taken
 * when a database first meets the name, so a tagging keeps its tag's id when its account moves,
 * and the site-wide list shows one tag for one name. Who sees a tag counts the accounts of every
 * database using it: each database's count is in the directory (`tag_accounts`), written after
 * each write that changes it (flushTagUse), and the reads below add them up.
 */

/** One statement's worth of names at most (D1 binds a JSON text as one parameter). */
const NAMES_PER_STATEMENT = 500;

/**
 * A new name's id: drawn at random below 2^48, not the next in a sequence. A name one account
 * alone uses is its own (docs/annotations.md "Who sees a tag"), and ids in creation order would
 * tell another account that joins it that the name was there before. 15 digits at most, as every
 * id the API reads (src/annotations/personal/input.ts parseId).
 */
export function newTagId(): number {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  return (high & 0xffff) * 2 ** 32 + low || 1;
}

/**
 * The id of each name: from the caller's own database when one of its accounts uses the name
 * already (no other round trip), else from the directory, which gives a name met for the first
 * time anywhere a new id. Two databases meeting one new name at once both get the one the
 * directory kept (ON CONFLICT DO NOTHING, then read back).
 */
export async function tagIdsOfNames(
  db: Database,
  directory: Database,
  names: readonly string[],
  now = Date.now(),
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const wanted = [...new Set(names)];
  for (let i = 0; i < wanted.length; i += NAMES_PER_STATEMENT) {
    const part = JSON.stringify(wanted.slice(i, i + NAMES_PER_STATEMENT));
    const rows = await db
      .select({ id: tags.id, name: tags.name })
      .from(tags)
      .where(sql`${tags.name} IN (SELECT value FROM json_each(${part}))`);
    for (const r of rows) ids.set(r.name, r.id);
  }
  // A new id that happens to be another name's already leaves its name without a row: drawn again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const missing = wanted.filter((name) => !ids.has(name));
    if (!missing.length) break;
    for (let i = 0; i < missing.length; i += NAMES_PER_STATEMENT) {
      const part = missing.slice(i, i + NAMES_PER_STATEMENT);
      const [, found] = await runStatements(directory, [
        {
          sql: `INSERT INTO tag_names (id, name, created_at) SELECT value ->> 1, value ->> 0, ?2 FROM json_each(?1) WHERE true ON CONFLICT DO NOTHING`,
          params: [JSON.stringify(part.map((name) => [name, newTagId()])), now],
        },
        {
          sql: 'SELECT id, name FROM tag_names WHERE name IN (SELECT value FROM json_each(?1))',
          params: [JSON.stringify(part)],
        },
      ]);
      for (const r of found) ids.set(String(r.name), Number(r.id));
    }
  }
  const lost = wanted.find((name) => !ids.has(name));
  if (lost !== undefined) throw new Error('The directory gave no id for a tag name');
  return ids;
}

/** Runs statements on one database as a batch (src/db/client.ts runStatements, or a move's runner). */
export type Runs = (statements: Statement[]) => Promise<Record<string, unknown>[][]>;

/** How many marked tags one flush counts (the rest wait for the next). */
const FLUSH_TAGS = 200;

/**
 * Tells the directory how many accounts of database `shard` use each tag marked since the last
 * flush (src/db/schema.ts `tag_use_changes`): the count of a tag still used (its name registered
 * again should the directory have lost it), the removal of one no longer used, and the name's
 * removal once no database's account uses it (so that no private name outlives its use). Then
 * clears the marks it counted; a mark made meanwhile has moved on and stays. Run after the writes
 * of a request (src/middleware/personal.ts) and by a move; a flush that fails leaves the marks
 * for the next. Returns how many tags it counted.
 */
export async function flushTagUse(
  onShard: Runs,
  onDirectory: Runs,
  shard: string,
  now = Date.now(),
): Promise<number> {
  const [marked] = await onShard([
    {
      sql: `SELECT m.tag_id, m.version, t.name,
        (SELECT count(DISTINCT user_id) FROM taggings WHERE tag_id = m.tag_id) AS accounts
        FROM tag_use_changes AS m LEFT JOIN tags AS t ON t.id = m.tag_id LIMIT ${FLUSH_TAGS}`,
      params: [],
    },
  ]);
  if (!marked.length) return 0;
  const used = marked.filter((m) => Number(m.accounts) > 0 && m.name !== null);
  const unused = JSON.stringify(
    marked.filter((m) => !(Number(m.accounts) > 0 && m.name !== null)).map((m) => m.tag_id),
  );
  await onDirectory([
    {
      sql: `INSERT INTO tag_names (id, name, created_at) SELECT value ->> 0, value ->> 1, ?2 FROM json_each(?1) WHERE true ON CONFLICT DO NOTHING`,
      params: [JSON.stringify(used.map((m) => [m.tag_id, m.name])), now],
    },
    {
      sql: `INSERT INTO tag_accounts (tag_id, shard, accounts)
        SELECT value ->> 0, ?2, value ->> 1 FROM json_each(?1)
        WHERE value ->> 0 IN (SELECT id FROM tag_names)
        ON CONFLICT (tag_id, shard) DO UPDATE SET accounts = excluded.accounts`,
      params: [JSON.stringify(used.map((m) => [m.tag_id, m.accounts])), shard],
    },
    {
      sql: 'DELETE FROM tag_accounts WHERE shard = ?2 AND tag_id IN (SELECT value FROM json_each(?1))',
      params: [unused, shard],
    },
    {
      sql: `DELETE FROM tag_names WHERE id IN (SELECT value FROM json_each(?1))
        AND NOT EXISTS (SELECT 1 FROM tag_accounts WHERE tag_accounts.tag_id = tag_names.id)`,
      params: [unused],
    },
  ]);
  await onShard([
    {
      sql: `DELETE FROM tag_use_changes WHERE (tag_id, version) IN (SELECT value ->> 0, value ->> 1 FROM json_each(?1))`,
      params: [JSON.stringify(marked.map((m) => [m.tag_id, m.version]))],
    },
  ]);
  return marked.length;
}

/** flushTagUse for the caller's database and the directory as Drizzle clients. */
export function flushTagUseOf(db: Database, directory: Database, shard: string): Promise<number> {
  return flushTagUse(
    (s) => runStatements(db, s),
    (s) => runStatements(directory, s),
    shard,
  );
}

/** The ids of the tags the caller uses (its own database). */
async function tagsUsedBy(db: Database, userId: number): Promise<number[]> {
  const rows = await db.all<{ tag_id: number }>(
    sql`SELECT DISTINCT tag_id FROM taggings WHERE user_id = ${userId}`,
  );
  return rows.map((r) => r.tag_id);
}

/**
 * The site-wide tag list (GET /tags; docs/annotations.md "The site-wide tag list"): the tags the
 * caller uses and those at least TAG_LIST_MIN_ACCOUNTS accounts of all databases use, ranked by
 * the accounts using each (a name the caller shares with fewer than TAG_LIST_MIN_ACCOUNTS others
 * as one of its own, by name, or the rank would tell the caller that someone else uses a name it
 * joined), then by name.
 */
export async function siteTags(
  db: Database,
  directory: Database,
  userId: number,
  page: Page,
): Promise<Paged<TagRow>> {
  const mine = JSON.stringify(await tagsUsedBy(db, userId));
  const shown = `WITH mine(id) AS (SELECT value FROM json_each(?1)),
    totals AS (SELECT tag_id, sum(accounts) AS n FROM tag_accounts GROUP BY tag_id),
    shown AS (SELECT t.id, t.name, coalesce(x.n, 0) AS n, t.id IN (SELECT id FROM mine) AS own
      FROM tag_names AS t LEFT JOIN totals AS x ON x.tag_id = t.id
      WHERE t.id IN (SELECT id FROM mine) OR coalesce(x.n, 0) >= ${TAG_LIST_MIN_ACCOUNTS})`;
  const [rows, [{ total }]] = await runStatements(directory, [
    {
      sql: `${shown} SELECT id, name FROM shown
        ORDER BY CASE WHEN n - own >= ${TAG_LIST_MIN_ACCOUNTS} THEN n ELSE 0 END DESC, name
        LIMIT ?2 OFFSET ?3`,
      params: [mine, page.limit, page.offset],
    },
    { sql: `${shown} SELECT count(*) AS total FROM shown`, params: [mine] },
  ]);
  return {
    items: rows.map((r) => ({ id: Number(r.id), name: String(r.name) })),
    total: Number(total),
  };
}

/**
 * A tag by id or name, if the caller may see it (docs/annotations.md "Who sees a tag"): one its
 * own taggings use (its database), or one at least TAG_LIST_MIN_ACCOUNTS accounts of all
 * databases use (the directory), both asked at once; null otherwise, as for no such tag.
 */
export async function findTag(
  db: Database,
  directory: Database,
  userId: number,
  key: { id: number } | { name: string },
): Promise<TagRow | null> {
  const which = 'id' in key ? sql`${tags.id} = ${key.id}` : sql`${tags.name} = ${key.name}`;
  const column = 'id' in key ? 'id' : 'name';
  const value = 'id' in key ? key.id : key.name;
  const [[own], [shared]] = await Promise.all([
    db
      .select({ id: tags.id, name: tags.name })
      .from(tags)
      .where(
        sql`${which} AND EXISTS (SELECT 1 FROM taggings m WHERE m.tag_id = ${tags.id} AND m.user_id = ${userId})`,
      )
      .limit(1),
    runStatements(directory, [
      {
        sql: `SELECT id, name FROM tag_names AS t WHERE t.${column} = ?1
          AND (SELECT coalesce(sum(accounts), 0) FROM tag_accounts WHERE tag_id = t.id) >= ${TAG_LIST_MIN_ACCOUNTS}`,
        params: [value],
      },
    ]).then(([rows]) => rows),
  ]);
  if (own) return own;
  return shared ? { id: Number(shared.id), name: String(shared.name) } : null;
}
