import type { BrowserContext, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axe,
  closeBrowser,
  HAS_CHROMIUM,
  HAS_LIBRARY,
  HAS_RV1909,
  openSiteAndBrowser,
  problemsOf,
  screenshot,
  signedInPage as pageOf,
  SOON,
  type Site,
} from './harness';

/**
 * The reference library in a real browser: the chapter page's folds of commentaries
 * and topics, opened without leaving the page and within its CSP, and the topic and entry pages,
 * checked with axe-core. With SHOTS_DIR set, screenshots go there for a person to look at
 * (./harness.ts).
 */

let site: Site;
let browser: BrowserContext;

async function signedInPage(): Promise<{ page: Page; problems: string[] }> {
  const page = await pageOf(browser, site, { width: 1200, height: 900 });
  return { page, problems: problemsOf(page) };
}

describe.skipIf((!HAS_CHROMIUM && !process.env.CI) || !HAS_LIBRARY)(
  'the reference library in a browser',
  () => {
    beforeAll(async () => {
      ({ site, browser } = await openSiteAndBrowser('reader@library.test'));
    }, 240_000);

    afterAll(async () => {
      await closeBrowser(browser);
    });

    it("opens a chapter's commentaries and topics in the margin, folded until asked, without leaving the page", async () => {
      const { page, problems } = await signedInPage();
      await page.goto(`${site.url}/chapters/KJV:John.3`, { waitUntil: 'networkidle0' });
      const url = page.url();
      // Folded: nothing fetched yet, the entries' text not in the page.
      expect(
        await page.$$eval('#library details.library-fold', (els) =>
          els.map((e) => (e as unknown as { open: boolean }).open),
        ),
      ).toEqual([false, false, false]);
      expect(await page.$$('#library .library-entry')).toHaveLength(0);

      await page.click('#library details[data-kind="commentaries"] > summary');
      await page.waitForSelector('#library .library-entry', SOON);
      const summaries = await page.$$eval('#library .library-entry > summary', (els) =>
        els.map((e) => (e as unknown as { textContent: string }).textContent),
      );
      expect(summaries[0]).toBe(
        "Matthew Henry's Concise Commentary on the Whole Bible · John 3:1-21",
      );
      expect(summaries).toContain('Scofield Reference Notes (1917 edition) · John 3:16');
      // Each entry is a fold of its own; opening one shows its text with its links to verses.
      expect(
        await page.$eval(
          '#library .library-entry',
          (e) => (e as unknown as { open: boolean }).open,
        ),
      ).toBe(false);
      await page.click('#library .library-entry:nth-of-type(1) > summary');
      const links = await page.$$eval('#library .library-entry[open] .library-text a', (els) =>
        els.map((a) => a.getAttribute('href')),
      );
      expect(links.every((h) => /^\/(verses|chapters|topics)\//.test(h ?? ''))).toBe(true);
      expect(
        await page.$eval(
          '#library .library-entry[open] .library-text',
          (e) => (e as unknown as { innerText: string }).innerText,
        ),
      ).toMatch(/Nicodemus/);

      await page.click('#library details[data-kind="topics"] > summary');
      await page.waitForSelector(
        '#library details[data-kind="topics"] li a[href="/topics/nicodemus"]',
        SOON,
      );
      const nicodemusVerses = await page.$$eval(
        '#library details[data-kind="topics"] li',
        (lis) => {
          const li = lis.find((l) => l.querySelector('a[href="/topics/nicodemus"]'))!;
          return [...li.querySelectorAll('.muted a')].map((a) => a.getAttribute('href'));
        },
      );
      expect(nicodemusVerses).toEqual(Array.from({ length: 10 }, (_, i) => `#v${i + 1}`));

      expect(page.url()).toBe(url);
      // Within the page's CSP: nothing refused, no script error.
      expect(problems).toEqual([]);
      await screenshot(page, 'library-chapter', { fullPage: true });
      await page.close();
    });

    it.skipIf(!HAS_RV1909)(
      "speaks Spanish in the RV1909's margin: the passages in its book names and numbering, the library's English marked so",
      async () => {
        const { page, problems } = await signedInPage();
        await page.setBypassCSP(true); // for axe (see below)
        await page.goto(`${site.url}/chapters/RV1909:Jonah.2`, { waitUntil: 'networkidle0' });
        await page.click('#library details[data-kind="commentaries"] > summary');
        await page.waitForSelector('#library .library-entry', SOON);
        const summaries = await page.$$eval('#library .library-entry > summary', (els) =>
          els.map((e) => ({
            text: e.textContent,
            langs: [...e.querySelectorAll('span')].map((s) => s.getAttribute('lang')),
          })),
        );
        // Scofield's note on KJV Jonah 1:17, which the RV1909 numbers 2:1.
        expect(summaries).toContainEqual({
          text: 'Scofield Reference Notes (1917 edition) · Jonás 2:1',
          langs: ['en', null],
        });
        expect(summaries.filter((s) => /Jonah/.test(s.text ?? ''))).toEqual([]);
        expect(
          await page.$eval('#library .library-entry .library-text', (e) => e.getAttribute('lang')),
        ).toBe('en');
        await page.click('#library details[data-kind="topics"] > summary');
        await page.waitForSelector('#library details[data-kind="topics"] li a[lang="en"]', SOON);
        expect(await axe(page), 'RV1909 margin').toEqual([]);
        expect(problems).toEqual([]);
        await screenshot(page, 'library-rv1909-margin', { fullPage: true });
        await page.close();
      },
    );

    it('has no accessibility violations (axe-core) with the folds open, nor on the topic and entry pages', async () => {
      const { page, problems } = await signedInPage();
      // axe is loaded from another origin (./harness.ts), which the pages' own CSP rightly forbids.
      await page.setBypassCSP(true);
      await page.goto(`${site.url}/chapters/KJV:John.3`, { waitUntil: 'networkidle0' });
      await page.click('#library details[data-kind="commentaries"] > summary');
      await page.waitForSelector('#library .library-entry', SOON);
      await page.click('#library .library-entry:nth-of-type(1) > summary');
      await page.click('#library details[data-kind="topics"] > summary');
      await page.waitForSelector('#library details[data-kind="topics"] li', SOON);
      expect(await axe(page), 'chapter').toEqual([]);
      // Server-rendered pages that fetch nothing after their load.
      await page.goto(`${site.url}/topics/nicodemus`, { waitUntil: 'load' });
      expect(
        await page.$eval('h1', (h) => (h as unknown as { textContent: string }).textContent),
      ).toBe('NICODEMUS');
      expect(await axe(page)).toEqual([]);
      await screenshot(page, 'library-topic', { fullPage: true });
      await page.goto(`${site.url}/commentaries/TDavid/KJV:Ps.23.1?page=2`, { waitUntil: 'load' });
      expect(await page.$eval('a[rel="next"]', (a) => a.getAttribute('href'))).toBe(
        '/commentaries/TDavid/KJV:Ps.23.1?page=3',
      );
      expect(await axe(page)).toEqual([]);
      await screenshot(page, 'library-entry');
      expect(problems).toEqual([]);
      await page.close();
    });
  },
);
