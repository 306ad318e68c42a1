import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { getJson, getXml, newUser } from '../support/http';

/** Strong's lexicon entries, from the fixture's real build. */
let token: string;

describe.skipIf(!env.TEST_HAS_STUDY)("Strong's lexicon", () => {
  beforeAll(async () => {
    ({ token } = await newUser('lexicon'));
  });

  it('answers G25, G0025 and g25 alike with the Greek entry, its Abbott-Smith entry and where it occurs', async () => {
    const bodies = await Promise.all(
      ['G25', 'G0025', 'g25'].map(async (n) => (await getJson(`/strongs/${n}.js`, token)).body),
    );
    for (const b of bodies) expect(b.strongs.entry[0].id).toBe('G25');
    const entry = bodies[0].strongs.entry[0];
    expect(entry.lang).toBe('grc');
    expect(entry.word).toBe('ἀγαπάω');
    expect(entry.definition.length).toBeGreaterThan(10);
    expect(entry.kjv_renderings).toMatch(/love/);
    expect(entry.fuller.map((f: any) => f.source)).toContain('Abbott-Smith');
    const kjv = entry.occurrences.find((o: any) => o.version === 'KJV');
    expect(kjv.path).toBe('/verses?strongs=G25&version=KJV');
    expect(kjv.verses).toBeGreaterThan(0);
    expect(entry.copyright).toMatch(/Public Domain/i);
  });

  it('gives a Hebrew entry its BDB entry in the safe HTML subset, and links to related numbers', async () => {
    const { body } = await getJson('/strongs/H157.js', token);
    const entry = body.strongs.entry[0];
    expect(entry.lang).toBe('hbo');
    expect(entry.word).toMatch(/^[\u0590-\u05FF]+$/);
    const bdb = entry.fuller.find((f: any) => f.source === 'BDB');
    expect(bdb.html).toMatch(/^<(p|ol)>/);
    expect(bdb.html).not.toMatch(/<(?!\/?(p|b|i|ol|li|span|a)[\s>])/);
    expect(entry.copyright).toMatch(/Creative Commons Attribution 4\.0/);
    const derived = (await getJson('/strongs/H3068.js', token)).body.strongs.entry[0];
    expect(derived.derivation).toMatch(/H1961/);
    expect(derived.related.map((r: any) => r.id)).toContain('H1961');
    expect(derived.related[0].path).toMatch(/^\/strongs\/H\d+$/);
    const xml = await getXml('/strongs/H157.xml', token);
    expect(xml.res.status).toBe(200);
    expect(xml.text).toContain('<entry id="H157">');
  });

  it('answers 404 with the reason for a malformed number, one Strong never assigned and one past the end', async () => {
    const malformed = await getJson('/strongs/X25.js', token);
    expect(malformed.res.status).toBe(404);
    expect(malformed.body.errors.error[0]).toMatch(/Malformed Strong's number/);
    const gap = await getJson('/strongs/G2717.js', token);
    expect(gap.res.status).toBe(404);
    expect(gap.body.errors.error[0]).toMatch(/never assigned/);
    expect((await getJson('/strongs/H9999.js', token)).res.status).toBe(404);
  });
});
