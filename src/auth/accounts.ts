import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accounts, accountTokens, users } from '../db/schema';

/**
 * Where an account lives (docs/scale.md "The directory"): its id, the binding of the database that
 * holds it, and how many times it was moved (a bookmark names the placement it was given at).
 */
export interface AccountPlace {
  id: number;
  shard: string;
  placement: number;
}

/**
 * The place of the account a token hash belongs to, as the directory says, or null. The account's
 * own database still decides whether the token is valid (tokenHolder): a row here only says where
 * to ask (src/db/schema.ts `accountTokens`).
 */
export async function placeOfToken(
  directory: Database,
  tokenHash: string,
): Promise<AccountPlace | null> {
  const [row] = await directory
    .select({ id: accounts.id, shard: accounts.shard, placement: accounts.placement })
    .from(accountTokens)
    .innerJoin(accounts, eq(accounts.id, accountTokens.accountId))
    .where(eq(accountTokens.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/**
 * The account of this database holding this token hash, and whether a move is taking it away
 * (src/db/schema.ts `users.moving`), or null: the check that decides whether a token is valid.
 */
export async function tokenHolder(
  db: Database,
  tokenHash: string,
): Promise<{ id: number; moving: boolean } | null> {
  const [row] = await db
    .select({ id: users.id, moving: users.moving })
    .from(users)
    .where(eq(users.tokenHash, tokenHash))
    .limit(1);
  return row ? { id: row.id, moving: row.moving !== null } : null;
}
