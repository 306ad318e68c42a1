import { beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_ENGLISH_VERSIONS,
  getJson,
  getXml,
  HAS_WEB,
  newUser,
  NT_VERSIONS,
  VERSIONS,
} from '../support/http';

let token: string;
beforeAll(async () => {
  token = (await newUser()).token;
});

describe('GET /versions', () => {
  it('names a Creative Commons license with its URI, and no file of the repository but as one', async () => {
    const versions = (await getJson('/versions.js', token)).body.versions.version;
    const uri: Record<string, string> = {
      'CC BY 4.0': 'https://creativecommons.org/licenses/by/4.0/',
      'CC BY-SA 3.0': 'https://creativecommons.org/licenses/by-sa/3.0/',
    };
    let named = 0;
    for (const v of versions)
      for (const text of [v.copyright, v.info] as string[]) {
        // CC BY-SA 3.0 §4(a): the license's URI with every copy; CC BY 4.0 §3(a)(1)(C) alike.
        for (const m of text.matchAll(/CC BY(?:-SA)? \d\.\d/g)) {
          named++;
          expect(text.slice(m.index, m.index + 80), v.id).toContain(`${m[0]}, ${uri[m[0]]}`);
        }
        // A data file is named only as a file of the public repository, never as a path alone.
        const files = /(?:data\/[\w.-]+\.json(?:,? and |, )?)+ in the scripture-edge repository/g;
        expect(text.replace(files, ''), v.id).not.toMatch(/data\//);
      }
    if (versions.some((v: any) => v.id === 'SBLGNT')) expect(named).toBeGreaterThan(2);
  });

  it('lists every version with its fields in XML, meta last', async () => {
    const { res, body, text } = await getXml('/versions.xml', token);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
    const ids = body.versions.version.map((v: any) => v.id);
    expect(ids).toEqual(VERSIONS);
    const kjv = body.versions.version[0];
    expect(kjv['@id']).toBe('KJV');
    expect(kjv).toMatchObject({
      name: 'King James Version',
      abbreviation: 'KJV',
      lang: 'eng',
      version_id: '1',
    });
    expect(kjv.next.version).toMatchObject({
      '@id': 'ASV',
      id: 'ASV',
      path: '/versions/ASV',
      name: 'American Standard Version',
    });
    expect(kjv.previous).toBeUndefined();
    expect(text).toMatch(/<copyright><!\[CDATA\[Public domain/);
    expect(text).toMatch(/<meta>.*<\/meta><\/versions>$/s);
  });

  it('mirrors the XML in JSON', async () => {
    const { res, body } = await getJson('/versions.js', token);
    expect(res.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expect(body.versions.version[1]).toMatchObject({ id: 'ASV', version_id: 2, lang: 'eng' });
    expect(typeof body.versions.version[1].copyright).toBe('string');
    expect(Object.keys(body.versions).at(-1)).toBe('meta');
    expect(body.versions.meta.fums_tid).toMatch(/^[0-9a-f]{14}\.\d{8}$/);
  });

  it('filters by language', async () => {
    expect(
      (await getJson('/versions.js?language=eng', token)).body.versions.version.map(
        (v: any) => v.id,
      ),
    ).toEqual(ALL_ENGLISH_VERSIONS);
    expect(
      (await getJson('/versions.js?language=fra', token)).body.versions.version.map(
        (v: any) => v.id,
      ),
    ).toEqual(['LSG']);
    expect((await getJson('/versions.js?language=deu', token)).body.versions.version).toEqual([]);
  });

  it('shows one version as a one-element collection, case-insensitively', async () => {
    const { body } = await getJson('/versions/kjv.js', token);
    expect(body.versions.version).toHaveLength(1);
    expect(body.versions.version[0].id).toBe('KJV');
    const { res, body: err } = await getXml('/versions/NOPE.xml', token);
    expect(res.status).toBe(404);
    expect(err.errors.error).toMatch(/Unknown version/);
  });
});

describe('GET /bookgroups', () => {
  it('lists the nine groups in order', async () => {
    const { body } = await getXml('/bookgroups.xml', token);
    const groups = body.bookgroups.bookgroup;
    expect(groups.map((g: any) => g.abbr)).toEqual([
      'PENT',
      'HIST',
      'WISD',
      'MAJP',
      'MINP',
      'GOSP',
      'PAUL',
      'GLET',
      'DEUT',
    ]);
    expect(groups[0]).toMatchObject({ '@id': '1', id: '1', name: 'Pentateuch', ord: '1' });
  });

  it('shows one group and 404s unknown or malformed ids', async () => {
    const { body } = await getJson('/bookgroups/6.js', token);
    expect(body.bookgroups.bookgroup).toEqual([
      expect.objectContaining({ id: 6, name: 'Gospels', abbr: 'GOSP', ord: 6 }),
    ]);
    for (const id of ['10', '0', 'abc', '99999999999']) {
      expect((await getJson(`/bookgroups/${id}.js`, token)).res.status).toBe(404);
    }
  });

  it("lists a group's books across versions", async () => {
    const { body } = await getJson('/bookgroups/6/books.js', token);
    expect(body.books.book.map((b: any) => b.id)).toEqual(
      // The LSG has John alone.
      [
        ...NT_VERSIONS.flatMap((v) => ['Matt', 'Mark', 'Luke', 'John'].map((b) => `${v}:${b}`)),
        'LSG:John',
      ],
    );
    if (!HAS_WEB) return;
    const deut = (await getJson('/bookgroups/9/books.js', token)).body.books.book;
    expect(deut.length).toBeGreaterThan(10);
    // The WEB's, and the same text's added from its USFM (WEBU).
    expect(deut.every((b: any) => b.testament === 'DEUT' && /^WEBU?:/.test(b.id))).toBe(true);
  });
});
