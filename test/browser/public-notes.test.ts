import type { BrowserContext, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axe,
  closeBrowser,
  HAS_CHROMIUM,
  openBrowser,
  openSiteAndBrowser,
  problemsOf,
  screenshot,
  signedInPage,
  SOON,
  type Site,
} from './harness';

/**
 * Public notes in a real browser (docs/public-notes.md): a reader publishes from the verse page's
 * form with hostile text; another reader finds it folded in the chapter margin, under their own
 * notes, and on the verse page, as text: no script runs, no element or link comes out of it.
 */

const TITLE = '<img src=x onerror="document.title=1">Hostile';
const CONTENT = '<script>document.title="pwned"</script> see https://spam.example/ <b>bold</b>';

let site: Site;
let author: BrowserContext;
let reader: BrowserContext;
let readerSite: Site;

/** A page of `context` signed in as `as`, failing on any dialog (an alert would be a script run). */
async function open(context: BrowserContext, as: Site, path: string, forAxe = false) {
  const page = await signedInPage(context, as, { width: 1200, height: 900 });
  // axe's script comes from the test endpoint, which the page's CSP rightly refuses (./harness.ts).
  if (forAxe) await page.setBypassCSP(true);
  const problems = problemsOf(page);
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    // Caught: a dialog still open when the page closes rejects its dismissal.
    d.dismiss().catch(() => undefined);
  });
  await page.goto(`${site.url}${path}`, { waitUntil: 'networkidle0' });
  return { page, problems };
}

const statusOf = (page: Page, selector: string) =>
  page.$eval(selector, (e) => (e as unknown as { textContent: string }).textContent);

