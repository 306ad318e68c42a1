import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import puppeteer, { type BrowserContext, type Page } from 'puppeteer-core';
import { inject } from 'vitest';
import { FIXTURE_DIR, readSnapshotInfo } from '../../scripts/fixture';
import { AXE_PATH } from './global-setup';

export { HAS_CHROMIUM } from './chromium';

/**
 * What the browser test files share: the site (the whole worker, ./site-under-test.ts, started
 * once per run by ./global-setup.ts), Debian's chromium, and the page helpers. Functions given to
 * evaluate or waitForFunction run in the browser (serialized, so they close over nothing): they
 * reach the document through globalThis, as the project's TypeScript has no DOM library.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The address of ./global-setup.ts's endpoint for the shared site and chromium. */
    browserSite: string;
  }
}

const { skipped } = readSnapshotInfo(FIXTURE_DIR);
/** Whether the fixture has the RV1909 (Debian's sword-text-sparv; CI always installs it). */
export const HAS_RV1909 = !skipped.includes('RV1909');
/** Whether the fixture has the study layer (Debian's bibledit-cloud-data: WLC, TR, the lexicons; CI always installs it). */
export const HAS_STUDY = !skipped.includes('WLC');
/** Whether the fixture has the reference library (Debian's sword-comm-mhcc, -scofield, -tdavid, sword-dict-naves; CI always installs them). */
export const HAS_LIBRARY = !['MHCC', 'Scofield', 'TDavid', 'Nave'].some((id) =>
  skipped.includes(id),
);

/**
 * Where the tests' screenshots go, for a person to look at: only when SHOTS_DIR names a folder
 * (`SHOTS_DIR=/tmp/shots npm test -- test/browser`). No test reads them, and the run's ten cost
 * 2–3 s of CPU (chromium paints and encodes whole pages, Node decodes and writes them), out of a
 * run that must stay under a minute on a 2-core machine (27 November 2026).
 */
export const SHOTS: string | undefined = process.env.SHOTS_DIR || undefined;

/**
 * Saves a screenshot of `page` as SHOTS/`name`.png (the viewport, or the whole page with
 * `fullPage`) when SHOTS is set. Encoded for speed (puppeteer's `optimizeForSpeed`: PNG with less
 * compression, files a quarter larger): a whole chapter page with its library folds open took
 * 200 ms of chromium's CPU to encode, 110 ms so (27 November 2026).
 */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}.png`, optimizeForSpeed: true, ...options });
}

/** For a wait that fails to say which: the default (30 s) would time the whole test out instead. */
export const SOON = { timeout: 10_000 };

export interface Site {
  url: string;
  /** The folder of the bundle the site serves: `index.js`, and `meta.json`, esbuild's metafile of it. */
  bundle: string;
  /** The API token of the account this test file signs in with. */
  token: string;
  /** Another account in the site's D1; returns its API token. */
  newAccount: (email: string) => Promise<string>;
  /** Another account and a publishable read key of it accepted from `origins` (docs/tagger.md); returns the key. */
  newReadKey: (email: string, origins: string[]) => Promise<string>;
}

/**
 * The shared site, with an account of this file's own (`email`): the files run side by side
 * against one D1, so each reads and writes only its own notes. Waits for the site to be up.
 */
export async function openSite(email: string): Promise<Site> {
  const endpoint = inject('browserSite');
  const account = async (address: string) => {
    const res = await fetch(`${endpoint}/accounts`, { method: 'POST', body: address });
    if (!res.ok) throw new Error(`the browser tests' site did not start:\n${await res.text()}`);
    return (await res.json()) as { url: string; bundle: string; token: string };
  };
  const { url, bundle, token } = await account(email);
  const newReadKey = async (address: string, origins: string[]) => {
    const res = await fetch(`${endpoint}/read-keys`, {
      method: 'POST',
      body: JSON.stringify({ email: address, origins }),
    });
    if (!res.ok) throw new Error(`no read key from the browser tests' site:\n${await res.text()}`);
    return ((await res.json()) as { key: string }).key;
  };
  return {
    url,
    bundle,
    token,
    newAccount: async (address) => (await account(address)).token,
    newReadKey,
  };
}

/**
 * A browser context of this file's own in the run's chromium (./global-setup.ts starts one for
 * all files: each start cost seconds of CPU): its pages share no cookies, storage or cached
 * credentials with another file's. Close it with `closeBrowser`.
 */
export async function openBrowser(): Promise<BrowserContext> {
  const res = await fetch(`${inject('browserSite')}/browser`);
  if (!res.ok) throw new Error(`the browser tests' chromium did not start:\n${await res.text()}`);
  const browser = await puppeteer.connect({ browserWSEndpoint: await res.text() });
  return browser.createBrowserContext();
}

