import { prepareReadKey, splitOrigins } from '../../src/auth/new-read-key';
import { NoSuchAccountError } from './accounts';
import { d1Rows, sqlString } from './wrangler';

/**
 * Publishable read keys in D1 (docs/tagger.md), for `npm run user -- key …` through wrangler and
 * for the browser tests' site through Miniflare's binding: the row is made by the worker's own
 * code (src/auth/new-read-key.ts), without Drizzle (as ./accounts.ts).
 */

/**
 * The INSERT of a key for the account of an e-mail address: no row when there is no account. Keys
 * and accounts' addresses are the directory's, in the first database (docs/scale.md).
 */
export const INSERT_READ_KEY =
  'INSERT INTO read_keys (user_id, key_id, key_hash, origins, created_at) SELECT id, ?, ?, ?, ? FROM accounts WHERE email = ? RETURNING key_id';

type ReadKeyRow = Awaited<ReturnType<typeof prepareReadKey>>['row'];

/** The values of INSERT_READ_KEY, in its order. */
export function readKeyValues(row: ReadKeyRow, email: string): (string | number)[] {
  return [row.keyId, row.keyHash, row.origins, row.createdAt, email];
}

/** A statement with its values written in, for `wrangler d1 execute --command` (SQLite quoting). */
function literalSql(sql: string, values: (string | number)[]): string {
  let i = 0;
  return sql.replace(/\?/g, () => {
    const v = values[i++];
    return typeof v === 'number' ? String(v) : sqlString(v);
  });
}

export interface Where {
  where: '--local' | '--remote';
  persistTo?: string;
  /**
   * What runs a statement and returns its rows, when not `wrangler d1 execute` (d1Rows): the
   * tests of the commands' logic read the local state's database file itself, where a wrangler
   * run costs a workerd start (test/node/user-keys.test.ts).
   */
  rows?: <T>(sql: string) => T[];
}

/** The rows of one statement at `at`. */
function query<T>(sql: string, { where, persistTo, rows }: Where): T[] {
  return rows ? rows<T>(sql) : d1Rows<T>(sql, where, persistTo);
}

/** The account an e-mail address names does not exist (./accounts.ts). */
export { NoSuchAccountError };

/** Creates a key for the account of `email`; returns the key (shown once) and its id. */
export async function createReadKey(
  email: string,
  origins: readonly string[],
  at: Where,
): Promise<{ key: string; keyId: string }> {
  const { key, row } = await prepareReadKey(origins);
  const rows = query<{ key_id: string }>(
    literalSql(INSERT_READ_KEY, readKeyValues(row, email)),
    at,
  );
  if (!rows.length) throw new NoSuchAccountError(`no account for ${email}`);
  return { key, keyId: row.keyId };
}

export interface ListedKey {
  keyId: string;
  origins: string[];
  createdAt: number;
  revokedAt: number | null;
}

/** The keys of the account of `email`, oldest first, revoked ones included. */
export function listReadKeys(email: string, at: Where): ListedKey[] {
  const rows = query<{
    key_id: string | null;
    origins: string | null;
    created_at: number | null;
    revoked_at: number | null;
  }>(
    literalSql(
      'SELECT k.key_id, k.origins, k.created_at, k.revoked_at FROM accounts u LEFT JOIN read_keys k ON k.user_id = u.id WHERE u.email = ? ORDER BY k.id',
      [email],
    ),
    at,
  );
  if (!rows.length) throw new NoSuchAccountError(`no account for ${email}`);
  return rows
    .filter((r) => r.key_id !== null)
    .map((r) => ({
      keyId: r.key_id!,
      origins: splitOrigins(r.origins ?? ''),
      createdAt: r.created_at!,
      revokedAt: r.revoked_at,
    }));
}

/** Revokes a live key of the account of `email`; false when it has no such live key. */
export function revokeReadKey(email: string, keyId: string, at: Where, now = Date.now()): boolean {
  const rows = query<{ key_id: string }>(
    literalSql(
      'UPDATE read_keys SET revoked_at = ? WHERE key_id = ? AND revoked_at IS NULL AND user_id = (SELECT id FROM accounts WHERE email = ?) RETURNING key_id',
      [now, keyId, email],
    ),
    at,
  );
  return rows.length > 0;
}
