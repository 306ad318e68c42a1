import { prepareAccount, type NewAccount } from '../../src/auth/accounts';
import { persistArgs, sqlString, wrangler } from './wrangler';

export class DuplicateAccountError extends Error {}

/**
 * Creates an account in the local (default) or remote D1 through wrangler, with the same hashing
 * code the worker uses. Returns the API token. Migrations must be applied already.
 */
export async function createAccountWithWrangler(account: NewAccount, where: '--local' | '--remote' = '--local', persistTo?: string): Promise<string> {
  const { row, token } = await prepareAccount(account);
  const sql =
    'INSERT INTO users (email, password_hash, token_hash, first_name, last_name, created_at, updated_at) VALUES (' +
    [row.email, row.passwordHash, row.tokenHash, row.firstName, row.lastName].map(sqlString).join(', ') +
    `, ${row.createdAt}, ${row.updatedAt});`;
  try {
    wrangler(['d1', 'execute', 'DB', where, '--command', sql, ...persistArgs(persistTo)], { quiet: true });
  } catch (err) {
    if (/UNIQUE constraint failed: users\.email/.test(String(err))) throw new DuplicateAccountError(`an account for ${account.email} exists already`);
    throw err;
  }
  return token;
}

/**
 * Several local accounts in one wrangler call (the bench's pool: one account can hold only so
 * much, src/annotations/quotas.ts). Returns their API tokens, in the order of `emails`.
 */
export async function createLocalAccounts(emails: string[], password: string, persistTo?: string): Promise<string[]> {
  const prepared = await Promise.all(emails.map((email) => prepareAccount({ email, password })));
  const values = prepared.map(
    ({ row }) => `(${[row.email, row.passwordHash, row.tokenHash, row.firstName, row.lastName].map(sqlString).join(', ')}, ${row.createdAt}, ${row.updatedAt})`,
  );
  const sql = `INSERT INTO users (email, password_hash, token_hash, first_name, last_name, created_at, updated_at) VALUES ${values.join(', ')};`;
  wrangler(['d1', 'execute', 'DB', '--local', '--command', sql, ...persistArgs(persistTo)], { quiet: true });
  return prepared.map((p) => p.token);
}

/** A local account for scripts (bench) in the given state folder; migrations must be applied. */
export async function createLocalAccount(email: string, password: string, persistTo?: string): Promise<string> {
  return createAccountWithWrangler({ email, password }, '--local', persistTo);
}
