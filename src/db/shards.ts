/**
 * The databases that hold the accounts (docs/scale.md). Every D1 binding named `DB` or `DB_<n>`
 * (wrangler.toml) holds accounts, each account in exactly one of them: its `users` row and
 * everything it owns (notes, taggings, their references, its changes feed, its idempotency keys),
 * plus the reports on its notes and the moderation log of its notes. The first, `DB`, also holds
 * the directory (src/db/schema.ts `accounts` …): which database holds each account, the tag names
 * every database shares, the read keys and the id blocks. One binding alone is a whole
 * deployment; local development runs three, so that every test routes accounts across databases.
 *
 * Every database gets every migration (one schema); a worker serves none of them until each has
 * the latest migration and says it is the database of its binding (`shardsReady`), and a
 * database is prepared once, before it is served, by `prepareShards`: it is given its block of
 * ids, so that an id names one row in all databases and a moved account's rows keep theirs.
 */

/** The binding of the first database, which also holds the directory. */
export const DIRECTORY = 'DB';

/** The name of a binding that holds accounts: `DB`, `DB_1`, `DB_2`, … */
const SHARD_BINDING = /^DB(?:_([1-9]\d{0,2}))?$/;

/** The number in a shard's name: 0 for `DB`, n for `DB_<n>` (the order they are listed in). */
const shardNumber = (name: string): number => Number(SHARD_BINDING.exec(name)?.[1] ?? 0);

/** The databases that hold accounts among a worker's bindings (or a config's), `DB` first. */
export function shardNames(bindings: object): string[] {
  return Object.keys(bindings)
    .filter((name) => SHARD_BINDING.test(name))
    .sort((a, b) => shardNumber(a) - shardNumber(b));
}

/** The D1 binding of a database that holds accounts. */
export function shardBinding(bindings: object, name: string): D1Database {
  const binding = SHARD_BINDING.test(name)
    ? (bindings as Record<string, D1Database | undefined>)[name]
    : undefined;
  if (!binding)
    throw new Error(`No D1 binding ${name}: the directory names a database this worker lacks`);
  return binding;
}

/**
 * How many ids each block holds. A database allocates the ids of its notes, taggings, their
 * references, reports and log entries from its block (AUTOINCREMENT continues from the block's
 * first id), so the ids of different databases never meet, and a moved account keeps its ids (its
 * rows are copied with them; the database they arrive in moves on to a block above every id:
 * src/db/move-account.ts). A billion ids a table a block: more than a 10 GB database can hold.
 */
export const ID_BLOCK_SIZE = 1_000_000_000;

/**
 * The last block. A reader's coverage read packs `kind × 2^38 + id` into exact doubles
 * (src/annotations/references.ts readerSpans), so ids stay below 2^38: 274 blocks of 10^9.
 */
export const MAX_ID_BLOCK = Math.floor(2 ** 38 / ID_BLOCK_SIZE) - 1;

/** The block an id is of. */
export const blockOf = (id: number): number => Math.floor(id / ID_BLOCK_SIZE);

/**
 * The last migration (migrations/): a database without it is not served. test/node/shards.test.ts
 * holds it to the folder's last file.
 */
export const LATEST_MIGRATION = '0010_shards.sql';

/** One statement and its values, for whatever runs it (a D1 binding, wrangler, a SQLite file). */
export interface Statement {
  sql: string;
  params: (string | number | null)[];
}

/** Runs statements on the database of a binding as one batch; the rows of each. */
export type RunBatch = (
  binding: string,
  statements: Statement[],
) => Promise<Record<string, unknown>[][]>;

/** RunBatch over a worker's D1 bindings. */
export function d1Runner(bindings: object): RunBatch {
  return async (binding, statements) => {
    const db = shardBinding(bindings, binding);
    const results = await db.batch(statements.map((s) => db.prepare(s.sql).bind(...s.params)));
    return results.map((r) => (r.results ?? []) as Record<string, unknown>[]);
  };
}

// ---------------------------------------------------------------------------- preparing a database

/** An account id that no account has: the placeholder rows of `idsFrom` belong to it. */
const PLACEHOLDER_ACCOUNT = -1;

/**
 * The statements after which the database allocates every block table's next id above `first`:
 * a placeholder row of id `first` in each, then their deletion (AUTOINCREMENT never gives an id
 * below the largest it gave: SQLite's "AUTOINCREMENT" page). Plain rows, so that no access to
 * SQLite's own sqlite_sequence table is needed. The placeholder account's deletion takes its
 * rows with it (the triggers of its rows' changes see no account and write nothing).
 */
export function idsFrom(first: number): Statement[] {
  const a = PLACEHOLDER_ACCOUNT;
  const ref = `'-:-.0.0'`;
  // A name no tag can have (tag names hold no C0 control character: src/annotations/personal/input.ts).
  const name = `\u0001placeholder ${first}`;
  return [
    {
      sql: `INSERT INTO users (id, email, password_hash, token_hash, created_at, updated_at) VALUES (?1, ?2, '', ?2, 0, 0)`,
      params: [a, name],
    },
    {
      sql: `INSERT INTO tags (id, name, created_at) VALUES (?1, ?2, 0)`,
      params: [a, name],
    },
    {
      sql: `INSERT INTO notes (id, user_id, title, created_at, updated_at) VALUES (?1, ?2, '', 0, 0)`,
      params: [first, a],
    },
    {
      sql: `INSERT INTO note_references (id, note_id, ord, start_verse, end_verse, created_at, updated_at, user_id) VALUES (?1, ?1, 0, ${ref}, ${ref}, 0, 0, ?2)`,
      params: [first, a],
    },
    {
      sql: `INSERT INTO taggings (id, user_id, tag_id, created_at, updated_at) VALUES (?1, ?2, ?2, 0, 0)`,
      params: [first, a],
    },
    {
      sql: `INSERT INTO tagging_references (id, tagging_id, ord, start_verse, end_verse, created_at, updated_at, user_id) VALUES (?1, ?1, 0, ${ref}, ${ref}, 0, 0, ?2)`,
      params: [first, a],
    },
    {
      sql: `INSERT INTO note_reports (id, note_id, reporter_id, reason, created_at) VALUES (?1, ?1, ?2, '', 0)`,
      params: [first, a],
    },
    {
      sql: `INSERT INTO moderation_log (id, moderator_id, note_id, action, at) VALUES (?1, ?2, ?1, '', 0)`,
      params: [first, a],
    },
    { sql: `DELETE FROM moderation_log WHERE id = ?1`, params: [first] },
    { sql: `DELETE FROM users WHERE id = ?1`, params: [a] },
    { sql: `DELETE FROM tags WHERE id = ?1`, params: [a] },
    { sql: `DELETE FROM tag_use_changes WHERE tag_id = ?1`, params: [a] },
  ];
}

