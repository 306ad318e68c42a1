import { beforeAll, describe, expect, it } from 'vitest';
import { call, getJson, getXml, newUser } from '../support/http';

/** docs/http.md, claim by claim (the docs match the service). */

let token: string;
beforeAll(async () => {
  token = (await newUser()).token;
});

// A read answered from the isolate's kept responses says so first (docs/http.md "Kept responses").
const SERVER_TIMING = /^(isolate-cache;desc="hit", )?kv;desc="KV reads: \d+"$/;

describe('docs/http.md: GET /status', () => {
  it('reports the snapshot and the API version, with no cache headers', async () => {
    const { res, body } = await getXml('/status.xml', token);
    expect(res.status).toBe(200);
    expect(body.statuses.status).toMatchObject({ '@id': 'ok', id: 'ok', api_version: '1' });
    expect(body.statuses.status.snapshot_id).toMatch(/^[0-9a-f]{16}$/);
    expect(res.headers.get('ETag')).toBeNull();
    expect(res.headers.get('Cache-Control')).toBeNull();
    expect((await getJson('/v2/status.js', token)).body.statuses.status[0].api_version).toBe(2);
  });

  it('needs the token like everything else', async () => {
    const res = await call('/status.xml', null);
    expect(res.status).toBe(401);
    expect(res.headers.get('WWW-Authenticate')).toBe(
      'Basic realm="Scripture API: send your API token as the user name"',
    );
    expect(res.headers.get('Server-Timing')).toBeNull();
  });
});

describe('docs/http.md: response headers', () => {
  it('Content-Type per format, errors included', async () => {
    expect((await call('/status.xml', token)).headers.get('Content-Type')).toBe(
      'application/xml; charset=utf-8',
    );
    expect((await call('/status.js', token)).headers.get('Content-Type')).toBe(
      'application/json; charset=utf-8',
    );
    expect((await call('/verses/KJV:John.3.99.js', token)).headers.get('Content-Type')).toBe(
      'application/json; charset=utf-8',
    );
    // No .xml / .js suffix: the HTML page (here a 404 page: `status.json` is a name, not a suffix).
    expect((await call('/status.json', token)).headers.get('Content-Type')).toBe(
      'text/html; charset=utf-8',
    );
    expect((await call('/verses/KJV:John.3.16', token)).headers.get('Content-Type')).toBe(
      'text/html; charset=utf-8',
    );
  });

  it.each([
    '/versions.xml',
    '/bookgroups/1.xml',
    '/books/KJV:John.js',
    '/chapters/KJV:John.3.xml',
    '/verses/KJV:John.3.16.xml',
    '/verses.js?keyword=love',
    '/passages.js?q[]=John+3:16',
  ])(
    'ETag, Cache-Control, Vary and Server-Timing on the scripture read %s (200 and 304)',
    async (path) => {
      const res = await call(path, token);
      expect(res.status).toBe(200);
      expect(res.headers.get('ETag')).toMatch(/^W\/"[0-9a-f]{16}-[0-9a-f]{8}"$/);
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=3600');
      expect(res.headers.get('Vary')).toBe('Authorization');
      expect(res.headers.get('Server-Timing')).toMatch(SERVER_TIMING);
      const again = await call(path, token, {
        headers: { 'If-None-Match': res.headers.get('ETag')! },
      });
      expect(again.status).toBe(304);
      for (const h of ['ETag', 'Cache-Control', 'Vary'])
        expect(again.headers.get(h)).toBe(res.headers.get(h));
      expect(again.headers.get('Server-Timing')).toMatch(SERVER_TIMING);
    },
  );

  it('one ETag for one answer written two ways: another encoding, order or unread parameter, and its 304', async () => {
    const ways = [
      '/passages.js?q[]=John+3:16&version=KJV',
      '/passages.js?version=KJV&q%5B%5D=John+3%3A16',
      '/passages.js?q[]=John+3:16&version=KJV&unread=1',
    ];
    const tags = [];
    for (const path of ways) tags.push((await call(path, token)).headers.get('ETag'));
    expect(new Set(tags).size).toBe(1);
    for (const path of ways) {
      const again = await call(path, token, { headers: { 'If-None-Match': tags[0]! } });
      expect(again.status, path).toBe(304);
    }
  });

  it('Cache-Control: private, no-store on personal routes, errors included; Location on a create', async () => {
    for (const path of [
      '/user.xml',
      '/tags.xml',
      '/user/taggings.js',
      '/user/notes.xml',
      '/notes/999999.xml',
      '/v2/user/notes.xml',
      '/user/notes',
      '/verses/KJV:John.3.16',
    ]) {
      const res = await call(path, token);
      expect(res.headers.get('Cache-Control'), path).toBe('private, no-store');
      expect(res.headers.get('ETag'), path).toBeNull();
    }
    const created = await call('/notes.js', token, {
      method: 'POST',
      headers: { 'Content-Type': 'application/javascript' },
      body: JSON.stringify({
        note: {
          title: 't',
          content: 'c',
          references: { reference: [{ start: 'KJV:John.3.16', end: 'KJV:John.3.16' }] },
        },
      }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('Location')).toMatch(/^\/notes\/\d+\.js$/);
    expect(created.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('Location on the search redirect', async () => {
    const res = await call('/search.js?query=love', token, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/verses.js?keyword=love');
  });

  it('Server-Timing on errors after the token check, no public caching on errors', async () => {
    for (const path of ['/verses/KJV:John.3.99.xml', '/nothing.xml', '/passages.xml']) {
      const res = await call(path, token);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.headers.get('Server-Timing')).toMatch(SERVER_TIMING);
      expect(res.headers.get('ETag')).toBeNull();
      expect(res.headers.get('Cache-Control') ?? '').not.toMatch(/public/);
    }
  });
});
