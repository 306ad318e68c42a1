import type { BrowserContext, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axe,
  closeBrowser,
  HAS_CHROMIUM,
  HAS_STUDY,
  markWord,
  openSiteAndBrowser,
  screenshot,
  signedInPage as pageOf,
  SOON,
  type Site,
} from './harness';

/**
 * The pages of ./study.test.ts checked with axe-core in chromium: the interlinear view with a
 * word panel open, the original-language chapters, a lexicon entry and a concordance. Apart from
 * ./accessibility.test.ts, so that the two run side by side (axe takes ~10 s on these pages).
 * The interlinear view is checked on 3 John (14 verses, the markup of every interlinear chapter)
 * rather than John 3, which ./study.test.ts reads: axe's time grows with the page, and John 3's
 * ~2,000 word buttons cost ~5 s of chromium's CPU a pass for no markup 3 John lacks.
 */

let site: Site;
let browser: BrowserContext;

/** The site's pages at the browser's default size, the study pages at the size ./study.test.ts uses. */
const signedInPage = (viewport?: { width: number; height: number }): Promise<Page> =>
  pageOf(browser, site, viewport);

describe.skipIf((!HAS_CHROMIUM && !process.env.CI) || !HAS_STUDY)(
  'accessibility of the word study (axe-core)',
  () => {
    beforeAll(async () => {
      ({ site, browser } = await openSiteAndBrowser('reader@accessibility-study.test'));
    }, 120_000);

    afterAll(async () => {
      await closeBrowser(browser);
    });

    it('has no accessibility violations (axe-core) with the interlinear view and a word panel open, nor on the lexicon, concordance, grammar search and Greek differences pages', async () => {
      const page = await signedInPage({ width: 1100, height: 900 });
      // axe is loaded from another origin (./harness.ts), which the pages' own CSP rightly forbids.
      await page.setBypassCSP(true);
      await page.goto(`${site.url}/chapters/KJV:3John.1`, { waitUntil: 'load' });
      await page.waitForSelector('#interlinear-toggle', { visible: true });
      if (
        (await page.$eval('#interlinear-toggle', (b) => b.getAttribute('aria-pressed'))) !== 'true'
      )
        await page.click('#interlinear-toggle');
      await page.waitForSelector('#interlinear #il-v1 button.il-word', SOON);
      // "whom I love" (G25, as the lexicon page below).
      expect(await markWord(page, 1, 'love')).not.toBeNull();
      await page.click('[data-test="love"]');
      await page.waitForSelector('#word-panel .wp-entry', SOON);
      expect(await axe(page), 'interlinear').toEqual([]);
      for (const path of [
        '/chapters/WLC:Jonah.1',
        '/chapters/TR:3John.1',
        '/strongs/G25',
        '/strongs/H157',
        '/verses?strongs=G25&version=KJV',
        // The grammar search's results and the TR's verse page with the SBLGNT's differences.
        '/verses?stem=qal&form=wayyiqtol&version=WLC&book=Jonah',
        '/verses/TR:3John.1.7',
      ]) {
        // Server-rendered pages that fetch nothing after their load: no wait for the network's
        // idle half-second (~0.5 s a page on the 2-core machine).
        await page.goto(`${site.url}${path}`, { waitUntil: 'load' });
        expect(await axe(page), path).toEqual([]);
      }
      await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
      await page.goto(`${site.url}/chapters/KJV:3John.1`, { waitUntil: 'load' });
      await page.waitForSelector('#interlinear #il-v1 button.il-word', SOON);
      await markWord(page, 1, 'love');
      await page.click('[data-test="love"]');
      await page.waitForSelector('#word-panel .wp-entry', SOON);
      await page.evaluate(() =>
        (globalThis as any).document
          .getElementById('word-panel')
          .scrollIntoView({ block: 'center' }),
      );
      await screenshot(page, 'interlinear-kjv-3john1-dark');
      // The same page in other colours: only the contrast can have changed.
      expect(await axe(page, ['color-contrast']), 'interlinear, dark').toEqual([]);
      await page.close();
    });
  },
);
