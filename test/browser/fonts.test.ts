import type { BrowserContext, CDPSession, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeBrowser,
  HAS_CHROMIUM,
  HAS_STUDY,
  markWord,
  openSiteAndBrowser,
  screenshot,
  signedInPage,
  SOON,
  type Site,
} from './harness';

/**
 * The Hebrew and Greek fonts the site ships (src/api/fonts.ts, public/assets/site.css): which
 * font Chromium really drew the text with, asked through the DevTools protocol
 * (`CSS.getPlatformFontsForNode`: the fonts used for the text in a node, with how many glyphs
 * each drew). A cantillation mark drawn by any other font (the reader's system has none that
 * carries them: Chromium drew an empty box) counts glyphs against that font and fails here.
 */

let site: Site;
let browser: BrowserContext;
let page: Page;
let cdp: CDPSession;

interface PlatformFont {
  familyName: string;
  isCustomFont: boolean;
  glyphCount: number;
}

/** The element's text, and the fonts Chromium drew it with. */
async function fontsOf(selector: string): Promise<{ text: string; fonts: PlatformFont[] }> {
  const text = await page.$eval(selector, (el) => el.textContent ?? '');
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  return { text, fonts };
}

/** Lays the page out (which starts the fonts its text needs) and waits for its fonts. */
const fontsSettled = () =>
  page.evaluate(async () => {
    const document = (globalThis as any).document;
    void document.body.getBoundingClientRect();
    await document.fonts.ready;
  });

/**
 * Checks the text of `selector` on the page as it is: every character of `script` drawn by the
 * shipped `family` (a web font), only the other characters (spaces, punctuation, Latin) by the
 * system's fonts. Returns the text.
 */
async function expectDrawnWith(selector: string, family: string, script: RegExp) {
  await fontsSettled();
  const { text, fonts } = await fontsOf(selector);
  const where = `${page.url()} ${selector}`;
  const own = [...text].filter((ch) => script.test(ch)).length;
  expect(own, `${where}: no text in the script`).toBeGreaterThan(0);
  const custom = fonts.filter((f) => f.isCustomFont);
  expect(
    custom.map((f) => f.familyName),
    `${where}: ${JSON.stringify(fonts)}`,
  ).toEqual([family]);
  const others = fonts.filter((f) => !f.isCustomFont).reduce((n, f) => n + f.glyphCount, 0);
  expect(others, `${where}: glyphs of other fonts: ${JSON.stringify(fonts)}`).toBeLessThanOrEqual(
    [...text].length - own,
  );
  return text;
}

// `load`, not the network's idle half-second: each check waits for what it reads (the fonts, the
// interlinear view's words).
const go = (path: string) => page.goto(`${site.url}${path}`, { waitUntil: 'load' });

const HEBREW = /[\u0590-\u05FF]/;
const CANTILLATION = /[\u0591-\u05AF]/g;
const GREEK = /[\u0370-\u03FF\u1F00-\u1FFF]/;

/** The web fonts a page has loaded (the rest of the site's @font-face rules are never fetched). */
const loadedFonts = () =>
  page.evaluate(() =>
    [...(globalThis as any).document.fonts]
      .filter((f: any) => f.status === 'loaded')
      .map((f: any) => `${f.family.replace(/"/g, '')} ${f.unicodeRange}`)
      .sort(),
  );

