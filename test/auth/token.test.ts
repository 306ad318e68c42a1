import { env } from 'cloudflare:workers';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app';
import { basic, BASE, call, newUser, parseXml } from '../support/http';
import { accountDb } from '../support/shards';

describe('authentication (docs/contract.md "Authentication")', () => {
  it('answers 401 with WWW-Authenticate and an XML error body when the token is missing', async () => {
    const res = await call('/status.xml', null);
    expect(res.status).toBe(401);
    expect(res.headers.get('WWW-Authenticate')).toMatch(/^Basic realm=/);
    expect(res.headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
    expect(parseXml(await res.text()).errors.error).toMatch(/token/);
  });

  it('answers 401 in JSON for a .js request with an unknown token', async () => {
    const res = await call('/status.js', 'not-a-token');
    expect(res.status).toBe(401);
    expect(res.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    const body = (await res.json()) as any;
    expect(body.errors.error[0]).toMatch(/token/);
  });

  it('accepts the token as the Basic user name and ignores the password', async () => {
    const { token } = await newUser();
    for (const password of ['x', '', 'anything at all']) {
      const res = await call('/status.xml', token, {
        headers: { Authorization: basic(token, password) },
      });
      expect(res.status).toBe(200);
    }
  });

  it('rejects malformed Authorization headers with 401, never 500', async () => {
    for (const header of ['Bearer abc', 'Basic !!!notbase64', 'Basic ', `Basic ${btoa(':x')}`]) {
      const res = await call('/status.xml', null, { headers: { Authorization: header } });
      expect(res.status).toBe(401);
    }
  });
});

describe('token verification and the isolate token cache', () => {
  it('checks personal routes in D1 on every request: a token changed behind the app stops at once', async () => {
    const { id, token } = await newUser();
    // Warm the isolate's token cache with a scripture read, then a personal read.
    expect((await call('/verses/KJV:John.3.16.xml', token)).status).toBe(200);
    expect((await call('/user.xml', token)).status).toBe(200);
    // Rotate the token in D1 directly, bypassing the app (and its cache invalidation).
    await (
      await accountDb(id)
    )
      .prepare('UPDATE users SET token_hash = ? WHERE id = ?')
      .bind(`rotated-${id}`, id)
      .run();
    const personal = await call('/user.xml', token);
    expect(personal.status).toBe(401);
    expect(personal.headers.get('WWW-Authenticate')).toMatch(/^Basic /);
    expect((await call('/user/notes.js', token)).status).toBe(401);
    // Scripture reads may trust the cache for its TTL (docs/configuration.md "Tokens and passwords").
    expect((await call('/verses/KJV:John.3.16.xml', token)).status).toBe(200);
  });
});

describe('error handler', () => {
  it("keeps the headers of a Hono HTTPException's response and writes our error document", async () => {
    const { token } = await newUser();
    const app = createApp();
    app.get('/teapot', () => {
      throw new HTTPException(413, {
        message: 'too big',
        res: new Response('ignored', { headers: { 'Retry-After': '7' } }),
      });
    });
    const res = await app.fetch(
      new Request(`${BASE}/teapot.js`, { headers: { Authorization: basic(token) } }),
      env,
    );
    expect(res.status).toBe(413);
    expect(res.headers.get('Retry-After')).toBe('7');
    expect(res.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual({ errors: { error: ['too big'] } });
  });
});
