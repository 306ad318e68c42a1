import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  blockOf,
  d1Runner,
  ID_BLOCK_SIZE,
  LATEST_MIGRATION,
  MAX_ID_BLOCK,
  prepareShards,
  shardNames,
  shardsReady,
  ShardRefused,
} from '../../src/db/shards';
import worker from '../../src/index';
import { readerSpans } from '../../src/annotations/references';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { createNote, createTagging, GEN_1_1, list } from '../support/annotations';
import { basic, newUser } from '../support/http';
import { directory, run, SHARDS } from '../support/shards';

/**
 * The databases that hold accounts (docs/scale.md): three in the tests, as `npm run dev` has them;
 * each prepared with a block of ids of its own, and none served without the latest migration and
 * its preparation.
 */

/** An account in each database (new accounts go to the one holding the fewest). */
async function oneAccountPerShard() {
  const found = new Map<string, { id: number; token: string; shard: string }>();
  while (found.size < SHARDS.length) {
    const user = await newUser('spread');
    if (!found.has(user.shard)) found.set(user.shard, user);
  }
  return found;
}

/** A request through the worker's entry point with these bindings. */
async function fetchWith(
  bindings: object,
  path: string,
  token: string,
  body?: unknown,
): Promise<Response> {
  const ctx = createExecutionContext();
  const headers = { Authorization: basic(token), 'Content-Type': 'application/json' };
  const res = await worker.fetch(
    new Request(`https://api.test${path}`, {
      headers,
      ...(body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) }),
    }),
    bindings as Env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

describe('the databases that hold accounts', () => {
  it('are wrangler.toml’s three, the directory’s first', () => {
    expect(SHARDS).toEqual(['DB', 'DB_1', 'DB_2']);
    expect(shardNames({ DB_2: 1, DB: 1, SNAPSHOT: 1, DB_10: 1, DBX: 1 })).toEqual([
      'DB',
      'DB_2',
      'DB_10',
    ]);
  });

  it('each gives ids from a block of its own: a note’s or tagging’s id names one row in all of them', async () => {
    const blocks = new Map<string, number>();
    for (const name of SHARDS) {
      const [[identity]] = await run(name, [
        { sql: 'SELECT name, block FROM shard_identity', params: [] },
      ]);
      expect(identity.name).toBe(name);
      blocks.set(name, Number(identity.block));
    }
    expect(new Set(blocks.values()).size).toBe(SHARDS.length);
    const claimed = await directory()
      .prepare('SELECT block, shard FROM id_blocks')
      .all<{ block: number; shard: string }>();
    for (const [name, block] of blocks)
      expect(claimed.results).toContainEqual({ block, shard: name });
    for (const [shard, user] of await oneAccountPerShard()) {
      const { note } = await createNote(user.token, { title: 'ids', references: [GEN_1_1] });
      const { tagging } = await createTagging(user.token, {
        name: `ids ${Date.now()}`,
        references: [GEN_1_1],
      });
      expect(blockOf(Number(note.id)), shard).toBe(blocks.get(shard));
      expect(blockOf(Number(tagging.id)), shard).toBe(blocks.get(shard));
      expect(Number(note.id) % ID_BLOCK_SIZE).toBeGreaterThan(0);
    }
  });

  it('a reader’s coverage read keeps notes and taggings of every block apart, up to the last id', () => {
    // Packed as a coverage read answers them (src/annotations/references.ts PackedSpans): a note
    // and a tagging of a block past 2^31, and the last block's last id.
    const last = (MAX_ID_BLOCK + 1) * ID_BLOCK_SIZE - 1;
    const span = (parent: number) => `${parent * 2 ** 14},"KJV",${3001 * 1_000_000 + 3002}`;
    const { keys } = readerSpans([
      [0, 'John', `${span(3 * ID_BLOCK_SIZE + 7)},${span(last)}`],
      [1, 'John', span(3 * ID_BLOCK_SIZE + 7)],
    ]);
    expect(keys).toEqual([
      { kind: 'note', id: 3 * ID_BLOCK_SIZE + 7 },
      { kind: 'note', id: last },
      { kind: 'tagging', id: 3 * ID_BLOCK_SIZE + 7 },
    ]);
    expect(last).toBeLessThan(2 ** 38);
  });

  it('are prepared once: preparing again changes nothing', async () => {
    const before = await directory().prepare('SELECT count(*) AS n FROM id_blocks').first();
    expect(await prepareShards(SHARDS, d1Runner(env))).toEqual([]);
    expect(await directory().prepare('SELECT count(*) AS n FROM id_blocks').first()).toEqual(
      before,
    );
  });
});

describe('one database alone', () => {
  it('is a whole deployment: accounts are placed in it, write there, and read each other’s public notes', async () => {
    const { DB_1: _one, DB_2: _two, ...alone } = env;
    expect(shardNames(alone)).toEqual(['DB']);
    const author = await newUser('alone', alone);
    const reader = await newUser('alone', alone);
    expect([author.shard, reader.shard]).toEqual(['DB', 'DB']);
    const title = `alone ${Date.now()}`;
    const made = await fetchWith(alone, '/notes.js', author.token, {
      note: { title, public: 1, references: { reference: [GEN_1_1] } },
    });
    expect(made.status).toBe(201);
    const listed = await fetchWith(alone, '/verses/KJV:Gen.1.1/public-notes.js', reader.token);
    expect(listed.status).toBe(200);
    const notes = list(((await listed.json()) as any).public_notes.public_note);
    expect(notes.map((n: { title: string }) => n.title)).toContain(title);
  });
});

describe('a database is not served until it has every migration and its preparation', () => {
  it('refuses a database without the latest migration, with a message that says which and what to run', async () => {
    const { token } = await newUser();
    const broken = { ...env, DB_2: env.TEST_UNMIGRATED };
    await expect(shardsReady(broken)).rejects.toBeInstanceOf(ShardRefused);
    await expect(shardsReady(broken)).rejects.toThrow(
      `The database bound as DB_2 lacks migration ${LATEST_MIGRATION}: apply the migrations to every database`,
    );
    // Every request that needs D1 is refused (never served from the other databases either).
    const res = await fetchWith(broken, '/user/notes.xml', token);
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('60');
    expect(await res.text()).toContain(`lacks migration ${LATEST_MIGRATION}`);
    // The databases as they are serve it.
    expect((await fetchWith(env, '/user/notes.xml', token)).status).toBe(200);
  });

  it('refuses a binding that names another database (two bindings, one database)', async () => {
    const { token } = await newUser();
    const twice = { ...env, DB_2: env.DB_1 };
    await expect(shardsReady(twice)).rejects.toThrow(
      'The database bound as DB_2 was prepared as DB_1',
    );
    expect((await fetchWith(twice, '/user/notes.xml', token)).status).toBe(503);
  });

  it('refuses a migrated database that was never prepared', async () => {
    const { token } = await newUser();
    const db = env.TEST_UNMIGRATED;
    const migrated = await db
      .prepare("SELECT 1 FROM sqlite_master WHERE name = 'd1_migrations'")
      .first();
    // Migrated here, as a deployer's new database before `npm run deploy` prepares it.
    if (!migrated) {
      const { applyD1Migrations } = await import('cloudflare:test');
      await applyD1Migrations(db, env.TEST_MIGRATIONS);
    }
    const unprepared = { ...env, DB_2: db };
    await expect(shardsReady(unprepared)).rejects.toThrow(
      'The database bound as DB_2 was never prepared',
    );
    expect((await fetchWith(unprepared, '/user/notes.xml', token)).status).toBe(503);
  });
});
