import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { kvReadsOf } from '../../src/http/server-timing';
import { getJson, getXml, HAS_RV1909, HAS_STUDY, HAS_WEB, newUser } from '../support/http';

/**
 * The commentaries of the reference library, from the fixture's real build
 * (John, Jonah and Psalm 23 of the KJV: scripts/fixture.ts).
 */
let token: string;
const SUBSET = /<(?!\/?(p|b|i|ol|li|span|a)[\s>])/;

const entries = async (path: string) =>
  (await getJson(path, token)).body.commentaries.entry as any[];
const at = (list: any[], id: string) => list.find((e) => e.id === id);

describe.skipIf(!env.TEST_HAS_LIBRARY)('commentaries', () => {
  beforeAll(async () => {
    ({ token } = await newUser('commentaries'));
  });

  it('lists the commentaries with name, author, year, language, entries and copyright, in XML and JSON', async () => {
    const { body } = await getJson('/commentaries.js', token);
    const list = body.commentaries.commentary;
    expect(list.map((c: any) => c.id)).toEqual(['MHCC', 'Scofield', 'TDavid']);
    const mhcc = list[0];
    expect(mhcc.name).toBe("Matthew Henry's Concise Commentary on the Whole Bible");
    expect(mhcc.author).toBe('Matthew Henry');
    expect(mhcc.year).toBe(1706);
    expect(mhcc.lang).toBe('eng');
    expect(mhcc.entries).toBe(4059);
    expect(mhcc.copyright).toMatch(/^Public domain\. .*sword-comm-mhcc/);
    const xml = await getXml('/commentaries.xml', token);
    expect(xml.text).toContain(
      '<commentary id="TDavid"><id>TDavid</id><name>The Treasury of David</name><author>C. H. Spurgeon</author><year>1885</year>',
    );
  });

  it('gives a chapter every entry that covers a verse of it, with the passage each covers, in the safe subset', async () => {
    const { body } = await getJson('/chapters/KJV:John.3/commentaries.js', token);
    const doc = body.commentaries;
    expect(doc.chapter.id).toBe('KJV:John.3');
    const ids = doc.entry.map((e: any) => e.id);
    expect(ids[0]).toBe('MHCC:John.3.1');
    expect(ids).toContain('Scofield:John.3.16');
    expect(ids[ids.length - 1]).toBe('MHCC:John.3.22');
    const first = at(doc.entry, 'MHCC:John.3.1');
    // An MHCC section runs to the verse before the next key (3:22).
    expect(first.passage).toEqual({
      reference: 'John 3:1-21',
      start: 'KJV:John.3.1',
      end: 'KJV:John.3.21',
      path: '/chapters/KJV:John.3/verses?start=1&end=21',
    });
    expect(first.verses.verse).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    expect(first.text).toMatch(/^<p><b>Chapter 3<\/b><\/p>/);
    for (const e of doc.entry) expect(e.text).not.toMatch(SUBSET);
    // A Scofield note covers its verse; its references are links to our verse resources.
    const note = at(doc.entry, 'Scofield:John.3.16');
    expect(note.passage.reference).toBe('John 3:16');
    expect(note.text).toContain('<a href="/verses/KJV:Matt.10.6">Matthew 10:6</a>');
    expect(note.text).toContain('<a href="/verses/KJV:Matt.4.8/commentaries">Matthew 4:8</a>');
    expect(doc.work.map((w: any) => w.id)).toEqual(['MHCC', 'Scofield']);
  });

  it('gives a verse the entries covering it: an entry written for a range covers each of its verses', async () => {
    const list = await entries('/verses/KJV:John.3.16/commentaries.js');
    expect(list.map((e) => e.id)).toEqual(['MHCC:John.3.1', 'Scofield:John.3.16']);
    expect(at(list, 'MHCC:John.3.1').verses.verse).toEqual([16]);
    expect((await entries('/verses/KJV:John.3.30/commentaries.js')).map((e) => e.id)).toEqual([
      'MHCC:John.3.22',
    ]);
    const xml = await getXml('/verses/KJV:John.3.16/commentaries.xml', token);
    expect(xml.text).toContain(
      '<entry id="Scofield:John.3.16"><id>Scofield:John.3.16</id><commentary>Scofield</commentary>',
    );
  });

  it('cuts a long entry at the preview and gives the path of its whole, paged', async () => {
    const psalm = at(await entries('/verses/KJV:Ps.23.1/commentaries.js'), 'TDavid:Ps.23.1');
    expect(psalm.passage).toMatchObject({
      reference: 'Psalms 23',
      start: 'KJV:Ps.23.1',
      end: 'KJV:Ps.23.6',
    });
    expect(psalm.truncated).toBe('true');
    expect(psalm.text).toMatch(/<p><i>…<\/i><\/p>$/);
    expect(new TextEncoder().encode(psalm.text).length).toBeLessThanOrEqual(8 * 1024);
    expect(psalm.whole.path).toBe('/commentaries/TDavid/KJV:Ps.23.1');
    const pages = psalm.whole.pages;
    expect(pages).toBeGreaterThan(1);
    const texts: string[] = [];
    for (let page = 1; page <= pages; page++) {
      const { res, body } = await getJson(`${psalm.whole.path}.js?page=${page}`, token);
      expect(res.status).toBe(200);
      const e = body.commentary.entry[0];
      expect(e).toMatchObject({
        id: 'TDavid:Ps.23.1',
        page,
        pages,
        path: '/commentaries/TDavid/KJV:Ps.23.1',
      });
      expect(e.next?.path).toBe(
        page < pages ? `/commentaries/TDavid/KJV:Ps.23.1?page=${page + 1}` : undefined,
      );
      expect(e.previous?.path).toBe(
        page > 1 ? `/commentaries/TDavid/KJV:Ps.23.1?page=${page - 1}` : undefined,
      );
      expect(e.text).not.toMatch(SUBSET);
      expect(e.copyright).toMatch(/Treasury of David/);
      texts.push(e.text);
    }
    // The pages are the whole entry, which the preview begins.
    const whole = texts.join('');
    expect(whole.length).toBeGreaterThan(psalm.text.length * 2);
    expect(whole.startsWith(psalm.text.replace(/<p><i>…<\/i><\/p>$/, '').slice(0, 2000))).toBe(
      true,
    );
    expect((await getJson(`${psalm.whole.path}.js?page=${pages + 1}`, token)).res.status).toBe(404);
  });

  it('answers 404 with the reason for an unknown commentary, a malformed address, an entry that does not exist', async () => {
    const unknown = await getJson('/commentaries/Barnes/KJV:John.3.1.js', token);
    expect(unknown.res.status).toBe(404);
    expect(unknown.body.errors.error[0]).toMatch(/Unknown commentary.*MHCC, Scofield, TDavid/);
    expect((await getJson('/commentaries/MHCC/John.3.1.js', token)).body.errors.error[0]).toMatch(
      /Malformed entry address/,
    );
    expect(
      (await getJson('/commentaries/MHCC/KJV:John.3.5.js', token)).body.errors.error[0],
    ).toMatch(/MHCC has no entry at KJV:John\.3\.5/);
    expect((await getJson('/commentaries/TDavid/KJV:Ps.23.1.js?page=0', token)).res.status).toBe(
      400,
    );
    expect((await getJson('/verses/KJV:John.3.99/commentaries.js', token)).res.status).toBe(404);
  });

  it("reads a chapter's commentaries in one KV read, and again from the isolate", async () => {
    // The catalogue and the library's meta are read once per isolate; warm them first.
    await getJson('/chapters/KJV:John.1/commentaries.js', token);
    const cold = await getJson('/chapters/KJV:John.4/commentaries.js', token);
    expect(kvReadsOf(cold.res.headers.get('Server-Timing'))).toBe(1);
    const verse = await getJson('/verses/KJV:John.4.7/commentaries.js', token);
    expect(kvReadsOf(verse.res.headers.get('Server-Timing'))).toBe(0);
  });

  it.skipIf(!HAS_RV1909)(
    'reaches the entries from another numbering through the versification map (RV1909 Jonah 2:1 is KJV 1:17)',
    async () => {
      const verse = await getJson('/verses/RV1909:Jonah.2.1/commentaries.js', token);
      expect(verse.body.commentaries.verse.id).toBe('RV1909:Jonah.2.1');
      const section = at(verse.body.commentaries.entry, 'MHCC:Jonah.1.13');
      expect(section.passage.reference).toBe('Jonah 1:13-17');
      expect(section.verses.verse).toEqual([1]);
      // The chapter reads two KJV chapters (Jonah 1 and 2): one entry of each, verses in the RV's numbering.
      const chapter = await getJson('/chapters/RV1909:Jonah.2/commentaries.js', token);
      const list = chapter.body.commentaries.entry;
      expect(at(list, 'MHCC:Jonah.1.13').verses.verse).toEqual([1]);
      const second = list.find((e: any) => e.id.startsWith('MHCC:Jonah.2.'));
      expect(second.verses.verse[0]).toBe(2);
      expect(kvReadsOf(chapter.res.headers.get('Server-Timing'))).toBeLessThanOrEqual(2);
    },
  );

  it.skipIf(!HAS_STUDY)(
    'reaches them from the Hebrew numbering too (WLC Jonah 2:1 is KJV 1:17)',
    async () => {
      const list = await entries('/verses/WLC:Jonah.2.1/commentaries.js');
      expect(list.map((e) => e.id)).toContain('MHCC:Jonah.1.13');
    },
  );

  it.skipIf(!HAS_WEB)(
    'answers a verse no commentary covers (a deuterocanonical book) with no entries',
    async () => {
      const { res, body } = await getJson('/verses/WEB:Tob.1.1/commentaries.js', token);
      expect(res.status).toBe(200);
      expect(body.commentaries.entry).toEqual([]);
      expect(body.commentaries.work).toEqual([]);
    },
  );
});
