import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { hashPassword, hashToken, newToken } from './crypto';

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

/** Creates an account; returns its id and API token. */
export async function createAccount(db: Database, account: NewAccount): Promise<{ id: number; token: string }> {
  const { row, token } = await prepareAccount(account);
  const [created] = await db.insert(users).values(row).returning({ id: users.id });
  return { id: created.id, token };
}

/** The id of the account holding this token hash, or null. */
export async function findUserIdByTokenHash(db: Database, tokenHash: string): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.tokenHash, tokenHash)).limit(1);
  return row?.id ?? null;
}
