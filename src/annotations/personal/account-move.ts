import { moveAccount, removeMovedAccount, type MoveReport } from '../../db/move-account';
import { DIRECTORY, type RunBatch } from '../../db/shards';
import { flushTagUse } from './tag-names';

/**
 * A whole move of an account to another database (docs/scale.md "Moving an account";
 * src/db/move-account.ts steps 1 to 5): the move and the switch, the tags it added to the new
 * database counted for the directory, then after `graceMs` the account deleted from the old one
 * and the tags it took from there counted. `npm run user -- move` runs it (scripts/lib/move.ts),
 * the tests in the Workers runtime (test/db/move-account.test.ts).
 */
export async function moveAccountWholly(
  run: RunBatch,
  shards: readonly string[],
  accountId: number,
  to: string,
  graceMs: number,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<MoveReport> {
  const report = await moveAccount(run, shards, accountId, to);
  const flush = (shard: string) =>
    flushTagUse(
      (s) => run(shard, s),
      (s) => run(DIRECTORY, s),
      shard,
    );
  // Every mark is counted: a flush counts at most a few hundred tags at a time.
  while ((await flush(report.to)) > 0);
  if (graceMs > 0) await wait(graceMs);
  await removeMovedAccount(run, accountId, report.from);
  while ((await flush(report.from)) > 0);
  return report;
}
