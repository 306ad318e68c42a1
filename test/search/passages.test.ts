import { XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getJson, getXml, HAS_WEB, newUser, NT_VERSIONS } from '../support/http';
import { MAX_PAGE_VALUES } from '../../src/api/limits';
import { UNREAD_NOTE } from '../../src/search/passage-lookup';

let token: string;
beforeAll(async () => {
  token = (await newUser()).token;
});

const passages = async (path: string): Promise<any[]> => {
  const { res, body } = await getJson(path, token);
  expect(res.status).toBe(200);
  expect(body.search.result.type).toBe('passages');
  return body.search.result.passages.passage;
};

describe('GET /passages.xml', () => {
  it('answers search → result → passages in XML, meta last', async () => {
    const { res, body, text } = await getXml('/passages.xml?q[]=john+3:16-18&version=KJV', token);
    expect(res.status).toBe(200);
    expect(XMLValidator.validate(text)).toBe(true);
    expect(Object.keys(body.search)).toEqual(['result', 'meta']);
    expect(body.search.result.type).toBe('passages');
    const p = body.search.result.passages.passage;
    expect(p).toMatchObject({
      display: 'John 3:16-18',
      version: 'KJV',
      path: '/chapters/KJV:John.3/verses.xml?start=16&end=18',
    });
    expect(p.text_preview).toContain('For God so loved the world');
    expect(p.copyright).toContain('King James');
    expect(text).toContain('<text_preview><![CDATA[');
  });

  it.each([
    ['jn 3:16', 'John 3:16', '/chapters/KJV:John.3/verses.js?start=16&end=16'],
    ['Jhon 3:16', 'John 3:16', '/chapters/KJV:John.3/verses.js?start=16&end=16'],
    ['John 3', 'John 3', '/chapters/KJV:John.3/verses.js'],
    ['John 3-5', 'John 3-5', '/chapters/KJV:John.3/verses.js?end_chapter=5'],
    ['Gen 1:1-2:3', 'Genesis 1:1-2:3', '/chapters/KJV:Gen.1/verses.js?start=1&end=3&end_chapter=2'],
    ['Jude 9', 'Jude 1:9', '/chapters/KJV:Jude.1/verses.js?start=9&end=9'],
    ['John 3:16–18', 'John 3:16-18', '/chapters/KJV:John.3/verses.js?start=16&end=18'],
    ['John\u00a03:16', 'John 3:16', '/chapters/KJV:John.3/verses.js?start=16&end=16'],
    ['John 3:30-99', 'John 3:30-36', '/chapters/KJV:John.3/verses.js?start=30&end=36'],
  ])('%j → %s', async (q, display, path) => {
    const [p] = await passages(`/passages.js?q[]=${encodeURIComponent(q)}&version=KJV`);
    expect(p).toMatchObject({ display, version: 'KJV', path });
  });

  it('gives paths that themselves return the whole range', async () => {
    const [p] = await passages('/passages.js?q[]=Gen+1:30-2:3&version=KJV');
    const { res, body } = await getJson(p.path, token);
    expect(res.status).toBe(200);
    expect(body.verses.verse.map((v: any) => v.id)).toEqual([
      'KJV:Gen.1.30',
      'KJV:Gen.1.31',
      'KJV:Gen.2.1',
      'KJV:Gen.2.2',
      'KJV:Gen.2.3',
    ]);
    const [whole] = await passages('/passages.js?q[]=Jude+1&version=KJV');
    const all = (await getJson(whole.path, token)).body.verses.verse;
    expect(all).toHaveLength(25);
  });

  it('uses the request suffix in path (.xml for XML, .js for JSON)', async () => {
    const { body } = await getXml('/passages.xml?q[]=John+3:16&version=KJV', token);
    expect(body.search.result.passages.passage.path).toMatch(/\/verses\.xml\?/);
    const [p] = await passages('/passages.js?q[]=John+3:16&version=KJV');
    expect(p.path).toMatch(/\/verses\.js\?/);
  });

  it('limits text_preview to the first three verses', async () => {
    const [p] = await passages('/passages.js?q[]=John+3&version=KJV');
    expect((p.text_preview.match(/<sup /g) ?? []).length).toBe(3);
  });

  it('gives one passage per reference per version', async () => {
    const list = await passages('/passages.js?q[]=John+3,Luke+2');
    // Each version names the book in its own language (RV1909: Juan, Lucas).
    // The LSG (French: Jean) has John but not Luke.
    const named = (english: string, spanish: string) => (v: string) =>
      `${v === 'RV1909' ? spanish : english}/${v}`;
    expect(list.map((p) => `${p.display}/${p.version}`)).toEqual([
      ...NT_VERSIONS.map(named('John 3', 'Juan 3')),
      'Jean 3/LSG',
      ...NT_VERSIONS.map(named('Luke 2', 'Lucas 2')),
    ]);
  });

  it.each([
    '/passages.js?q[]=John+3:16&q[]=Luke+2:1&version=KJV',
    '/passages.js?q[0]=John+3:16&q[1]=Luke+2:1&version=KJV',
    '/passages.js?q=John+3:16;Luke+2:1&version=KJV',
    '/KJV/passages.js?q[]=John+3:16%3B+Luke+2:1',
  ])('reads several references: %s', async (path) => {
    const list = await passages(path);
    expect(list.map((p) => p.display)).toEqual(['John 3:16', 'Luke 2:1']);
  });

  it('takes versions from the path (comma list, ALL)', async () => {
    expect((await passages('/KJV,ASV/passages.js?q[]=John+3:16')).map((p) => p.version)).toEqual([
      'KJV',
      'ASV',
    ]);
    expect((await passages('/ALL/passages.js?q[]=John+3:16')).map((p) => p.version)).toEqual([
      ...NT_VERSIONS,
      'LSG', // of the added versions, the one with John
    ]);
    expect((await passages('/v2/asv/passages.js?q[]=John+3:16')).map((p) => p.version)).toEqual([
      'ASV',
    ]);
  });

  it('gives no passage for an unknown book or one the version lacks', async () => {
    expect(await passages('/passages.js?q[]=Hezekiah+3:16')).toEqual([]);
    expect(await passages('/passages.js?q[]=Tobit+1:1&version=KJV')).toEqual([]);
  });

  it.skipIf(!HAS_WEB)('maps the parser’s deuterocanonical ids (Ps 151 → AddPs 1)', async () => {
    const [p] = await passages('/passages.js?q[]=Ps+151:1&version=WEB');
    expect(p.path).toBe('/chapters/WEB:AddPs.1/verses.js?start=1&end=1');
    expect((await getJson(p.path, token)).res.status).toBe(200);
  });

  it.skipIf(!HAS_WEB)('names Psalm 151 once: "Psalm 151:1-3", not "Psalm 151 1:1-3"', async () => {
    expect((await passages('/passages.js?q[]=Ps+151:1-3&version=WEB'))[0].display).toBe(
      'Psalm 151:1-3',
    );
    expect((await passages('/passages.js?q[]=Ps+151&version=WEB'))[0].display).toBe('Psalm 151');
  });

  it.each([
    ['/passages.xml?q[]=John+3:16&version=NOPE', 404],
    ['/NOPE/passages.xml?q[]=John+3:16', 404],
    ['/passages.xml', 400],
    ['/passages.xml?q[]=%00%01', 200],
    ['/passages.xml?q[]=(5,000 characters)', 400],
  ])('%s → %i', async (path, status) => {
    const res = await call(path.replace('(5,000 characters)', 'John+3:16+'.repeat(500)), token);
    expect(res.status).toBe(status);
    expect(XMLValidator.validate(await res.text())).toBe(true);
  });
});

