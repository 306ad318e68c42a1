import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import {
  DIRECTORY,
  prepareShards,
  shardNames,
  type RunBatch,
  type Statement,
} from '../../src/db/shards';
import { REPO_ROOT } from '../snapshot/paths';
import { durableObjectIdFromName, localStateDir } from './miniflare-kv';
import { persistArgs, sqlString, wrangler, wranglerAsync } from './wrangler';

/**
 * The databases that hold accounts, as the scripts see them (docs/scale.md): wrangler.toml's D1
 * bindings `DB`, `DB_1`, …, their migrations applied and each prepared (src/db/shards.ts
 * prepareShards) before anything serves them: locally by `npm run dev` and the bench
 * (applyLocalShards, in-process on the SQLite files workerd keeps them in), remotely by `npm run
 * deploy` (applyRemoteShards, through wrangler).
 */

/** A D1 binding of wrangler.toml that holds accounts. */
export interface ShardConfig {
  binding: string;
  databaseId: string;
}

/** wrangler.toml's databases that hold accounts, `DB` first (its `[[d1_databases]]` tables, read as written). */
export function wranglerShards(configPath = path.join(REPO_ROOT, 'wrangler.toml')): ShardConfig[] {
  const toml = readFileSync(configPath, 'utf8');
  const found: Record<string, ShardConfig> = {};
  for (const table of toml.split(/^\[\[d1_databases\]\]\s*$/m).slice(1)) {
    const body = table.split(/^\[/m)[0];
    const binding = /^\s*binding\s*=\s*"([^"]+)"/m.exec(body)?.[1];
    const databaseId = /^\s*database_id\s*=\s*"([^"]+)"/m.exec(body)?.[1];
    if (binding && databaseId) found[binding] = { binding, databaseId };
  }
  return shardNames(found).map((name) => found[name]);
}

/** The unique key of Miniflare's D1 Durable Object class (its DO's files are named from it). */
const D1_OBJECT_KEY = 'miniflare-D1DatabaseObject';

/** The SQLite file in which workerd keeps a local database (test/support/local-d1.ts describes the layout). */
export function localShardFile(shard: ShardConfig, persistTo?: string): string {
  const folder = path.join(localStateDir(persistTo), 'v3', 'd1', D1_OBJECT_KEY);
  return path.join(folder, `${durableObjectIdFromName(D1_OBJECT_KEY, shard.databaseId)}.sqlite`);
}

/** The migrations' files in order (migrations/*.sql). */
function migrationFiles(dir = path.join(REPO_ROOT, 'migrations')): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

