import { sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Database } from '../../db/client';
import { changes, notes, taggings, writePreconditionFailed } from '../../db/schema';
import { ApiError } from '../../http/errors';
import type { IfMatch } from '../../http/conditions';

/**
 * The conditions a write runs under (docs/sync.md): the revisions an `If-Match` accepts, and the
 * idempotency attempt whose answer the write records. Each is checked INSIDE the write's D1 batch
 * by a guard statement that makes the whole batch fail (D1 rolls it back: nothing is written), so
 * that of several writes sent with the same If-Match exactly one applies, and a write whose key
 * another request took over writes nothing.
 */
/** How a kept answer is rendered (src/routes/replay.ts). */
export type AnswerKind = 'note' | 'tagging' | 'import' | 'report' | 'empty' | 'body';

/**
 * One request's hold on an idempotency key (src/annotations/sync/idempotency.ts): the statements
 * its write's batch takes.
 */
export interface IdempotencyAttempt {
  userId: number;
  key: string;
  attempt: string;
  /** The batch's first statements: the attempt still holds the key; the sequence it starts at. */
  guards(db: Database): BatchItem<'sqlite'>[];
  /** The batch's last statement: the key done, with the answer's status and what it shows. */
  record(
    db: Database,
    status: number | SQL,
    kind: AnswerKind,
    result: SQL | null,
  ): BatchItem<'sqlite'>;
  /**
   * The account's change sequence when the batch began, as SQL: what the batch changed has a
   * revision above it (a create tells a new item from an identical one it found so).
   */
  startSeq(): SQL;
  /** Whether a record statement was built: once its batch succeeded, the answer is kept. */
  readonly recorded: boolean;
  /** Whether this attempt still holds its key (another retry may have taken it over). */
  holds(db: Database): Promise<boolean>;
}

export interface WriteConditions {
  ifMatch?: IfMatch;
  attempt?: IdempotencyAttempt;
}

/** What carries a revision: a note, a tagging, or the caller's use of a tag. */
export type RevisionKind = 'note' | 'tagging' | 'tag';

/**
 * The current revision of the caller's item as an SQL value: NULL when the caller has no such
 * note or tagging. A tag's is the sequence number of the last change of the caller's taggings of
 * it (its change row), 0 for a tag the caller never used (docs/sync.md "Revisions").
 */
export function currentRevision(kind: RevisionKind, userId: number, id: number | SQL): SQL<number> {
  if (kind === 'tag')
    return sql<number>`coalesce((SELECT ${changes.seq} FROM ${changes} WHERE ${changes.userId} = ${userId} AND ${changes.kind} = 'tag' AND ${changes.itemId} = ${id}), 0)`;
  const table = kind === 'note' ? notes : taggings;
  return sql<number>`(SELECT ${table.revision} FROM ${table} WHERE ${table.id} = ${id} AND ${table.userId} = ${userId})`;
}

/**
 * A statement that fails (and so rolls back its batch) unless `condition` is true: an INSERT into
 * `write_precondition_failed`, whose CHECK refuses every row, of a row selected only when the
 * condition is not true (false or NULL).
 */
export function refuseUnless(db: Database, reason: string, condition: SQL) {
  return db
    .insert(writePreconditionFailed)
    .select(sql`SELECT ${reason} WHERE (${condition}) IS NOT 1`);
}

/** The guard of an If-Match on the caller's item: its revision is one of those listed (`*`: it exists). */
export function revisionGuard(
  db: Database,
  kind: RevisionKind,
  userId: number,
  id: number | SQL,
  ifMatch: IfMatch,
) {
  const current = currentRevision(kind, userId, id);
  return refuseUnless(
    db,
    'if-match',
    ifMatch === '*'
      ? sql`${current} IS NOT NULL`
      : sql`${current} IN (SELECT value FROM json_each(${JSON.stringify(ifMatch)}))`,
  );
}

/** Whether a batch failed on one of the guards above. */
export function isPreconditionFailure(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause)
    if (e.message.includes('write_precondition_failed')) return true;
  return false;
}

/**
 * A write refused because the item's revision is not one its If-Match names: `current` is the item
 * as it is now, for the 412's representation (the route renders it).
 */
export class StaleRevision<T> extends Error {
  constructor(readonly current: T) {
    super('The If-Match does not name the current revision');
    this.name = 'StaleRevision';
  }
}

/** A batch with the statements its conditions add: guards before the effect, the record after. */
export interface ConditionedStatements {
  statements: BatchItem<'sqlite'>[];
  /** Where the effect's own statements start among `statements` (their results are read from there). */
  offset: number;
}

/**
 * The write's statements between its conditions' guards and the idempotency record (`record`,
 * written by the same batch as the effect: src/annotations/sync/idempotency.ts). `target`: the
 * item an If-Match is about.
 */
export function conditioned(
  db: Database,
  userId: number,
  conditions: WriteConditions,
  effect: BatchItem<'sqlite'>[],
  target?: { kind: RevisionKind; id: number | SQL },
  record?: BatchItem<'sqlite'>,
): ConditionedStatements {
  const before: BatchItem<'sqlite'>[] = [];
  if (conditions.attempt) before.push(...conditions.attempt.guards(db));
  if (conditions.ifMatch !== undefined && target)
    before.push(revisionGuard(db, target.kind, userId, target.id, conditions.ifMatch));
  return {
    statements: [...before, ...effect, ...(conditions.attempt && record ? [record] : [])],
    offset: before.length,
  };
}

/** The 409 of an attempt whose key a retry took over while it ran (docs/sync.md). */
export function keyTakenOver(): ApiError {
  return new ApiError(
    409,
    [
      'Another request with this Idempotency-Key is running: wait for its answer, or retry in a second',
    ],
    { 'Retry-After': '1' },
  );
}

/**
 * Runs a conditioned write (`conditioned` above). When a guard refused it, says which: an attempt
 * that lost its key (409), the item gone (null, the route's 404: RFC 9110 §13.2.1 lets the 404
 * stand before any precondition), or a revision the If-Match does not name (StaleRevision with the
 * item as it is now).
 */
export async function runConditioned<T, C>(
  db: Database,
  conditions: WriteConditions,
  run: () => Promise<T>,
  current?: () => Promise<C | null>,
): Promise<T | null> {
  try {
    return await run();
  } catch (err) {
    if (!isPreconditionFailure(err)) throw err;
    if (conditions.attempt && !(await conditions.attempt.holds(db))) throw keyTakenOver();
    if (!current) throw err;
    const now = await current();
    if (now === null) return null;
    throw new StaleRevision(now);
  }
}
