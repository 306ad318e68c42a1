import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_DIR } from '../../scripts/fixture';
import { HAS_CHROMIUM, launchBrowser, startSite, type Site } from './harness';

/**
 * The word-study pages in a real browser (issue 21 §6): the chapter page's interlinear view and
 * its word panel, used with the keyboard, and the lexicon and concordance pages, checked with
 * axe-core. Screenshots go to /tmp/shots (or SHOTS_DIR) for a person to look at.
 */
/** Whether the fixture has the study layer (Debian's bibledit-cloud-data: WLC, TR, the lexicons). */
const HAS_STUDY = !(JSON.parse(readFileSync(`${FIXTURE_DIR}/manifest.json`, 'utf8')) as { summary?: { skipped?: string[] } }).summary?.skipped?.includes('WLC');

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let site: Site;
let browser: Browser;

async function signedInPage(): Promise<Page> {
  const page = await browser.newPage();
  await page.authenticate({ username: site.token, password: 'x' });
  await page.setViewport({ width: 1100, height: 900 });
  return page;
}

// Functions given to evaluate run in the browser (serialized, so they close over nothing): they
// reach the document through globalThis, as the project's TypeScript has no DOM library.

async function text(page: Page, selector: string): Promise<string> {
  return page.$eval(selector, (el) => (el as unknown as { innerText: string }).innerText);
}

/** Marks the interlinear button of `word` in verse `verse` with `data-test` and returns its texts. */
async function markWord(page: Page, verse: number, word: string): Promise<{ text: string; num: string; orig: string; lang: string } | null> {
  return page.evaluate(
    (verse, word) => {
      const buttons = [...(globalThis as any).document.querySelectorAll(`#il-v${verse} button.il-word`)] as any[];
      const b = buttons.find((x) => x.querySelector('.il-text').textContent.replace(/[,.;:]$/, '') === word);
      if (!b) return null;
      b.setAttribute('data-test', word);
      const orig = b.querySelector('.il-orig');
      return { text: b.querySelector('.il-text').textContent, num: b.querySelector('.il-num').textContent, orig: orig?.textContent ?? '', lang: orig?.lang ?? '' };
    },
    verse,
    word,
  );
}

