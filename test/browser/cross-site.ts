import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, CDPSession, HTTPResponse, Page } from 'puppeteer-core';
import { expect, it } from 'vitest';
import { SOON, type Site } from './harness';

/**
 * No cross-site writes, in a real browser: a page on another site posts to the API while the browser holds
 * the reader's Basic credentials for the API's origin (src/middleware/cross-site.ts). The API is
 * the whole worker (./harness.ts) at http://127.0.0.1:<port>; the other site is a tiny server
 * addressed as http://localhost:<port>, another origin and, for the browser, another site.
 * Registered by site.test.ts inside its suite, so that it runs in the same browser (with an
 * account of its own).
 */

/** The other site's pages: each sends a write to the API as soon as it loads. */
function evilPages(api: string): Record<string, string> {
  const page = (body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Win a prize</title></head><body>${body}</body></html>`;
  return {
    // The classic: an auto-submitted form (a navigation; no preflight, the cached credentials go along).
    '/form':
      page(`<form id="f" method="post" action="${api}/notes.xml" enctype="application/x-www-form-urlencoded">
<input name="title" value="posted by another site"><input name="content" value="x"></form>
<script>document.getElementById('f').submit();</script>`),
    // A "simple" fetch: a JSON body sent as text/plain, credentials asked for, no preflight.
    '/fetch': page(`<script>
fetch(${JSON.stringify(`${api}/notes.js`)}, { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'Content-Type': 'text/plain' },
  body: JSON.stringify({ note: { title: 'fetched by another site', content: 'x', references: [{ start: 'KJV:Gen.1.1', end: 'KJV:Gen.1.1' }] } }) })
  .then(function () { document.title = 'sent'; }, function () { document.title = 'failed'; });
</script>`),
  };
}

async function startEvilSite(api: string): Promise<{ url: string; server: Server }> {
  const pages = evilPages(api);
  const server = createServer((req, res) => {
    const html = pages[req.url ?? ''];
    res.writeHead(html ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The site is 127.0.0.1: `localhost` is another host, so another site (Sec-Fetch-Site: cross-site).
  return { url: `http://localhost:${(server.address() as AddressInfo).port}`, server };
}

/** The account's notes, read through the API as a client outside the browser. */
async function storedNoteTitles(site: Site, token: string): Promise<string[]> {
  const res = await fetch(`${site.url}/user/notes.js?limit=500`, {
    headers: { Authorization: `Basic ${btoa(`${token}:x`)}` },
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { notes: { note?: { title: string }[] } };
  return (body.notes.note ?? []).map((n) => n.title);
}

/**
 * The request headers Chromium actually sent for each URL (credentials from its cache included),
 * as a promise: Chromium may report a request's sent headers (requestWillBeSentExtraInfo) after
 * its response has reached the page, so a test that saw the response waits for them too.
 */
async function recordSentHeaders(
  page: Page,
): Promise<{ cdp: CDPSession; headersSent: (url: string) => Promise<Record<string, string>> }> {
  const cdp = await page.createCDPSession();
  const urls = new Map<string, string>();
  const extra = new Map<string, Record<string, string>>();
  const sent = new Map<string, Record<string, string>>();
  const waiting = new Map<string, (headers: Record<string, string>) => void>();
  const record = (id: string) => {
    const url = urls.get(id);
    const headers = extra.get(id);
    if (url === undefined || headers === undefined) return;
    const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    // The first request to a URL is the one each test asks about.
    if (!sent.has(url)) sent.set(url, lower);
    waiting.get(url)?.(lower);
    waiting.delete(url);
    urls.delete(id);
    extra.delete(id);
  };
  cdp.on('Network.requestWillBeSent', (e) => {
    urls.set(e.requestId, e.request.url);
    record(e.requestId);
  });
  cdp.on('Network.requestWillBeSentExtraInfo', (e) => {
    extra.set(e.requestId, e.headers as Record<string, string>);
    record(e.requestId);
  });
  await cdp.send('Network.enable');
  const headersSent = (url: string) =>
    sent.has(url)
      ? Promise.resolve(sent.get(url)!)
      : new Promise<Record<string, string>>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`chromium reported no headers sent to ${url}`)),
            SOON.timeout,
          );
          waiting.set(url, (headers) => {
            clearTimeout(timer);
            resolve(headers);
          });
        });
  return { cdp, headersSent };
}

