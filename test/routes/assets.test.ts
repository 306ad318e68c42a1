import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { SITE_FONTS } from '../../src/api/fonts';
import { SECURITY_HEADERS } from '../../src/middleware/security-headers';
import { call, newUser } from '../support/http';

/**
 * The reading site's CSS and JS are Workers static assets: public/assets with the
 * headers of public/_headers. The platform serves them before the worker runs; the ASSETS
 * binding reads them as the platform does, and the worker's /assets route (reached under a
 * version prefix, and by these tests) answers from the same files.
 */
const FILES = [
  { path: '/assets/site.css', type: 'text/css', sample: 'prefers-color-scheme' },
  {
    path: '/assets/note-form.js',
    type: 'text/javascript',
    sample: "querySelector('form.note-form')",
  },
  { path: '/assets/chapter-annotations.js', type: 'text/javascript', sample: 'annotations.js' },
  { path: '/assets/library.js', type: 'text/javascript', sample: "getElementById('library')" },
  { path: '/assets/footnotes.js', type: 'text/javascript', sample: "'sup.fn-mark a'" },
  {
    path: '/assets/interlinear.js',
    type: 'text/javascript',
    sample: "getElementById('interlinear-toggle')",
  },
];

describe('static assets', () => {
  it('are served by the platform with the headers of public/_headers', async () => {
    for (const file of FILES) {
      const res = await env.ASSETS.fetch(new Request(`https://api.test${file.path}`));
      expect(res.status, file.path).toBe(200);
      expect(res.headers.get('Content-Type')).toContain(file.type);
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=86400');
      // public/_headers repeats the worker's security headers (the platform serves these files
      // without the worker's middleware): the two lists must agree.
      for (const [name, value] of Object.entries(SECURITY_HEADERS))
        expect(res.headers.get(name), name).toBe(value);
      expect(res.headers.get('ETag')).toBeTruthy();
      expect(await res.text()).toContain(file.sample);
    }
  });

  it('answer the same through the worker, with and without a version prefix, and without a token', async () => {
    for (const file of FILES) {
      const direct = await (
        await env.ASSETS.fetch(new Request(`https://api.test${file.path}`))
      ).text();
      for (const path of [file.path, `/v1${file.path}`]) {
        const res = await call(path, null);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('Content-Type')).toContain(file.type);
        expect(res.headers.get('Cache-Control')).toBe('public, max-age=86400');
        expect(await res.text()).toBe(direct);
      }
    }
  });

  it('the fonts (src/api/fonts.ts, copied into public/ before the tests) are woff2 files, served alike by the platform and the worker', async () => {
    for (const font of SITE_FONTS) {
      const res = await env.ASSETS.fetch(new Request(`https://api.test${font.path}`));
      expect(res.status, `${font.path} (copied by scripts/lib/fonts.ts?)`).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('font/woff2');
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=86400');
      for (const [name, value] of Object.entries(SECURITY_HEADERS))
        expect(res.headers.get(name), name).toBe(value);
      const bytes = new Uint8Array(await res.arrayBuffer());
      // The woff2 signature (W3C WOFF 2.0 §3: 0x774F4632, "wOF2").
      expect(String.fromCharCode(...bytes.slice(0, 4))).toBe('wOF2');
      for (const path of [font.path, `/v1${font.path}`]) {
        const through = await call(path, null);
        expect(through.status, path).toBe(200);
        expect(through.headers.get('Content-Type')).toBe('font/woff2');
        expect(new Uint8Array(await through.arrayBuffer())).toEqual(bytes);
      }
    }
  });

  it('revalidate: the ETag sent back is a 304 with no body', async () => {
    const first = await call('/assets/site.css', null);
    const etag = first.headers.get('ETag') ?? '';
    await first.arrayBuffer();
    const again = await call('/assets/site.css', null, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('a name that is no file is our 404 document, not the platform’s (and, like any path not public, needs a token)', async () => {
    expect((await call('/assets/nothing.css', null)).status).toBe(401);
    const { token } = await newUser('assets');
    const res = await call('/assets/nothing.css', token);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('No such resource: /assets/nothing.css');
  });
});
