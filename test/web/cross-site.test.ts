import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { countRows, errors, GEN_1_1, JSON_TYPE, noteJson, noteXml, XML } from '../annotations/helpers';
import { createApp } from '../../src/app';
import { BASE, basic, call, newUser } from '../support/http';

/** Issue 18 §4: no cross-site writes (src/middleware/cross-site.ts; docs/http.md "Cross-site writes"). */

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const EVIL = 'https://evil.example';

describe('cross-site writes', () => {
  it('refuses a form post from another site with 403 in the requested format, before the write limit counts it, writing nothing', async () => {
    const { id, token } = await newUser();
    const limit = env.TEST_RATE_LIMITS.WRITE_LIMITER.simple.limit;
    // More refused requests than the write limit allows: if any were counted, the write after
    // them would be a 429.
    for (let i = 0; i < limit; i++) {
      const res = await call('/notes.xml', token, { method: 'POST', body: 'title=x', headers: { ...FORM, Origin: EVIL } });
      if (res.status !== 403) throw new Error(`request ${i}: ${res.status}`);
      await res.arrayBuffer();
    }
    const xml = await call('/notes.xml', token, { method: 'POST', body: 'title=x', headers: { ...FORM, Origin: EVIL } });
    expect(xml.status).toBe(403);
    expect(xml.headers.get('Cache-Control')).toBe('private, no-store');
    expect((await errors(xml))[0]).toMatch(/^Cross-site request refused.*evil\.example/);
    const js = await call('/notes.js', token, { method: 'POST', body: 'title=x', headers: { 'Content-Type': 'text/plain', Origin: EVIL } });
    expect(js.status).toBe(403);
    expect((await errors(js, 'js'))[0]).toMatch(/^Cross-site request refused/);
    expect(await countRows('notes', 'user_id = ?', id)).toBe(0);
    const own = await call('/notes.xml', token, { method: 'POST', body: noteXml({ title: 'mine', references: [GEN_1_1] }), headers: XML });
    expect(own.status).toBe(201);
  });

  it('refuses every unsafe method from another site by Origin or Sec-Fetch-Site, and leaves reads alone', async () => {
    const { token } = await newUser();
    const cases: [string, string, Record<string, string>][] = [
      ['PUT', '/user.xml', { ...FORM, Origin: EVIL }],
      ['DELETE', '/notes/1.xml', { Origin: EVIL }],
      ['POST', '/user/import.js', { Origin: 'null' }],
      ['POST', '/user/taggings.xml', { ...FORM, 'Sec-Fetch-Site': 'cross-site' }],
      ['POST', '/notes.xml', { 'Sec-Fetch-Site': 'same-site' }],
      // A JSON body sent by a navigation (a form cannot, but the rule does not rely on it).
      ['POST', '/notes.xml', { ...JSON_TYPE, Origin: EVIL, 'Sec-Fetch-Mode': 'navigate' }],
    ];
    for (const [method, path, headers] of cases) {
      const res = await call(path, token, { method, headers, body: method === 'DELETE' ? undefined : 'x' });
      expect(res.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(403);
      expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
    }
    // Reads from any site are what CORS is for.
    expect((await call('/verses/KJV:John.3.16.js', token, { headers: { Origin: EVIL, 'Sec-Fetch-Site': 'cross-site' } })).status).toBe(200);
    expect((await call('/user/notes.js', token, { headers: { Origin: EVIL } })).status).toBe(200);
  });

  it('lets same-origin pages, clients without Origin, and API clients in other sites\' pages (JSON or XML, own Authorization) write', async () => {
    const { token } = await newUser();
    const cases: Record<string, string>[] = [
      { ...JSON_TYPE, Origin: BASE, 'Sec-Fetch-Site': 'same-origin' },
      { ...JSON_TYPE },
      { ...JSON_TYPE, 'Sec-Fetch-Site': 'none' },
      { ...JSON_TYPE, Origin: EVIL, 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'cors' },
      { 'Content-Type': 'application/json', Origin: 'https://app.example' },
    ];
    for (const headers of cases) {
      const res = await call('/notes.js', token, { method: 'POST', headers, body: noteJson({ title: 'ok', references: [GEN_1_1] }) });
      expect(res.status, JSON.stringify(headers)).toBe(201);
    }
    // curl and the PHP client send form types only by mistake: no Origin, so the API answers as usual (415).
    expect((await call('/notes.xml', token, { method: 'POST', headers: FORM, body: 'x' })).status).toBe(415);
  });

  it('with a CORS allow-list, lets the listed origins write as pages of our own site, and no other', async () => {
    const { token } = await newUser();
    const app = createApp();
    const listed = { ...env, CORS_ORIGINS: 'https://app.example,https://www.example' };
    const post = (origin: string, headers: Record<string, string>) =>
      app.fetch(new Request(`${BASE}/notes.js`, { method: 'POST', headers: { Authorization: basic(token), Origin: origin, ...headers }, body: noteJson({ title: 'listed', references: [GEN_1_1] }) }), listed);
    // A listed origin passes the cross-site check even with a form type (the API then answers 415).
    expect((await post('https://app.example', FORM)).status).toBe(415);
    expect((await post('https://www.example', JSON_TYPE)).status).toBe(201);
    expect((await post('https://evil.example', FORM)).status).toBe(403);
  });
});