async function axe(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const result = await (globalThis as unknown as { axe: { run: () => Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe.run();
    return result.violations.map((v) => `${v.id} (${v.nodes.length}: ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))})`);
  });
}

// A wait that fails says which; the default (30 s) would time the whole test out instead.
const SOON = { timeout: 10_000 };

describe.skipIf((!HAS_CHROMIUM && !process.env.CI) || !HAS_STUDY)('word study in a browser (issue 21 §6)', () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    // No keyword search here: the site needs none of the search index's terms.
    [site, browser] = await Promise.all([startSite([], { numbers: ['G25', 'H157', 'H1961'] }), launchBrowser()]);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('turns the interlinear view of KJV John 3 on, opens a word with the keyboard and closes it with Escape', async () => {
    const page = await signedInPage();
    await page.goto(`${site.url}/chapters/KJV:John.3`, { waitUntil: 'networkidle0' });
    // The script shows the switch (hidden without JavaScript).
    await page.waitForSelector('#interlinear-toggle', { visible: true });
    expect(await page.$eval('#interlinear-toggle', (b) => b.getAttribute('aria-pressed'))).toBe('false');
    await page.click('#interlinear-toggle');
    await page.waitForSelector('#interlinear #il-v16 button.il-word', SOON);
    expect(await page.$eval('#interlinear-toggle', (b) => b.getAttribute('aria-pressed'))).toBe('true');
    expect(await page.evaluate(() => (globalThis as any).document.querySelector('main .scripture').hidden)).toBe(true);
    expect(await page.$eval('#interlinear', (el) => el.getAttribute('lang'))).toBe('en');

    // "loved": its Strong's number and the Greek word it renders, in Greek.
    expect(await markWord(page, 16, 'loved')).toEqual({ text: 'loved', num: 'G25', orig: 'ηγαπησεν', lang: 'grc' });

    // Enter on the word opens the panel under its verse; focus goes to the panel's heading.
    await page.focus('[data-test="loved"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#word-panel .wp-entry', SOON);
    expect(await page.evaluate(() => (globalThis as any).document.activeElement.id)).toBe('word-panel-title');
    expect(await page.$eval('#word-panel', (el) => (el as any).previousElementSibling.id)).toBe('il-v16');
    expect(await text(page, '#word-panel h2')).toBe('Word study: loved (John 3:16)');
    expect(await text(page, '#word-panel .wp-parsing')).toMatch(/^Parsing: ηγαπησεν: .*aorist/);
    expect(await page.$eval('#word-panel .wp-entry .headword', (el) => [(el as any).textContent, el.getAttribute('lang')])).toEqual(['ἀγαπάω', 'grc']);
    const panel = await text(page, '#word-panel');
    expect(panel).toMatch(/Definition\s/);
    expect(panel).toMatch(/In the KJV\s/);
    expect(await page.$$eval('#word-panel .wp-links a', (as) => as.map((a) => a.getAttribute('href')))).toEqual(['/strongs/G25', '/verses?strongs=G25&version=KJV']);
    await page.evaluate(() => (globalThis as any).document.getElementById('word-panel').scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `${SHOTS}/interlinear-kjv-john3.png` });

    // Escape closes it and gives focus back to the word.
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => (globalThis as any).document.getElementById('word-panel').hidden)).toBe(true);
    expect(await page.evaluate(() => (globalThis as any).document.activeElement.getAttribute('data-test'))).toBe('loved');
    // Space opens it again; the close button closes it too.
    await page.keyboard.press('Space');
    await page.waitForSelector('#word-panel .wp-entry', SOON);
    await page.click('#word-panel .wp-close');
    expect(await page.evaluate(() => (globalThis as any).document.getElementById('word-panel').hidden)).toBe(true);

    // The choice is remembered: the next chapter opens interlinear; turning it off shows the text.
    await page.goto(`${site.url}/chapters/KJV:John.4`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('#interlinear #il-v1 button.il-word', SOON);
    await page.click('#interlinear-toggle');
    expect(await page.evaluate(() => [(globalThis as any).document.getElementById('interlinear').hidden, (globalThis as any).document.querySelector('main .scripture').hidden])).toEqual([true, false]);
    expect(await page.$eval('#interlinear-toggle', (b) => b.getAttribute('aria-pressed'))).toBe('false');
    await page.close();
  });

  it('shows the Hebrew of the Old Testament beside the KJV, and the WLC right to left', async () => {
    const page = await signedInPage();
    await page.goto(`${site.url}/chapters/KJV:Mal.1`, { waitUntil: 'networkidle0' });
    await page.click('#interlinear-toggle');
    await page.waitForSelector('#interlinear #il-v2 button.il-word', SOON);
    expect(await markWord(page, 2, 'I have loved')).toEqual({ text: 'I have loved', num: 'H157', orig: 'אָהַב', lang: 'he' });
    await page.focus('[data-test="I have loved"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#word-panel .wp-entry', SOON);
    expect(await text(page, '#word-panel .wp-parsing')).toMatch(/qal/i);
    expect(await page.$eval('#word-panel .wp-entry .headword', (el) => [el.getAttribute('lang'), el.getAttribute('dir')])).toEqual(['he', 'rtl']);
    await page.evaluate(() => (globalThis as any).document.getElementById('word-panel').scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `${SHOTS}/interlinear-kjv-mal1.png` });
    await page.keyboard.press('Escape');

    // The Hebrew text itself (the fixture has the WLC's Jonah): remembered on, right to left.
    await page.goto(`${site.url}/chapters/WLC:Jonah.1`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('#interlinear #il-v1 button.il-word', SOON);
    expect(await page.$eval('#interlinear', (el) => [el.getAttribute('lang'), el.getAttribute('dir')])).toEqual(['he', 'rtl']);
    expect(await page.$eval('#il-v1 button.il-word .il-num', (el) => (el as any).textContent)).toBe('H1961');
    await page.click('#il-v1 button.il-word');
    await page.waitForSelector('#word-panel .wp-entry', SOON);
    // The panel is English, left to right, inside the Hebrew.
    expect(await page.$eval('#word-panel', (el) => [el.getAttribute('lang'), el.getAttribute('dir')])).toEqual(['en', 'ltr']);
    // Its heading's Hebrew word is marked Hebrew: the Hebrew fonts carry its cantillation.
    expect(await page.$eval('#word-panel h2 span', (el) => [el.getAttribute('lang'), el.getAttribute('dir')])).toEqual(['he', 'rtl']);
    await page.screenshot({ path: `${SHOTS}/interlinear-wlc-jonah1.png` });
    await page.close();
  });

  it('renders the lexicon and concordance pages', async () => {
    const page = await signedInPage();
    const res = await page.goto(`${site.url}/strongs/G25`);
    expect(res!.status()).toBe(200);
    expect(await text(page, 'h1')).toBe('ἀγαπάω G25');
    expect(await page.$$eval('.fuller-text', (els) => els.length)).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/lexicon-g25.png` });
    await page.screenshot({ path: `${SHOTS}/lexicon-g25-full.png`, fullPage: true });
    await page.goto(`${site.url}/strongs/H157`);
    expect(await page.$eval('h1 .headword', (el) => el.getAttribute('dir'))).toBe('rtl');
    await page.screenshot({ path: `${SHOTS}/lexicon-h157.png` });
    // The lexicon page's occurrences link to the concordance, which marks the words.
    await Promise.all([page.waitForNavigation(), page.click('.occurrences a')]);
    expect(new URL(page.url()).searchParams.get('strongs')).toBe('H157');
    expect(await page.$$eval('.result em', (ems) => ems.length)).toBeGreaterThan(0);
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
    await page.goto(`${site.url}/verses?strongs=G25&version=KJV&book=John`);
    await page.screenshot({ path: `${SHOTS}/concordance-g25-john-dark.png` });
    await page.close();
  });

  it('has no accessibility violations (axe-core) with the interlinear view and a word panel open, nor on the lexicon and concordance pages', async () => {
    const page = await signedInPage();
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
