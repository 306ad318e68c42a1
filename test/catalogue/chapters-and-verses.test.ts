import { XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { kvReadsOf } from '../../src/http/server-timing';
import { MAX_CHAPTERS_PER_RESPONSE } from '../../src/catalogue/verse-range';
import { call, getJson, getXml, HAS_WEB, newUser } from '../support/http';

let token: string;
beforeAll(async () => {
  token = (await newUser()).token;
});

const show = async (path: string) => (await getJson(path, token)).body;

describe('GET /chapters/{id}', () => {
  it("shows a chapter with its verses' text", async () => {
    const { res, body, text } = await getXml('/chapters/KJV:John.3.xml', token);
    expect(res.status).toBe(200);
    expect(XMLValidator.validate(text)).toBe(true);
    const chapter = body.chapters.chapter;
    expect(chapter).toMatchObject({
      '@id': 'KJV:John.3',
      chapter: '3',
      osis_end: 'KJV:John.3.36',
      label: '',
    });
    expect(chapter.text).toContain('<sup class="v43_3_16">16</sup>For God so loved the world');
    expect(chapter.next.chapter).toMatchObject({
      id: 'KJV:John.4',
      name: 'John 4',
      path: '/chapters/KJV:John.4',
    });
    expect(chapter.previous.chapter).toMatchObject({ id: 'KJV:John.2' });
    expect(text).toContain('<text><![CDATA[');
  });

  it.each([
    ['KJV:Mal.4', 'next', 'KJV:Matt.1'],
    ['KJV:Matt.1', 'previous', 'KJV:Mal.4'],
    ['KJV:Rev.22', 'next', 'ASV:Gen.1'],
    ['ASV:Gen.1', 'previous', 'KJV:Rev.22'],
  ])('rolls %s over: %s is %s', async (id, dir, expected) => {
    const chapter = (await show(`/chapters/${id}.js`)).chapters.chapter[0];
    expect(chapter[dir].chapter.id).toBe(expected);
  });

  it('has no previous before the first chapter of the first version', async () => {
    expect((await show('/chapters/KJV:Gen.1.js')).chapters.chapter[0].previous).toBeUndefined();
  });

  it.each([
    '/chapters/KJV:John.22.xml',
    '/chapters/KJV:John.0.xml',
    '/chapters/KJV:John.xml',
    '/chapters/KJV:John.x.xml',
  ])('404s %s', async (path) => {
    expect((await call(path, token)).status).toBe(404);
  });
});

describe('GET /chapters/{id}/verses', () => {
  it("lists a chapter's verses", async () => {
    const verses = (await show('/chapters/KJV:John.3/verses.js')).verses.verse;
    expect(verses).toHaveLength(36);
    expect(verses[15]).toMatchObject({
      id: 'KJV:John.3.16',
      verse: 16,
      lastverse: 16,
      reference: 'John 3:16',
    });
  });

  it('restricts to start and end verse numbers', async () => {
    const verses = (await show('/chapters/KJV:John.3/verses.js?start=16&end=17')).verses.verse;
    expect(verses.map((v: any) => v.id)).toEqual(['KJV:John.3.16', 'KJV:John.3.17']);
    expect(
      (await show('/chapters/KJV:John.3/verses.js?start=35')).verses.verse.map((v: any) => v.verse),
    ).toEqual([35, 36]);
  });

  it('says end_chapter must be a chapter number, start and end verse numbers', async () => {
    for (const [q, message] of [
      ['end_chapter=0', 'end_chapter must be a chapter number (1 or more)'],
      ['end_chapter=x', 'end_chapter must be a chapter number (1 or more)'],
      ['start=0', 'start must be a verse number (1 or more)'],
      ['end=x', 'end must be a verse number (1 or more)'],
    ]) {
      const { res, body } = await getJson(`/chapters/KJV:John.3/verses.js?${q}`, token);
      expect(res.status).toBe(400);
      expect(body.errors.error).toEqual([message]);
    }
  });

  it('answers 400 for bad bounds', async () => {
    for (const q of ['start=x', 'start=0', 'start=5&end=4', 'end=-1']) {
      const { res, body } = await getXml(`/chapters/KJV:John.3/verses.xml?${q}`, token);
      expect(res.status).toBe(400);
      expect(body.errors.error).toBeTruthy();
    }
  });
});

describe('GET /chapters/{id}/verses over several chapters: at most 500 verses', () => {
  it('serves a range up to the bound', async () => {
    const verses = (await show('/chapters/KJV:Gen.1/verses.js?end_chapter=19')).verses.verse;
    expect(verses).toHaveLength(496);
    expect(verses.at(-1).id).toBe('KJV:Gen.19.38');
  });

  it('answers a range over the bound with a 400 that says how to page, and the pages work', async () => {
    const { res, body } = await getJson('/chapters/KJV:Gen.1/verses.js?end_chapter=50', token);
    expect(res.status).toBe(400);
    expect(res.headers.get('ETag')).toBeNull();
    const [message] = body.errors.error;
    expect(message).toContain(
      'this range has 1533 in 50 chapters, and one response carries at most 500 verses of 32 chapters',
    );
    // The message names the first part and the passages URL that lists every part.
    const first = /(\/chapters\/\S+?),? /.exec(message)![1];
    expect(first).toBe('/chapters/KJV:Gen.1/verses.js?end_chapter=19');
    expect((await show(first)).verses.verse).toHaveLength(496);
    expect(message).toContain('then on from chapter 20');
    const passagesUrl = /(\/passages\S+)/.exec(message)![1];
    const parts = (await show(passagesUrl)).search.result.passages.passage;
    expect(parts.map((p: any) => p.path)[0]).toBe(first);
    // Within the bound, start/end are counted too: Gen 1:1-20:18 is 514 verses, 1:19-20:18 is 496.
    expect((await call('/chapters/KJV:Gen.1/verses.xml?end_chapter=20', token)).status).toBe(400);
    expect(
      (await show('/chapters/KJV:Gen.1/verses.js?start=19&end_chapter=20')).verses.verse,
    ).toHaveLength(496);
  });

  it(`reads at most ${MAX_CHAPTERS_PER_RESPONSE} chapters: a range of more is a 400, and its parts are of as many`, async () => {
    // Psalms 110-150: 41 chapters of 497 verses (Ps 119's 176 among them).
    const res = await call('/chapters/KJV:Ps.110/verses.js?end_chapter=150', token);
    expect(res.status).toBe(400);
    const [message] = ((await res.json()) as any).errors.error;
    expect(message).toContain('in 41 chapters');
    const first = /(\/chapters\/\S+?),? /.exec(message)![1];
    expect(first).toBe(
      `/chapters/KJV:Ps.110/verses.js?end_chapter=${110 + MAX_CHAPTERS_PER_RESPONSE - 1}`,
    );
    expect((await call(first, token)).status).toBe(200);
    const parts = (await show('/passages.js?q[]=Ps+110-150&version=KJV')).search.result.passages
      .passage;
    expect(parts.map((p: any) => p.display)).toEqual(['Psalms 110-141', 'Psalms 142-150']);
  });

  it('refuses before reading any chapter', async () => {
    // ASV Isaiah 2 is read by no other test of the run (storage and isolate are shared).
    await show('/versions.js');
    const res = await call('/chapters/ASV:Isa.2/verses.xml?end_chapter=66', token);
    expect(res.status).toBe(400);
    expect(kvReadsOf(res.headers.get('Server-Timing'))).toBe(0);
  });

  it('always serves one whole chapter (the original contract), even the longest', async () => {
    expect((await show('/chapters/KJV:Ps.119/verses.js')).verses.verse).toHaveLength(176);
    expect(
      (await show('/chapters/KJV:Ps.119/verses.js?end_chapter=119')).verses.verse,
    ).toHaveLength(176);
  });
});

describe('GET /verses/{id}', () => {
  it('shows one verse with every spec field', async () => {
    const { body, text } = await getXml('/verses/KJV:John.3.16.xml', token);
    const verse = body.verses.verse;
    expect(verse).toMatchObject({
      '@id': 'KJV:John.3.16',
      id: 'KJV:John.3.16',
      verse: '16',
      lastverse: '16',
      osis_end: 'KJV:John.3.16',
      label: '',
      reference: 'John 3:16',
    });
    expect(Number(verse.auditid)).toBeGreaterThan(0);
    expect(verse.text).toMatch(
      /^<span class="para"><span class="v43_3_16"><sup class="v43_3_16">16<\/sup>For God so loved the world/,
    );
    expect(verse.parent.chapter).toMatchObject({
      '@id': 'KJV:John.3',
      path: '/chapters/KJV:John.3',
      name: 'John 3',
      id: 'KJV:John.3',
    });
    expect(verse.next.verse).toMatchObject({
      '@id': 'KJV:John.3.17',
      path: '/verses/KJV:John.3.17',
      name: 'John 3:17',
    });
    expect(verse.previous.verse).toMatchObject({ id: 'KJV:John.3.15' });
    expect(text).toMatch(/<copyright><!\[CDATA\[.*\]\]><\/copyright><\/verse><meta>/s);
  });

  it.each([
    ['KJV:John.3.36', 'next', 'KJV:John.4.1'],
    ['KJV:John.4.1', 'previous', 'KJV:John.3.36'],
    ['KJV:Mal.4.6', 'next', 'KJV:Matt.1.1'],
    ['KJV:Rev.22.21', 'next', 'ASV:Gen.1.1'],
    ['ASV:Gen.1.1', 'previous', 'KJV:Rev.22.21'],
  ])('rolls %s over: %s is %s', async (id, dir, expected) => {
    expect((await show(`/verses/${id}.js`)).verses.verse[0][dir].verse.id).toBe(expected);
  });

  it('keeps the translation structure: supplied words, Psalm titles, paragraphs', async () => {
    const gen12 = (await show('/verses/KJV:Gen.1.2.js')).verses.verse[0].text;
    expect(gen12).toContain('<span class="add">was</span>');
    const ps31 = (await show('/verses/KJV:Ps.3.1.js')).verses.verse[0].text;
    expect(ps31).toMatch(/<span class="title">A Psalm of David/);
    // The KJV source marks paragraph starts with "# " (Gen 1:6 starts one, Gen 1:7 does not).
    const gen16 = (await show('/verses/KJV:Gen.1.6.js')).verses.verse[0].text;
    expect(gen16).toMatch(/^<span class="para"><span class="v1_1_6">.*<\/span><\/span>$/);
    const gen17 = (await show('/verses/KJV:Gen.1.7.js')).verses.verse[0].text;
    expect(gen17).toMatch(/^<span class="v1_1_7">/);
    expect(gen17).not.toContain('#');
    const asv = (await show('/verses/ASV:John.3.16.js')).verses.verse[0].text;
    expect(asv).toContain('For God so loved the world');
  });

  it.skipIf(!HAS_WEB).each([
    ['WEB:Luke.17.35', 'next', 'WEB:Luke.17.37'],
    ['WEB:Luke.17.37', 'previous', 'WEB:Luke.17.35'],
  ])('skips the versification gap WEB Luke 17:36: %s %s is %s', async (id, dir, expected) => {
    expect((await show(`/verses/${id}.js`)).verses.verse[0][dir].verse.id).toBe(expected);
    expect((await call('/verses/WEB:Luke.17.36.xml', token)).status).toBe(404);
  });

  it.skipIf(!HAS_WEB)('serves the deuterocanon (WEB) with testament DEUT', async () => {
    const tob = (await show('/verses/WEB:Tob.1.1.js')).verses.verse[0];
    expect(tob.reference).toBe('Tobit 1:1');
    expect(tob.text.length).toBeGreaterThan(40);
    expect((await show('/books/WEB:Tob.js')).books.book[0]).toMatchObject({
      testament: 'DEUT',
      book_group_id: 9,
    });
    const gen = (await show('/verses/WEB:Gen.1.1.js')).verses.verse[0].text;
    expect(gen).toContain('God created');
    expect(gen).not.toMatch(/Godcreated|Elohim/);
  });

  it.skipIf(!HAS_WEB)(
    'names Psalm 151 (WEB AddPs) once: "Psalm 151:1", chapter "Psalm 151"',
    async () => {
      const verse = (await show('/verses/WEB:AddPs.1.1.js')).verses.verse[0];
      expect(verse.reference).toBe('Psalm 151:1');
      expect(verse.parent.chapter.name).toBe('Psalm 151');
      expect(verse.next.verse.name).toBe('Psalm 151:2');
      expect((await show('/verses/KJV:Jude.1.9.js')).verses.verse[0].reference).toBe('Jude 1:9');
    },
  );

  it.each([
    ['/verses/NIV:John.3.16.xml', 'Unknown version: NIV'],
    ['/books/NIV:John.xml', 'Unknown version: NIV'],
    ['/books/niv:John/chapters.xml', 'Unknown version: niv'],
    ['/chapters/NIV:John.3.xml', 'Unknown version: NIV'],
    ['/chapters/NIV:John.3/verses.xml', 'Unknown version: NIV'],
    ['/verses/KJV:Nope.1.1.xml', 'Unknown book: KJV:Nope'],
  ])('%s says what is unknown: %s', async (path, message) => {
    const { res, body } = await getXml(path, token);
    expect(res.status).toBe(404);
    expect(body.errors.error).toBe(message);
  });

  it.each([
    '/verses/KJV:John.3.99.xml',
    '/verses/KJV:John.3.xml',
    '/verses/garbage.xml',
    '/verses/KJV:Nope.1.1.xml',
    '/verses/KJV:John.3.16.5.xml',
  ])('404s %s with an XML error body', async (path) => {
    const { res, body } = await getXml(path, token);
    expect(res.status).toBe(404);
    expect(body.errors.error).toBeTruthy();
  });

  it('reads a chapter from KV once, then serves its verses from the isolate with no KV read', async () => {
    // ASV Isaiah 37 is read by no other test of the run (storage and isolate are shared).
    const cold = await call('/verses/ASV:Isa.37.14.xml', token);
    expect(cold.status).toBe(200);
    expect(kvReadsOf(cold.headers.get('Server-Timing'))).toBeGreaterThanOrEqual(1);
    const again = await call('/verses/ASV:Isa.37.14.xml', token);
    expect(kvReadsOf(again.headers.get('Server-Timing'))).toBe(0);
    const neighbour = await call('/verses/ASV:Isa.37.15.js', token);
    expect(kvReadsOf(neighbour.headers.get('Server-Timing'))).toBe(0);
  });
});
