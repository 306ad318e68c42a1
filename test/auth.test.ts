import { describe, expect, it } from 'vitest';
import { basic, call, newUser, parseXml } from './support/http';

describe('authentication (spec "Authentication")', () => {
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
      const res = await call('/status.xml', token, { headers: { Authorization: basic(token, password) } });
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
