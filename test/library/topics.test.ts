import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getJson, getXml, HAS_RV1909, newUser } from '../support/http';

/**
 * Nave's Topical Bible, from the fixture's real build: the topic search reads every
 * name; the fixture keeps the topics citing John, Jonah and Psalm 23 (scripts/fixture.ts).
 */
let token: string;

describe.skipIf(!env.TEST_HAS_LIBRARY)("Nave's topics", () => {
  beforeAll(async () => {
    ({ token } = await newUser('topics'));
  });

  it('searches the names stemmed and accent-insensitively, the name that is the query first, paged', async () => {
    const names = async (q: string, extra = '') =>
      (await getJson(`/topics.js?q=${encodeURIComponent(q)}${extra}`, token)).body.topics;
    expect((await names('love')).topic[0]).toEqual({
      id: 'love',
      name: 'LOVE',
      path: '/topics/love',
    });
    // `loved` stems as `love` does; capitals and accents do not matter.
    expect((await names('Lóved')).topic[0].id).toBe('love');
    const jesus = await names('jesus');
    expect(jesus.topic.map((t: any) => t.id)).toContain('jesus-the-christ');
    expect(jesus.summary.total).toBe(jesus.topic.length);
    // Every word must be in the name.
    expect((await names('jesus christ')).topic.map((t: any) => t.id)).toContain('jesus-the-christ');
    expect((await names('jesus nicodemus')).summary.total).toBe(0);
    const page = await names('god', '&limit=2&offset=1');
    expect(page.topic).toHaveLength(2);
    expect(page.summary).toMatchObject({ start: 2, rpp: 2 });
    // Without q: every topic in Nave's (alphabetical) order.
    const all = (await getJson('/topics.js?limit=3', token)).body.topics;
    expect(all.topic.map((t: any) => t.id)).toEqual(['aaron', 'abaddon', 'abagtha']);
    expect(all.summary.total).toBe(5320);
    expect((await getJson('/topics.js?q=%20%2C', token)).res.status).toBe(400);
  });

  it('reads the last word of q as the start of a word too, from three letters on, after the names holding it whole', async () => {
    const ids = async (q: string) =>
      (
        await getJson(`/topics.js?q=${encodeURIComponent(q)}&limit=500`, token)
      ).body.topics.topic.map((t: any) => t.id);
    // As a search box is typed: `nicod` is the start of NICODEMUS; `godl` of three names, shortest first.
    expect((await ids('nicod'))[0]).toBe('nicodemus');
    expect(await ids('GODL')).toEqual(['godly', 'godliness', 'godlessness']);
    // The words before the last must be whole: JESUS, THE CHRIST, not BAR-JESUS.
    expect(await ids('jesus chri')).toEqual(['jesus-the-christ']);
    // The names holding the word whole first (GOD, GODS, then the names of God), those it only begins last.
    const god = await ids('god');
    expect(god.slice(0, 2)).toEqual(['god', 'gods']);
    expect(god).toContain('word-of-god');
    expect(god.slice(-3)).toEqual(['godly', 'godliness', 'godlessness']);
    // Two letters match whole words only.
    expect(await ids('ni')).not.toContain('nicodemus');
  });

  it('gives a topic its sub-topics with their passages as links to our verse resources, and its related topics', async () => {
    const { body } = await getJson('/topics/nicodemus.js', token);
    const topic = body.topics.topic[0];
    expect(topic).toMatchObject({ id: 'nicodemus', name: 'NICODEMUS', path: '/topics/nicodemus' });
    const first = topic.subtopic[0];
    expect(first.index).toBe(1);
    expect(first.depth).toBe(0);
    expect(first.text).toContain(
      '<a href="/chapters/KJV:John.3/verses?start=1&amp;end=10">Joh 3:1-10</a>',
    );
    expect(first.passage[0]).toEqual({
      reference: 'John 3:1-10',
      start: 'KJV:John.3.1',
      end: 'KJV:John.3.10',
      path: '/chapters/KJV:John.3/verses?start=1&end=10',
    });
    expect(topic.copyright).toMatch(
      /^Public domain\. Nave's Topical Bible, Orville J\. Nave, 1896/,
    );
    const love = (await getJson('/topics/LOVE.js', token)).body.topics.topic[0];
    // LOVE names CHILDREN (`See CHILDREN`) and GOD: its own links, marked `see`.
    const related = love.related.map((r: any) => `${r.id}:${r.link}`);
    expect(related).toContain('children:see');
    expect(related).toContain('god:see');
    expect(love.subtopic.some((s: any) => s.depth === 1)).toBe(true);
    const xml = await getXml('/topics/nicodemus.xml', token);
    expect(xml.text).toContain('<topic id="nicodemus"><id>nicodemus</id><name>NICODEMUS</name>');
  });

  it("pages a topic's sub-topics with offset and limit", async () => {
    const whole = (await getJson('/topics/love.js', token)).body.topics;
    const page = (await getJson('/topics/love.js?offset=2&limit=3', token)).body.topics;
    expect(page.summary).toEqual({ start: 3, total: whole.summary.total, rpp: 3 });
    expect(page.topic[0].subtopic.map((s: any) => s.index)).toEqual([3, 4, 5]);
    expect(page.topic[0].subtopic[0].text).toBe(whole.topic[0].subtopic[2].text);
  });

  it('answers 404 for a topic that does not exist', async () => {
    const { res, body } = await getJson('/topics/no-such-topic.js', token);
    expect(res.status).toBe(404);
    expect(body.errors.error[0]).toMatch(/Unknown topic/);
    expect((await getJson('/topics/%3Cb%3E.js', token)).res.status).toBe(404);
    // An id whose KV key would pass KV's 512 bytes is no topic either, in every format.
    for (const length of [400, 500, 2000]) {
      for (const suffix of ['.js', '.xml', '']) {
        const res = await call(`/topics/${'a'.repeat(length)}${suffix}`, token);
        expect(res.status, `${length}${suffix}`).toBe(404);
      }
    }
  });

  it('gives a verse the topics that cite it, with the sub-topics that do', async () => {
    const { body } = await getJson('/verses/KJV:John.3.16/topics.js', token);
    const doc = body.topics;
    expect(doc.verse.id).toBe('KJV:John.3.16');
    const god = doc.topic.find((t: any) => t.id === 'god');
    expect(god.path).toBe('/topics/god');
    expect(god.line.map((l: any) => l.text).join(' ')).toMatch(/LOVE OF/);
    expect(god.verses.verse).toEqual([16]);
    // Nave's order: by name.
    const ids = doc.topic.map((t: any) => t.name);
    expect([...ids].sort()).toEqual(ids);
    // NICODEMUS cites John 3:1-10, not 3:16.
    expect(doc.topic.some((t: any) => t.id === 'nicodemus')).toBe(false);
    expect(
      (await getJson('/verses/KJV:John.3.2/topics.js', token)).body.topics.topic.some(
        (t: any) => t.id === 'nicodemus',
      ),
    ).toBe(true);
  });

  it('gives a chapter the topics citing its verses, each with the verses it cites', async () => {
    const { body } = await getJson('/chapters/KJV:John.3/topics.js', token);
    const nicodemus = body.topics.topic.find((t: any) => t.id === 'nicodemus');
    expect(nicodemus.verses.verse).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(nicodemus.line[0]).toEqual({ index: 1, text: expect.stringMatching(/^A Jewish rabbi/) });
  });

  it.skipIf(!HAS_RV1909)(
    'reaches the topics from another numbering (RV1909 Jonah 2:1 is KJV Jonah 1:17)',
    async () => {
      const rv = (await getJson('/verses/RV1909:Jonah.2.1/topics.js', token)).body.topics.topic.map(
        (t: any) => t.id,
      );
      const kjv = (await getJson('/verses/KJV:Jonah.1.17/topics.js', token)).body.topics.topic.map(
        (t: any) => t.id,
      );
      expect(rv).toEqual(kjv);
      expect(rv.length).toBeGreaterThan(0);
    },
  );
});