/** Verse ids listed by a chapters-verses path (JSON). */
const versesAt = async (path: string): Promise<string[]> => {
  const { res, body } = await getJson(path, token);
  expect(res.status, path).toBe(200);
  return body.verses.verse.map((v: any) => v.id);
};

describe('long passages (at most 500 verses per response)', () => {
  it('splits Gen 1-50 into parts of whole chapters whose paths together give all 1,533 verses once', async () => {
    const parts = await passages('/passages.js?q[]=Gen+1-50&version=KJV');
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.map((p) => p.display)).toEqual([
      'Genesis 1-19',
      'Genesis 20-33',
      'Genesis 34-48',
      'Genesis 49-50',
    ]);
    expect(parts[0].path).toBe('/chapters/KJV:Gen.1/verses.js?end_chapter=19');
    const lists = await Promise.all(parts.map((p) => versesAt(p.path)));
    for (const list of lists) expect(list.length).toBeLessThanOrEqual(500);
    const all = lists.flat();
    expect(all).toHaveLength(1533);
    expect(new Set(all).size).toBe(1533);
    expect(all[0]).toBe('KJV:Gen.1.1');
    expect(all.at(-1)).toBe('KJV:Gen.50.26');
    // Each part previews its own first verses.
    expect(parts[1].text_preview).toContain('v1_20_1');
  });

  it('keeps the verses of a partial first and last chapter in the first and last parts', async () => {
    const parts = await passages('/passages.js?q[]=Gen+1:5-50:3&version=KJV');
    expect(parts[0]).toMatchObject({
      display: 'Genesis 1:5-19:38',
      path: '/chapters/KJV:Gen.1/verses.js?start=5&end=38&end_chapter=19',
    });
    expect(parts.at(-1)).toMatchObject({
      display: 'Genesis 49:1-50:3',
      path: '/chapters/KJV:Gen.49/verses.js?start=1&end=3&end_chapter=50',
    });
    const all = (await Promise.all(parts.map((p) => versesAt(p.path)))).flat();
    expect(all).toHaveLength(1533 - 4 - 23);
    expect(new Set(all).size).toBe(all.length);
    expect([all[0], all.at(-1)]).toEqual(['KJV:Gen.1.5', 'KJV:Gen.50.3']);
  });

  it('leaves a passage within the bound whole (one passage, unchanged path)', async () => {
    const [p, ...rest] = await passages('/passages.js?q[]=Gen+1-19&version=KJV');
    expect(rest).toEqual([]);
    expect(p).toMatchObject({
      display: 'Genesis 1-19',
      path: '/chapters/KJV:Gen.1/verses.js?end_chapter=19',
    });
    expect(await versesAt(p.path)).toHaveLength(496);
  });

  it('shows at most 500 verses on the passages page, and says so; the passages past the bound link to their text', async () => {
    const q = Array.from(
      { length: 16 },
      () => `q[]=${encodeURIComponent('Ps 119; Ps 119; Ps 119')}`,
    ).join('&');
    const res = await call(`/passages?version=KJV,ASV&${q}`, (await newUser()).token);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.length).toBeLessThan(1024 * 1024);
    // 96 passages of 176 verses: the first 200 of the first, 200 of the second, 100 of the third.
    expect(html).toContain('the first 500 of these passages’ 16,896 verses');
    expect(html.match(/<sup class="v19_119_1"/g)?.length).toBe(3);
    expect(html.match(/href="\/chapters\/(KJV|ASV):Ps\.119#v1"/g)?.length).toBe(96);
  });

  it('refuses more passages than fit the bound in previews (3 verses each), before reading text', async () => {
    const res = await call('/passages.xml?q[]=Gen+1-Rev+22', token);
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/Too many passages \(\d+; at most 166 per response\)/);
    expect(
      (await passages('/passages.js?q[]=Gen+1-Rev+22&version=KJV')).length,
    ).toBeLessThanOrEqual(166);
  });
});

describe('passages in many chapters', () => {
  it(`reads at most ${MAX_PAGE_VALUES} chapters a request: the passages past them have their path and say so, without text`, async () => {
    const refs = Array.from({ length: 40 }, (_, i) => `Ps ${i + 1}:1`).join('; ');
    const found = await passages(`/passages.js?q[]=${encodeURIComponent(refs)}&version=KJV`);
    expect(found).toHaveLength(40);
    const read = found.filter((p) => p.text_preview);
    expect(read).toHaveLength(MAX_PAGE_VALUES);
    expect(read.every((p) => p.note === undefined)).toBe(true);
    for (const p of found.slice(MAX_PAGE_VALUES)) {
      expect(p.text_preview).toBe('');
      expect(p.note).toBe(UNREAD_NOTE);
      expect(p.path).toMatch(/^\/chapters\/KJV:Ps\.\d+\/verses\.js\?start=1&end=1$/);
    }
    // Passages within the chapters already read are read whatever their number.
    const same = Array.from({ length: 40 }, (_, i) => `Ps 119:${i + 1}`).join('; ');
    const all = await passages(`/passages.js?q[]=${encodeURIComponent(same)}&version=KJV`);
    expect(all.every((p) => p.text_preview)).toBe(true);
  });
});