describe.skipIf(!HAS_CHROMIUM && !process.env.CI)('public notes in a browser', () => {
  beforeAll(async () => {
    ({ site, browser: author } = await openSiteAndBrowser('author@public-notes.test'));
    readerSite = { ...site, token: await site.newAccount('reader@public-notes.test') };
    reader = await openBrowser();
  }, 120_000);

  afterAll(async () => {
    await Promise.all([closeBrowser(author), closeBrowser(reader)]);
  });

  it('publishes from the verse form; another reader sees it folded in the margin and on the verse page, as text', async () => {
    const writing = await open(author, site, '/verses/KJV:John.4.14');
    await writing.page.waitForFunction(
      () => !(globalThis as any).document.querySelector('form.note-form button').disabled,
      SOON,
    );
    await writing.page.type('#note-title', TITLE);
    await writing.page.type('#note-content', CONTENT);
    await writing.page.click('form.note-form input[name="public"]');
    await writing.page.click('form.note-form button');
    await writing.page.waitForFunction(
      () =>
        (globalThis as any).document.querySelector('form.note-form [role="status"]').textContent ===
        'Saved.',
      SOON,
    );
    expect(await statusOf(writing.page, '#my-notes article:last-child h3')).toBe(
      `${TITLE} (public)`,
    );
    expect(writing.problems).toEqual([]);

    const chapter = await open(reader, readerSite, '/chapters/KJV:John.4');
    await chapter.page.waitForFunction(
      () =>
        /\(\d+\)$/.test(
          (globalThis as any).document.querySelector('#public-notes summary').textContent,
        ),
      SOON,
    );
    // Folded by default, under the reader's own notes.
    const layout = await chapter.page.evaluate(() => {
      const d = (globalThis as any).document;
      const mine = d.getElementById('my-annotations').getBoundingClientRect();
      const others = d.getElementById('public-notes').getBoundingClientRect();
      return {
        open: d.querySelector('#public-notes details').open,
        below: others.top >= mine.bottom,
      };
    });
    expect(layout).toEqual({ open: false, below: true });
    await chapter.page.click('#public-notes summary');
    const shown = await chapter.page.evaluate(() => {
      const box = (globalThis as any).document.getElementById('public-notes');
      return {
        text: box.innerText as string,
        elements: box.querySelectorAll('img, script, b, a[href^="http"]').length as number,
        title: (globalThis as any).document.title as string,
      };
    });
    expect(shown.text).toContain(TITLE);
    expect(shown.text).toContain('https://spam.example/');
    expect(shown.text).toContain('by an anonymous reader');
    expect(shown.elements).toBe(0);
    expect(shown.title).not.toMatch(/^(1|pwned)$/);
    await screenshot(chapter.page, 'public-notes-margin');
    expect(chapter.problems).toEqual([]);

    const verse = await open(reader, readerSite, '/verses/KJV:John.4.14', true);
    const listed = await verse.page.evaluate(() => {
      const section = (globalThis as any).document.querySelector('section.public-notes');
      return {
        text: section.innerText as string,
        elements: section.querySelectorAll('img, script, b, a').length as number,
      };
    });
    await screenshot(verse.page, 'public-notes-verse', { fullPage: true });
    expect(listed.text).toContain(TITLE);
    expect(listed.text).toContain('<script>');
    expect(listed.elements).toBe(0);
    expect(await axe(verse.page)).toEqual([]);

    // The reader reports it from the verse page; a second report is refused with the API's words.
    await verse.page.click('section.public-notes details > summary');
    await verse.page.waitForFunction(
      () => !(globalThis as any).document.querySelector('form.report-form button').disabled,
      SOON,
    );
    await verse.page.type('form.report-form input[name="reason"]', 'markup in a note');
    await verse.page.click('form.report-form button');
    await verse.page.waitForFunction(
      () =>
        (globalThis as any).document.querySelector('form.report-form [role="status"]')
          .textContent === 'Reported. Thank you.',
      SOON,
    );
    expect(verse.problems).toEqual([]);
  });

  it('a moderator removes the note from the queue page; the reader no longer finds it', async () => {
    const moderator: Site = {
      ...site,
      token: await site.newAccount('queue@moderator.test'),
    };
    // The reader's report from the verse page put the note in the queue.
    const notes = await fetch(`${site.url}/verses/KJV:John.4.14/public-notes.js`, {
      headers: { Authorization: `Basic ${btoa(`${readerSite.token}:x`)}` },
    });
    // The note the first test published (the files share the site, not their notes).
    const listed: { id: number; title: string }[] = [].concat(
      ((await notes.json()) as any).public_notes.public_note,
    );
    const id = listed.find((n) => n.title === TITLE)!.id;
    const again = await fetch(`${site.url}/notes/${id}/reports.js`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${btoa(`${readerSite.token}:x`)}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ report: { reason: 'twice' } }),
    });
    expect(again.status).toBe(409);
    const context = await openBrowser();
    try {
      const queue = await open(context, moderator, '/moderation/queue?limit=500', true);
      expect(await axe(queue.page)).toEqual([]);
      await screenshot(queue.page, 'moderation-queue', { fullPage: true });
      const form = `form.moderate-form[data-note="${id}"]`;
      await queue.page.waitForFunction(
        (f) => !(globalThis as any).document.querySelector(`${f} button`).disabled,
        SOON,
        form,
      );
      await queue.page.select(`${form} select`, 'remove');
      await queue.page.type(`${form} input[name="reason"]`, 'markup in a public note');
      await queue.page.click(`${form} button`);
      await queue.page.waitForFunction(
        (f) =>
          (globalThis as any).document.querySelector(`${f} [role="status"]`).textContent ===
          'Done: Remove',
        SOON,
        form,
      );
      expect(queue.problems).toEqual([]);
    } finally {
      await closeBrowser(context);
    }
    const after = await fetch(`${site.url}/verses/KJV:John.4.14/public-notes.js`, {
      headers: { Authorization: `Basic ${btoa(`${readerSite.token}:x`)}` },
    });
    const left = [].concat(((await after.json()) as any).public_notes.public_note ?? []);
    expect(left.map((n: any) => n.id)).not.toContain(id);
  });
});
