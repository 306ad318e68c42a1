import { prepareAccount, type NewAccount } from '../../src/auth/new-account';
import { d1Rows, persistArgs, sqlString, wrangler } from './wrangler';

export class DuplicateAccountError extends Error {}

type AccountRow = Awaited<ReturnType<typeof prepareAccount>>['row'];

/** The users columns an account fills, in the order of accountValues. */
const USER_COLUMNS =
  '(email, password_hash, token_hash, first_name, last_name, created_at, updated_at)';

/** An account row's values in USER_COLUMNS order. */
export function accountValues(row: AccountRow): (string | number)[] {
  return [
    row.email,
    row.passwordHash,
    row.tokenHash,
    row.firstName,
    row.lastName,
    row.createdAt,
    row.updatedAt,
  ];
}

/** The INSERT of one account with placeholders, for a D1 binding (bind accountValues). */
export const INSERT_ACCOUNT = `INSERT INTO users ${USER_COLUMNS} VALUES (?, ?, ?, ?, ?, ?, ?)`;

/** The INSERT of `rows` as literal SQL, for `wrangler d1 execute --command`. */
export function insertAccountsSql(rows: AccountRow[]): string {
  const literal = (v: string | number) => (typeof v === 'number' ? String(v) : sqlString(v));
  return `INSERT INTO users ${USER_COLUMNS} VALUES ${rows.map((row) => `(${accountValues(row).map(literal).join(', ')})`).join(', ')};`;
}

/**
 * Creates an account in the local (default) or remote D1 through wrangler, with the same hashing
 * code the worker uses. Returns the API token. Migrations must be applied already.
 */
export async function createAccountWithWrangler(
  account: NewAccount,
  where: '--local' | '--remote' = '--local',
  persistTo?: string,
): Promise<string> {
  const { row, token } = await prepareAccount(account);
  const sql = insertAccountsSql([row]);
  try {
    wrangler(['d1', 'execute', 'DB', where, '--command', sql, ...persistArgs(persistTo)], {
      quiet: true,
    });
  } catch (err) {
    if (/UNIQUE constraint failed: users\.email/.test(String(err)))
      throw new DuplicateAccountError(`an account for ${account.email} exists already`);
    throw err;
  }
  return token;
}

/**
 * Several local accounts in one wrangler call (the bench's pool: one account can hold only so
 * much, src/annotations/quotas.ts). Returns their API tokens, in the order of `emails`.
 */
export async function createLocalAccounts(
  emails: string[],
  password: string,
  persistTo?: string,
): Promise<string[]> {
  const prepared = await Promise.all(emails.map((email) => prepareAccount({ email, password })));
  const sql = insertAccountsSql(prepared.map((p) => p.row));
  wrangler(['d1', 'execute', 'DB', '--local', '--command', sql, ...persistArgs(persistTo)], {
    quiet: true,
  });
  return prepared.map((p) => p.token);
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
 * Sets an account's role (docs/public-notes.md "Roles") in the local (default) or remote D1
 * through wrangler; a missing account is a NoSuchAccountError. Migrations must be applied already.
 * `rows` runs the statement instead of wrangler (as ./read-keys.ts `Where`): the tests of the
 * logic read the local state's database file itself (test/node/scripts.test.ts).
 */
export function setRoleWithWrangler(
  email: string,
  role: string,
  where: '--local' | '--remote' = '--local',
  persistTo?: string,
  rows: <T>(sql: string) => T[] = (sql) => d1Rows(sql, where, persistTo),
): void {
  const sql = `UPDATE users SET role = ${sqlString(role)} WHERE email = ${sqlString(email)} RETURNING id;`;
  if (!rows(sql).length) throw new NoSuchAccountError(`no account for ${email}`);
}
