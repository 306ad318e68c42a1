import { beforeAll, describe, expect, it } from 'vitest';
import { createNote } from '../support/annotations';
import { env } from 'cloudflare:workers';
import { createApp } from '../../src/app';
import { keptAnswer } from '../../src/middleware/scripture-cache';
import { forgetKeptResponses } from '../../src/cache/responses';
import { BASE, basic, call, newUser } from '../support/http';

// Scripture reads are kept in the isolate and answered again with a fresh meta
// (src/cache/responses.ts, src/middleware/scripture-cache.ts; docs/http.md "Kept responses").

let token: string;
beforeAll(async () => {
  token = (await newUser()).token;
});

const HIT = /isolate-cache;desc="hit"/;
const withoutTid = (body: string) => body.replace(/[0-9a-f]{14}\.\d{8}/g, 'TID');

describe('kept scripture responses', () => {
  // /versions.js holds Hebrew and Greek (kept as bytes), the others ASCII or a page.
  for (const path of [
    '/chapters/KJV:John.3.xml',
    '/verses/KJV:John.3.16.js',
    '/books/KJV:John.js',
    '/passages.xml?q[]=John+3:16-18&version=KJV',
    '/versions.js',
    '/v2/chapters/KJV:John.3',
  ]) {
    it(`answer ${path} again from the isolate, byte for byte but a fresh FUMS id`, async () => {
      const first = await call(path, token);
      const second = await call(path, token);
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(second.headers.get('Server-Timing')).toMatch(HIT);
      for (const name of [
        'Content-Type',
        'ETag',
        'Cache-Control',
        'Vary',
        'Content-Security-Policy',
        'Access-Control-Allow-Origin',
      ]) {
        expect(second.headers.get(name), name).toBe(first.headers.get(name));
      }
      const [a, b] = [await first.text(), await second.text()];
      expect(withoutTid(b)).toBe(withoutTid(a));
      if (path === '/versions.js') expect(a).toMatch(/[^\x00-\x7f]/);
      if (!path.startsWith('/v2/')) expect(b).not.toBe(a);
      // The ETag still answers 304, and `*` too, before anything is rendered.
      const etag = second.headers.get('ETag')!;
      expect((await call(path, token, { headers: { 'If-None-Match': etag } })).status).toBe(304);
      expect((await call(path, token, { headers: { 'If-None-Match': '*' } })).status).toBe(304);
    });
  }

  it('answer from the third read on with the very headers the whole worker gave the second', async () => {
    const path = '/chapters/KJV:John.2.xml';
    await call(path, token);
    const second = await call(path, token);
    const third = await call(path, token);
    expect([...third.headers]).toEqual([...second.headers]);
    // Security, CORS and Server-Timing included (src/middleware/scripture-cache.ts finishedHeaders).
    for (const name of [
      'X-Content-Type-Options',
      'Referrer-Policy',
      'Access-Control-Allow-Origin',
      'Access-Control-Expose-Headers',
      'ETag',
    ])
      expect(third.headers.get(name), name).toBeTruthy();
    expect(third.headers.get('Server-Timing')).toMatch(HIT);
    expect(third.headers.get('Server-Timing')).toMatch(/KV reads: 0/);
    const [b, c] = [await second.text(), await third.text()];
    expect(withoutTid(c)).toBe(withoutTid(b));
    expect(c).not.toBe(b);
    // A condition still goes the whole way.
    expect(
      (await call(path, token, { headers: { 'If-None-Match': third.headers.get('ETag')! } }))
        .status,
    ).toBe(304);
  });

  it('under a CORS allow-list, answer each origin with its own headers however often the read is kept', async () => {
    const app = createApp();
    const listed = { ...env, CORS_ORIGINS: 'https://app.example,https://www.example' };
    const read = (origin: string) =>
      app.fetch(
        new Request(`${BASE}/chapters/KJV:John.4.js`, {
          headers: { Authorization: basic(token), Origin: origin },
        }),
        listed,
      );
    for (let i = 0; i < 3; i++)
      expect((await read('https://app.example')).headers.get('Access-Control-Allow-Origin')).toBe(
        'https://app.example',
      );
    const other = await read('https://www.example');
    expect(other.headers.get('Server-Timing')).toMatch(HIT);
    expect(other.headers.get('Access-Control-Allow-Origin')).toBe('https://www.example');
    expect(
      (await read('https://evil.example')).headers.get('Access-Control-Allow-Origin'),
    ).toBeNull();
    expect((await read('https://evil.example')).headers.get('Vary')).toMatch(/Origin/);
  });

  it('keep no error, no page holding the caller’s notes, and no answer for a caller without a token', async () => {
    for (let i = 0; i < 2; i++)
      expect(
        (await call('/chapters/KJV:John.99.xml', token)).headers.get('Server-Timing') ?? '',
      ).not.toMatch(HIT);
    const { token: reader } = await newUser();
    await call('/verses/KJV:John.3.16', reader);
    await createNote(reader, {
      title: 'kept-or-not one',
      references: [{ start: 'KJV:John.3.16', end: 'KJV:John.3.16' }],
    });
    const once = await call('/verses/KJV:John.3.16', reader);
    expect(once.headers.get('Server-Timing')).not.toMatch(HIT);
    expect(await once.text()).toContain('kept-or-not one');
    await createNote(reader, {
      title: 'kept-or-not two',
      references: [{ start: 'KJV:John.3.16', end: 'KJV:John.3.16' }],
    });
    expect(await (await call('/verses/KJV:John.3.16', reader)).text()).toContain('kept-or-not two');
    // A kept chapter is still refused without a token.
    await call('/chapters/KJV:John.3.xml', token);
    expect((await call('/chapters/KJV:John.3.xml', null)).status).toBe(401);
  });
});

