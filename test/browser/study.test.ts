import type { BrowserContext, Page } from 'puppeteer-core';
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
  text,
  type Site,
} from './harness';

/**
 * The word-study pages in a real browser: the chapter page's interlinear view and
 * its word panel, used with the keyboard, and the lexicon and concordance pages (their
 * accessibility: ./accessibility-study.test.ts). With SHOTS_DIR set, screenshots go there for a
 * person to look at (./harness.ts).
 */

let site: Site;
let browser: BrowserContext;

/** The page the tests read in, signed in: one for the file, each test starting with a navigation (./site.test.ts says why). */
let page: Page;

describe.skipIf((!HAS_CHROMIUM && !process.env.CI) || !HAS_STUDY)('word study in a browser', () => {
  beforeAll(async () => {
    ({ site, browser } = await openSiteAndBrowser('reader@study.test'));
    page = await signedInPage(browser, site, { width: 1100, height: 900 });
  }, 120_000);

  afterAll(async () => {
    await closeBrowser(browser);
  });

  it('turns the interlinear view of KJV John 3 on, opens a word with the keyboard and closes it with Escape', async () => {
    await page.goto(`${site.url}/chapters/KJV:John.3`, { waitUntil: 'load' });
    // The script shows the switch (hidden without JavaScript).
    await page.waitForSelector('#interlinear-toggle', { visible: true });
    expect(await page.$eval('#interlinear-toggle', (b) => b.getAttribute('aria-pressed'))).toBe(
      'false',
    );
    await page.click('#interlinear-toggle');
    await page.waitForSelector('#interlinear #il-v16 button.il-word', SOON);
    expect(await page.$eval('#interlinear-toggle', (b) => b.getAttribute('aria-pressed'))).toBe(
      'true',
    );
    expect(
      await page.evaluate(
        () => (globalThis as any).document.querySelector('main .scripture').hidden,
      ),
    ).toBe(true);
    expect(await page.$eval('#interlinear', (el) => el.getAttribute('lang'))).toBe('en');

    // The words the KJV leaves untranslated (the tags list them first in the verse) stand at
    // their Greek position: τον before "only begotten" (τον μονογενη), ο before "believeth"
    // (ο πιστευων), των before "of the Jews" (των ιουδαιων); δε and αυτω were in place.
    const shown = (verse: number) =>
      page.$$eval(`#il-v${verse} > .il-word, #il-v${verse} > .il-plain`, (words) =>
        words.map((w: any) =>
          w.querySelector('.il-untranslated')
            ? `— ${w.querySelector('.il-orig').textContent}`
            : (w.querySelector('.il-text') ?? w).textContent,
        ),
      );
    expect(await shown(16)).toEqual([
      'For',
      'God',
      'so',
      'loved',
      'the world,',
      'that',
      'he gave',
      'his',
      '— τον',
      'only begotten',
      'Son,',
      'that',
      'whosoever',
      '— ο',
      'believeth',
      'in',
      'him',
      'should',
      'not',
      'perish,',
      'but',
      'have',
      'everlasting',
      'life.',
    ]);
    expect(await shown(1)).toEqual([
      'There was',
      '— δε',
      'a man',
      'of',
      'the Pharisees,',
      'named',
      'Nicodemus,',
      '— αυτω',
      'a ruler',
      '— των',
      'of the Jews:',
    ]);

    // "loved": its Strong's number and the Greek word it renders, in Greek.
    expect(await markWord(page, 16, 'loved')).toEqual({
      text: 'loved',
      num: 'G25',
      orig: 'ηγαπησεν',
      lang: 'grc',
    });

    // Enter on the word opens the panel under its verse; focus goes to the panel's heading.
    await page.focus('[data-test="loved"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#word-panel .wp-entry', SOON);
    expect(await page.evaluate(() => (globalThis as any).document.activeElement.id)).toBe(
      'word-panel-title',
    );
    expect(await page.$eval('#word-panel', (el) => (el as any).previousElementSibling.id)).toBe(
      'il-v16',
    );
    expect(await text(page, '#word-panel h2')).toBe('Word study: loved (John 3:16)');
    expect(await text(page, '#word-panel .wp-parsing')).toMatch(/^Parsing: ηγαπησεν: .*aorist/);
    expect(
      await page.$eval('#word-panel .wp-entry .headword', (el) => [
        (el as any).textContent,
        el.getAttribute('lang'),
      ]),
    ).toEqual(['ἀγαπάω', 'grc']);
    const panel = await text(page, '#word-panel');
    expect(panel).toMatch(/Definition\s/);
    expect(panel).toMatch(/In the KJV\s/);
    expect(
      await page.$$eval('#word-panel .wp-links a', (as) => as.map((a) => a.getAttribute('href'))),
    ).toEqual(['/strongs/G25', '/verses?strongs=G25&version=KJV']);
    await page.evaluate(() =>
      (globalThis as any).document.getElementById('word-panel').scrollIntoView({ block: 'center' }),
    );
    await screenshot(page, 'interlinear-kjv-john3');

    // Escape closes it and gives focus back to the word.
    await page.keyboard.press('Escape');
    expect(
      await page.evaluate(() => (globalThis as any).document.getElementById('word-panel').hidden),
    ).toBe(true);
    expect(
      await page.evaluate(() =>
        (globalThis as any).document.activeElement.getAttribute('data-test'),
      ),
    ).toBe('loved');
    // Space opens it again; the close button closes it too.
    await page.keyboard.press('Space');
    await page.waitForSelector('#word-panel .wp-entry', SOON);
    await page.click('#word-panel .wp-close');
    expect(
      await page.evaluate(() => (globalThis as any).document.getElementById('word-panel').hidden),
    ).toBe(true);

    // The choice is remembered: another chapter opens interlinear; turning it off shows the text.
    // (3 John: a short chapter, as chromium lays out each word of the view.)
    await page.goto(`${site.url}/chapters/KJV:3John.1`, { waitUntil: 'load' });
    await page.waitForSelector('#interlinear #il-v1 button.il-word', SOON);
    await page.click('#interlinear-toggle');
    expect(
      await page.evaluate(() => [
        (globalThis as any).document.getElementById('interlinear').hidden,
        (globalThis as any).document.querySelector('main .scripture').hidden,
      ]),
    ).toEqual([true, false]);
    expect(await page.$eval('#interlinear-toggle', (b) => b.getAttribute('aria-pressed'))).toBe(
      'false',
    );
  });

  it('shows the Hebrew of the Old Testament beside the KJV, and the WLC right to left', async () => {
    await page.goto(`${site.url}/chapters/KJV:Mal.1`, { waitUntil: 'load' });
    await page.click('#interlinear-toggle');
    await page.waitForSelector('#interlinear #il-v2 button.il-word', SOON);
    expect(await markWord(page, 2, 'I have loved')).toEqual({
      text: 'I have loved',
      num: 'H157',
      orig: 'אָהַב',
      lang: 'he',
    });
    await page.focus('[data-test="I have loved"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#word-panel .wp-entry', SOON);
    expect(await text(page, '#word-panel .wp-parsing')).toMatch(/qal/i);
    expect(
      await page.$eval('#word-panel .wp-entry .headword', (el) => [
        el.getAttribute('lang'),
        el.getAttribute('dir'),
      ]),
    ).toEqual(['he', 'rtl']);
    await page.evaluate(() =>
      (globalThis as any).document.getElementById('word-panel').scrollIntoView({ block: 'center' }),
    );
    await screenshot(page, 'interlinear-kjv-mal1');
    await page.keyboard.press('Escape');

    // The Hebrew text itself (the fixture has the WLC's Jonah): remembered on, right to left.
    await page.goto(`${site.url}/chapters/WLC:Jonah.1`, { waitUntil: 'load' });
    await page.waitForSelector('#interlinear #il-v1 button.il-word', SOON);
    expect(
      await page.$eval('#interlinear', (el) => [el.getAttribute('lang'), el.getAttribute('dir')]),
    ).toEqual(['he', 'rtl']);
    expect(await page.$eval('#il-v1 button.il-word .il-num', (el) => (el as any).textContent)).toBe(
      'H1961',
    );
    await page.click('#il-v1 button.il-word');
    await page.waitForSelector('#word-panel .wp-entry', SOON);
    // The panel is English, left to right, inside the Hebrew.
    expect(
      await page.$eval('#word-panel', (el) => [el.getAttribute('lang'), el.getAttribute('dir')]),
    ).toEqual(['en', 'ltr']);
    // Its heading's Hebrew word is marked Hebrew: the Hebrew fonts carry its cantillation.
    expect(
      await page.$eval('#word-panel h2 span', (el) => [
        el.getAttribute('lang'),
        el.getAttribute('dir'),
      ]),
    ).toEqual(['he', 'rtl']);
    await screenshot(page, 'interlinear-wlc-jonah1');
  });

  it('renders the lexicon and concordance pages', async () => {
    const res = await page.goto(`${site.url}/strongs/G25`);
    expect(res!.status()).toBe(200);
    expect(await text(page, 'h1')).toBe('ἀγαπάω G25');
    expect(await page.$$eval('.fuller-text', (els) => els.length)).toBeGreaterThan(0);
    await screenshot(page, 'lexicon-g25');
    await screenshot(page, 'lexicon-g25-full', { fullPage: true });
    await page.goto(`${site.url}/strongs/H157`);
    expect(await page.$eval('h1 .headword', (el) => el.getAttribute('dir'))).toBe('rtl');
    await screenshot(page, 'lexicon-h157');
    // The lexicon page's occurrences link to the concordance, which marks the words.
    await Promise.all([page.waitForNavigation(), page.click('.occurrences a')]);
    expect(new URL(page.url()).searchParams.get('strongs')).toBe('H157');
    expect(await page.$$eval('.result em', (ems) => ems.length)).toBeGreaterThan(0);
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
    await page.goto(`${site.url}/verses?strongs=G25&version=KJV&book=John`);
    await screenshot(page, 'concordance-g25-john-dark');
  });

  it('renders a grammar search: the verses, the matching words marked, the verses per book', async () => {
    const res = await page.goto(
      `${site.url}/verses?stem=qal&form=wayyiqtol&version=WLC&book=Jonah`,
    );
    expect(res!.status()).toBe(200);
    expect(await text(page, 'h1')).toBe('Grammar search: stem qal, form wayyiqtol');
    expect(await text(page, '#per-book + ul')).toMatch(/^Jonah \(WLC\) \d+$/);
    // Jonah 1:1 opens with וַֽיְהִי, its verb marked.
    expect(await page.$$eval('.result em', (ems) => ems.length)).toBeGreaterThan(10);
    await screenshot(page, 'grammar-qal-wayyiqtol-jonah');
    // The KJV marks the English that renders the Greek word: προπέμψας, "bring … forward" (3 John 6).
    await page.goto(
      `${site.url}/verses?tense=aorist&voice=active&mood=participle&version=KJV&book=3John`,
    );
    const marked = await page.$$eval('.result em', (ems) => ems.map((e) => e.textContent));
    expect(marked).toContain('bring');
    const refused = await page.goto(`${site.url}/verses?tense=aoristic`);
    expect(refused!.status()).toBe(400);
    expect(await page.content()).toContain('Unknown tense aoristic');
  });
});
