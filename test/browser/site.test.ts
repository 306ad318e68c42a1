import type { Server } from 'node:http';
import type { BrowserContext, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crossSiteWriteTests } from './cross-site';
import {
  closeBrowser,
  HAS_CHROMIUM,
  HAS_LIBRARY,
  HAS_RV1909,
  HAS_STUDY,
  openSiteAndBrowser,
  signedInPage,
  startOtherOrigin,
  text,
  type Site,
} from './harness';

/**
 * The reading site in a real browser: Debian's chromium driven by puppeteer-core,
 * against the whole worker in workerd (./harness.ts). Without chromium the suite is skipped on a
 * developer's machine; CI installs it and fails without it. Its pages' accessibility is checked
 * in ./accessibility.test.ts.
 */

let site: Site;
let browser: BrowserContext;
let other: { url: string; server: Server };
/**
 * The page the tests read the site in, signed in: one for the file, each test starting with a
 * navigation (a page apiece cost ~0.2 s of CPU more each, chromium's and puppeteer's; 27 November
 * 2026).
 */
let page: Page;

/** A note of the reader's, written through the API, so that a test reads what it wrote itself. */
async function writeNote(title: string, verse: string): Promise<void> {
  const res = await fetch(`${site.url}/notes.js`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${btoa(`${site.token}:x`)}`,
      'Content-Type': 'application/javascript',
    },
    body: JSON.stringify({
      note: { title, content: '', references: { reference: [{ start: verse, end: verse }] } },
    }),
  });
  if (res.status !== 201) throw new Error(`note not written: ${res.status} ${await res.text()}`);
}

/** The margin's entries of the chapter page open in `page`, once its script has filled them. */
async function marginEntries(): Promise<string[]> {
  await page.waitForFunction(
    () => (globalThis as any).document.querySelectorAll('#my-annotations li').length > 0,
  );
  return page.$$eval('#my-annotations li', (lis) => lis.map((li) => li.textContent ?? ''));
}

describe.skipIf(!HAS_CHROMIUM && !process.env.CI)('the reading site in a browser', () => {
  beforeAll(async () => {
    ({ site, browser } = await openSiteAndBrowser('reader@site.test'));
    [page, other] = await Promise.all([
      signedInPage(browser, site),
      startOtherOrigin(site.url, site.token),
    ]);
    // The node project's hook limit (vitest.config.ts): the shared site and chromium start while
    // the Workers tests start beside them, and on a busy machine that took over 60 s.
  });

  afterAll(async () => {
    await closeBrowser(browser);
    other?.server.close();
  });

  it('asks for the token (401, Basic) and then opens John 3 in the KJV with verse 16', async () => {
    // Without credentials the browser gets the challenge that opens its sign-in dialog (headless
    // chromium cancels the dialog, so the answer is read here as the browser receives it).
    const refused = await fetch(`${site.url}/chapters/KJV:John.3`, {
      headers: { Accept: 'text/html' },
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Basic /);
    expect(refused.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await refused.text()).toContain('token as the user name');

    const res = await page.goto(`${site.url}/chapters/KJV:John.3`);
    expect(res!.status()).toBe(200);
    expect(await page.$eval('html', (el) => el.getAttribute('lang'))).toBe('en');
    expect(await text(page, 'h1')).toBe('John 3');
    expect(await text(page, '#v16')).toContain('For God so loved the world');

    // The verses flow in their paragraphs: the KJV marks one at 14, 16 and 18, so 15 goes on
    // from the line where 14 ends and 17 from where 16 ends, while 16 and 18 start lines of their
    // own, below the end of the verse before.
    const lines = await page.evaluate(() => {
      const document = (globalThis as any).document;
      // The verse's own span (its number and text), in the lines it takes.
      const rects = (n: number) =>
        [...document.querySelector(`span.v43_3_${n}`).getClientRects()].filter(
          (r: any) => r.width > 0,
        );
      return [14, 15, 16, 17, 18].map((n) => ({
        n,
        firstTop: Math.round(rects(n)[0].top),
        lastTop: Math.round(rects(n).at(-1).top),
        left: Math.round(rects(n)[0].left),
      }));
    });
    const [v14, v15, v16, v17, v18] = lines;
    expect(v15!.firstTop, JSON.stringify(lines)).toBe(v14!.lastTop);
    expect(v17!.firstTop, JSON.stringify(lines)).toBe(v16!.lastTop);
    expect(v16!.firstTop).toBeGreaterThan(v15!.lastTop);
    expect(v18!.firstTop).toBeGreaterThan(v17!.lastTop);
    expect(v15!.left).toBeGreaterThan(v14!.left);
  });

  it('loads its stylesheet and scripts, the static files of public/assets, and applies them', async () => {
    // A page of its own: the shared page has the files in its memory cache, which answers them
    // without the responses this test reads.
    const page = await signedInPage(browser, site);
    const assets: { url: string; status: number; cache: string | undefined }[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/assets/'))
        assets.push({ url: r.url(), status: r.status(), cache: r.headers()['cache-control'] });
    });
    await page.goto(`${site.url}/chapters/KJV:John.3`, { waitUntil: 'networkidle0' });
    expect(assets.map((a) => new URL(a.url).pathname).sort()).toEqual([
      '/assets/chapter-annotations.js',
      ...(HAS_STUDY ? ['/assets/interlinear.js'] : []),
      ...(HAS_LIBRARY ? ['/assets/library.js'] : []),
      '/assets/site.css',
    ]);
    for (const a of assets) {
      expect(a.status, a.url).toBe(200);
      expect(a.cache).toBe('public, max-age=86400');
    }
    // The stylesheet took effect: its body has no margin (a browser's own is 8px).
    expect(
      await page.evaluate(
        () => (globalThis as any).getComputedStyle((globalThis as any).document.body).margin,
      ),
    ).toBe('0px');
    await page.close();
  });

  it('follows "next" from Malachi 4 to Matthew 1, and switches version', async () => {
    await page.goto(`${site.url}/chapters/KJV:Mal.4`);
    await Promise.all([page.waitForNavigation(), page.click('nav.pager a[rel="next"]')]);
    expect(page.url()).toBe(`${site.url}/chapters/KJV:Matt.1`);
    expect(await text(page, 'h1')).toBe('Matthew 1');
    await Promise.all([
      page.waitForNavigation(),
      page.click('.versions-bar a[title="American Standard Version"]'),
    ]);
    expect(page.url()).toBe(`${site.url}/chapters/ASV:Matt.1`);
    expect(await text(page, 'p.muted a')).toBe('American Standard Version');
  });

  it('searches from the search box, highlights the matches and goes to page 2', async () => {
    await page.goto(`${site.url}/versions`);
    await page.type('#site-search', 'love');
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    expect(page.url()).toBe(`${site.url}/verses?keyword=love`);
    expect(await page.$$eval('ol .result', (items) => items.length)).toBe(15);
    const marked = await page.$$eval('.result em', (ems) =>
      ems.map((e) => e.textContent!.toLowerCase()),
    );
    expect(marked.length).toBeGreaterThan(0);
    expect(marked.every((w) => w.startsWith('lov'))).toBe(true);
    await Promise.all([page.waitForNavigation(), page.click('nav.pager a[rel="next"]')]);
    expect(new URL(page.url()).searchParams.get('offset')).toBe('15');
    expect(await text(page, '[role="status"]')).toMatch(/showing 16–30 \(page 2\)/);
  });

  it('opens a passage typed into the search box', async () => {
    await page.goto(`${site.url}/`);
    await page.type('#site-search', 'John 3:16-18');
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    expect(new URL(page.url()).pathname).toBe('/ALL/passages');
    const headings = await page.$$eval('section.result h2', (hs) =>
      hs.map((h) => (h as unknown as { innerText: string }).innerText),
    );
    expect(headings[0]).toMatch(/^John 3:16-18 \(KJV\)/);
    expect(await text(page, 'section.result .scripture')).toContain('condemned');
  });

  it('adds a note from the verse page and finds it on the notes page', async () => {
    await page.goto(`${site.url}/verses/KJV:John.3.16`);
    await page.waitForFunction(
      () => !(globalThis as any).document.querySelector('form.note-form button').disabled,
    );
    await page.type('#note-title', 'Loved the world');
    await page.type('#note-content', 'Written in a browser.');
    await page.click('form.note-form button');
    await page.waitForFunction(
      () =>
        (globalThis as any).document.querySelector('form.note-form [role="status"]').textContent ===
        'Saved.',
    );
    expect(await text(page, '#my-notes')).toContain('Loved the world');
    await page.goto(`${site.url}/user/notes`);
    expect(await text(page, 'main')).toContain('Loved the world');
    expect(await text(page, 'main')).toContain('Written in a browser.');
    await page.goto(`${site.url}/verses/KJV:John.3.16`);
    expect(await text(page, '#my-notes')).toContain('Loved the world');
  });

  it('shows a note written on the KJV in the margin of the same chapter in another version', async () => {
    await writeNote('The light came', 'KJV:John.3.19');
    await page.goto(`${site.url}/chapters/ASV:John.3`);
    expect(await marginEntries()).toContain('v. 19 The light came (KJV)');
    expect(await page.$eval('#v19', (el) => el.getAttribute('class'))).toBe('annotated');
  });

  it.skipIf(!HAS_RV1909)(
    'reads the Spanish chapter page in Spanish, its margin and note form included',
    async () => {
      await page.goto(`${site.url}/chapters/RV1909:John.3`);
      expect(await page.$eval('html', (el) => el.getAttribute('lang'))).toBe('es');
      expect(await text(page, 'h1')).toBe('Juan 3');
      expect(await page.$$eval('header nav a', (as) => as.map((a) => a.textContent))).toEqual([
        'Versiones',
        'Grupos de libros',
        'Mis notas',
        'Mis etiquetas',
      ]);
      expect(await text(page, 'header form button')).toBe('Buscar');
      expect(await text(page, '.versions-bar span')).toBe('Leer en:');
      expect(await text(page, '#my-annotations h2')).toBe('Mis notas y etiquetas');
      // The margin's script writes its words from the page (a KJV note, read on the Spanish chapter).
      await writeNote('Nicodemus by night', 'KJV:John.3.2');
      await page.reload();
      expect(await marginEntries()).toContain('v. 2 Nicodemus by night (KJV)');
      // The verse page's note form saves and says so in Spanish.
      await page.goto(`${site.url}/verses/RV1909:John.3.16`);
      expect(await text(page, '#add-note')).toBe('Añadir una nota');
      await page.waitForFunction(
        () => !(globalThis as any).document.querySelector('form.note-form button').disabled,
      );
      await page.type('#note-title', 'De tal manera amó');
      await page.click('form.note-form button');
      await page.waitForFunction(
        () =>
          (globalThis as any).document.querySelector('form.note-form [role="status"]')
            .textContent === 'Guardada.',
      );
      expect(await text(page, '#my-notes')).toContain('De tal manera amó');
    },
  );

  it('lets a page on another origin read a verse through the JSON API with a token (CORS)', async () => {
    const page = await browser.newPage();
    await page.goto(other.url);
    await page.waitForFunction(
      () => (globalThis as any).document.getElementById('verse').textContent !== 'loading…',
    );
    expect(await text(page, '#verse')).toMatch(/^John 3:16: .*For God so loved the world/);
    await page.close();
  });

  crossSiteWriteTests({ site: () => site, browser: () => browser.browser() });
});
