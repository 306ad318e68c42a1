import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { durableObjectIdFromName } from '../../scripts/lib/miniflare-kv';
import { migrationStatements } from '../../scripts/lib/miniflare-d1';
import { REPO_ROOT } from '../../scripts/snapshot/paths';

/**
 * A local state folder (wrangler's `--persist-to`) whose D1 holds every migration, for the tests
 * of the scripts that write accounts and keys with wrangler: made here in-process, in the SQLite
 * file in which workerd keeps the database, where one `wrangler d1 execute` of the migrations
 * cost ~2 s of CPU (a workerd start) per test file. The layout is Miniflare's, as
 * scripts/lib/miniflare-kv.ts describes it for KV: `<state>/v3/d1/miniflare-D1DatabaseObject/`
 * `<idFromName(database_id)>.sqlite`; the scripts' real wrangler runs on this state, in the same
 * test files, fail if it ever moves.
 */
export interface LocalD1State {
  /** The folder to pass as `--persist-to`. */
  dir: string;
  /** The rows of one statement, run on the database's file (wrangler must not be running on it). */
  rows: <T>(sql: string, ...values: (string | number | null)[]) => T[];
  remove: () => void;
}

/** The unique key of Miniflare's D1 Durable Object class (its DO's files are named from it). */
const D1_OBJECT_KEY = 'miniflare-D1DatabaseObject';

/** wrangler.toml's `database_id` of the DB binding, which names the local database's file. */
function databaseId(): string {
  const toml = readFileSync(path.join(REPO_ROOT, 'wrangler.toml'), 'utf8');
  const id = /^\s*database_id\s*=\s*"([^"]+)"/m.exec(toml)?.[1];
  if (!id) throw new Error('wrangler.toml has no database_id');
  return id;
}

/** A new state folder with the migrations applied, and `setup` statements after them. */
export function localD1State(prefix: string, setup: string[] = []): LocalD1State {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const folder = path.join(dir, 'v3', 'd1', D1_OBJECT_KEY);
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `${durableObjectIdFromName(D1_OBJECT_KEY, databaseId())}.sqlite`);
  const db = new DatabaseSync(file);
  try {
    // workerd's own journal mode for the file.
    db.exec('PRAGMA journal_mode = WAL');
    for (const statement of [...migrationStatements(), ...setup]) db.exec(statement);
  } finally {
    db.close();
  }
  return {
    dir,
    rows: <T>(sql: string, ...values: (string | number | null)[]) => {
      const open = new DatabaseSync(file);
      try {
        return open.prepare(sql).all(...values) as T[];
      } finally {
        open.close();
      }
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
