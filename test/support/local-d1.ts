import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { applyLocalShards, localShardFile, wranglerShards } from '../../scripts/lib/shards';

/**
 * A local state folder (wrangler's `--persist-to`) whose databases that hold accounts (wrangler.toml's
 * `DB`, `DB_1`, …; docs/scale.md) hold every migration and are prepared, for the tests of the
 * scripts that write accounts and keys with wrangler: made here in-process, in the SQLite files in
 * which workerd keeps the databases (scripts/lib/shards.ts applyLocalShards, as `npm run dev`
 * makes them), where one `wrangler d1 execute` of the migrations cost ~2 s of CPU (a workerd
 * start) per database and test file. The layout is Miniflare's: `<state>/v3/d1/`
 * `miniflare-D1DatabaseObject/<idFromName(database_id)>.sqlite`; the scripts' real wrangler runs
 * on this state, in the same test files, fail if it ever moves.
 */
export interface LocalD1State {
  /** The folder to pass as `--persist-to`. */
  dir: string;
  /**
   * The rows of one statement, run on a database's file (`DB`, the directory, unless `binding`
   * says; wrangler must not be running on it).
   */
  rows: <T>(sql: string, ...values: (string | number | null)[]) => T[];
  /** rows() on the database of a binding. */
  rowsOf: <T>(binding: string, sql: string, ...values: (string | number | null)[]) => T[];
  remove: () => void;
}

/** A new state folder with every database migrated and prepared. */
export async function localD1State(prefix: string): Promise<LocalD1State> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  await applyLocalShards(dir);
  const rowsOf = <T>(binding: string, sql: string, ...values: (string | number | null)[]) => {
    const shard = wranglerShards().find((s) => s.binding === binding);
    if (!shard) throw new Error(`wrangler.toml has no database ${binding}`);
    const open = new DatabaseSync(localShardFile(shard, dir));
    try {
      return open.prepare(sql).all(...values) as T[];
    } finally {
      open.close();
    }
  };
  return {
    dir,
    rows: (sql, ...values) => rowsOf('DB', sql, ...values),
    rowsOf,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
