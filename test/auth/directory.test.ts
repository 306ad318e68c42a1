import { describe, expect, it } from 'vitest';
import { hashToken } from '../../src/auth/crypto';
import { createNote, GEN_1_1, JSON_TYPE, read } from '../support/annotations';
import { call, newUser } from '../support/http';
import { accountDb, directory, SHARDS } from '../support/shards';

/**
 * The directory (docs/scale.md "The directory"): every account's database, its e-mail address
 * unique across all of them, and its tokens' hashes, by which a request finds the account's
 * database; the account's own database decides whether a token is valid.
 */

/** New accounts until one is in each database. */
async function accountsEverywhere() {
  const found = new Map<string, { id: number; token: string; shard: string }>();
  while (found.size < SHARDS.length) {
    const user = await newUser('routed');
    if (!found.has(user.shard)) found.set(user.shard, user);
  }
  return [...found.values()];
}

const tokenRows = async (id: number) =>
  (
    await directory()
      .prepare('SELECT token_hash FROM account_tokens WHERE account_id = ?')
      .bind(id)
      .all<{ token_hash: string }>()
  ).results.map((r) => r.token_hash);

describe('the directory routes each request to its account’s database', () => {
  it('an account of each database writes and reads its own notes there, and no other database holds them', async () => {
    for (const user of await accountsEverywhere()) {
      const { note } = await createNote(user.token, {
        title: `in ${user.shard}`,
        references: [GEN_1_1],
      });
      const listed = await read(await call('/user/notes.js', user.token), 'js');
      expect(listed.notes.note.map((n: { title: string }) => n.title)).toEqual([
        `in ${user.shard}`,
      ]);
      const where = (await accountDb(user.id))
        .prepare('SELECT user_id FROM notes WHERE id = ?')
        .bind(Number(note.id));
      expect(await where.first()).toEqual({ user_id: user.id });
    }
  });

  it('keeps an e-mail address one account’s across all databases', async () => {
    const [a, b] = (await accountsEverywhere()).filter((u, i, all) =>
      all.some((o) => o.shard !== u.shard),
    );
    const email = (await directory()
      .prepare('SELECT email FROM accounts WHERE id = ?')
      .bind(a.id)
      .first<{
        email: string;
      }>())!.email;
    const taken = await call('/user.js', b.token, {
      method: 'PUT',
      headers: JSON_TYPE,
      body: JSON.stringify({ user: { email } }),
    });
    expect(taken.status).toBe(422);
    const free = `moved-${Date.now()}@example.test`;
    const changed = await call('/user.js', b.token, {
      method: 'PUT',
      headers: JSON_TYPE,
      body: JSON.stringify({ user: { email: free } }),
    });
    expect(changed.status).toBe(200);
    // The directory and the account's database agree.
    expect(
      await directory().prepare('SELECT email FROM accounts WHERE id = ?').bind(b.id).first(),
    ).toEqual({ email: free });
    expect(
      await (
        await accountDb(b.id)
      )
        .prepare('SELECT email FROM users WHERE id = ?')
        .bind(b.id)
        .first(),
    ).toEqual({ email: free });
  });

  it('a new password rotates the token in the account’s database and the directory: the old one stops everywhere, the new one works at once', async () => {
    const { id, token } = await newUser('rotated');
    expect((await call('/user.js', token)).status).toBe(200);
    const put = await call('/user.js', token, {
      method: 'PUT',
      headers: JSON_TYPE,
      body: JSON.stringify({ user: { password: 'a brand new password' } }),
    });
    expect(put.status).toBe(200);
    const fresh = (await read(put, 'js')).users.user[0].api_token as string;
    expect((await call('/user.js', token)).status).toBe(401);
    expect((await call('/user/notes.js', fresh)).status).toBe(200);
    expect(await tokenRows(id)).toEqual([await hashToken(fresh)]);
  });

  it('a directory row left by a rotation that failed half-way names a token the account’s database refuses', async () => {
    const { id, token } = await newUser('half-rotated');
    // As if a rotation had added the new hash and died before the account's row took it.
    const stray = `stray-token-${Date.now()}`;
    await directory()
      .prepare('INSERT INTO account_tokens (token_hash, account_id) VALUES (?, ?)')
      .bind(await hashToken(stray), id)
      .run();
    expect((await call('/user/notes.js', stray)).status).toBe(401);
    expect((await call('/verses/KJV:John.3.16.xml', stray)).status).toBe(401);
    expect((await call('/user/notes.js', token)).status).toBe(200);
  });
});