describe('kept answers before the app (src/index.ts)', () => {
  const request = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Request(`${BASE}${path}`, { method, headers: { Authorization: basic(token), ...headers } });

  it('answer a read kept with its finished headers, for a caller verified here, and nothing else', async () => {
    const path = '/chapters/KJV:John.5.xml';
    // Nothing kept yet, whatever other files of this worker read: the app answers.
    forgetKeptResponses();
    expect(keptAnswer(request(path), env)).toBeNull();
    await call(path, token);
    // Kept, but its finished headers are recorded on its first answer from the isolate.
    expect(keptAnswer(request(path), env)).toBeNull();
    const second = await call(path, token);
    const before = keptAnswer(request(path), env)!;
    expect(before).not.toBeNull();
    expect([...before.headers]).toEqual([...second.headers]);
    expect(withoutTid(await before.text())).toBe(withoutTid(await second.text()));
    // Whatever would go another way in the app goes to the app: a condition, another method, a
    // caller without a token or with one this isolate has not verified, a CORS allow-list.
    expect(
      keptAnswer(request(path, { 'If-None-Match': second.headers.get('ETag')! }), env),
    ).toBeNull();
    expect(keptAnswer(request(path, {}, 'HEAD'), env)).toBeNull();
    expect(keptAnswer(new Request(`${BASE}${path}`), env)).toBeNull();
    expect(
      keptAnswer(
        new Request(`${BASE}${path}`, {
          headers: { Authorization: basic('not-a-token-of-anyone') },
        }),
        env,
      ),
    ).toBeNull();
    expect(keptAnswer(request(path), { ...env, CORS_ORIGINS: 'https://app.example' })).toBeNull();
    // Another format or API version of the same chapter is another kept response.
    expect(keptAnswer(request('/chapters/KJV:John.5.js'), env)).toBeNull();
    expect(keptAnswer(request(`/v2${path}`), env)).toBeNull();
  });
});

describe('the key a response is kept under: the parameters its route reads', () => {
  it('answers a query that differs only by parameters its route does not read from the one kept answer, so junk neither renders afresh nor fills the cache', async () => {
    const plain = await call('/chapters/KJV:Jude.1.js', token);
    expect(plain.status).toBe(200);
    const text = withoutTid(await plain.text());
    for (let i = 0; i < 3; i++) {
      const junk = await call(`/chapters/KJV:Jude.1.js?zz_junk${i}=x&__proto__=y`, token);
      expect(junk.status).toBe(200);
      expect(junk.headers.get('Server-Timing') ?? '', `junk ${i}`).toMatch(HIT);
      expect(withoutTid(await junk.text())).toBe(text);
    }
    // The page of a chapter's cross-references (a large one) alike.
    await call('/chapters/KJV:John.3/cross-references', token);
    const page = await call('/chapters/KJV:John.3/cross-references?utm_source=x', token);
    expect(page.headers.get('Server-Timing') ?? '').toMatch(HIT);
  });

  it('keeps the references of a passage under every name they may take, in their order', async () => {
    const john = await call('/passages.js?q=John+3:16&version=KJV', token);
    const genesis = await call('/passages.js?q=Gen+1:1&version=KJV', token);
    expect(genesis.headers.get('Server-Timing') ?? '').not.toMatch(HIT);
    expect(await genesis.text()).not.toBe(await john.text());
    const first = await call('/passages.js?q[1]=John+3:16&q[]=Gen+1:1&version=KJV', token);
    const swapped = await call('/passages.js?q[]=Gen+1:1&q[1]=John+3:16&version=KJV', token);
    expect(swapped.headers.get('Server-Timing') ?? '').not.toMatch(HIT);
    expect(withoutTid(await swapped.text())).not.toBe(withoutTid(await first.text()));
  });

  it('keeps one answer for the same parameters in any order, and their values in theirs', async () => {
    const first = await call('/chapters/KJV:John.1/verses.js?start=2&end=4', token);
    expect(first.status).toBe(200);
    const reordered = await call('/chapters/KJV:John.1/verses.js?end=4&start=2', token);
    expect(reordered.headers.get('Server-Timing')).toMatch(HIT);
    const passages = await call('/passages.js?q[]=John+3:16&q[]=Gen+1:1&version=KJV', token);
    const swapped = await call('/passages.js?q[]=Gen+1:1&q[]=John+3:16&version=KJV', token);
    expect(swapped.headers.get('Server-Timing') ?? '').not.toMatch(HIT);
    expect(await swapped.text()).not.toBe(await passages.text());
  });

  it('keeps the chapter page with another version beside it (`parallel`) apart from the page alone', async () => {
    const alone = await call('/chapters/KJV:John.2', token);
    const beside = await call('/chapters/KJV:John.2?parallel=ASV', token);
    expect(beside.status).toBe(200);
    expect(await beside.text()).not.toBe(await alone.text());
    const again = await call('/chapters/KJV:John.2?parallel=ASV', token);
    expect(again.headers.get('Server-Timing')).toMatch(HIT);
  });
});
