import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { getJson, getXml, newUser } from '../support/http';

/**
 * The concordance (issue 21 §3): GET /verses?strongs=…, from the fixture's real build (tagged
 * words of Jonah, Malachi, John and 3 John only: scripts/fixture.ts).
 */
let token: string;

describe.skipIf(!env.TEST_HAS_STUDY)('concordance (issue 21 §3)', () => {
  beforeAll(async () => {
    ({ token } = await newUser('concordance'));
  });

  it('lists the verses of a number in canonical order with the words that render it marked, and counts', async () => {
    const { res, body } = await getJson('/verses.js?strongs=G25&version=KJV&book=John&limit=50', token);
    expect(res.status).toBe(200);
    const { summary, verses } = body.search.result;
    expect(summary.strongs).toBe('G25');
    expect(summary.versions).toBe('KJV');
    const ids = verses.verse.map((v: any) => v.id);
    expect(ids).toContain('KJV:John.3.16');
    const order = ids.map((id: string) => id.split('.').slice(1).map(Number)).map(([c, v]: number[]) => c * 1000 + v);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const john316 = verses.verse.find((v: any) => v.id === 'KJV:John.3.16');
    expect(john316.text).toContain('<em>loved</em>');
    expect(john316.text).not.toContain('<em>world</em>');
    expect(summary.total).toBe(ids.length);
    expect(summary.book).toEqual([{ id: 'KJV:John', count: summary.total }]);
    expect(summary.rendering.find((r: any) => r.text === 'loved').count).toBeGreaterThan(1);
  });

  it('searches every version tagged with the number’s language by default, and pages', async () => {
    const all = (await getJson('/verses.js?strongs=H3068&book=Jonah&limit=500', token)).body.search.result;
    expect(all.summary.versions).toBe('KJV,WLC');
    const versions = new Set(all.verses.verse.map((v: any) => v.id.split(':')[0]));
    expect([...versions]).toEqual(['KJV', 'WLC']);
    expect(all.verses.verse[0].text).toContain('<em>LORD</em>');
    const page2 = (await getJson('/verses.js?strongs=H3068&book=Jonah&offset=2&limit=2', token)).body.search.result;
    expect(page2.summary).toMatchObject({ start: 3, rpp: 2, total: all.summary.total });
    expect(page2.verses.verse.map((v: any) => v.id)).toEqual(all.verses.verse.slice(2, 4).map((v: any) => v.id));
    const hebrew = all.verses.verse.find((v: any) => v.id === 'WLC:Jonah.1.1');
    expect(hebrew.text).toMatch(/<em>יְהוָ֔ה<\/em>/);
  });

  it('answers in XML too', async () => {
    const { res, text } = await getXml('/verses.xml?strongs=G26&book=John', token);
    expect(res.status).toBe(200);
    expect(text).toContain('<strongs>G26</strongs>');
  });

  it('refuses a malformed number, keyword with strongs, and versions without numbers (400)', async () => {
    for (const path of ['/verses.js?strongs=love', '/verses.js?strongs=G25&keyword=love', '/verses.js?strongs=G25&version=ASV', '/verses.js?strongs=H157&version=TR']) {
      const { res, body } = await getJson(path, token);
      expect(res.status, path).toBe(400);
      expect(body.errors.error[0].length, path).toBeGreaterThan(10);
    }
  });
});
