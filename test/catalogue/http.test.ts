import { beforeAll, describe, expect, it } from 'vitest';
import { call, getJson, getXml, newUser } from '../support/http';

let token: string;
beforeAll(async () => {
  token = (await newUser()).token;
});

describe('API version prefix', () => {
  it.each([
    ['/status.js', 1],
    ['/v1/status.js', 1],
    ['/v2/status.js', 2],
    ['/v7/status.js', 2],
    ['/v0/status.js', 1],
  ])('%s is served as version %s', async (path, version) => {
    const { res, body } = await getJson(path, token);
    expect(res.status).toBe(200);
    expect(body.statuses.status[0].api_version).toBe(version);
  });

  it('serves the catalogue under /v2/ too', async () => {
    expect((await getJson('/v2/verses/KJV:John.3.16.js', token)).body.verses.verse[0].id).toBe(
      'KJV:John.3.16',
    );
  });
});

describe('format suffix', () => {
  it('asks for a token before it says a suffix is unknown', async () => {
    for (const path of ['/verses/KJV:John.3.16.json', '/versions', '/nothing/here.txt']) {
      const res = await call(path, null);
      expect(res.status).toBe(401);
      expect(res.headers.get('WWW-Authenticate')).toMatch(/^Basic /);
    }
  });

  it('serves the HTML page without a suffix; any other suffix is part of a name that does not exist (404 page)', async () => {
    for (const path of ['/versions', '/versions/KJV']) {
      const res = await call(path, token);
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    }
    for (const path of [
      '/verses/KJV:John.3.16.json',
      '/verses/KJV:John.3.16.html',
      '/versions.json',
    ]) {
      const res = await call(path, token);
      expect(res.status).toBe(404);
      expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    }
  });

  it('404s unknown routes with an error body in the requested format', async () => {
    const xml = await getXml('/nothing/here.xml', token);
    expect(xml.res.status).toBe(404);
    expect(xml.body.errors.error).toMatch(/No such resource/);
    const json = await getJson('/nothing/here.js', token);
    expect(json.res.status).toBe(404);
    expect(json.body.errors.error[0]).toMatch(/No such resource/);
  });

  it('answers HEAD like GET, without a body', async () => {
    const res = await call('/verses/KJV:John.3.16.xml', token, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('ETag')).toMatch(/^W\/"/);
    expect(await res.text()).toBe('');
  });

  it('answers only GET on the catalogue', async () => {
    expect(
      (await call('/verses/KJV:John.3.16.xml', token, { method: 'POST', body: 'x' })).status,
    ).toBe(404);
  });
});

describe('HTTP caching of scripture reads', () => {
  it('sends a weak ETag (meta differs per response) and Cache-Control, and answers If-None-Match with 304', async () => {
    const first = await call('/verses/KJV:John.3.16.xml', token);
    const etag = first.headers.get('ETag')!;
    expect(etag).toMatch(/^W\/"[^"]+"$/);
    expect(first.headers.get('Cache-Control')).toMatch(/max-age=\d+/);
    const second = await call('/verses/KJV:John.3.16.xml', token, {
      headers: { 'If-None-Match': etag },
    });
    expect(second.status).toBe(304);
    expect(await second.text()).toBe('');
    expect(second.headers.get('ETag')).toBe(etag);
  });

  it('gives different resources and formats different ETags', async () => {
    const a = (await call('/verses/KJV:John.3.16.xml', token)).headers.get('ETag');
    const b = (await call('/verses/KJV:John.3.17.xml', token)).headers.get('ETag');
    const c = (await call('/verses/KJV:John.3.16.js', token)).headers.get('ETag');
    expect(new Set([a, b, c]).size).toBe(3);
    const stale = await call('/verses/KJV:John.3.16.xml', token, {
      headers: { 'If-None-Match': b! },
    });
    expect(stale.status).toBe(200);
  });

  it('keys shared caches by Authorization (Vary) on 200 and 304 alike', async () => {
    for (const path of [
      '/verses/KJV:John.3.16.xml',
      '/chapters/KJV:John.3.js',
      '/versions.xml',
      '/passages.js?q[]=John+3:16',
    ]) {
      const first = await call(path, token);
      expect(first.status).toBe(200);
      expect(first.headers.get('Vary')).toMatch(/\bAuthorization\b/);
      const again = await call(path, token, {
        headers: { 'If-None-Match': first.headers.get('ETag')! },
      });
      expect(again.status).toBe(304);
      expect(again.headers.get('Vary')).toMatch(/\bAuthorization\b/);
    }
  });

  it('sends no public cache headers with an error', async () => {
    for (const path of [
      '/verses/KJV:John.3.99.xml',
      '/chapters/KJV:Nope.1.js',
      '/versions/NOPE.xml',
    ]) {
      const res = await call(path, token);
      expect(res.status).toBe(404);
      expect(res.headers.get('ETag')).toBeNull();
      expect(res.headers.get('Cache-Control') ?? '').not.toMatch(/public|max-age/);
    }
  });

  it('compares tags weakly: the strong spelling of our tag and a list containing it match too', async () => {
    const etag = (await call('/chapters/KJV:John.3.xml', token)).headers.get('ETag')!;
    for (const header of [etag.slice(2), `"other", ${etag}`, `W/"nope" , ${etag.slice(2)}`]) {
      expect(
        (await call('/chapters/KJV:John.3.xml', token, { headers: { 'If-None-Match': header } }))
          .status,
      ).toBe(304);
    }
  });

  it('lets If-None-Match: * match only a resource that exists', async () => {
    const existing = await call('/verses/KJV:John.3.16.js', token, {
      headers: { 'If-None-Match': '*' },
    });
    expect(existing.status).toBe(304);
    expect(existing.headers.get('ETag')).toMatch(/^W\//);
    expect(await existing.text()).toBe('');
    for (const path of [
      '/verses/KJV:John.3.99.js',
      '/books/KJV:Nope.xml',
      '/chapters/NOPE:John.3.xml',
    ]) {
      const missing = await call(path, token, { headers: { 'If-None-Match': '*' } });
      expect(missing.status).toBe(404);
      expect(missing.headers.get('ETag')).toBeNull();
    }
  });

  it('still requires a token for a conditional request', async () => {
    const etag = (await call('/verses/KJV:John.3.16.xml', token)).headers.get('ETag')!;
    expect(
      (await call('/verses/KJV:John.3.16.xml', null, { headers: { 'If-None-Match': etag } }))
        .status,
    ).toBe(401);
  });
});

describe('meta', () => {
  it('is generated per response', async () => {
    const one = (await getJson('/versions/KJV.js', token)).body.versions.meta;
    const two = (await getJson('/versions/KJV.js', token)).body.versions.meta;
    expect(one.fums_tid).not.toBe(two.fums_tid);
    for (const field of ['fums', 'fums_tid', 'fums_js_include', 'fums_js', 'fums_noscript'])
      expect(typeof one[field]).toBe('string');
    expect(one.fums_js).toContain(one.fums_tid);
  });
});
