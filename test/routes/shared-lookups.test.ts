import { beforeAll, describe, expect, it } from 'vitest';
import { call, newUser, parseXml } from '../support/http';

// An API resource and its page resolve the request through the same lookups
// (src/catalogue/lookup.ts, src/catalogue/verse-list.ts), so they can only answer alike.

let token: string;
beforeAll(async () => {
  token = (await newUser()).token;
});

/** The API's error messages, and the page's list of them (HTML-escaped as the page writes them). */
async function bothAnswers(
  path: string,
  query = '',
): Promise<{
  api: { status: number; messages: string[] };
  page: { status: number; html: string; headers: Headers };
}> {
  const apiRes = await call(`${path}.xml${query}`, token);
  const errors = parseXml(await apiRes.text()).errors?.error;
  const pageRes = await call(`${path}${query}`, token, { redirect: 'manual' });
  return {
    api: { status: apiRes.status, messages: [errors ?? []].flat() },
    page: { status: pageRes.status, html: await pageRes.text(), headers: pageRes.headers },
  };
}

const escape = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

describe('the API and its pages answer alike', () => {
  for (const [path, query] of [
    ['/chapters/KJV:John.3/verses', '?start=x'],
    ['/chapters/KJV:John.3/verses', '?start=0'],
    ['/chapters/KJV:John.3/verses', '?start=5&end=2'],
    ['/chapters/KJV:John.3/verses', '?end_chapter=2'],
    ['/chapters/KJV:John.3/verses', '?end_chapter=99'],
    ['/bookgroups/99', ''],
    ['/bookgroups/x', ''],
    ['/chapters/KJV:John.99', ''],
    ['/chapters/KJV:Nope.1', ''],
    ['/verses/KJV:John.3.99', ''],
    ['/verses/NIV:John.3.16', ''],
    ['/notes/abc', ''],
    ['/notes/99999999', ''],
  ]) {
    it(`${path}${query}: the same status and message`, async () => {
      const { api, page } = await bothAnswers(path, query);
      expect(api.status).toBeGreaterThanOrEqual(400);
      expect(page.status).toBe(api.status);
      for (const m of api.messages) expect(page.html).toContain(escape(m));
    });
  }

  it('the keyword search and a version’s books read `testament` alike (one message; an empty item is nothing)', async () => {
    const search = parseXml(
      await (await call('/verses.xml?keyword=love&testament=OT,XX', token)).text(),
    ).errors.error;
    const books = parseXml(
      await (await call('/versions/KJV/books.xml?testament=OT,XX', token)).text(),
    ).errors.error;
    expect(search).toBe('Unknown testament "XX": use OT, NT or DEUT');
    expect(books).toBe(search);
    expect((await call('/versions/KJV/books.xml?testament=NT,', token)).status).toBe(200);
    expect((await call('/verses.xml?keyword=love&testament=NT,', token)).status).toBe(200);
  });

  it('a good verse list is the passage on the page and the verses in the API', async () => {
    const { api, page } = await bothAnswers('/chapters/KJV:John.3/verses', '?start=16&end=18');
    expect(api.status).toBe(200);
    expect(page.status).toBe(302);
    expect(page.headers.get('Location')).toBe(
      `/passages?version=KJV&q[]=${encodeURIComponent('John 3:16-18')}`,
    );
  });
});
