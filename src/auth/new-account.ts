import { hashPassword, hashToken, newToken } from './crypto';

/**
 * A new account's row and token, apart from the D1 client that stores it (./accounts.ts): the
 * scripts that create accounts through wrangler or Miniflare (`npm run user`, the bench, the
 * browser tests' site) import this without Drizzle. Node 22 parses a package's whole
 * package.json `exports` again for each of its modules it loads, and Drizzle's is 170 KB over its
 * ~110 modules: ~0.4 s of CPU per process (27 November 2026).
 */

export interface NewAccount {
  email: string;
  password: string;
  /**
   * The password's hash when the caller has it already (hashPassword of `password`): the test
   * accounts share one, as PBKDF2 at 100,000 iterations is ~10 ms of CPU per account.
   */
  passwordHash?: string;
  firstName?: string;
  lastName?: string;
}

/** The row values of a new account and its API token (shown once, stored only as a hash). */
export async function prepareAccount(account: NewAccount, now = Date.now()) {
  const token = newToken();
  const row = {
    email: account.email,
    passwordHash: account.passwordHash ?? (await hashPassword(account.password)),
    tokenHash: await hashToken(token),
    firstName: account.firstName ?? '',
    lastName: account.lastName ?? '',
    createdAt: now,
    updatedAt: now,
  };
  return { row, token };
}
