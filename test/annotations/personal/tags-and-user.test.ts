import { describe, expect, it } from 'vitest';
import { call, newUser, parseXml } from '../../support/http';
import {
  countRows,
  createTagging,
  errors,
  FORMATS,
  GEN_1_1,
  JOHN_3_16,
  list,
  read,
  send,
  TIMESTAMP,
} from '../../support/annotations';

describe('tags (GET /tags, /user/tags, /tags/{id|name}; DELETE /tags/{id})', () => {
  for (const format of FORMATS) {
    it(`lists shared tags and the caller's own site-wide, never another account's alone; the caller's own tags (${format})`, async () => {
      const a = await newUser();
      const b = await newUser();
      const c = await newUser();
      await createTagging(a.token, { name: `mine-${format}`, references: [GEN_1_1] });
      await createTagging(b.token, { name: `theirs-${format}`, references: [GEN_1_1] });
      await createTagging(a.token, { name: `shared-${format}`, references: [GEN_1_1] });
      await createTagging(b.token, { name: `shared-${format}`, references: [JOHN_3_16] });
      for (const u of [a, b, c])
        await createTagging(u.token, { name: `wide-${format}`, references: [GEN_1_1] });
      const siteList = async (token: string) =>
        list((await read(await call(`/tags.${format}?limit=500`, token), format)).tags.tag);
      const names = (await siteList(a.token)).map((t: any) => t.name);
      expect(names).toContain(`mine-${format}`);
      expect(names).toContain(`shared-${format}`);
      expect(names).not.toContain(`theirs-${format}`);
      const others = await siteList(c.token);
      const otherNames = others.map((t: any) => t.name);
      expect(otherNames).not.toContain(`mine-${format}`);
      expect(otherNames).not.toContain(`theirs-${format}`);
      // Ranked by the number of accounts using a name: three before two.
      expect(otherNames.indexOf(`wide-${format}`)).toBeGreaterThanOrEqual(0);
      expect(otherNames.indexOf(`wide-${format}`)).toBeLessThan(
        otherNames.indexOf(`shared-${format}`),
      );
      expect(others.every((t: any) => t.references === undefined && t.id !== undefined)).toBe(true);
      const mine = list((await read(await call(`/user/tags.${format}`, a.token), format)).tags.tag);
      expect(mine.map((t: any) => t.name)).toEqual([
        `mine-${format}`,
        `shared-${format}`,
        `wide-${format}`,
      ]);
      expect(mine[0].references).toBeUndefined();
    });

    it(`shows one tag by id or by URL-encoded name with only the caller's references (${format})`, async () => {
      const a = await newUser();
      const b = await newUser();
      const name = `joy & peace ${format}`;
      const { tagging } = await createTagging(a.token, { name, references: [GEN_1_1] });
      await createTagging(a.token, { name, references: [JOHN_3_16] });
      await createTagging(b.token, {
        name,
        references: [{ start: 'KJV:John.3.20', end: 'KJV:John.3.21' }],
      });
      for (const key of [String(tagging.tag.id), encodeURIComponent(name)]) {
        const res = await call(`/tags/${key}.${format}`, a.token);
        expect(res.status).toBe(200);
        const tag = list((await read(res, format)).tags.tag)[0];
        expect(tag.name).toBe(name);
        expect(String(tag.id)).toBe(String(tagging.tag.id));
        const refs = list(tag.references.reference);
        expect(refs.map((r: any) => r.start)).toEqual(['KJV:Gen.1.1', 'KJV:John.3.16']);
        expect(refs[0].created_at).toMatch(TIMESTAMP);
      }
      // Someone with no taggings of it sees the tag with no references.
      const c = await newUser();
      const empty = list(
        (await read(await call(`/tags/${tagging.tag.id}.${format}`, c.token), format)).tags.tag,
      )[0];
      expect(list(empty.references?.reference)).toEqual([]);
    });
  }

  it('answers 404 for unknown tags and malformed ids', async () => {
    const { token } = await newUser();
    for (const key of ['no-such-tag', '99999999999999999999', '4242424']) {
      expect((await call(`/tags/${key}.xml`, token)).status).toBe(404);
      expect((await call(`/tags/${key}.js`, token, { method: 'DELETE' })).status).toBe(404);
    }
  });

  for (const format of FORMATS) {
    it(`DELETE /tags/{id} removes the caller's taggings of that tag only (${format})`, async () => {
      const a = await newUser();
      const b = await newUser();
      const { tagging } = await createTagging(a.token, {
        name: `delete-me-${format}`,
        references: [GEN_1_1],
      });
      await createTagging(a.token, { name: `delete-me-${format}`, references: [JOHN_3_16] });
      await createTagging(b.token, { name: `delete-me-${format}`, references: [GEN_1_1] });
      const res = await call(`/tags/${tagging.tag.id}.${format}`, a.token, { method: 'DELETE' });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('');
      expect(
        await countRows('taggings', 'user_id = ? AND tag_id = ?', a.id, Number(tagging.tag.id)),
      ).toBe(0);
      expect(
        await countRows('taggings', 'user_id = ? AND tag_id = ?', b.id, Number(tagging.tag.id)),
      ).toBe(1);
      // The global name stays (others use it).
      expect((await call(`/tags/${tagging.tag.id}.${format}`, b.token)).status).toBe(200);
    });
  }
});