describe.skipIf((!HAS_CHROMIUM && !process.env.CI) || !HAS_STUDY)(
  'the Hebrew and Greek fonts in a browser',
  () => {
    beforeAll(async () => {
      ({ site, browser } = await openSiteAndBrowser('reader@fonts.test'));
      page = await signedInPage(browser, site, { width: 1000, height: 800 });
      // Every page fetches its fonts anew: from the memory cache, Chromium takes a font another
      // page fetched for any text of the family's, whether or not the text is in its range.
      await page.setCacheEnabled(false);
      cdp = await page.createCDPSession();
      await cdp.send('DOM.enable');
      await cdp.send('CSS.enable');
    }, 120_000);

    afterAll(async () => {
      await closeBrowser(browser);
    });

    it('draws the WLC’s Hebrew, its cantillation marks included, with the shipped Noto Serif Hebrew', async () => {
      await go('/chapters/WLC:Jonah.1');
      expect(await page.$eval('html', (el) => el.getAttribute('lang'))).toBe('hbo');
      const text = await expectDrawnWith(
        'main .scripture [class="v32_1_3"]',
        'Noto Serif Hebrew',
        HEBREW,
      );
      // The verse carries cantillation marks (U+0591-05AF), which no font of the system has.
      expect(text.match(CANTILLATION)?.length).toBeGreaterThan(10);
      expect(await loadedFonts()).toEqual([
        'Noto Serif Hebrew U+307-308, U+590-5FF, U+200C-2010, U+20AA, U+25CC, U+FB1D-FB4F',
      ]);
      await screenshot(page, 'fonts-wlc-jonah-1');
    });

    it('draws the TR’s Greek and a lexicon’s polytonic Greek with the shipped Gentium Plus', async () => {
      await go('/chapters/TR:3John.1');
      await expectDrawnWith('main .scripture [class="v64_1_1"]', 'Gentium Plus', GREEK);
      // The TR has no accents: the Greek subset alone.
      expect(await loadedFonts()).toEqual([
        'Gentium Plus U+370-377, U+37A-37F, U+384-38A, U+38C, U+38E-3A1, U+3A3-3FF',
      ]);
      // ἀγαπάω: a breathing and an accent (Greek Extended, U+1F00-1FFF: the second subset).
      await go('/strongs/G25');
      const headword = await expectDrawnWith('.lexicon-title .headword', 'Gentium Plus', GREEK);
      expect(headword).toMatch(/[\u1F00-\u1FFF]/);
      expect(await loadedFonts()).toContain('Gentium Plus U+1F00-1FFF');
      // Greek inside the English of Strong's entry and of Abbott-Smith's.
      await expectDrawnWith('dl.lexicon dd [lang="grc"]', 'Gentium Plus', GREEK);
      await expectDrawnWith('.fuller-text [lang="grc"]', 'Gentium Plus', GREEK);
    });

    it('draws the Hebrew of a lexicon page and of the concordance with Noto Serif Hebrew', async () => {
      await go('/strongs/H157');
      await expectDrawnWith('.lexicon-title .headword', 'Noto Serif Hebrew', HEBREW);
      await expectDrawnWith('.fuller-text [lang="he"]', 'Noto Serif Hebrew', HEBREW);
      // The concordance of the WLC: its title's headword, the renderings, the verses found.
      await go('/verses?strongs=H157&version=WLC');
      await expectDrawnWith('h1 .headword', 'Noto Serif Hebrew', HEBREW);
      await expectDrawnWith('#renderings ~ p [lang="he"]', 'Noto Serif Hebrew', HEBREW);
      const hit = await expectDrawnWith('.result .scripture', 'Noto Serif Hebrew', HEBREW);
      expect(hit.match(CANTILLATION)?.length).toBeGreaterThan(0);
    });

    it('draws the interlinear’s Hebrew and Greek and the word panel’s with the shipped fonts', async () => {
      // The WLC's words, cantillation included, and the panel of one of them.
      await go('/chapters/WLC:Jonah.1');
      await page.click('#interlinear-toggle');
      await page.waitForSelector('#interlinear #il-v3 button.il-word', SOON);
      const word = await expectDrawnWith(
        '#il-v3 button.il-word .il-text',
        'Noto Serif Hebrew',
        HEBREW,
      );
      expect(word.match(CANTILLATION)?.length).toBeGreaterThan(0);
      await page.click('#il-v3 button.il-word');
      await page.waitForSelector('#word-panel .wp-entry', SOON);
      await expectDrawnWith('#word-panel h2 span', 'Noto Serif Hebrew', HEBREW);
      await expectDrawnWith('#word-panel .wp-entry .headword', 'Noto Serif Hebrew', HEBREW);
      await screenshot(page, 'fonts-interlinear-wlc-jonah-1');

      // The KJV's New Testament: the Greek beside each word, and the panel's Greek headword.
      await go('/chapters/KJV:John.3');
      await page.waitForSelector('#interlinear #il-v16 button.il-word', SOON);
      expect(await markWord(page, 16, 'loved')).toMatchObject({ orig: 'ηγαπησεν' });
      await expectDrawnWith('[data-test="loved"] .il-orig', 'Gentium Plus', GREEK);
      await page.click('[data-test="loved"]');
      await page.waitForSelector('#word-panel .wp-entry', SOON);
      await expectDrawnWith('#word-panel .wp-parsing', 'Gentium Plus', GREEK);
      await expectDrawnWith('#word-panel .wp-entry .headword', 'Gentium Plus', GREEK);
      // Off again (the choice is remembered in this browser context).
      await page.click('#interlinear-toggle');
    });

    it('fetches no font for a page without Hebrew or Greek', async () => {
      await go('/chapters/KJV:Ps.23');
      await fontsSettled();
      expect(await loadedFonts()).toEqual([]);
    });
  },
);
