import type { BrowserContext, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axe,
  closeBrowser,
  HAS_CHROMIUM,
  HAS_LIBRARY,
  HAS_RV1909,
  openSiteAndBrowser,
  signedInPage as pageOf,
  SOON,
  type Site,
} from './harness';

/**
 * The pages of ./site.test.ts checked with axe-core in chromium (those of ./study.test.ts:
 * ./accessibility-study.test.ts). Files of their own: axe takes seconds on a page (the
 * interlinear John 3 has ~2,000 word buttons), and in files of their own the checks run beside
 * the other browser and node files instead of after them.
 */

let site: Site;
let browser: BrowserContext;

/** The site's pages at the browser's default size, the study pages at the size ./study.test.ts uses. */
const signedInPage = (viewport?: { width: number; height: number }): Promise<Page> =>
  pageOf(browser, site, viewport);

describe.skipIf(!HAS_CHROMIUM && !process.env.CI)('accessibility (axe-core)', () => {
  beforeAll(async () => {
    ({ site, browser } = await openSiteAndBrowser('reader@accessibility.test'));
  }, 120_000);

  afterAll(async () => {
    await closeBrowser(browser);
  });

  it('has no accessibility violations (axe-core) on the chapter, search, versions and topic search pages', async () => {
    // A note on John 3:16, so that the chapter pages show it in their margin.
    const note = {
      note: {
        title: 'Loved the world',
        content: 'Checked with axe.',
        references: [{ start: 'KJV:John.3.16', end: 'KJV:John.3.16' }],
      },
    };
    const saved = await fetch(`${site.url}/notes.js`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${btoa(`${site.token}:x`)}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(note),
    });
    expect(saved.status).toBe(201);
    const page = await signedInPage();
    // axe is loaded from another origin (./harness.ts), which the pages' own CSP rightly forbids.
    await page.setBypassCSP(true);
    for (const path of [
      '/chapters/KJV:John.3',
      '/verses?keyword=love',
      '/versions',
      ...(HAS_RV1909 ? ['/chapters/RV1909:John.3'] : []),
      // Two search landmarks, the site's and the topics': each named (axe's landmark-unique).
      ...(HAS_LIBRARY ? ['/topics?q=love'] : []),
    ]) {
      await page.goto(`${site.url}${path}`);
      if (path.startsWith('/chapters/')) await page.waitForSelector('#my-annotations li', SOON);
      expect(await axe(page), path).toEqual([]);
    }
    await page.close();
  });
});
