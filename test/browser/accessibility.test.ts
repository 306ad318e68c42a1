import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, HAS_RV1909, HAS_STUDY, launchBrowser, markWord, openSite, SHOTS, signedInPage as pageOf, SOON, type Site } from './harness';

/**
 * The pages of ./site.test.ts and ./study.test.ts checked with axe-core in chromium. A file of its
 * own: axe takes seconds on a page (the interlinear John 3 has ~2,000 word buttons), and in its
 * own file it runs beside the other browser and node files instead of after them.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let site: Site;
let browser: Browser;

/** The site's pages at the browser's default size, the study pages at the size ./study.test.ts uses. */
const signedInPage = (viewport?: { width: number; height: number }): Promise<Page> => pageOf(browser, site, viewport);

/** The violations on the page, each with up to three of its nodes. */
async function axe(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const g = globalThis as unknown as { document: unknown; axe: { run: (context: unknown, options: unknown) => Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } };
    // Every rule runs and every violating node is reported; passes and incomplete checks are not
    // collected node by node (axe-core's `resultTypes`, its option for big pages).
    const result = await g.axe.run(g.document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id} (${v.nodes.length}: ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))})`);
  });
}

describe.skipIf(!HAS_CHROMIUM && !process.env.CI)('accessibility (axe-core)', () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [site, browser] = await Promise.all([openSite('reader@accessibility.test'), launchBrowser()]);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('has no accessibility violations (axe-core) on the chapter, search and versions pages', async () => {
    // A note on John 3:16, so that the chapter pages show it in their margin.
    const note = { note: { title: 'Loved the world', content: 'Checked with axe.', references: [{ start: 'KJV:John.3.16', end: 'KJV:John.3.16' }] } };
    const saved = await fetch(`${site.url}/notes.js`, { method: 'POST', headers: { Authorization: `Basic ${btoa(`${site.token}:x`)}`, 'Content-Type': 'application/json' }, body: JSON.stringify(note) });
    expect(saved.status).toBe(201);
    const page = await signedInPage();
    // axe is injected as an inline script, which the pages' own CSP rightly forbids.
    await page.setBypassCSP(true);
    for (const path of ['/chapters/KJV:John.3', '/verses?keyword=love', '/versions', ...(HAS_RV1909 ? ['/chapters/RV1909:John.3'] : [])]) {
      await page.goto(`${site.url}${path}`);
      if (path.startsWith('/chapters/')) await page.waitForSelector('#my-annotations li', SOON);
      expect(await axe(page), path).toEqual([]);
    }
    await page.close();
  });

  it.skipIf(!HAS_STUDY)('has no accessibility violations (axe-core) with the interlinear view and a word panel open, nor on the lexicon and concordance pages', async () => {
    const page = await signedInPage({ width: 1100, height: 900 });
    // axe is injected as an inline script, which the pages' own CSP rightly forbids.
    await page.setBypassCSP(true);
    await page.goto(`${site.url}/chapters/KJV:John.3`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('#interlinear-toggle', { visible: true });
    if ((await page.$eval('#interlinear-toggle', (b) => b.getAttribute('aria-pressed'))) !== 'true') await page.click('#interlinear-toggle');
    await page.waitForSelector('#interlinear #il-v16 button.il-word', SOON);
    await markWord(page, 16, 'loved');
    await page.click('[data-test="loved"]');
    await page.waitForSelector('#word-panel .wp-entry', SOON);
    expect(await axe(page), 'interlinear').toEqual([]);
    for (const path of ['/chapters/WLC:Jonah.1', '/chapters/TR:3John.1', '/strongs/G25', '/strongs/H157', '/verses?strongs=G25&version=KJV']) {
      await page.goto(`${site.url}${path}`, { waitUntil: 'networkidle0' });
      expect(await axe(page), path).toEqual([]);
    }
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
    await page.goto(`${site.url}/chapters/KJV:John.3`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('#interlinear #il-v16 button.il-word', SOON);
    await markWord(page, 16, 'loved');
    await page.click('[data-test="loved"]');
    await page.waitForSelector('#word-panel .wp-entry', SOON);
    await page.evaluate(() => (globalThis as any).document.getElementById('word-panel').scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `${SHOTS}/interlinear-kjv-john3-dark.png` });
    expect(await axe(page), 'interlinear, dark').toEqual([]);
    await page.close();
  });
});
