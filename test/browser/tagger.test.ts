import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, HTTPResponse, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axe,
  closeBrowser,
  HAS_CHROMIUM,
  HAS_RV1909,
  openSiteAndBrowser,
  problemsOf,
  screenshot,
  SOON,
  type Site,
} from './harness';

/**
 * The reference tagger (public/assets/tagger.js; docs/tagger.md) in Chromium, on pages of other
 * origins than the service's: a page whose origin the read key lists gets its references linked
 * and previewed on hover and keyboard focus; the same page on an origin the key does not list is
 * refused (403) and left as it was. The service is the shared site at http://127.0.0.1:<port>;
 * the pages come from two small servers at http://localhost:<port>.
 */

/** A blog post with references in prose, in places the tagger must leave alone, and a page style the preview must not take. */
function blogPost(api: string, key: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sermon notes</title>
<style>span { color: rgb(200, 0, 0); font-family: monospace; } a { color: rgb(0, 0, 200); }</style></head>
<body><main><h1>Sermon notes</h1>
<p id="prose">As John 3:16 says, and see Gen 1:1-3 and Ps 23.</p>
<p>We paid 300 dollars on May 5.</p>
<pre>John 3:17</pre>
<p><a href="/elsewhere">John 3:18</a></p>
<script src="${api}/assets/tagger.js" data-key="${key}" data-version="KJV" defer></script>
</main></body></html>`;
}

/** The same in Spanish (`<html lang="es">`): references as the passages parser reads Spanish, read in the RV1909. */
function entradaDeBlog(api: string, key: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Notas</title></head>
<body><main><p id="prosa">Como dice Juan 3:16, y véase Salmos 23:1-2.</p>
<script src="${api}/assets/tagger.js" data-key="${key}" data-version="RV1909" defer></script>
</main></body></html>`;
}

