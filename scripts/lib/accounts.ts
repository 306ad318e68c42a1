import { createAccounts, DuplicateAccountError, type NewAccount } from '../../src/auth/new-account';
import { DIRECTORY, type RunBatch } from '../../src/db/shards';
import { wranglerRunner, wranglerShards } from './shards';
import { d1Rows, sqlString } from './wrangler';

/**
 * Accounts made by the scripts (`npm run user -- create`, the bench's pool) through wrangler, with
 * the code the worker and the tests use (src/auth/new-account.ts createAccounts): the directory
 * places each in one of wrangler.toml's databases (docs/scale.md), then its row goes there.
 */
export { DuplicateAccountError };

/** The databases that hold accounts, by binding (wrangler.toml). */
const shardBindings = () => wranglerShards().map((s) => s.binding);

/**
 * Creates an account in the local (default) or remote D1 through wrangler, with the same hashing
 * code the worker uses. Returns the API token. Migrations must be applied already.
 */
export async function createAccountWithWrangler(
  account: NewAccount,
  where: '--local' | '--remote' = '--local',
  persistTo?: string,
): Promise<string> {
  const [made] = await createAccounts(wranglerRunner(where, persistTo), shardBindings(), [account]);
  return made.token;
}

/**
 * Several local accounts in one wrangler run per database (the bench's pool: one account can
 * hold only so much, src/annotations/personal/quotas.ts). Returns their API tokens, in the order of `emails`.
 */
export async function createLocalAccounts(
  emails: string[],
  password: string,
  persistTo?: string,
  run: RunBatch = wranglerRunner('--local', persistTo),
): Promise<string[]> {
  const made = await createAccounts(
    run,
    shardBindings(),
    emails.map((email) => ({ email, password })),
  );
  return made.map((m) => m.token);
}

/** A local account for scripts (bench) in the given state folder; migrations must be applied. */
export async function createLocalAccount(
  email: string,
  password: string,
  persistTo?: string,
): Promise<string> {
  return createAccountWithWrangler({ email, password }, '--local', persistTo);
}

export class NoSuchAccountError extends Error {}

/**
 * Sets an account's role (docs/public-notes.md "Roles") in the database that holds it, found in the
 * directory, in the local (default) or remote D1 through wrangler; a missing account is a
 * NoSuchAccountError. Migrations must be applied already. `rows` runs a statement on a database
 * by its binding instead of wrangler: the tests of the logic read the local state's files
 * themselves (test/node/scripts.test.ts).
 */
export function setRoleWithWrangler(
  email: string,
  role: string,
  where: '--local' | '--remote' = '--local',
  persistTo?: string,
  rows: <T>(binding: string, sql: string) => T[] = (binding, sql) =>
    d1Rows(sql, where, persistTo, binding),
): void {
  const [place] = rows<{ id: number; shard: string }>(
    DIRECTORY,
    `SELECT id, shard FROM accounts WHERE email = ${sqlString(email)};`,
  );
  if (!place) throw new NoSuchAccountError(`no account for ${email}`);
  const sql = `UPDATE users SET role = ${sqlString(role)} WHERE id = ${Number(place.id)} RETURNING id;`;
  if (!rows(place.shard, sql).length)
    throw new NoSuchAccountError(`${email}'s database ${place.shard} has no account ${place.id}`);
}
