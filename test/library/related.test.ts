import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { getJson, getXml, HAS_RV1909, newUser } from '../support/http';

/** "Cited with", from the fixture's real build. */
let token: string;

describe.skipIf(!env.TEST_HAS_LIBRARY)('cited with', () => {
  beforeAll(async () => {
    ({ token } = await newUser('related'));
  });

  it('lists the passages cited together with a verse, most often first, labelled as such', async () => {
    const { body } = await getJson('/verses/KJV:John.3.16/related.js', token);
    const doc = body.related;
    expect(doc.verse.id).toBe('KJV:John.3.16');
    expect(doc.kind).toBe('cited-with');
    expect(doc.basis).toMatch(/co-citation, not the cross-references/);
    const counts = doc.passage.map((p: any) => p.count);
    expect([...counts].sort((a: number, b: number) => b - a)).toEqual(counts);
    const first = doc.passage[0];
    expect(first).toEqual({
      reference: '1 John 4:10',
      start: 'KJV:1John.4.10',
      end: 'KJV:1John.4.10',
      path: '/verses/KJV:1John.4.10',
      count: 9,
      topics: 8,
      commentaries: 1,
    });
    for (const p of doc.passage) expect(p.topics + p.commentaries).toBe(p.count);
    // Never the verse itself.
    expect(
      doc.passage.some((p: any) => p.start === 'KJV:John.3.16' && p.end === 'KJV:John.3.16'),
    ).toBe(false);
    expect(doc.summary.shown).toBe(doc.passage.length);
    expect(doc.summary.total).toBeGreaterThan(doc.summary.shown);
    const xml = await getXml('/verses/KJV:John.3.16/related.xml', token);
    expect(xml.text).toContain('<kind>cited-with</kind>');
  });

  it('links a passage of several verses to the verse list that shows exactly it', async () => {
    const { body } = await getJson('/verses/KJV:Jonah.1.17/related.js', token);
    const matthew = body.related.passage.find((p: any) => p.start === 'KJV:Matt.12.40');
    expect(matthew.reference).toBe('Matthew 12:40');
    const range = body.related.passage.find(
      (p: any) => p.start !== p.end && !p.path.startsWith('/chapters/KJV:Jonah.2'),
    );
    expect(range.path).toMatch(
      /^\/chapters\/KJV:[1-4]?[A-Za-z]+\.\d+(\/verses\?start=\d+&end=\d+)?$/,
    );
  });

  it.skipIf(!HAS_RV1909)(
    'gives a verse of another numbering the list of its KJV verse',
    async () => {
      const rv = (await getJson('/verses/RV1909:Jonah.2.1/related.js', token)).body.related;
      const kjv = (await getJson('/verses/KJV:Jonah.1.17/related.js', token)).body.related;
      expect(rv.verse.id).toBe('RV1909:Jonah.2.1');
      expect(rv.passage).toEqual(kjv.passage);
    },
  );
});