/** A file's statements: drizzle-kit separates them with `--> statement-breakpoint`. */
function statementsOf(file: string, dir = path.join(REPO_ROOT, 'migrations')): string[] {
  return readFileSync(path.join(dir, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * wrangler's table of applied migrations (wrangler and the Workers tests both keep it so:
 * `d1_migrations`, a name per file), made if missing.
 */
const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS d1_migrations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT UNIQUE,
  applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
)`;

/** Applies the migrations a local database lacks, each in a transaction with its record, as wrangler does. */
function migrateFile(db: DatabaseSync): string[] {
  db.exec(MIGRATIONS_TABLE);
  const applied = new Set(
    (db.prepare('SELECT name FROM d1_migrations').all() as { name: string }[]).map((r) => r.name),
  );
  const done: string[] = [];
  for (const file of migrationFiles()) {
    if (applied.has(file)) continue;
    db.exec('BEGIN');
    try {
      for (const statement of statementsOf(file)) db.exec(statement);
      db.prepare('INSERT INTO d1_migrations (name) VALUES (?)').run(file);
      db.exec('COMMIT');
    } catch (err) {
      db.exec('ROLLBACK');
      throw err;
    }
    done.push(file);
  }
  return done;
}

/** RunBatch over open SQLite files, by binding: each batch one transaction. */
function fileRunner(files: Map<string, DatabaseSync>): RunBatch {
  return async (binding, statements) => {
    const db = files.get(binding);
    if (!db) throw new Error(`no local database ${binding}`);
    db.exec('BEGIN');
    try {
      const rows = statements.map((s) => {
        const prepared = db.prepare(s.sql);
        return /^\s*(SELECT|WITH)\b|\bRETURNING\b/i.test(s.sql)
          ? (prepared.all(...s.params) as Record<string, unknown>[])
          : (prepared.run(...s.params), []);
      });
      db.exec('COMMIT');
      return rows;
    } catch (err) {
      db.exec('ROLLBACK');
      throw err;
    }
  };
}

/**
 * Every local database that holds accounts migrated and prepared, in-process on the SQLite files
 * workerd keeps them in (no wrangler process: a workerd start each, seconds of CPU), before
 * `wrangler dev` or a bench's Miniflare opens them. Returns a line per database it changed.
 */
export async function applyLocalShards(persistTo?: string): Promise<string[]> {
  // Loaded here: a script that does not touch local D1 does not load node:sqlite.
  const { DatabaseSync } = await import('node:sqlite');
  const shards = wranglerShards();
  const files = new Map<string, DatabaseSync>();
  const lines: string[] = [];
  try {
    for (const shard of shards) {
      const file = localShardFile(shard, persistTo);
      if (!existsSync(path.dirname(file))) mkdirSync(path.dirname(file), { recursive: true });
      const db = new DatabaseSync(file);
      files.set(shard.binding, db);
      // workerd's own journal mode for the file.
      db.exec('PRAGMA journal_mode = WAL');
      db.exec('PRAGMA foreign_keys = ON');
      const migrated = migrateFile(db);
      if (migrated.length) lines.push(`${shard.binding}: applied ${migrated.join(', ')}`);
    }
    lines.push(
      ...(await prepareShards(
        shards.map((s) => s.binding),
        fileRunner(files),
      )),
    );
  } finally {
    for (const db of files.values()) db.close();
  }
  return lines;
}

/** A statement with its values written in, for `wrangler d1 execute --command` (SQLite quoting). */
export function inlineStatement(statement: Statement): string {
  return statement.sql.replace(/\?(\d*)/g, (_, n: string, offset: number, all: string) => {
    // `?` without a number takes the next value in order; `?N` the N-th.
    const index = n ? Number(n) - 1 : all.slice(0, offset).split('?').length - 1;
    const value = statement.params[index];
    if (value === null || value === undefined) return 'NULL';
    return typeof value === 'number' ? String(value) : sqlString(value);
  });
}

/**
 * RunBatch through `wrangler d1 execute <binding> --json --command` (local, or remote with
 * `--remote`): one wrangler run per batch, its statements in one command.
 */
export function wranglerRunner(where: '--local' | '--remote', persistTo?: string): RunBatch {
  return async (binding, statements) => {
    const sql = statements.map((s) => `${inlineStatement(s)};`).join('\n');
    const out = await wranglerAsync(
      ['d1', 'execute', binding, where, '--json', '--command', sql, ...persistArgs(persistTo)],
      { quiet: true },
    );
    // wrangler may print a line or two before its JSON: the array is the rest.
    const parsed = JSON.parse(out.slice(out.indexOf('['))) as {
      results: Record<string, unknown>[];
    }[];
    return parsed.map((r) => r.results ?? []);
  };
}

/**
 * Every remote database that holds accounts migrated (`wrangler d1 migrations apply <binding>
 * --remote`, each in turn) and prepared: what `npm run deploy` runs before the code that needs
 * them (docs/scale.md "Adding a database").
 */
export async function applyRemoteShards(): Promise<string[]> {
  const shards = wranglerShards();
  for (const { binding } of shards) {
    console.log(`applying D1 migrations to ${binding} (remote)…`);
    wrangler(['d1', 'migrations', 'apply', binding, '--remote']);
  }
  return prepareShards(
    shards.map((s) => s.binding),
    wranglerRunner('--remote'),
  );
}

/**
 * Migrations applied to every database through wrangler (local or remote), for the account
 * commands, which may run beside `npm run dev` (wrangler shares its local state with it).
 */
export async function migrateShardsWithWrangler(
  where: '--local' | '--remote',
  persistTo?: string,
): Promise<void> {
  await Promise.all(
    wranglerShards().map(({ binding }) =>
      wranglerAsync(['d1', 'migrations', 'apply', binding, where, ...persistArgs(persistTo)], {
        quiet: true,
      }),
    ),
  );
  await prepareShards(
    wranglerShards().map((s) => s.binding),
    wranglerRunner(where, persistTo),
  );
}

export { DIRECTORY };
