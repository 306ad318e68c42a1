import { and, eq, ne } from 'drizzle-orm';
import { hashPassword, hashToken, newToken } from '../../auth/crypto';
import type { Database } from '../../db/client';
import { accounts, accountTokens, users } from '../../db/schema';
import type { BodyObject } from '../../http/body';
import { unprocessable } from '../../http/errors';
import type { AccountRow } from '../documents';
import { accountFields, EMAIL_TAKEN, type AccountChanges } from './account-fields';
import type { Problems } from './input';

/**
 * The caller's own account (docs/annotations.md). The password hash and token hash
 * are never selected here, so they cannot reach a response. The account's row is in its own
 * database (`db`); its e-mail address and its tokens' hashes are also in the directory
 * (`directory`, docs/scale.md), which decides that an address is one account's in all databases.
 */
const columns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  displayName: users.displayName,
  role: users.role,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

export async function getAccount(db: Database, userId: number): Promise<AccountRow | null> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

async function emailTaken(directory: Database, userId: number, email: string): Promise<boolean> {
  const [row] = await directory
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.email, email), ne(accounts.id, userId)))
    .limit(1);
  return row !== undefined;
}

/**
 * The changes a PUT /user body asks for, or a 422 that lists every problem, a taken e-mail
 * included.
 */
export async function accountChanges(
  directory: Database,
  userId: number,
  body: BodyObject,
): Promise<AccountChanges> {
  const problems: Problems = [];
  const changes = await accountFields(body, problems, {
    emailTaken: (email) => emailTaken(directory, userId, email),
  });
  if (problems.length) throw unprocessable(problems);
  return changes;
}

/** Whether a D1 error is a unique index on an e-mail address refusing a second account's. */
function isUniqueViolation(err: unknown): boolean {
  const e = err as Error | undefined;
  return /UNIQUE/.test(`${e?.message} ${(e?.cause as Error | undefined)?.message}`);
}

/**
 * Updates only the fields sent. A new password also rotates the API token (docs/contract.md "Authentication"
 * 6): the new password hash and the new token hash are written in the same UPDATE of the account's
 * row, so the old token stops matching at that instant. Returns the account and, on rotation, the
 * new token.
 *
 * The directory first (docs/scale.md "The directory"): a new address is taken there, where the
 * unique index decides between accounts of every database; a new token's hash is added there
 * before the account's row accepts the token, and the old ones go after, so that the directory
 * never lacks the way to an accepted token. A request that fails between the steps leaves at most
 * an address the account will take when sent again, or a hash no account accepts.
 */
export async function updateAccount(
  db: Database,
  directory: Database,
  userId: number,
  changes: AccountChanges,
  now = Date.now(),
): Promise<{ account: AccountRow; token?: string } | null> {
  let token: string | undefined;
  let passwordHash: string | undefined;
  let tokenHash: string | undefined;
  if (changes.password !== undefined) {
    token = newToken();
    passwordHash = await hashPassword(changes.password);
    tokenHash = await hashToken(token);
  }
  try {
    if (changes.email !== undefined)
      await directory.update(accounts).set({ email: changes.email }).where(eq(accounts.id, userId));
  } catch (err) {
    // Two accounts racing for one e-mail past accountChanges(): the unique index decides.
    if (isUniqueViolation(err)) throw unprocessable([EMAIL_TAKEN]);
    throw err;
  }
  if (tokenHash !== undefined)
    await directory.insert(accountTokens).values({ tokenHash, accountId: userId });
  let row: AccountRow | undefined;
  try {
    [row] = await db
      .update(users)
      .set({
        email: changes.email,
        firstName: changes.firstName,
        lastName: changes.lastName,
        displayName: changes.displayName,
        passwordHash,
        tokenHash,
        updatedAt: now,
      })
      .where(eq(users.id, userId))
      .returning(columns);
  } catch (err) {
    if (isUniqueViolation(err)) throw unprocessable([EMAIL_TAKEN]);
    throw err;
  }
  if (row && tokenHash !== undefined)
    await directory
      .delete(accountTokens)
      .where(and(eq(accountTokens.accountId, userId), ne(accountTokens.tokenHash, tokenHash)));
  return row ? { account: row, token } : null;
}
