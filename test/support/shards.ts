import { env } from 'cloudflare:workers';
import type { ShardDb } from '../../src/annotations/public/across-shards';
import { database } from '../../src/db/client';
import { d1Runner, DIRECTORY, shardBinding, shardNames } from '../../src/db/shards';

/**
 * The databases that hold accounts in the Workers tests: the three of wrangler.toml (docs/scale.md),
 * so that every test's accounts spread over them as a deployment's would.
 */
export const SHARDS = shardNames(env);

/** Runs statements on a test database by its binding (src/db/shards.ts RunBatch). */
export const run = d1Runner(env);

/** The directory's database (the first). */
export const directory = (): D1Database => shardBinding(env, DIRECTORY);

/** The binding of the database that holds an account, as the directory says. */
export async function shardOf(userId: number): Promise<string> {
  const row = await directory()
    .prepare('SELECT shard FROM accounts WHERE id = ?1')
    .bind(userId)
    .first<{ shard: string }>();
  if (!row) throw new Error(`no account ${userId} in the directory`);
  return row.shard;
}

/** The D1 database that holds an account (for a test that reads or changes its rows directly). */
export async function accountDb(userId: number): Promise<D1Database> {
  return shardBinding(env, await shardOf(userId));
}

/** A statement's rows summed over every database (a count of rows wherever they are). */
export async function countEverywhere(sql: string, ...params: unknown[]): Promise<number> {
  const counts = await Promise.all(
    SHARDS.map((name) =>
      shardBinding(env, name)
        .prepare(sql)
        .bind(...params)
        .first<{ n: number }>(),
    ),
  );
  return counts.reduce((n, row) => n + (row?.n ?? 0), 0);
}

/** Gives an account the moderator role, as `npm run user -- role` does, in the database that holds it. */
export async function makeModerator(userId: number): Promise<void> {
  await (
    await accountDb(userId)
  )
    .prepare("UPDATE users SET role = 'moderator' WHERE id = ?")
    .bind(userId)
    .run();
}

/** Every database as a request that reads them all has them (src/db/session.ts everyShard). */
export function everyShardDb(): ShardDb[] {
  return SHARDS.map((shard) => ({ shard, db: database(shardBinding(env, shard)) }));
}