/** What a browser test file opens before its tests: its account on the shared site, its browser context, and the screenshots' folder (when asked for). */
export async function openSiteAndBrowser(
  email: string,
): Promise<{ site: Site; browser: BrowserContext }> {
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  const [site, browser] = await Promise.all([openSite(email), openBrowser()]);
  return { site, browser };
}

/**
 * Closes a file's browser context (its pages with it) and leaves the run's chromium to the
 * others. Called from afterAll also after a failure: the connection is let go even when the
 * context cannot be closed (chromium gone), so that a file ends without a socket or a rejection
 * left behind.
 */
export async function closeBrowser(context: BrowserContext | undefined): Promise<void> {
  if (!context) return;
  const browser = context.browser();
  try {
    await context.close();
  } finally {
    await browser.disconnect().catch(() => undefined);
  }
}

/**
 * The accessibility violations axe-core finds on the page (by every rule, or by the rules `only`),
 * each with up to three of its nodes.
 * axe is loaded from the global setup's endpoint (./global-setup.ts, by URL so that chromium
 * compiles it once), a script the pages' own CSP rightly forbids: the page must have been opened
 * with `setBypassCSP(true)`.
 */
export async function axe(page: Page, only?: string[]): Promise<string[]> {
  await page.addScriptTag({ url: `${inject('browserSite')}${AXE_PATH}` });
  return page.evaluate(async (only) => {
    const g = globalThis as unknown as {
      document: unknown;
      axe: {
        run: (
          context: unknown,
          options: unknown,
        ) => Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }>;
      };
    };
    // Every rule (or those of `only`) runs and every violating node is reported; passes and
    // incomplete checks are not collected node by node (axe-core's `resultTypes`, its option for
    // big pages).
    const result = await g.axe.run(g.document, {
      resultTypes: ['violations'],
      ...(only ? { runOnly: { type: 'rule', values: only } } : {}),
    });
    return result.violations.map(
      (v) =>
        `${v.id} (${v.nodes.length}: ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))})`,
    );
  }, only ?? null);
}

/** A new page signed in as `site`'s account (Basic credentials, as the browser's own sign-in dialog would send them: the token as user). */
export async function signedInPage(
  browser: BrowserContext,
  site: Site,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const page = await browser.newPage();
  await page.authenticate({ username: site.token, password: 'x' });
  if (viewport) await page.setViewport(viewport);
  return page;
}

/**
 * `page`'s problems as they happen: every console error (a CSP refusal is one) and every script
 * error, but the browser's own request for /favicon.ico, which the site does not have.
 */
export function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    const where = m.location().url ?? '';
    if (m.type() === 'error' && !where.endsWith('/favicon.ico'))
      problems.push(`${m.text()} ${where}`);
  });
  page.on('pageerror', (e) => problems.push(String(e)));
  return problems;
}

export async function text(page: Page, selector: string): Promise<string> {
  return page.$eval(selector, (el) => (el as unknown as { innerText: string }).innerText);
}

/** Marks the interlinear button of `word` in verse `verse` with `data-test` and returns its texts. */
export async function markWord(
  page: Page,
  verse: number,
  word: string,
): Promise<{ text: string; num: string; orig: string; lang: string } | null> {
  return page.evaluate(
    (verse, word) => {
      const buttons = [
        ...(globalThis as any).document.querySelectorAll(`#il-v${verse} button.il-word`),
      ] as any[];
      const b = buttons.find(
        (x) => x.querySelector('.il-text').textContent.replace(/[,.;:]$/, '') === word,
      );
      if (!b) return null;
      b.setAttribute('data-test', word);
      const orig = b.querySelector('.il-orig');
      return {
        text: b.querySelector('.il-text').textContent,
        num: b.querySelector('.il-num').textContent,
        orig: orig?.textContent ?? '',
        lang: orig?.lang ?? '',
      };
    },
    verse,
    word,
  );
}

/** A page on another origin (another port) that reads a verse through the JSON API with `fetch`. */
export async function startOtherOrigin(
  apiUrl: string,
  token: string,
): Promise<{ url: string; server: Server }> {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Another site</title></head><body>
<p id="verse">loading…</p>
<script>
fetch(${JSON.stringify(`${apiUrl}/verses/KJV:John.3.16.js`)}, { headers: { Authorization: 'Basic ' + btoa(${JSON.stringify(token)} + ':x') } })
  .then(function (res) { return res.json(); })
  .then(function (body) { document.getElementById('verse').textContent = body.verses.verse[0].reference + ': ' + body.verses.verse[0].text.replace(/<[^>]+>/g, ''); })
  .catch(function (err) { document.getElementById('verse').textContent = 'failed: ' + err; });
</script></body></html>`;
  const server = createServer((_, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
