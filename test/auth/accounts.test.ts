import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../src/auth/accounts';
import { hashPassword, hashToken, PBKDF2_ITERATIONS } from '../../src/auth/crypto';
import { database } from '../../src/db/client';

/** The stored credentials of account `id`. */
async function stored(id: number): Promise<{ password_hash: string; token_hash: string }> {
  return (await env.DB.prepare('SELECT password_hash, token_hash FROM users WHERE id = ?')
    .bind(id)
    .first()) as { password_hash: string; token_hash: string };
}

describe('createAccount (src/auth/accounts.ts)', () => {
  it('stores the password as a salted PBKDF2 hash and the token as its SHA-256 only', async () => {
    const { id, token } = await createAccount(database(env.DB), {
      email: `hashed-${Date.now()}@example.test`,
      password: 'a long password',
    });
    const row = await stored(id);
    expect(row.password_hash).toMatch(
      new RegExp(`^pbkdf2-sha256\\$${PBKDF2_ITERATIONS}\\$[0-9a-f]{32}\\$[0-9a-f]{64}$`),
    );
    expect(row.password_hash).not.toContain('a long password');
    expect(row.token_hash).toBe(await hashToken(token));
  });

  it('stores a hash given with the password as is (the test accounts share one), each account with a token of its own', async () => {
    const passwordHash = await hashPassword('shared password');
    const db = database(env.DB);
    const a = await createAccount(db, {
      email: `shared-a-${Date.now()}@example.test`,
      password: 'shared password',
      passwordHash,
    });
    const b = await createAccount(db, {
      email: `shared-b-${Date.now()}@example.test`,
      password: 'shared password',
      passwordHash,
    });
    expect([(await stored(a.id)).password_hash, (await stored(b.id)).password_hash]).toEqual([
      passwordHash,
      passwordHash,
    ]);
    expect(a.token).not.toBe(b.token);
    expect((await stored(b.id)).token_hash).toBe(await hashToken(b.token));
  });
});
