import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { prepareReadKey } from '../../src/auth/new-read-key';
import { findReadKey, READ_KEY_CACHE_TTL_MS } from '../../src/auth/read-keys';
import { database } from '../../src/db/client';
import { readKeys } from '../../src/db/schema';
import { createApp } from '../../src/app';
import { BASE, basic, call, HAS_RV1909, newUser, parseXml } from '../support/http';

/**
 * Publishable read keys in the request middleware (src/middleware/request.ts; docs/tagger.md):
 * scripture only, only from the origins a key lists, only while it is not revoked; every refusal
 * a 403 in the requested format. Keys are real rows in the test worker's D1.
 */

const SITE = 'https://tagged.example';
const OTHER = 'https://copier.example';

/** A new key of a new account, accepted from `origins`. */
async function newKey(
  origins = [SITE],
  owner?: number,
): Promise<{ key: string; keyId: string; userId: number }> {
  const id = owner ?? (await newUser('read-key')).id;
  const { key, row } = await prepareReadKey(origins);
  await database(env.DB)
    .insert(readKeys)
    .values({ ...row, userId: id });
  return { key, keyId: row.keyId, userId: id };
}

const withKey = (path: string, key: string) =>
  `${path}${path.includes('?') ? '&' : '?'}key=${encodeURIComponent(key)}`;

/** A GET with a key (and no token) from `origin`. */
const read = (path: string, key: string, origin: string | null = SITE, init: RequestInit = {}) =>
  call(withKey(path, key), null, {
    ...init,
    headers: { ...(origin === null ? {} : { Origin: origin }), ...init.headers },
  });

