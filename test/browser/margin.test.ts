import type { BrowserContext, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axe,
  closeBrowser,
  HAS_CHROMIUM,
  HAS_LIBRARY,
  openSiteAndBrowser,
  problemsOf,
  screenshot,
  signedInPage as pageOf,
  SOON,
  type Site,
} from './harness';
import { FIXTURE_BOOKS } from '../../scripts/fixture';

/**
 * The study Bible's margin in a real browser: the translators' notes shown beside their marks on
 * tap and on keyboard focus (public/assets/footnotes.js), the chapter margin's cross-references
 * showing each target's text without leaving the page (public/assets/library.js), all within the
 * site's CSP and checked with axe-core. With SHOTS_DIR set, screenshots go there (./harness.ts).
 */

/** The KJV books whose chapters the fixture holds (../../scripts/fixture.ts FIXTURE_BOOKS). */
const FIXTURE_KJV_BOOKS = FIXTURE_BOOKS.filter((b) => !b.includes(':'));

let site: Site;
let browser: BrowserContext;

/** A page at `path`; `forAxe` lets the checker's script in past the page's CSP (./harness.ts). */
async function openPage(path: string, forAxe = false): Promise<{ page: Page; problems: string[] }> {
  const page = await pageOf(browser, site, { width: 1200, height: 900 });
  if (forAxe) await page.setBypassCSP(true);
  const problems = problemsOf(page);
  await page.goto(`${site.url}${path}`, { waitUntil: 'networkidle0' });
  return { page, problems };
}

const noteShown = (page: Page) =>
  page.$eval('#fn-note', (e) => {
    const box = e as unknown as { hidden: boolean; textContent: string };
    return box.hidden ? null : box.textContent;
  });
const focusedMark = (page: Page) =>
  page.evaluate(() => {
    const a = (globalThis as any).document.activeElement;
    return a?.closest('sup.fn-mark') ? (a.getAttribute('href') as string) : null;
  });

