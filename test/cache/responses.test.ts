import { beforeAll, describe, expect, it } from 'vitest';
import { metaFragment, splitAroundMeta, withMeta } from '../../src/render/meta-fragment';
import { renderJson } from '../../src/render/json';
import { renderXml } from '../../src/render/xml';
import { meta } from '../../src/render/meta';
import type { ResponseDocument } from '../../src/render/document';
import { createNote } from '../support/annotations';
import { call, newUser } from '../support/http';

// Issue 20 §5: scripture reads are kept in the isolate and answered again with a fresh meta
// (src/cache/responses.ts, src/middleware/scripture-cache.ts; docs/http.md "Kept responses").

let token: string;
beforeAll(async () => {
  token = (await newUser()).token;
});

const HIT = /isolate-cache;desc="hit"/;
const withoutTid = (body: string) => body.replace(/[0-9a-f]{14}\.\d{8}/g, 'TID');

describe('meta fragments', () => {
  it('split a body around its root meta and write a fresh one where rendering the document would', () => {
    const root = { chapter: [{ id: 'KJV:John.3', text: 'a "meta":{ b <meta> c' }], empty: null };
    for (const format of ['xml', 'js'] as const) {
      const render = (doc: ResponseDocument) => (format === 'js' ? renderJson(doc) : renderXml(doc));
      const whole = render({ chapters: { ...root, meta: meta() } });
      const split = splitAroundMeta(whole, format)!;
      expect(split, format).not.toBeNull();
      expect(withoutTid(split.before + metaFragment(format) + split.after)).toBe(withoutTid(whole));
      expect(split.before + metaFragment(format) + split.after).not.toBe(whole);
    }
    // withMeta (every XML/JSON response) writes what rendering the document with its meta writes.
    for (const format of ['xml', 'js'] as const) {
      const render = (doc: ResponseDocument) => (format === 'js' ? renderJson(doc) : renderXml(doc));
      for (const node of [root, {}]) {
        expect(withoutTid(withMeta(render({ chapters: node }), format, 'chapters')), format).toBe(withoutTid(render({ chapters: { ...node, meta: meta() } })));
      }
    }
    // A root with nothing but its meta.
    const bare = renderJson({ versions: { meta: meta() } });
    const split = splitAroundMeta(bare, 'js')!;
    expect(withoutTid(split.before + metaFragment('js') + split.after)).toBe(withoutTid(bare));
  });
});

describe('kept scripture responses', () => {
  for (const path of ['/chapters/KJV:John.3.xml', '/verses/KJV:John.3.16.js', '/books/KJV:John.js', '/passages.xml?q[]=John+3:16-18&version=KJV', '/v2/chapters/KJV:John.3']) {
    it(`answer ${path} again from the isolate, byte for byte but a fresh FUMS id`, async () => {
      const first = await call(path, token);
      const second = await call(path, token);
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(second.headers.get('Server-Timing')).toMatch(HIT);
      for (const name of ['Content-Type', 'ETag', 'Cache-Control', 'Vary', 'Content-Security-Policy', 'Access-Control-Allow-Origin']) {
        expect(second.headers.get(name), name).toBe(first.headers.get(name));
      }
      const [a, b] = [await first.text(), await second.text()];
      expect(withoutTid(b)).toBe(withoutTid(a));
      if (!path.startsWith('/v2/')) expect(b).not.toBe(a);
      // The ETag still answers 304, and `*` too, before anything is rendered.
      const etag = second.headers.get('ETag')!;
      expect((await call(path, token, { headers: { 'If-None-Match': etag } })).status).toBe(304);
      expect((await call(path, token, { headers: { 'If-None-Match': '*' } })).status).toBe(304);
    });
  }

  it('keep no error, no page holding the caller’s notes, and no answer for a caller without a token', async () => {
    for (let i = 0; i < 2; i++) expect((await call('/chapters/KJV:John.99.xml', token)).headers.get('Server-Timing') ?? '').not.toMatch(HIT);
    const { token: reader } = await newUser();
    await call('/verses/KJV:John.3.16', reader);
    await createNote(reader, { title: 'kept-or-not one', references: [{ start: 'KJV:John.3.16', end: 'KJV:John.3.16' }] });
    const once = await call('/verses/KJV:John.3.16', reader);
    expect(once.headers.get('Server-Timing')).not.toMatch(HIT);
    expect(await once.text()).toContain('kept-or-not one');
    await createNote(reader, { title: 'kept-or-not two', references: [{ start: 'KJV:John.3.16', end: 'KJV:John.3.16' }] });
    expect(await (await call('/verses/KJV:John.3.16', reader)).text()).toContain('kept-or-not two');
    // A kept chapter is still refused without a token.
    await call('/chapters/KJV:John.3.xml', token);
    expect((await call('/chapters/KJV:John.3.xml', null)).status).toBe(401);
  });
});
