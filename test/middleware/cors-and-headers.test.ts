import { beforeAll, describe, expect, it } from 'vitest';
import { allowedOrigin } from '../../src/middleware/cors';
import { call, newUser } from '../support/http';

let token: string;
beforeAll(async () => {
  token = (await newUser()).token;
});

const ORIGIN = { Origin: 'https://reader.example' };

function expectCors(res: Response) {
  expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
  const exposed = (res.headers.get('Access-Control-Expose-Headers') ?? '').split(',');
  for (const h of ['ETag', 'Location', 'WWW-Authenticate', 'Server-Timing', 'Retry-After'])
    expect(exposed).toContain(h);
}

describe('CORS', () => {
  it('answers a preflight before authentication: 204, no body, methods, named headers, max age', async () => {
    const res = await call('/notes.js', null, {
      method: 'OPTIONS',
      headers: {
        ...ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
    const methods = res.headers.get('Access-Control-Allow-Methods')!.split(',');
    for (const m of ['GET', 'POST', 'PUT', 'DELETE']) expect(methods).toContain(m);
    const headers = res.headers.get('Access-Control-Allow-Headers')!.split(',');
    for (const h of ['Authorization', 'Content-Type', 'If-None-Match'])
      expect(headers).toContain(h);
    expect(Number(res.headers.get('Access-Control-Max-Age'))).toBeGreaterThan(0);
  });

  it('carries the headers on a GET, a 304, a POST, a 401 and a 404', async () => {
    const get = await call('/verses/KJV:John.3.16.js', token, { headers: ORIGIN });
    expect(get.status).toBe(200);
    expectCors(get);
    const notModified = await call('/verses/KJV:John.3.16.js', token, {
      headers: { ...ORIGIN, 'If-None-Match': get.headers.get('ETag')! },
    });
    expect(notModified.status).toBe(304);
    expectCors(notModified);
    const post = await call('/notes.js', token, {
      method: 'POST',
      headers: { ...ORIGIN, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        note: { title: 'cors', references: [{ start: 'KJV:Gen.1.1', end: 'KJV:Gen.1.1' }] },
      }),
    });
    expect(post.status).toBe(201);
    expectCors(post);
    const unauthorized = await call('/verses/KJV:John.3.16.js', null, { headers: ORIGIN });
    expect(unauthorized.status).toBe(401);
    expectCors(unauthorized);
    const missing = await call('/verses/KJV:John.3.99.js', token, { headers: ORIGIN });
    expect(missing.status).toBe(404);
    expectCors(missing);
  });

  it('reads an allow-list from CORS_ORIGINS: a listed origin is echoed, any other gets none', () => {
    expect(allowedOrigin(undefined, 'https://a.example')).toBe('*');
    expect(allowedOrigin('*', 'https://a.example')).toBe('*');
    expect(allowedOrigin('https://a.example, https://b.example', 'https://b.example')).toBe(
      'https://b.example',
    );
    expect(allowedOrigin('https://a.example,https://b.example', 'https://evil.example')).toBeNull();
  });
});

describe('security headers', () => {
  it('sends nosniff and a Referrer-Policy on every response, and nothing that names the server', async () => {
    const responses = [
      await call('/verses/KJV:John.3.16.xml', token),
      await call('/verses/KJV:John.3.16', token),
      await call('/nothing/here.js', token),
      await call('/status.xml', null),
      await call('/assets/site.css', null),
      await call('/notes.xml', null, {
        method: 'OPTIONS',
        headers: { ...ORIGIN, 'Access-Control-Request-Method': 'GET' },
      }),
    ];
    for (const res of responses) {
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(res.headers.get('Referrer-Policy')).toBe('no-referrer');
      expect(res.headers.get('Server')).toBeNull();
      expect(res.headers.get('X-Powered-By')).toBeNull();
    }
  });

  it('gives HTML pages a Content-Security-Policy that allows only this origin', async () => {
    for (const path of ['/chapters/KJV:John.3', '/versions', '/verses/KJV:John.3.99']) {
      const csp = (await call(path, token)).headers.get('Content-Security-Policy') ?? '';
      // Pinned directive by directive, written out here: the policy may not gain a source
      // ('unsafe-eval', another host) nor lose a directive (frame-ancestors) unnoticed.
      const directives = Object.fromEntries(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...sources]) => [name, sources.join(' ')]),
      );
      expect(directives, path).toEqual({
        'default-src': "'none'",
        'style-src': "'self'",
        'script-src': "'self'",
        'connect-src': "'self'",
        'img-src': "'self'",
        // The Hebrew and Greek fonts (src/api/fonts.ts), from /assets/fonts.
        'font-src': "'self'",
        'form-action': "'self'",
        'base-uri': "'none'",
        'frame-ancestors': "'none'",
      });
    }
    // XML and JSON need none (nosniff keeps browsers from rendering them).
    expect(
      (await call('/chapters/KJV:John.3.xml', token)).headers.get('Content-Security-Policy'),
    ).toBeNull();
  });
});
