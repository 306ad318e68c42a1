import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { changes, users } from '../../db/schema';
import { MAX_TOMBSTONES, TOMBSTONE_DAYS } from '../../api/limits';

/**
 * How long the changes feed keeps deletions (docs/sync.md "Retention"), and the statements that
 * prune them. A live item's change row is never pruned: only tombstones go.
 */

export { MAX_TOMBSTONES, TOMBSTONE_DAYS };

/** How long a deletion stays in the feed: a client offline longer resyncs (410). */
export const TOMBSTONE_RETENTION_MS = TOMBSTONE_DAYS * 24 * 60 * 60 * 1000;

/** How many of the oldest tombstones one write looks at for the time window (it prunes on). */
const PRUNE_SCAN = 1_000;

/**
 * The statements a write that can delete takes last (deletions, a tagging moved to another tag):
 * the tombstones past the retention rule go, and the account's floor rises to the newest of them,
 * so that a cursor before it is refused (410) rather than read without the deletions it missed.
 * Over the count, the oldest beyond the newest MAX_TOMBSTONES; over time, those older than the
 * window among the oldest PRUNE_SCAN (the next write takes the next ones).
 */
export function pruneTombstones(db: Database, userId: number, now = Date.now()) {
  const tombstones = sql`${changes.userId} = ${userId} AND ${changes.deleted} = 1`;
  const expired = sql`(SELECT max(seq) FROM (SELECT ${changes.seq} AS seq, ${changes.at} AS at FROM ${changes} WHERE ${tombstones} ORDER BY ${changes.seq} LIMIT ${PRUNE_SCAN}) WHERE at < ${now - TOMBSTONE_RETENTION_MS})`;
  const beyondCount = sql`(SELECT ${changes.seq} FROM ${changes} WHERE ${tombstones} ORDER BY ${changes.seq} DESC LIMIT 1 OFFSET ${MAX_TOMBSTONES})`;
  return [
    db
      .update(users)
      .set({
        changesFloor: sql`max(${users.changesFloor}, coalesce(${expired}, 0), coalesce(${beyondCount}, 0))`,
      })
      .where(eq(users.id, userId)),
    db
      .delete(changes)
      .where(
        sql`${tombstones} AND ${changes.seq} <= (SELECT ${users.changesFloor} FROM ${users} WHERE ${users.id} = ${userId})`,
      ),
  ] as const;
}
