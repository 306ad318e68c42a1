import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { prepareAccount, type NewAccount } from './new-account';

/** Creates an account; returns its id and API token. */
export async function createAccount(
  db: Database,
  account: NewAccount,
): Promise<{ id: number; token: string }> {
  const { row, token } = await prepareAccount(account);
  const [created] = await db.insert(users).values(row).returning({ id: users.id });
  return { id: created.id, token };
}

/** The id of the account holding this token hash, or null. */
export async function findUserIdByTokenHash(
  db: Database,
  tokenHash: string,
): Promise<number | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.tokenHash, tokenHash))
    .limit(1);
  return row?.id ?? null;
}