/** Claims the next free block for a database, in the directory; returns its number. */
export function claimBlock(shard: string, now: number): Statement {
  return {
    sql: `INSERT INTO id_blocks (block, shard, claimed_at) SELECT coalesce(max(block) + 1, 0), ?1, ?2 FROM id_blocks RETURNING block`,
    params: [shard, now],
  };
}

/** A database's identity: the binding it was prepared as and its current block. */
export const READ_IDENTITY: Statement = {
  sql: 'SELECT name, block FROM shard_identity',
  params: [],
};

export class ShardRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ShardRefused';
  }
}

function checkedBlock(shard: string, block: number): number {
  if (block > MAX_ID_BLOCK)
    throw new ShardRefused(
      `No id block is left for ${shard}: ${MAX_ID_BLOCK + 1} blocks of ${ID_BLOCK_SIZE} ids are the most ids below 2^38 hold (docs/scale.md "Ids")`,
    );
  return block;
}

/**
 * Prepares each database that has not been: claims its block in the directory (the first
 * database's is block 0, the ids it has always given), moves its ids to the block and records
 * its identity, in one batch. A database prepared already is checked to be the one its binding
 * names. `npm run dev`, the tests' set-up and `npm run deploy` run it after the migrations
 * (scripts/lib/shards.ts); it is idempotent. Returns a line per database it prepared.
 */
export async function prepareShards(
  names: readonly string[],
  run: RunBatch,
  now = Date.now(),
): Promise<string[]> {
  if (names[0] !== DIRECTORY)
    throw new ShardRefused(
      `The first database must be bound as ${DIRECTORY}: it holds the directory`,
    );
  const done: string[] = [];
  for (const name of names) {
    const [identity] = await run(name, [READ_IDENTITY]);
    if (identity.length) {
      if (identity[0].name !== name)
        throw new ShardRefused(
          `The database bound as ${name} was prepared as ${String(identity[0].name)}: two bindings name one database, or the bindings were renamed (docs/scale.md "Adding a database")`,
        );
      continue;
    }
    const [[claimed]] = await run(DIRECTORY, [claimBlock(name, now)]);
    const block = checkedBlock(name, Number(claimed.block));
    await run(name, [
      ...(block > 0 ? idsFrom(block * ID_BLOCK_SIZE) : []),
      {
        sql: 'INSERT INTO shard_identity (name, block, prepared_at) VALUES (?1, ?2, ?3)',
        params: [name, block, now],
      },
    ]);
    done.push(`${name}: prepared, ids from block ${block} (${block * ID_BLOCK_SIZE + 1} on)`);
  }
  return done;
}

// -------------------------------------------------------------------------------- serving them

/**
 * Why a database cannot be served, or null: it lacks the latest migration, or was not prepared
 * as the database of its binding.
 */
async function shardProblem(name: string, db: D1Database): Promise<string | null> {
  let migrated: boolean;
  try {
    migrated =
      (await db
        .prepare('SELECT 1 FROM d1_migrations WHERE name = ?1')
        .bind(LATEST_MIGRATION)
        .first()) !== null;
  } catch {
    migrated = false;
  }
  if (!migrated)
    return `The database bound as ${name} lacks migration ${LATEST_MIGRATION}: apply the migrations to every database (npm run deploy does; wrangler d1 migrations apply ${name} --remote) before it is served`;
  const { results } = await db.prepare(READ_IDENTITY.sql).all<{ name: string }>();
  if (results.length !== 1)
    return `The database bound as ${name} was never prepared: npm run deploy prepares it (docs/scale.md "Adding a database")`;
  if (results[0].name !== name)
    return `The database bound as ${name} was prepared as ${results[0].name}: two bindings name one database, or the bindings were renamed`;
  return null;
}

/** The databases found fit to serve, per binding and the name it is bound as (kept for the isolate's life). */
const ready = new WeakMap<D1Database, Map<string, Promise<void>>>();

/**
 * Resolves once every database of `bindings` has the latest migration and its identity, checked
 * once per binding per isolate; rejects with the first problem (ShardRefused), checked again on
 * the next request, so that a database migrated meanwhile is served without a restart.
 */
export function shardsReady(bindings: object): Promise<void> {
  const names = shardNames(bindings);
  return Promise.all(
    names.map((name) => {
      const db = shardBinding(bindings, name);
      let checks = ready.get(db);
      if (!checks) ready.set(db, (checks = new Map()));
      let check = checks.get(name);
      if (!check) {
        check = shardProblem(name, db).then((problem) => {
          if (problem) throw new ShardRefused(problem);
        });
        checks.set(name, check);
        check.catch(() => checks.delete(name));
      }
      return check;
    }),
  ).then(() => undefined);
}
