import { DIRECTORY, type RunBatch, type Statement } from '../db/shards';
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

/**
 * The directory's statements that place a new account (docs/scale.md "Placing an account"): its
 * row in `accounts`, in the database of `shards` that holds the fewest accounts (the first of
 * them on a tie), RETURNING its id and database, then its token's row. The unique index on the
 * e-mail address refuses an address any database's account has.
 */
export function placeAccountStatements(row: AccountRow, shards: readonly string[]): Statement[] {
  return [
    {
      sql: `INSERT INTO accounts (email, shard, placement, created_at)
        SELECT ?1, s.value, 0, ?2 FROM json_each(?3) AS s
        LEFT JOIN (SELECT shard, count(*) AS n FROM accounts GROUP BY shard) AS c ON c.shard = s.value
        ORDER BY coalesce(c.n, 0), s.key LIMIT 1 RETURNING id, shard`,
      params: [row.email, row.createdAt, JSON.stringify(shards)],
    },
    {
      sql: 'INSERT INTO account_tokens (token_hash, account_id) SELECT ?1, id FROM accounts WHERE email = ?2',
      params: [row.tokenHash, row.email],
    },
  ];
}

/** The account's `users` row in the database the directory placed it in, under the directory's id. */
export function insertUserStatement(id: number, row: AccountRow): Statement {
  return {
    sql: `INSERT INTO users (id, email, password_hash, token_hash, first_name, last_name, created_at, updated_at)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)`,
    params: [
      id,
      row.email,
      row.passwordHash,
      row.tokenHash,
      row.firstName,
      row.lastName,
      row.createdAt,
      row.updatedAt,
    ],
  };
}

export type AccountRow = Awaited<ReturnType<typeof prepareAccount>>['row'];

export class DuplicateAccountError extends Error {}

/** Whether a failure is the directory refusing an e-mail address an account has. */
export const isDuplicateEmail = (err: unknown): boolean =>
  /UNIQUE constraint failed: accounts\.email/.test(
    `${String(err)} ${String((err as Error | undefined)?.cause ?? '')}`,
  );

/**
 * Creates accounts: each placed by the directory (placeAccountStatements, one batch for all,
 * so each placement counts the ones before it), then its row in its database, one batch per
 * database. `run` runs statements on a binding's database: a worker's D1 bindings, wrangler, or
 * the local SQLite files (src/db/shards.ts RunBatch). Returns each account's id, token and
 * database, in order. An address taken already is a DuplicateAccountError, and nothing is made;
 * a database that refuses its rows takes their directory rows back out.
 */
export async function createAccounts(
  run: RunBatch,
  shards: readonly string[],
  accounts: NewAccount[],
  now = Date.now(),
): Promise<{ id: number; token: string; shard: string }[]> {
  const prepared = await Promise.all(accounts.map((a) => prepareAccount(a, now)));
  let placed: Record<string, unknown>[][];
  try {
    placed = await run(
      DIRECTORY,
      prepared.flatMap((p) => placeAccountStatements(p.row, shards)),
    );
  } catch (err) {
    if (isDuplicateEmail(err))
      throw new DuplicateAccountError(
        accounts.length === 1
          ? `an account for ${accounts[0].email} exists already`
          : `an account for one of ${accounts.map((a) => a.email).join(', ')} exists already`,
      );
    throw err;
  }
  const made = prepared.map((p, i) => {
    const [row] = placed[i * 2];
    return { id: Number(row.id), shard: String(row.shard), token: p.token, row: p.row };
  });
  const byShard = new Map<string, typeof made>();
  for (const m of made) byShard.set(m.shard, [...(byShard.get(m.shard) ?? []), m]);
  try {
    await Promise.all(
      [...byShard].map(([shard, list]) =>
        run(
          shard,
          list.map((m) => insertUserStatement(m.id, m.row)),
        ),
      ),
    );
  } catch (err) {
    await run(DIRECTORY, [
      {
        sql: 'DELETE FROM accounts WHERE id IN (SELECT value FROM json_each(?1))',
        params: [JSON.stringify(made.map((m) => m.id))],
      },
    ]);
    throw err;
  }
  return made.map(({ id, token, shard }) => ({ id, token, shard }));
}