describe.skipIf(!HAS_CHROMIUM && !process.env.CI)("the study Bible's margin in a browser", () => {
  beforeAll(async () => {
    ({ site, browser } = await openSiteAndBrowser('reader@margin.test'));
  }, 120_000);

  afterAll(async () => {
    await closeBrowser(browser);
  });

  it("shows a translators' note beside its mark on tap, and hides it on a second tap", async () => {
    const { page, problems } = await openPage('/chapters/KJV:Gen.1');
    const url = page.url();
    expect(await noteShown(page)).toBeNull();
    await page.click('#fnref-11-e');
    expect(await noteShown(page)).toBe('grass: Heb. tender grass (literally)');
    // Beside its mark: just under it.
    const [mark, box] = await Promise.all(
      ['#fnref-11-e', '#fn-note'].map((s) =>
        page.$eval(s, (e) => {
          const r = e.getBoundingClientRect();
          return { left: r.left, top: r.top, bottom: r.bottom };
        }),
      ),
    );
    expect(box!.top).toBeGreaterThanOrEqual(mark!.bottom);
    expect(box!.top - mark!.bottom).toBeLessThan(20);
    expect(await page.$eval('#fnref-11-e', (a) => a.getAttribute('aria-expanded'))).toBe('true');
    await screenshot(page, 'footnote-shown');
    await page.click('#fnref-11-e');
    expect(await noteShown(page)).toBeNull();
    // The page stayed where it was.
    expect(page.url()).toBe(url);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('reaches the marks by keyboard: focus shows the note, Escape hides it', async () => {
    const { page, problems } = await openPage('/chapters/KJV:Gen.1');
    // From the focusable element just before the text's first mark, Tab reaches the marks in order.
    await page.evaluate(() => {
      const d = (globalThis as any).document;
      const all = [...d.querySelectorAll('a[href], button, input, select, summary')];
      all[all.indexOf(d.querySelector('sup.fn-mark a')) - 1].focus();
    });
    await page.keyboard.press('Tab');
    const href = await focusedMark(page);
    expect(href).toBe('#fn-4-a');
    expect(await noteShown(page)).toBe(
      'the light from…: Heb. between the light and between the darkness (literally)',
    );
    await page.keyboard.press('Escape');
    expect(await noteShown(page)).toBeNull();
    expect(await focusedMark(page)).toBe('#fn-4-a');
    await page.keyboard.press('Tab');
    expect(await focusedMark(page)).toBe('#fn-5-b');
    expect(await noteShown(page)).toMatch(/^And the evening…: Heb\./);
    expect(problems).toEqual([]);
    await page.close();
    // The page with a note shown, checked by axe-core.
    const checked = await openPage('/chapters/KJV:Gen.1', true);
    await checked.page.focus('#fnref-11-e');
    expect(await noteShown(checked.page)).toMatch(/^grass/);
    expect(await axe(checked.page)).toEqual([]);
    await checked.page.close();
  });

  it.skipIf(!HAS_LIBRARY)(
    "shows a cross-reference's text in the margin without leaving the page",
    async () => {
      const { page, problems } = await openPage('/chapters/KJV:John.3');
      const url = page.url();
      expect(await page.$$('#library .xref')).toHaveLength(0);
      await page.click('#library details[data-kind="cross-references"] > summary');
      await page.waitForSelector('#library .xref', SOON);
      const first = await page.$eval('#library .xref-verse', (g: any) => ({
        verse: g.querySelector('p a').getAttribute('href') as string,
        references: g.querySelectorAll('details.xref').length as number,
      }));
      expect(first.verse).toBe('#v1');
      expect(first.references).toBeGreaterThan(0);
      // Which references came with their text, and one that did not but whose verse the
      // fixture holds (it has some books only: ../../scripts/fixture.ts).
      const { withText, without } = await page.evaluate(async (held: string[]) => {
        const body = await (globalThis as any)
          .fetch('/chapters/KJV:John.3/cross-references.js?include=text')
          .then((r: any) => r.json());
        const refs = body.cross_references.verse.flatMap((v: any) =>
          v.reference.map((r: any) => ({ verse: v.id.split('.').pop(), ...r })),
        );
        return {
          withText: refs.find((r: any) => r.text !== undefined),
          without: refs.find(
            (r: any) => r.text === undefined && held.includes(r.id.split(':')[1].split('.')[0]),
          ),
        };
      }, FIXTURE_KJV_BOOKS);
      const open = async (r: { verse: string; name: string }) => {
        const fold = await page.evaluateHandle(
          (verse: string, name: string) =>
            [...(globalThis as any).document.querySelectorAll('#library .xref-verse')]
              .find((g: any) => g.querySelector('p a').getAttribute('href') === `#v${verse}`)
              .querySelectorAll('details.xref')
              .values()
              .find((d: any) => d.querySelector('summary').textContent === name),
          r.verse,
          r.name,
        );
        await (await fold.asElement()!.$('summary'))!.click();
        return fold;
      };
      const shown = await open(withText);
      const text = await shown
        .asElement()!
        .$eval('.xref-text', (e: any) => (e.textContent as string) ?? '');
      // The verse's words as the API gave them (its number is hidden by the stylesheet).
      expect(withText.text.replace(/<[^>]+>/g, '')).toContain(
        text.replace(/^\d+/, '').slice(0, 30),
      );
      expect(text.length).toBeGreaterThan(20);
      // A reference without its text reads its verse when opened.
      expect(without, 'a reference without text in the fixture').toBeTruthy();
      const read = await open(without);
      await page.waitForFunction(
        (d: any) => {
          const t = d.querySelector('.xref-text').textContent;
          return t.length > 20 && !/Loading|Could not/.test(t);
        },
        SOON,
        read,
      );
      expect(page.url()).toBe(url);
      await screenshot(page, 'cross-references-margin');
      expect(problems).toEqual([]);
      await page.close();
      // The fold open with a reference's text shown, checked by axe-core on a short chapter (axe's
      // time grows with the page: John 3's margin holds some 360 references).
      const checked = await openPage('/chapters/KJV:Ps.23', true);
      await checked.page.click('#library details[data-kind="cross-references"] > summary');
      await checked.page.waitForSelector('#library .xref', SOON);
      await checked.page.click('#library details.xref > summary');
      expect(await axe(checked.page)).toEqual([]);
      await checked.page.close();
    },
  );
});