const isPostTo = (url: string) => (r: HTTPResponse) =>
  r.url() === url && r.request().method() === 'POST';

export function crossSiteWriteTests(context: { site: () => Site; browser: () => Browser }): void {
  it("refuses another site's auto-submitted form (sent with the browser's cached Basic credentials) and its no-cors fetch with 403, storing nothing; the site's own note form still saves", async () => {
    const site = context.site();
    const browser = context.browser();
    // An account of its own: the other tests of the site write notes too.
    const token = await site.newAccount('cross-site@example.test');
    const evil = await startEvilSite(site.url);
    // A browser context of its own: its credential cache holds only this reader's token.
    const incognito = await browser.createBrowserContext();
    const page = await incognito.newPage();
    const { headersSent } = await recordSentHeaders(page);
    // The reader signs in at the site's root: the browser keeps the Basic credentials for every
    // path of the API's origin. From then on they come from the browser's own cache.
    await page.authenticate({ username: token, password: 'x' });
    expect((await page.goto(`${site.url}/`))!.status()).toBe(200);
    await page.authenticate(null);

    // The other site's auto-submitted form.
    // Each response awaited together with what causes it: a failed navigation leaves no wait to
    // reject later, unhandled.
    const [refused] = await Promise.all([
      page.waitForResponse(isPostTo(`${site.url}/notes.xml`)),
      page.goto(`${evil.url}/form`),
    ]);
    expect(refused.status()).toBe(403);
    expect(refused.headers()['content-type']).toBe('application/xml; charset=utf-8');
    expect(await refused.text()).toContain(
      'Cross-site request refused: a page on another site may not change data here (Origin ' +
        evil.url +
        ')',
    );
    const formHeaders = await headersSent(`${site.url}/notes.xml`);
    expect(formHeaders.origin).toBe(evil.url);
    expect(formHeaders['sec-fetch-site']).toBe('cross-site');
    // The attack is real: the browser did send the reader's credentials along.
    expect(formHeaders.authorization).toBe(`Basic ${btoa(`${token}:x`)}`);

    // The other site's no-cors fetch (the page cannot read the answer; the browser sees it).
    // Chromium keeps cached Basic credentials off this cross-site subresource request, but other
    // browsers may not: it is refused all the same, before the token would be asked for (no 401).
    const [refusedFetch] = await Promise.all([
      page.waitForResponse(isPostTo(`${site.url}/notes.js`)),
      page.goto(`${evil.url}/fetch`),
    ]);
    expect(refusedFetch.status()).toBe(403);
    const fetchHeaders = await headersSent(`${site.url}/notes.js`);
    expect(fetchHeaders.origin).toBe(evil.url);
    expect(fetchHeaders['content-type']).toBe('text/plain');

    expect(await storedNoteTitles(site, token)).toEqual([]);

    // The reading site's note form on a verse page: a same-origin fetch with the same credentials.
    await page.goto(`${site.url}/verses/KJV:John.3.16`);
    await page.waitForFunction(
      () => !(globalThis as any).document.querySelector('form.note-form button').disabled,
    );
    await page.type('#note-title', 'Written on the site');
    const [saved] = await Promise.all([
      page.waitForResponse(isPostTo(`${site.url}/notes.js`)),
      page.click('form.note-form button'),
    ]);
    expect(saved.status()).toBe(201);
    expect(saved.request().headers().origin).toBe(site.url);
    await page.waitForFunction(
      () =>
        (globalThis as any).document.querySelector('form.note-form [role="status"]').textContent ===
        'Saved.',
    );
    expect(await storedNoteTitles(site, token)).toEqual(['Written on the site']);
    await incognito.close();
    evil.server.close();
  });
}
