import { and, eq, ne } from 'drizzle-orm';
import { hashPassword, hashToken, newToken } from '../auth/crypto';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { BodyObject } from '../http/body';
import { unprocessable } from '../http/errors';
import type { AccountRow } from './documents';
import { accountFields, EMAIL_TAKEN, type AccountChanges } from './account-fields';
import type { Problems } from './input';

/**
 * The caller's own account (docs/annotations.md). The password hash and token hash
 * are never selected here, so they cannot reach a response.
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

async function emailTaken(db: Database, userId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

/**
 * The changes a PUT /user body asks for, or a 422 that lists every problem, a taken e-mail
 * included.
 */
export async function accountChanges(
  db: Database,
  userId: number,
  body: BodyObject,
): Promise<AccountChanges> {
  const problems: Problems = [];
  const changes = await accountFields(body, problems, {
    emailTaken: (email) => emailTaken(db, userId, email),
  });
  if (problems.length) throw unprocessable(problems);
  return changes;
}

/** Whether a D1 error is the unique index on users.email refusing a second account's e-mail. */
function isUniqueViolation(err: unknown): boolean {
  const e = err as Error | undefined;
  return /UNIQUE/.test(`${e?.message} ${(e?.cause as Error | undefined)?.message}`);
}

/**
 * Updates only the fields sent. A new password also rotates the API token (docs/contract.md "Authentication"
 * 6): the new password hash and the new token hash are written in the same UPDATE, so the old
 * token stops matching at that instant. Returns the account and, on rotation, the new token.
 */
export async function updateAccount(
  db: Database,
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
    // Two accounts racing for one e-mail past accountChanges(): the unique index decides.
    if (isUniqueViolation(err)) throw unprocessable([EMAIL_TAKEN]);
    throw err;
  }
  return row ? { account: row, token } : null;
}
