import { beforeAll, describe, expect, it } from 'vitest';
import { createNote } from '../support/annotations';
import { call, newUser } from '../support/http';

let token: string;
beforeAll(async () => {
  token = (await newUser()).token;
});

const page = async (path: string, t: string | null = token) => {
  const res = await call(path, t);
  return { res, html: await res.text() };
};

// The same URL without a suffix is the resource's page, served by the same worker.
describe('HTML pages', () => {
  it('serves the reading page with language, viewport, skip link, prev/next and the caching of the API', async () => {
    const { res, html } = await page('/chapters/KJV:John.3');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('ETag')).toMatch(/^W\//);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=3600');
    expect(res.headers.get('Vary')).toMatch(/Authorization/);
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(html).toContain('<a class="skip" href="#main">');
    expect(html).toContain('<link rel="prev" href="/chapters/KJV:John.2"/>');
    expect(html).toContain('<link rel="next" href="/chapters/KJV:John.4"/>');
    expect(html).toContain('<span id="v16">');
    expect(html).toContain('<span class="add">');
    // The verses in their paragraphs: the KJV marks one at 14, 16 and 18; 15 and 17 go on inline.
    const text = html.slice(html.indexOf('<div class="scripture"'));
    for (const n of [1, 14, 16, 18]) expect(text).toContain(`<p><span id="v${n}">`);
    for (const n of [15, 17]) expect(text).toContain(`</span> <span id="v${n}">`);
    expect(text).toContain('</span></p><p><span id="v16"><span class="para">');
    // The fonts of the Hebrew and Greek (src/api/fonts.ts) and their licence, credited.
    expect(html).toContain(
      '<p>Hebrew and Greek are set in Noto Serif Hebrew and Gentium Plus, under the SIL Open Font License 1.1 (OFL-1.1).</p>',
    );
  });

  it('shows a passage in its paragraphs: a paragraph mark starts one, the verses after it go on inline', async () => {
    const { res, html } = await page('/KJV/passages?q[]=John+3:14-18');
    expect(res.status).toBe(200);
    expect(html).toContain('<p><span class="para"><span class="v43_3_14">');
    expect(html).toContain('</span></span> <span class="v43_3_15">');
    expect(html).toContain('</span></p><p><span class="para"><span class="v43_3_16">');
    expect(html).toContain('</span></p><p><span class="para"><span class="v43_3_18">');
  });

  it('answers 401 with a Basic challenge and a page that says how to sign in', async () => {
    const { res, html } = await page('/chapters/KJV:John.3', null);
    expect(res.status).toBe(401);
    expect(res.headers.get('WWW-Authenticate')).toMatch(/^Basic /);
    expect(html).toContain('token as the user name');
    expect(html).toContain('npm run user -- create');
  });

  it('renders errors as pages in HTML requests', async () => {
    const { res, html } = await page('/verses/KJV:John.3.99');
    expect(res.status).toBe(404);
    expect(html).toContain('Unknown verse: KJV:John.3.99');
  });

  it("shows the caller's notes from any version on the verse page, which is then private", async () => {
    const { token: mine } = await newUser();
    await createNote(mine, {
      title: 'Written on the KJV',
      references: [{ start: 'KJV:John.3.16', end: 'KJV:John.3.16' }],
    });
    const { res, html } = await page('/verses/ASV:John.3.16', mine);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(res.headers.get('ETag')).toBeNull();
    expect(html).toContain('Written on the KJV');
    expect(html).toContain('<form class="note-form" data-verse="ASV:John.3.16"');
    // Another reader sees no note of it.
    expect((await page('/verses/ASV:John.3.16')).html).not.toContain('Written on the KJV');
    // Under /v2/ there is no personal content at all.
    const v2 = await page('/v2/verses/ASV:John.3.16', mine);
    expect(v2.html).not.toContain('note-form');
    expect(v2.res.headers.get('Cache-Control')).toBe('public, max-age=3600');
  });

  it('redirects /search to the HTML twin, keeping no suffix', async () => {
    const res = await call('/search?query=John+3:16', token, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/ALL/passages?q[]=John+3%3A16');
    const words = await call('/search?query=love', token, { redirect: 'manual' });
    expect(words.headers.get('Location')).toBe('/verses?keyword=love');
  });

  it('gives every other resource a page of its document', async () => {
    const { res, html } = await page('/status');
    expect(res.status).toBe(200);
    expect(html).toContain('<dt>api_version</dt>');
  });
});
