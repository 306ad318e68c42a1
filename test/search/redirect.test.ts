import { beforeAll, describe, expect, it } from 'vitest';
import { call, newUser } from '../support/http';

let token: string;
beforeAll(async () => {
  token = (await newUser()).token;
});

const location = async (path: string) => {
  const res = await call(path, token, { redirect: 'manual' });
  expect(res.status).toBe(302);
  expect(await res.text()).toBe('');
  return res.headers.get('Location');
};

describe('GET /search.xml?query=', () => {
  it.each([
    ['/search.xml?query=john+3:16', '/ALL/passages.xml?q[]=john+3%3A16'],
    ['/search.js?query=John+3-5&version=KJV', '/KJV/passages.js?q[]=John+3-5'],
    ['/v2/search.js?query=jn+3:16', '/v2/ALL/passages.js?q[]=jn+3%3A16'],
    ['/search.xml?query=love', '/verses.xml?keyword=love'],
    ['/v2/search.js?query=love', '/v2/verses.js?keyword=love'],
    [
      '/search.js?query=love+one+another&version=KJV',
      '/verses.js?keyword=love+one+another&version=KJV',
    ],
    ['/search.xml?query=faith+in+John+3', '/verses.xml?keyword=faith+in+John+3'],
    // A reference in the language of a version added with its book names (the fixture's French
    // LSG: \toc1 Évangile selon Jean), and a French word, which is no reference.
    [
      '/search.js?query=Evangile+selon+Jean+3:16',
      '/ALL/passages.js?q[]=Evangile+selon+Jean+3%3A16',
    ],
    ['/search.js?query=Jean+3:16', '/ALL/passages.js?q[]=Jean+3%3A16'],
    ['/search.js?query=lumi%C3%A8re', '/verses.js?keyword=lumi%C3%A8re'],
    // A Strong's number goes to its lexicon entry, as the site's search box sends it.
    ['/search.js?query=G0025', '/strongs/G25.js'],
    ['/search?query=h157', '/strongs/H157'],
    ['/v2/search.xml?query=+G25+', '/v2/strongs/G25.xml'],
  ])('%s → %s', async (path, target) => {
    expect(await location(path)).toBe(target);
  });

  it('redirects to URLs that work', async () => {
    for (const path of ['/search.js?query=john+3:16', '/search.js?query=love']) {
      const res = await call((await location(path))!, token);
      expect(res.status).toBe(200);
    }
  });

  it.each(['/search.xml', '/search.xml?query=', '/search.js?query=%20'])(
    '400 without a query: %s',
    async (path) => {
      const res = await call(path, token);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('query is required');
    },
  );

  it('never fails on hostile input', async () => {
    for (const q of ['%00%01%02', 'x'.repeat(5000), '%22', '%F0%9F%98%80']) {
      const res = await call(`/search.xml?query=${q}`, token, { redirect: 'manual' });
      expect(res.status).toBeLessThan(500);
    }
  });
});
