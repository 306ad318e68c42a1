import { sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { boundStatement, type Database } from '../../db/client';
import { accountQuotaExceeded } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { QUOTAS } from '../../api/limits';

export { QUOTAS };
export type QuotaName = keyof typeof QUOTAS;

/** What one account holds, in the quotas' terms, as SQL sub-selects (one statement each way). */
function usageColumns(userId: number): Record<QuotaName, SQL> {
  return {
    notes: sql`(SELECT count(*) FROM notes WHERE user_id = ${userId})`,
    taggings: sql`(SELECT count(*) FROM taggings WHERE user_id = ${userId})`,
    tags: sql`(SELECT count(DISTINCT tag_id) FROM taggings WHERE user_id = ${userId})`,
    references: sql`((SELECT count(*) FROM note_references r JOIN notes n ON n.id = r.note_id WHERE n.user_id = ${userId})
      + (SELECT count(*) FROM tagging_references r JOIN taggings t ON t.id = r.tagging_id WHERE t.user_id = ${userId}))`,
    noteText: sql`(SELECT coalesce(sum(length(title) + length(content)), 0) FROM notes WHERE user_id = ${userId})`,
    publicNotes: sql`(SELECT count(*) FROM notes WHERE user_id = ${userId} AND public = 1)`,
  };
}

export type Usage = Record<QuotaName, number>;

export async function accountUsage(db: Database, userId: number): Promise<Usage> {
  const columns = usageColumns(userId);
  const row = await db.get<Usage>(
    sql`SELECT ${sql.join(
      (Object.keys(columns) as QuotaName[]).map(
        (name) => sql`${columns[name]} AS ${sql.identifier(name)}`,
      ),
      sql`, `,
    )}`,
  );
  return row;
}

/**
 * The guard that ends a write batch: an INSERT of one row per quota the account is now over
 * into `account_quota_exceeded`, whose CHECK constraint refuses every row. Over a quota, the
 * statement fails and D1 rolls back the whole batch; within the quotas it inserts nothing.
 * Only the quotas a write can grow are checked (`names`).
 */
export function quotaGuard(db: Database, userId: number, names: QuotaName[]) {
  const columns = usageColumns(userId);
  const rows = names.map((name) => sql`SELECT ${name} WHERE ${columns[name]} > ${QUOTAS[name]}`);
  return db.insert(accountQuotaExceeded).select(sql.join(rows, sql` UNION ALL `));
}

const DESCRIPTIONS: Record<QuotaName, string> = {
  notes: 'notes',
  taggings: 'taggings',
  tags: 'tag names in use',
  references: 'references (of taggings and notes together)',
  noteText: 'characters of note titles and contents',
  publicNotes: 'public notes',
};

function isQuotaFailure(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause)
    if (e.message.includes('account_quota_exceeded')) return true;
  return false;
}

/** The 422 for a write refused by a quota: every quota with what the account holds now. */
export async function quotaError(
  db: Database,
  userId: number,
  names: QuotaName[],
): Promise<ApiError> {
  const usage = await accountUsage(db, userId);
  return new ApiError(422, [
    'Account quota reached: nothing of this request was written',
    ...names.map(
      (name) =>
        `an account holds at most ${QUOTAS[name]} ${DESCRIPTIONS[name]}; this one holds ${usage[name]}`,
    ),
  ]);
}

/**
 * Runs a write batch with the quota guard as its last statement; over a quota, the 422 above.
 * Returns the results of `statements` (the guard's own is dropped).
 */
export async function batchWithinQuotas<T extends unknown[]>(
  db: Database,
  userId: number,
  names: QuotaName[],
  statements: BatchItem<'sqlite'>[],
): Promise<T> {
  return refusedOverQuota(db, userId, names, async () => {
    const guarded = [...statements, quotaGuard(db, userId, names)] as unknown as [
      BatchItem<'sqlite'>,
      ...BatchItem<'sqlite'>[],
    ];
    const results = await db.batch(guarded);
    return results.slice(0, -1) as unknown as T;
  });
}

/**
 * batchWithinQuotas for statements bound on the D1 client itself (the import's, built once per
 * shape: src/annotations/personal/identity.ts importStatements); returns D1's own results.
 */
export async function boundBatchWithinQuotas(
  db: Database,
  userId: number,
  names: QuotaName[],
  statements: D1PreparedStatement[],
): Promise<D1Result[]> {
  return refusedOverQuota(db, userId, names, async () => {
    const results = await db.$client.batch([
      ...statements,
      boundStatement(db, quotaGuard(db, userId, names)),
    ]);
    return results.slice(0, -1);
  });
}

/** Runs a write batch; over a quota, the 422 of quotaError instead of its failure. */
async function refusedOverQuota<T>(
  db: Database,
  userId: number,
  names: QuotaName[],
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isQuotaFailure(err)) throw await quotaError(db, userId, names);
    throw err;
  }
}
