import { describe, expect, it } from 'vitest';
import { hashPassword, hashToken, PBKDF2_ITERATIONS } from '../../src/auth/crypto';
import { createAccounts, DuplicateAccountError } from '../../src/auth/new-account';
import { accountDb, directory, run, SHARDS } from '../support/shards';

/** The stored credentials of account `id`, in the database that holds it. */
async function stored(id: number): Promise<{ password_hash: string; token_hash: string }> {
  return (await (
    await accountDb(id)
  )
    .prepare('SELECT password_hash, token_hash FROM users WHERE id = ?')
    .bind(id)
    .first()) as { password_hash: string; token_hash: string };
}

describe('createAccounts (src/auth/new-account.ts)', () => {
  it('stores the password as a salted PBKDF2 hash and the token as its SHA-256 only', async () => {
    const [{ id, token }] = await createAccounts(run, SHARDS, [
      { email: `hashed-${Date.now()}@example.test`, password: 'a long password' },
    ]);
    const row = await stored(id);
    expect(row.password_hash).toMatch(
      new RegExp(`^pbkdf2-sha256\\$${PBKDF2_ITERATIONS}\\$[0-9a-f]{32}\\$[0-9a-f]{64}$`),
    );
    expect(row.password_hash).not.toContain('a long password');
    expect(row.token_hash).toBe(await hashToken(token));
  });

  it('stores a hash given with the password as is (the test accounts share one), each account with a token of its own', async () => {
    const passwordHash = await hashPassword('shared password');
    const [a, b] = await createAccounts(run, SHARDS, [
      { email: `shared-a-${Date.now()}@example.test`, password: 'shared password', passwordHash },
      { email: `shared-b-${Date.now()}@example.test`, password: 'shared password', passwordHash },
    ]);
    expect([(await stored(a.id)).password_hash, (await stored(b.id)).password_hash]).toEqual([
      passwordHash,
      passwordHash,
    ]);
    expect(a.token).not.toBe(b.token);
    expect((await stored(b.id)).token_hash).toBe(await hashToken(b.token));
  });

  it('places each new account in the database holding the fewest, records it in the directory, and refuses an address any database has', async () => {
    const stamp = Date.now();
    const counts = async () =>
      Object.fromEntries(
        (
          await directory()
            .prepare('SELECT shard, count(*) AS n FROM accounts GROUP BY shard')
            .all<{ shard: string; n: number }>()
        ).results.map((r) => [r.shard, r.n]),
      );
    const made = await createAccounts(
      run,
      SHARDS,
      Array.from({ length: SHARDS.length * 2 }, (_, i) => ({
        email: `placed-${i}-${stamp}@example.test`,
        password: 'placed password',
        passwordHash: 'x',
      })),
    );
    // Three databases in the tests (wrangler.toml): the accounts spread over all of them, and no
    // database ends more than one account ahead of another.
    expect(new Set(made.map((m) => m.shard))).toEqual(new Set(SHARDS));
    const after = Object.values(await counts());
    expect(Math.max(...after) - Math.min(...after)).toBeLessThanOrEqual(1);
    for (const m of made) {
      const row = await directory()
        .prepare(
          'SELECT a.shard FROM accounts a JOIN account_tokens t ON t.account_id = a.id WHERE a.id = ?1 AND t.token_hash = ?2',
        )
        .bind(m.id, await hashToken(m.token))
        .first<{ shard: string }>();
      expect(row?.shard).toBe(m.shard);
    }
    await expect(
      createAccounts(run, SHARDS, [
        { email: `placed-0-${stamp}@example.test`, password: 'placed password' },
      ]),
    ).rejects.toBeInstanceOf(DuplicateAccountError);
  });
});
