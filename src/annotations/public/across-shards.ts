import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notes } from '../../db/schema';
import { logUnhandledError } from '../../http/log';

/**
 * Reading every database that holds accounts (docs/scale.md "What stays whole"): what other
 * accounts wrote is in their databases, so the public notes of a verse, the moderators' queue and
 * log, and a note named by its id are read from all of them, side by side.
 */

/** One database that holds accounts, by its binding, as a request reads it (src/db/session.ts everyShard). */
export interface ShardDb {
  shard: string;
  db: Database;
}

/**
 * How long a read of every database waits for each. A database that has not answered by then (or
 * failed) is left out of that answer, and the failure logged: one slow or overloaded database
 * ("D1 DB is overloaded") must not hold every reader's page. 1 s is far above a healthy answer
 * (a few milliseconds: docs/scale.md "Reading every database").
 */
export const FAN_OUT_BUDGET_MS = 1000;

/** A timeout's promise, resolved with `value` after `ms`; its timer cleared once the race is over. */
function after<T>(ms: number, value: T): { promise: Promise<T>; clear: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(value), ms);
  });
  return { promise, clear: () => timer !== undefined && clearTimeout(timer) };
}

/**
 * `read` run on every database at once: the answers of those that answered within `budget` ms,
 * each with its database, in the databases' order. A database that failed or ran out of time is
 * left out (and logged); `missing` names them.
 */
export async function fanOut<T>(
  shards: readonly ShardDb[],
  read: (db: Database, shard: string) => Promise<T>,
  budget = FAN_OUT_BUDGET_MS,
): Promise<{ answers: { shard: string; db: Database; value: T }[]; missing: string[] }> {
  const LATE = Symbol('late');
  const timeout = after(budget, LATE);
  const settled = await Promise.all(
    shards.map(async ({ shard, db }) => {
      try {
        const value = await Promise.race([read(db, shard), timeout.promise]);
        if (value === LATE) {
          logUnhandledError(
            new Error(`${shard} did not answer a read of every database within ${budget} ms`),
          );
          return null;
        }
        return { shard, db, value: value as T };
      } catch (err) {
        logUnhandledError(err);
        return null;
      }
    }),
  );
  timeout.clear();
  const answers = settled.filter((a) => a !== null);
  return {
    answers,
    missing: shards.filter((s) => !answers.some((a) => a.shard === s.shard)).map((s) => s.shard),
  };
}

/**
 * The database that holds a note, by its id (ids are unique across databases: src/db/shards.ts),
 * or null when none does. Every database is asked, side by side: one of them at most answers.
 */
export async function shardOfNote(
  shards: readonly ShardDb[],
  noteId: number,
): Promise<ShardDb | null> {
  const found = await Promise.all(
    shards.map(async (s) => {
      const [row] = await s.db
        .select({ id: notes.id })
        .from(notes)
        .where(eq(notes.id, noteId))
        .limit(1);
      return row ? s : null;
    }),
  );
  return found.find((s) => s !== null) ?? null;
}

/**
 * Merges lists each already in one order (a database's rows) into one list in that order, keeping
 * at most `limit` items: what a read of every database shows, as one database's read would.
 */
export function mergeOrdered<T>(
  lists: readonly (readonly T[])[],
  before: (a: T, b: T) => number,
  limit = Infinity,
): T[] {
  return lists.flat().sort(before).slice(0, limit);
}
