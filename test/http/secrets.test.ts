import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNote, GEN_1_1, JSON_TYPE, noteJson, read, XML } from '../support/annotations';
import { call, newUser } from '../support/http';
import { accountDb } from '../support/shards';

/** Nothing secret in errors, caches or logs. */

const PRIVATE = 'private, no-store';

describe('every error is private', () => {
  it('a malformed X-D1-Bookmark answers 400 with Cache-Control private, no-store, on personal and scripture paths', async () => {
    const { token } = await newUser();
    for (const path of [
      '/user/notes.xml',
      '/user.js',
      '/chapters/KJV:John.3/annotations.xml',
      '/verses/KJV:John.3.16.xml',
      '/chapters/KJV:John.3.js',
    ]) {
      const res = await call(path, token, { headers: { 'X-D1-Bookmark': 'not a bookmark' } });
      expect(res.status, path).toBe(400);
      expect(res.headers.get('Cache-Control'), path).toBe(PRIVATE);
    }
  });

  it('every error path of the personal routes is private: 400, 401, 404, 413, 415, 422', async () => {
    const { token } = await newUser();
    const cases: [string, string | null, RequestInit, number][] = [
      ['/user/notes.xml', null, {}, 401],
      ['/user.js', 'not-a-token', {}, 401],
      ['/notes/999999999.xml', token, {}, 404],
      ['/v2/user/notes.xml', token, {}, 404],
      ['/user/nothing-here.js', token, {}, 404],
      ['/notes.xml', token, { method: 'POST', body: '<note>', headers: XML }, 400],
      ['/notes.js', token, { method: 'POST', body: 'x'.repeat(70_000), headers: JSON_TYPE }, 413],
      [
        '/notes.xml',
        token,
        { method: 'POST', body: '<note/>', headers: { 'Content-Type': 'text/plain' } },
        415,
      ],
      [
        '/notes.js',
        token,
        { method: 'POST', body: noteJson({ title: '' }), headers: JSON_TYPE },
        422,
      ],
      ['/user/notes.js?offset=-1', token, {}, 400],
      ['/tags/no-such-tag.xml', token, {}, 404],
    ];
    for (const [path, t, init, status] of cases) {
      const res = await call(path, t, init);
      expect(res.status, path).toBe(status);
      expect(res.headers.get('Cache-Control'), `${path} ${status}`).toBe(PRIVATE);
    }
  });
});

describe('logs carry no token, hash, password, e-mail or note text', () => {
  afterEach(() => vi.restoreAllMocks());

  it('an unexpected database error is logged without its query parameters', async () => {
    const { id, token } = await newUser();
    await createNote(token, { title: 'before', references: [GEN_1_1] });
    const logged: string[] = [];
    vi.spyOn(console, 'error').mockImplementation(
      (...args: unknown[]) => void logged.push(args.map(String).join(' ')),
    );
    vi.spyOn(console, 'log').mockImplementation(
      (...args: unknown[]) => void logged.push(args.map(String).join(' ')),
    );
    const trigger = `secrets_${id}`;
    const db = await accountDb(id);
    await db.exec(
      `CREATE TRIGGER ${trigger} BEFORE UPDATE ON users WHEN OLD.id = ${id} BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`,
    );
    const noteTrigger = `secrets_note_${id}`;
    await db.exec(
      `CREATE TRIGGER ${noteTrigger} BEFORE INSERT ON notes WHEN NEW.user_id = ${id} BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`,
    );
    try {
      const secretMail = `secret-${id}@example.test`;
      const put = await call('/user.js', token, {
        method: 'PUT',
        headers: JSON_TYPE,
        body: JSON.stringify({ user: { email: secretMail, password: 'a new secret password' } }),
      });
      expect(put.status).toBe(500);
      expect((await read(put, 'js')).errors.error).toEqual(['Internal error']);
      const note = await call('/notes.js', token, {
        method: 'POST',
        headers: JSON_TYPE,
        body: noteJson({
          title: 'secret title',
          content: 'private thoughts',
          references: [GEN_1_1],
        }),
      });
      expect(note.status).toBe(500);
      const text = logged.join('\n');
      expect(text).toMatch(/refused by the test/);
      expect(text).toMatch(/parameters withheld/);
      const row = (await db
        .prepare('SELECT token_hash, password_hash FROM users WHERE id = ?')
        .bind(id)
        .first()) as { token_hash: string; password_hash: string };
      for (const secret of [
        secretMail,
        row.token_hash,
        row.password_hash,
        'a new secret password',
        'secret title',
        'private thoughts',
        token,
      ])
        expect(text).not.toContain(secret);
      // The hashes the failed UPDATE carried are new ones: no 64-hex-digit value is in the log.
      expect(text).not.toMatch(/[0-9a-f]{64}/);
    } finally {
      await db.exec(`DROP TRIGGER ${trigger}`);
      await db.exec(`DROP TRIGGER ${noteTrigger}`);
    }
  });
});

describe('changing the e-mail address (docs/annotations.md)', () => {
  it('answers 422 for an address another account has, changes nothing, and limits e-mail changes per account', async () => {
    const other = await newUser();
    const otherMail = (
      (await (
        await accountDb(other.id)
      )
        .prepare('SELECT email FROM users WHERE id = ?')
        .bind(other.id)
        .first()) as { email: string }
    ).email;
    const { id, token } = await newUser();
    const db = await accountDb(id);
    const before = await db
      .prepare('SELECT email, updated_at FROM users WHERE id = ?')
      .bind(id)
      .first();
    const put = (email: string) =>
      call('/user.js', token, {
        method: 'PUT',
        headers: JSON_TYPE,
        body: JSON.stringify({ user: { email } }),
      });
    const taken = await put(otherMail);
    expect(taken.status).toBe(422);
    expect(
      await db.prepare('SELECT email, updated_at FROM users WHERE id = ?').bind(id).first(),
    ).toEqual(before);
    // The limit counts every PUT /user that sends an e-mail, taken or not.
    const limit = env.TEST_RATE_LIMITS.EMAIL_LIMITER.simple.limit;
    const statuses: number[] = [taken.status];
    for (let i = 1; i <= limit; i++)
      statuses.push((await put(`probe-${id}-${i}@example.test`)).status);
    expect(statuses.slice(0, limit).every((s) => s === 422 || s === 200)).toBe(true);
    expect(statuses[limit]).toBe(429);
    // Other fields are not limited by it.
    expect(
      (
        await call('/user.js', token, {
          method: 'PUT',
          headers: JSON_TYPE,
          body: JSON.stringify({ user: { first_name: 'Ann' } }),
        })
      ).status,
    ).toBe(200);
  });
});