describe('account (GET and PUT /user)', () => {
  for (const format of FORMATS) {
    it(`shows the caller's account in a users wrapper, never the password or its hash (${format})`, async () => {
      const { id, token } = await newUser('acct');
      const res = await call(`/user.${format}`, token);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).not.toMatch(/password|pbkdf2|token/i);
      const body = format === 'xml' ? parseXml(text) : JSON.parse(text);
      const user = list(body.users.user)[0];
      expect(String(user.id)).toBe(String(id));
      expect(user.username).toMatch(/^acct\d+-\d+@example\.test$/);
      expect(user.email).toBe(user.username);
      expect(user.first_name).toBeDefined();
      expect(user.last_name).toBeDefined();
      expect(user.created_at).toMatch(TIMESTAMP);
      expect(user.updated_at).toMatch(TIMESTAMP);
    });
  }

  it('PUT updates only the fields sent and returns the whole account', async () => {
    const { token } = await newUser();
    const first = await send(
      'PUT',
      '/user.xml',
      token,
      '<user><first_name>Ruth</first_name></user>',
      'xml',
    );
    expect(first.status).toBe(200);
    const after = parseXml(await first.text()).users.user;
    expect(after.first_name).toBe('Ruth');
    expect(after.last_name).toBe('');
    expect(after.api_token).toBeUndefined();
    const second = await send(
      'PUT',
      '/user.js',
      token,
      JSON.stringify({ user: { last_name: 'of Moab', email: 'ruth@example.test' } }),
      'js',
    );
    const user = ((await second.json()) as any).users.user[0];
    expect(user).toMatchObject({
      first_name: 'Ruth',
      last_name: 'of Moab',
      email: 'ruth@example.test',
      username: 'ruth@example.test',
    });
    expect(user.api_token).toBeUndefined();
  });

  it('PUT answers 422 for a taken or malformed e-mail, a short password, over-long names, listing all', async () => {
    const other = await newUser();
    const otherEmail = ((await (await call('/user.js', other.token)).json()) as any).users.user[0]
      .email;
    const { token } = await newUser();
    const res = await send(
      'PUT',
      '/user.js',
      token,
      JSON.stringify({
        user: { email: otherEmail, password: 'short', first_name: 'x'.repeat(101) },
      }),
      'js',
    );
    expect(res.status).toBe(422);
    expect(await errors(res, 'js')).toEqual([
      'first_name is longer than 100 characters',
      'email is already used by another account',
      'password must have at least 8 characters',
    ]);
    const bad = await send(
      'PUT',
      '/user.xml',
      token,
      '<user><email>not-an-address</email></user>',
      'xml',
    );
    expect(await errors(bad)).toEqual(['email is not an e-mail address']);
  });

  for (const format of FORMATS) {
    it(`a new password rotates the token: api_token only in that response, old token 401 at once (${format})`, async () => {
      const { token } = await newUser();
      // Warm the isolate's token cache on a scripture route with the old token.
      expect((await call('/status.xml', token)).status).toBe(200);
      const body =
        format === 'xml'
          ? '<user><password>a much better secret</password></user>'
          : JSON.stringify({ user: { password: 'a much better secret' } });
      const res = await send('PUT', `/user.${format}`, token, body, format);
      expect(res.status).toBe(200);
      const newToken = String(list((await read(res, format)).users.user)[0].api_token);
      expect(newToken).toMatch(/^[0-9a-f]{64}$/);
      expect(newToken).not.toBe(token);
      expect((await call(`/user.${format}`, token)).status).toBe(401);
      expect((await call('/status.xml', token)).status).toBe(401); // forgotten by the cache too
      const again = await call(`/user.${format}`, newToken);
      expect(again.status).toBe(200);
      expect(list((await read(again, format)).users.user)[0].api_token).toBeUndefined();
    });
  }
});