/** A reading plan of 120 Psalms, one a line: more numbers than one request may hold (MAX_REFERENCE_NUMBERS). */
function readingPlan(api: string, key: string): string {
  const days = Array.from({ length: 120 }, (_, i) => `<li>Psalm ${i + 1}</li>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Plan</title></head>
<body><main><ol id="plan">${days}</ol>
<script src="${api}/assets/tagger.js" data-key="${key}" data-version="KJV" defer></script>
</main></body></html>`;
}

let site: Site;
let browser: BrowserContext;
const servers: Server[] = [];

interface Shown {
  text: string;
  describedBy: string | null;
  role: string | null;
  spanColor: string;
  /** The verses' text alone, the reference above it left out. */
  body: string;
}

/** The preview as the reader sees it, or null while hidden; `link` is the tagged link's index. */
const preview = (page: Page, link: number) =>
  page.evaluate((link) => {
    const d = (globalThis as any).document;
    const host = d.getElementById('scripture-tagger-preview');
    if (!host || host.hidden) return null;
    const a = d.querySelectorAll('a.scripture-ref')[link];
    const text = host.shadowRoot.querySelector('.text');
    return {
      text: host.shadowRoot.textContent as string,
      describedBy: a.getAttribute('aria-describedby') as string | null,
      role: host.getAttribute('role') as string | null,
      spanColor: (globalThis as any).getComputedStyle(text).color as string,
      body: text.textContent as string,
    };
  }, link) as Promise<Shown | null>;

const isReferencesPost = (r: HTTPResponse) =>
  r.url().includes('/references.js') && r.request().method() === 'POST';

describe.skipIf(!HAS_CHROMIUM && !process.env.CI)('the reference tagger on another site', () => {
  let listed: { origin: string };
  let unlisted: { origin: string };
  let kjvName: string;

  beforeAll(async () => {
    ({ site, browser } = await openSiteAndBrowser('reader@tagger.test'));
    // The pages are served before the key exists, so the key can name their origins; each page
    // reads the key from `current` when it is asked for.
    const current = { key: '' };
    const start = async () => {
      const server = createServer((req, res) => {
        const page =
          req.url === '/'
            ? blogPost(site.url, current.key)
            : req.url === '/es'
              ? entradaDeBlog(site.url, current.key)
              : req.url === '/plan'
                ? readingPlan(site.url, current.key)
                : null;
        res.writeHead(page ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(page ?? 'not found');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      servers.push(server);
      return { origin: `http://localhost:${(server.address() as AddressInfo).port}` };
    };
    [listed, unlisted] = await Promise.all([start(), start()]);
    current.key = await site.newReadKey('publisher@tagger.test', [listed.origin]);
    const res = await fetch(`${site.url}/versions/KJV.js`, {
      headers: { Authorization: `Basic ${btoa(`${site.token}:x`)}` },
    });
    kjvName = ((await res.json()) as { versions: { version: { name: string }[] } }).versions
      .version[0].name;
  }, 120_000);

  afterAll(async () => {
    await closeBrowser(browser);
    for (const s of servers) s.close();
  });

  it('links the references of a page on a listed origin to the service, leaving code, links and numbers alone', async () => {
    const page = await browser.newPage();
    const problems = problemsOf(page);
    // Awaited together: a failed navigation leaves no wait to reject later, unhandled.
    const [answer] = await Promise.all([
      page.waitForResponse(isReferencesPost, SOON),
      page.goto(`${listed.origin}/`),
    ]);
    expect(answer.status()).toBe(200);
    expect(answer.request().headers().origin).toBe(listed.origin);
    await page.waitForSelector('html[data-scripture-tagger="tagged"]', SOON);
    const links = await page.$$eval('a.scripture-ref', (as) =>
      as.map((a) => [a.textContent, (a as unknown as { href: string }).href]),
    );
    expect(links).toEqual([
      ['John 3:16', `${site.url}/verses/KJV:John.3.16`],
      ['Gen 1:1-3', `${site.url}/chapters/KJV:Gen.1#v1`],
      ['Ps 23', `${site.url}/chapters/KJV:Ps.23`],
    ]);
    // The paragraph reads as before, its words all there.
    expect(await page.$eval('#prose', (p: any) => p.textContent)).toBe(
      'As John 3:16 says, and see Gen 1:1-3 and Ps 23.',
    );
    expect(await page.$eval('pre', (p: any) => p.innerHTML)).toBe('John 3:17');
    expect(await page.$eval('a[href="/elsewhere"]', (a: any) => a.innerHTML)).toBe('John 3:18');
    // The tagger adds no style sheet to the page: its styles are in the preview's shadow root.
    expect(await page.evaluate(() => (globalThis as any).document.styleSheets.length)).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('tags a page with more references than one request holds, in several requests within the bounds', async () => {
    const page = await browser.newPage();
    const problems = problemsOf(page);
    const posts: HTTPResponse[] = [];
    page.on('response', (r) => {
      if (isReferencesPost(r)) posts.push(r);
    });
    await page.goto(`${listed.origin}/plan`);
    await page.waitForSelector('html[data-scripture-tagger="tagged"]', SOON);
    const links = await page.$$eval('a.scripture-ref', (as) => as.map((a) => a.textContent));
    expect(links).toEqual(Array.from({ length: 120 }, (_, i) => `Psalm ${i + 1}`));
    // 120 numbers: three requests of at most 50 (src/api/limits.ts MAX_REFERENCE_NUMBERS).
    expect(posts.map((r) => r.status())).toEqual([200, 200, 200]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it.skipIf(!HAS_RV1909)(
    'reads the references of a Spanish page as the Spanish passages do, and links them to the RV1909',
    async () => {
      const page = await browser.newPage();
      const problems = problemsOf(page);
      const [found] = await Promise.all([
        page.waitForResponse(isReferencesPost, SOON),
        page.goto(`${listed.origin}/es`),
      ]);
      expect(found.url()).toContain('language=spa');
      await page.waitForSelector('html[data-scripture-tagger="tagged"]', SOON);
      const links = await page.$$eval('a.scripture-ref', (as) =>
        as.map((a) => [a.textContent, (a as unknown as { href: string }).href]),
      );
      expect(links).toEqual([
        ['Juan 3:16', `${site.url}/verses/RV1909:John.3.16`],
        ['Salmos 23:1-2', `${site.url}/chapters/RV1909:Ps.23#v1`],
      ]);
      await page.hover('a.scripture-ref');
      await page.waitForFunction(
        () =>
          (globalThis as any).document
            .getElementById('scripture-tagger-preview')
            ?.shadowRoot.textContent.includes('amó Dios al mundo'),
        SOON,
      );
      expect(problems).toEqual([]);
      await page.close();
    },
  );

  it('previews a reference on hover and on keyboard focus, with the version’s name, in a shadow root the page’s styles do not reach; Escape closes it', async () => {
    const page = await browser.newPage();
    const problems = problemsOf(page);
    await page.goto(`${listed.origin}/`);
    await page.waitForSelector('html[data-scripture-tagger="tagged"]', SOON);

    await page.hover('a.scripture-ref');
    await page.waitForFunction(
      () =>
        (globalThis as any).document
          .getElementById('scripture-tagger-preview')
          ?.shadowRoot.textContent.includes('loved the world'),
      SOON,
    );
    const hovered = (await preview(page, 0))!;
    expect(hovered.text).toContain('For God so loved the world');
    // The verse's number once, before its words (the verse's own `sup` number left out).
    expect(hovered.body).toMatch(/^16\s*For God so loved the world/);
    expect(hovered.text).toContain(kjvName);
    expect(hovered.role).toBe('tooltip');
    expect(hovered.describedBy).toBe('scripture-tagger-preview');
    // The page's `span { color: rgb(200, 0, 0) }` does not reach the preview's spans.
    expect(hovered.spanColor).not.toBe('rgb(200, 0, 0)');
    await screenshot(page, 'tagger-hover');
    await page.mouse.move(0, 0);
    await page.waitForFunction(
      () => (globalThis as any).document.getElementById('scripture-tagger-preview').hidden,
      SOON,
    );

    // The keyboard: Tab reaches the second reference after the first; its preview shows the range.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (globalThis as any).document.activeElement.textContent)).toBe(
      'Gen 1:1-3',
    );
    await page.waitForFunction(
      () =>
        (globalThis as any).document
          .getElementById('scripture-tagger-preview')
          ?.shadowRoot.textContent.includes('darkness was upon the face of the deep'),
      SOON,
    );
    const focused = (await preview(page, 1))!;
    expect(focused.text).toContain('In the beginning God created the heaven and the earth');
    expect(focused.text).not.toContain('Let there be a firmament');
    expect(focused.describedBy).toBe('scripture-tagger-preview');
    expect(
      await axe(page, ['aria-allowed-attr', 'aria-valid-attr-value', 'color-contrast']),
    ).toEqual([]);
    await page.keyboard.press('Escape');
    expect(await preview(page, 1)).toBeNull();
    expect(
      await page.$$eval('a.scripture-ref', (as) =>
        as.map((a) => a.getAttribute('aria-describedby')),
      ),
    ).toEqual([null, null, null]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('is refused on an origin the key does not list: a 403, no links, no previews', async () => {
    const page = await browser.newPage();
    const warnings: string[] = [];
    page.on('console', (m) => void (m.type() === 'warn' && warnings.push(m.text())));
    const [refused] = await Promise.all([
      page.waitForResponse(isReferencesPost, SOON),
      page.goto(`${unlisted.origin}/`),
    ]);
    expect(refused.status()).toBe(403);
    expect(refused.request().headers().origin).toBe(unlisted.origin);
    await page.waitForSelector('html[data-scripture-tagger="refused"]', SOON);
    // The page could read the refusal (CORS lets it): the tagger says so in the console.
    expect(warnings).toEqual([
      expect.stringMatching(/^scripture tagger: 403 from \/references\.js/),
    ]);
    expect(await page.$$('a.scripture-ref')).toEqual([]);
    expect(await page.$eval('#prose', (p: any) => p.innerHTML)).toBe(
      'As John 3:16 says, and see Gen 1:1-3 and Ps 23.',
    );
    await page.close();
  });
});
