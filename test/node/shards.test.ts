import { readdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccounts } from '../../src/auth/new-account';
import { DIRECTORY, LATEST_MIGRATION, type RunBatch } from '../../src/db/shards';
import { applyLocalShards, localShardFile, wranglerShards } from '../../scripts/lib/shards';
import { REPO_ROOT } from '../../scripts/snapshot/paths';
import { localD1State, type LocalD1State } from '../support/local-d1';
import { runScript } from '../support/run-script';

/**
 * The databases that hold accounts as the scripts prepare them (docs/scale.md): `npm run dev` and
 * the bench migrate and prepare every one of wrangler.toml's (scripts/lib/shards.ts
 * applyLocalShards), and `npm run user -- move` moves an account between them, as a user runs it.
 */

describe('the databases that hold accounts, locally', () => {
  it('are wrangler.toml’s DB, DB_1 and DB_2, each with a database id of its own', () => {
    const shards = wranglerShards();
    expect(shards.map((s) => s.binding)).toEqual(['DB', 'DB_1', 'DB_2']);
    expect(new Set(shards.map((s) => s.databaseId)).size).toBe(3);
  });

  it('LATEST_MIGRATION, which a worker requires of every database, is the last migration', () => {
    const files = readdirSync(path.join(REPO_ROOT, 'migrations'))
      .filter((f) => f.endsWith('.sql'))
      .sort();
    expect(files.at(-1)).toBe(LATEST_MIGRATION);
  });

  let state: LocalD1State;
  beforeAll(async () => {
    state = await localD1State('shards-');
  });
  afterAll(() => state.remove());

  it('are each migrated and prepared as npm run dev leaves them, once: a second run changes nothing', async () => {
    for (const shard of wranglerShards()) {
      const db = new DatabaseSync(localShardFile(shard, state.dir));
      try {
        const applied = (
          db.prepare('SELECT name FROM d1_migrations ORDER BY id').all() as {
            name: string;
          }[]
        ).map((r) => r.name);
        expect(applied.at(-1), shard.binding).toBe(LATEST_MIGRATION);
        expect(db.prepare('SELECT name FROM shard_identity').all()).toEqual([
          { name: shard.binding },
        ]);
      } finally {
        db.close();
      }
    }
    expect(await applyLocalShards(state.dir)).toEqual([]);
  });

  it(
    'npm run user -- move moves an account to another database and says how long its writes paused',
    // getPlatformProxy starts a workerd for the local databases.
    { timeout: 120_000 },
    async () => {
      const email = `moved-${Date.now()}@example.test`;
      // The account made in-process in the state's files, as `npm run user -- create` makes it.
      const files = new Map(
        wranglerShards().map((s) => [s.binding, new DatabaseSync(localShardFile(s, state.dir))]),
      );
      const inFiles: RunBatch = async (binding, statements) =>
        statements.map((s) => {
          const prepared = files.get(binding)!.prepare(s.sql);
          return /RETURNING|^\s*SELECT/i.test(s.sql)
            ? (prepared.all(...s.params) as Record<string, unknown>[])
            : (prepared.run(...s.params), []);
        });
      const [made] = await createAccounts(
        inFiles,
        [...files.keys()],
        [{ email, password: 'moved password', passwordHash: 'x' }],
      );
      for (const db of files.values()) db.close();
      const to = made.shard === 'DB_2' ? 'DB_1' : 'DB_2';
      const { status, out } = await runScript('scripts/user.ts', [
        'move',
        email,
        '--to',
        to,
        '--grace',
        '0',
        '--persist-to',
        state.dir,
      ]);
      expect(status, out).toBe(0);
      expect(out).toMatch(
        new RegExp(
          `moved ${email} from ${made.shard} to ${to} \\(1 users, .*\\); its writes paused \\d+ ms`,
        ),
      );
      expect(state.rows('SELECT shard, placement FROM accounts WHERE email = ?', email)).toEqual([
        { shard: to, placement: 1 },
      ]);
      expect(state.rowsOf(to, 'SELECT email FROM users WHERE id = ?', made.id)).toEqual([
        { email },
      ]);
      expect(state.rowsOf(made.shard, 'SELECT email FROM users WHERE id = ?', made.id)).toEqual([]);
      expect(DIRECTORY).toBe('DB');
    },
  );

  it('npm run user -- move refuses a database that is not one of them before touching any', async () => {
    const { status, out } = await runScript('scripts/user.ts', [
      'move',
      'someone@example.test',
      '--to',
      'ELSEWHERE',
    ]);
    expect(status).toBe(2);
    expect(out).toContain('--to names the database to move the account to');
  });
});