describe('publishable read keys', () => {
  it('reads scripture from an origin the key lists, with CORS and Vary: Origin', async () => {
    const { key } = await newKey([OTHER, SITE]);
    const res = await read('/verses/KJV:John.3.16.js', key);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { verses: { verse: { text: string }[] } };
    expect(body.verses.verse[0].text).toContain('God so loved the world');
    expect(res.headers.get('Access-Control-Allow-Origin')).not.toBeNull();
    expect(res.headers.get('Vary')).toMatch(/\bOrigin\b/);
    // A kept answer (the second) still says so.
    const again = await read('/verses/KJV:John.3.16.js', key);
    expect(again.status).toBe(200);
    expect(again.headers.get('Vary')).toMatch(/\bOrigin\b/);
  });

  it('refuses the same key from an origin it does not list, and without Origin, with 403 in the requested format', async () => {
    const { key } = await newKey();
    const json = await read('/verses/KJV:John.3.16.js', key, OTHER);
    expect(json.status).toBe(403);
    expect(json.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(((await json.json()) as { errors: { error: string[] } }).errors.error[0]).toBe(
      `This read key is not accepted from the origin ${OTHER}: its owner lists the origins that may use it (npm run user -- key list)`,
    );
    const xml = await read('/chapters/KJV:John.3.xml', key, null);
    expect(xml.status).toBe(403);
    expect(parseXml(await xml.text()).errors.error).toMatch(/this request has no Origin header/);
    // The origin is compared exactly: scheme, host and port.
    for (const near of ['http://tagged.example', 'https://tagged.example:8443', 'null'])
      expect((await read('/versions.js', key, near)).status, near).toBe(403);
  });

  it('refuses a key on personal content, pages and the service routes with 403, whatever the origin', async () => {
    const { key } = await newKey();
    for (const path of [
      '/user.js',
      '/user/notes.xml',
      '/user/taggings.js',
      '/user/tags.js',
      '/tags.js',
      '/user/export.js',
      '/chapters/KJV:John.3/annotations.js',
      '/verses/KJV:John.3.16',
      '/status.js',
      '/search?query=John+3:16',
    ]) {
      const res = await read(path, key);
      expect(res.status, path).toBe(403);
      const text = await res.text();
      expect(text, path).toContain('A read key reads scripture only');
      expect(text, path).not.toContain('God so loved');
    }
    // A write to personal content too: nothing is stored.
    const post = await call(withKey('/notes.js', key), null, {
      method: 'POST',
      headers: { Origin: SITE, 'Content-Type': 'application/json' },
      body: JSON.stringify({ note: { title: 'by key', references: [] } }),
    });
    expect(post.status).toBe(403);
  });

  it('refuses an unknown key and a revoked one with 403', async () => {
    const { key, keyId } = await newKey();
    await database(env.DB)
      .update(readKeys)
      .set({ revokedAt: Date.now() })
      .where(eq(readKeys.keyId, keyId));
    const revoked = await read('/versions.js', key);
    expect(revoked.status).toBe(403);
    expect(await revoked.text()).toContain('This read key is unknown or has been revoked');
    const unknown = key.slice(0, -4) + (key.endsWith('0000') ? '1111' : '0000');
    expect((await read('/versions.js', unknown)).status).toBe(403);
    expect((await read('/versions.js', 'not-a-key')).status).toBe(403);
  });

  it('stops a revoked key within READ_KEY_CACHE_TTL_MS of the isolate having looked it up', async () => {
    const { key, keyId } = await newKey();
    const db = database(env.DB);
    const t0 = Date.now();
    expect((await findReadKey(db, key, t0))?.keyId).toBe(keyId);
    await db.update(readKeys).set({ revokedAt: t0 }).where(eq(readKeys.keyId, keyId));
    // Kept in the isolate until then (docs/tagger.md says how long) …
    expect((await findReadKey(db, key, t0 + READ_KEY_CACHE_TTL_MS - 1))?.keyId).toBe(keyId);
    // … and refused from then on.
    expect(await findReadKey(db, key, t0 + READ_KEY_CACHE_TTL_MS)).toBeNull();
  });

  it('never answers a key from a kept response without checking its Origin, a valid token beside it or not', async () => {
    const { key } = await newKey();
    const { token } = await newUser('read-key-token');
    const path = '/chapters/KJV:Ps.23.js';
    for (let i = 0; i < 2; i++) expect((await read(path, key)).status).toBe(200);
    const res = await call(withKey(path, key), token, { headers: { Origin: OTHER } });
    expect(res.status).toBe(403);
  });

  it('counts every request with a key against the key’s own limit: 429 beyond it, another key of the same owner unaffected', async () => {
    const { key, userId } = await newKey();
    const limit = env.TEST_RATE_LIMITS.READ_KEY_LIMITER.simple.limit;
    const statuses = await Promise.all(
      Array.from({ length: limit }, () => read('/versions/KJV.js', key).then((r) => r.status)),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    const over = await read('/versions/KJV.js', key);
    expect(over.status).toBe(429);
    expect(over.headers.get('Retry-After')).toBe('60');
    const second = await newKey([SITE], userId);
    expect((await read('/versions/KJV.js', second.key)).status).toBe(200);
  });

  it('under a CORS allow-list that names neither origin, echoes a key request’s Origin so that the page can read its answer or its 403; a token request from there gets none', async () => {
    const { key } = await newKey();
    const { token } = await newUser('read-key-cors');
    const app = createApp();
    const listed = { ...env, CORS_ORIGINS: 'https://app.example' };
    const get = (path: string, origin: string, headers: Record<string, string> = {}) =>
      app.fetch(new Request(`${BASE}${path}`, { headers: { Origin: origin, ...headers } }), listed);
    const accepted = await get(withKey('/verses/KJV:John.3.16.js', key), SITE);
    expect(accepted.status).toBe(200);
    expect(accepted.headers.get('Access-Control-Allow-Origin')).toBe(SITE);
    const refused = await get(withKey('/verses/KJV:John.3.16.js', key), OTHER);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('Access-Control-Allow-Origin')).toBe(OTHER);
    // A resource no other test asks for: the isolate keeps answers by resource (src/cache/
    // responses.ts) with the headers of the configuration they were made under, and this test alone
    // changes CORS_ORIGINS within the isolate (a deployment's is fixed).
    const byToken = await get('/verses/KJV:John.3.16.js?cors=listed', SITE, {
      Authorization: basic(token),
    });
    expect(byToken.status).toBe(200);
    expect(byToken.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('finds the references of short texts with their offsets (POST /references), English and Spanish', async () => {
    const { key } = await newKey();
    const texts = ['As John 3:16, 18 says', 'paid on May 5', 'see Gen 1:1-2:3 and Ps 23'];
    const res = await call(withKey('/references.js', key), null, {
      method: 'POST',
      headers: { Origin: SITE, 'Content-Type': 'application/json' },
      body: JSON.stringify({ texts: { text: texts } }),
    });
    expect(res.status).toBe(200);
    const found = ((await res.json()) as { references: { reference: any[] } }).references.reference;
    expect(found.map((r) => [r.text, texts[r.text].slice(r.start, r.end), r.osis])).toEqual([
      [0, 'John 3:16', 'John.3.16'],
      [0, '18', 'John.3.18'],
      [2, 'Gen 1:1-2:3', 'Gen.1.1-Gen.2.3'],
      [2, 'Ps 23', 'Ps.23'],
    ]);
    if (!HAS_RV1909) return;
    const es = await call(withKey('/references.xml?language=spa', key), null, {
      method: 'POST',
      headers: { Origin: SITE, 'Content-Type': 'application/xml' },
      body: '<texts><text>Como dice Juan 3,16 y 1 Corintios 13</text></texts>',
    });
    expect(es.status).toBe(200);
    const doc = parseXml(await es.text());
    const refs = [doc.references.reference].flat();
    expect(refs.map((r: any) => r.osis)).toEqual(['John.3.16', '1Cor.13']);
  });

  it('bounds a request to find references: 413 beyond its texts or their length, 400 for a bad body or language', async () => {
    const { key } = await newKey();
    const post = (body: string, query = '') =>
      call(withKey(`/references.js${query}`, key), null, {
        method: 'POST',
        headers: { Origin: SITE, 'Content-Type': 'application/json' },
        body,
      });
    const many = await post(JSON.stringify({ texts: { text: Array(101).fill('John 3:16') } }));
    expect(many.status).toBe(413);
    expect(await many.text()).toContain('at most 100 in one request');
    expect((await post(JSON.stringify({ texts: { text: ['x'.repeat(201)] } }))).status).toBe(413);
    expect((await post('x'.repeat(40_000))).status).toBe(413);
    expect((await post(JSON.stringify({ text: 'John 3:16' }))).status).toBe(400);
    expect(
      (await post(JSON.stringify({ texts: { text: ['John 3:16'] } }), '?language=fra')).status,
    ).toBe(400);
  });
});
