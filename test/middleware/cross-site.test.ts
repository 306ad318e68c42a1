import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  countRows,
  errors,
  GEN_1_1,
  JSON_TYPE,
  noteJson,
  noteXml,
  XML,
} from '../support/annotations';
import { createApp } from '../../src/app';
import { BASE, basic, call, newUser } from '../support/http';

/**
 * No cross-site writes (src/middleware/cross-site.ts; docs/http.md "Cross-site
 * writes"). A form on another site that posts to the API with the browser's cached Basic
 * credentials is refused with 403 before the token lookup, the write limit and any write.
 */

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const EVIL = 'https://evil.example';
const REFUSED =
  /^Cross-site request refused: a page on another site may not change data here \(Origin https:\/\/evil\.example\)$/;

describe('cross-site writes', () => {
  it('refuses a form post from another site with 403 in the requested format, before the write limit counts it, writing nothing', async () => {
    const { id, token } = await newUser('cross-site');
    const limit = env.TEST_RATE_LIMITS.WRITE_LIMITER.simple.limit;
    // As many refused requests as the write limit allows in a window (and one more below): were
    // any of them counted, the account's own write after them would be a 429.
    for (let i = 0; i < limit; i += 25) {
      await Promise.all(
        Array.from({ length: Math.min(25, limit - i) }, async (_, j) => {
          const res = await call('/notes.xml', token, {
            method: 'POST',
            body: 'title=x',
            headers: { ...FORM, Origin: EVIL },
          });
          if (res.status !== 403) throw new Error(`request ${i + j}: ${res.status} (expected 403)`);
          await res.arrayBuffer();
        }),
      );
    }
    const xml = await call('/notes.xml', token, {
      method: 'POST',
      body: 'title=x',
      headers: { ...FORM, Origin: EVIL },
    });
    expect(xml.status).toBe(403);
    expect(xml.headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
    expect(xml.headers.get('Cache-Control')).toBe('private, no-store');
    expect(xml.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(await errors(xml)).toEqual([expect.stringMatching(REFUSED)]);
    // A "simple" fetch (text/plain) with a JSON body asks for JSON and gets a JSON error.
    const js = await call('/notes.js', token, {
      method: 'POST',
      body: noteJson({ title: 'x', references: [GEN_1_1] }),
      headers: { 'Content-Type': 'text/plain', Origin: EVIL },
    });
    expect(js.status).toBe(403);
    expect(js.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expect(js.headers.get('Cache-Control')).toBe('private, no-store');
    expect(await errors(js, 'js')).toEqual([expect.stringMatching(REFUSED)]);
    expect(await countRows('notes', 'user_id = ?', id)).toBe(0);
    // The account's own write still succeeds: the write limit did not count the refused requests.
    const own = await call('/notes.xml', token, {
      method: 'POST',
      body: noteXml({ title: 'mine', references: [GEN_1_1] }),
      headers: XML,
    });
    expect(own.status).toBe(201);
    expect(await countRows('notes', 'user_id = ?', id)).toBe(1);
  });

  it('refuses before the token is looked up: no 401 challenge, with or without credentials', async () => {
    for (const token of [null, 'not-a-token']) {
      const res = await call('/notes.xml', token, {
        method: 'POST',
        body: 'title=x',
        headers: { ...FORM, Origin: EVIL },
      });
      expect(res.status).toBe(403);
      expect(res.headers.get('WWW-Authenticate')).toBeNull();
      expect(await errors(res)).toEqual([expect.stringMatching(REFUSED)]);
    }
    // Without a suffix the refusal is the site's error page, as any error of an HTML request.
    const page = await call('/notes', null, {
      method: 'POST',
      body: 'title=x',
      headers: { ...FORM, Origin: EVIL },
    });
    expect(page.status).toBe(403);
    expect(page.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(page.headers.get('Cache-Control')).toBe('private, no-store');
    expect(await page.text()).toContain('Cross-site request refused');
  });

  it('refuses every unsafe method from another site by Origin or Sec-Fetch-Site, and leaves reads alone', async () => {
    const { id, token } = await newUser('cross-site');
    const note = await call('/notes.xml', token, {
      method: 'POST',
      body: noteXml({ title: 'kept', references: [GEN_1_1] }),
      headers: XML,
    });
    expect(note.status).toBe(201);
    const notePath = note.headers.get('Location')!;
    const cases: [string, string, Record<string, string>][] = [
      ['PUT', notePath, { ...FORM, Origin: EVIL }],
      ['PUT', '/user.xml', { ...FORM, Origin: EVIL }],
      ['DELETE', notePath, { ...FORM, Origin: EVIL }],
      ['DELETE', notePath, { Origin: EVIL }],
      ['PATCH', notePath, { 'Content-Type': 'text/plain', Origin: EVIL }],
      ['POST', '/user/import.js', { Origin: 'null' }],
      [
        'POST',
        '/notes.xml',
        { 'Content-Type': 'multipart/form-data; boundary=x', Origin: 'http://api.test' },
      ],
      ['POST', '/user/taggings.xml', { ...FORM, 'Sec-Fetch-Site': 'cross-site' }],
      ['POST', '/notes.xml', { 'Sec-Fetch-Site': 'same-site' }],
      // A JSON body sent by a navigation (a form cannot, but the rule does not rely on it).
      ['POST', '/notes.xml', { ...JSON_TYPE, Origin: EVIL, 'Sec-Fetch-Mode': 'navigate' }],
    ];
    for (const [method, path, headers] of cases) {
      const res = await call(path, token, {
        method,
        headers,
        body: method === 'DELETE' ? undefined : 'x',
      });
      const what = `${method} ${path} ${JSON.stringify(headers)}`;
      expect(res.status, what).toBe(403);
      expect(res.headers.get('Access-Control-Allow-Origin'), what).toBe('*');
      const [message] = await errors(res, path.endsWith('.js') ? 'js' : 'xml');
      expect(message, what).toMatch(
        /^Cross-site request refused: .* \((Origin \S+|Sec-Fetch-Site (cross|same)-site)\)$/,
      );
    }
    // Nothing changed: the note is still there, as it was.
    expect(await countRows('notes', 'user_id = ? AND title = ?', id, 'kept')).toBe(1);
    // Reads from any site are what CORS is for.
    expect(
      (
        await call('/verses/KJV:John.3.16.js', token, {
          headers: { Origin: EVIL, 'Sec-Fetch-Site': 'cross-site' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call('/user/notes.js', token, {
          headers: { Origin: EVIL, 'Sec-Fetch-Site': 'cross-site' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(notePath, token, { method: 'HEAD', headers: { Origin: EVIL } })).status,
    ).toBe(200);
  });

  it("lets same-origin pages, clients without Origin, and API clients in other sites' pages (JSON or XML, own Authorization) write", async () => {
    const { id, token } = await newUser('cross-site');
    const cases: Record<string, string>[] = [
      // The reading site's note form: a same-origin fetch (public/assets/note-form.js).
      {
        'Content-Type': 'application/json',
        Origin: BASE,
        'Sec-Fetch-Site': 'same-origin',
        'Sec-Fetch-Mode': 'cors',
      },
      // curl, the PHP client, servers: no Origin, no Sec-Fetch-Site.
      { ...JSON_TYPE },
      { ...JSON_TYPE, 'Sec-Fetch-Site': 'none' },
      // An API client in another site's page: preflighted, with the Authorization it set itself.
      {
        'Content-Type': 'application/json',
        Origin: EVIL,
        'Sec-Fetch-Site': 'cross-site',
        'Sec-Fetch-Mode': 'cors',
      },
      { ...JSON_TYPE, Origin: 'https://app.example' },
    ];
    for (const headers of cases) {
      const res = await call('/notes.js', token, {
        method: 'POST',
        headers,
        body: noteJson({ title: 'ok', references: [GEN_1_1] }),
      });
      expect(res.status, JSON.stringify(headers)).toBe(201);
    }
    const xml = await call('/notes.xml', token, {
      method: 'POST',
      headers: { ...XML, Origin: EVIL },
      body: noteXml({ title: 'ok', references: [GEN_1_1] }),
    });
    expect(xml.status).toBe(201);
    const location = xml.headers.get('Location')!;
    // Without a body a same-origin DELETE passes as well (the check is on the origin first).
    expect(
      (await call(location, token, { method: 'DELETE', headers: { Origin: BASE } })).status,
    ).toBe(200);
    expect(await countRows('notes', 'user_id = ?', id)).toBe(cases.length);
    // curl and the PHP client send form types only by mistake: no Origin, so the API answers as usual (415).
    expect(
      (await call('/notes.xml', token, { method: 'POST', headers: FORM, body: 'x' })).status,
    ).toBe(415);
    // The boundary: the other site's JSON request above, sent as a "simple" request (text/plain,
    // no preflight) is refused; from our own origin the same is the API's usual 415.
    const simple = {
      'Content-Type': 'text/plain',
      'Sec-Fetch-Site': 'cross-site',
      'Sec-Fetch-Mode': 'cors',
    };
    const body = noteJson({ title: 'simple', references: [GEN_1_1] });
    expect(
      (
        await call('/notes.js', token, {
          method: 'POST',
          headers: { ...simple, Origin: EVIL },
          body,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call('/notes.js', token, {
          method: 'POST',
          headers: { ...simple, Origin: BASE, 'Sec-Fetch-Site': 'same-origin' },
          body,
        })
      ).status,
    ).toBe(415);
    expect(await countRows('notes', 'user_id = ?', id)).toBe(cases.length);
  });

  it('with a CORS allow-list, lets the listed origins write as pages of our own site, and no other', async () => {
    const { token } = await newUser('cross-site');
    const app = createApp();
    const listed = { ...env, CORS_ORIGINS: 'https://app.example,https://www.example' };
    const post = (origin: string, headers: Record<string, string>) =>
      app.fetch(
        new Request(`${BASE}/notes.js`, {
          method: 'POST',
          headers: { Authorization: basic(token), Origin: origin, ...headers },
          body: noteJson({ title: 'listed', references: [GEN_1_1] }),
        }),
        listed,
      );
    // A listed origin passes the cross-site check even with a form type (the API then answers 415).
    expect((await post('https://app.example', FORM)).status).toBe(415);
    expect((await post('https://www.example', JSON_TYPE)).status).toBe(201);
    const refused = await post(EVIL, FORM);
    expect(refused.status).toBe(403);
    // The error carries the CORS headers as every error does (an unlisted origin is not echoed).
    expect(refused.headers.get('Vary')).toMatch(/Origin/);
    expect(refused.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});
