import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getJson, newUser } from '../support/http';

/**
 * The SBL Greek New Testament (SBLGNT) as a version, built from MorphGNT's files of
 * bibledit-cloud-data (the fixture has John and 3 John): its words with MorphGNT's lemma and
 * parsing and the Strong's number found by lemma, keyword search blind to accents and case, the
 * verses the critical text omits as 404s that say why, and its words in the lexicon's counts.
 */
let token: string;

/** A verse's text without its markup (the verse number in `<sup>`, the `<span>` around it). */
const plain = (html: string) => html.replace(/<sup[^>]*>.*?<\/sup>|<[^>]+>/g, '');
const error = async (res: Response) => ((await res.json()) as any).errors.error[0] as string;

describe.skipIf(!env.TEST_HAS_STUDY)('the SBL Greek New Testament', () => {
  beforeAll(async () => {
    ({ token } = await newUser('sblgnt'));
  });

  it('is a Greek New Testament version credited to SBL, Logos and MorphGNT', async () => {
    const versions = (await getJson('/versions.js', token)).body.versions.version;
    const sblgnt = versions.find((v: any) => v.id === 'SBLGNT');
    expect(sblgnt).toMatchObject({ lang: 'grc' });
    expect(sblgnt.copyright).toMatch(/Society of Biblical Literature/);
    expect(sblgnt.copyright).toMatch(/CC BY 4\.0/);
    expect(sblgnt.copyright).toMatch(/MorphGNT.*CC BY-SA 3\.0/);
    const books = (await getJson('/versions/SBLGNT/books.js', token)).body.books.book;
    expect(books).toHaveLength(27);
    expect(books.every((b: any) => b.testament === 'NT')).toBe(true);
  });

  it('serves a verse with its accents and punctuation, without the apparatus signs', async () => {
    const { res, body } = await getJson('/verses/SBLGNT:John.3.16.js', token);
    expect(res.status).toBe(200);
    const text = plain(body.verses.verse[0].text);
    expect(text).toMatch(/^Οὕτως γὰρ ἠγάπησεν ὁ θεὸς τὸν κόσμον/);
    expect(text).toContain('ἔδωκεν, ἵνα');
    expect(text).not.toMatch(/[\u2E00-\u2E05]/);
  });

  it('gives each word its lemma, MorphGNT parsing in words and Strong’s number', async () => {
    const { res, body } = await getJson('/verses/SBLGNT:John.3.16/words.js', token);
    expect(res.status).toBe(200);
    const words = body.words.verse[0].word;
    const loved = words.find((w: any) => w.text === 'ἠγάπησεν');
    expect(loved.lemma).toEqual(['ἀγαπάω']);
    expect(loved.strongs).toEqual([expect.objectContaining({ id: 'G25', path: '/strongs/G25' })]);
    expect(loved.morph[0]).toMatchObject({
      scheme: 'morphgnt',
      code: 'V-3AAI-S--',
      text: 'verb, aorist active indicative, third person singular',
    });
    const world = words.find((w: any) => w.text === 'κόσμον');
    expect(world.morph[0].text).toBe('noun, accusative singular masculine');
    // The words and what follows them give back the verse.
    expect(
      words
        .map((w: any) => w.text + w.after)
        .join('')
        .trim(),
    ).toBe(plain((await getJson('/verses/SBLGNT:John.3.16.js', token)).body.verses.verse[0].text));
    expect(body.words.copyright).toMatch(/MorphGNT/);
  });

  it('finds a word with or without its accents, in any case', async () => {
    const search = async (keyword: string) =>
      (
        await getJson(
          `/verses.js?keyword=${encodeURIComponent(keyword)}&version=SBLGNT&limit=100`,
          token,
        )
      ).body.search.result;
    const accented = await search('ἠγάπησεν');
    expect(accented.verses.verse.map((v: any) => v.id)).toContain('SBLGNT:John.3.16');
    for (const form of ['ηγαπησεν', 'ΗΓΑΠΗΣΕΝ'])
      expect((await search(form)).summary.total).toBe(accented.summary.total);
  });

  it('answers a verse the critical text omits with a 404 that says why', async () => {
    const omitted = await call('/verses/SBLGNT:John.5.4.js', token);
    expect(omitted.status).toBe(404);
    expect(await error(omitted)).toMatch(
      /SBLGNT has no verse .*5:4: Not in the SBL Greek New Testament: the critical text omits/,
    );
    const adulteress = await call('/verses/SBLGNT:John.8.3.js', token);
    expect(adulteress.status).toBe(404);
    expect(await error(adulteress)).toMatch(/woman taken in adultery/);
    // The KJV has them.
    expect((await call('/verses/KJV:John.5.4.js', token)).status).toBe(200);
  });

  it('shows a verse the critical text omits as a slot that says why, in the chapter, its page and its verses', async () => {
    const reason = async (id: string) =>
      /has no verse [^:]+:\d+: (.*)\)$/.exec(
        await error(await call(`/verses/SBLGNT:${id}.js`, token)),
      )![1]!;
    const why = await reason('John.5.4');
    expect(why).toMatch(/^Not in the SBL Greek New Testament/);
    // The chapter's text: verse 4 stands between 3 and 5, its number and the reason (in English).
    const text = (await getJson('/chapters/SBLGNT:John.5.js', token)).body.chapters.chapter[0]
      .text as string;
    const slot = `<span class="v43_5_4 empty"><sup class="v43_5_4">4</sup><span class="empty-slot" lang="en">${why.replace(/&/g, '&amp;')}</span></span>`;
    expect(text).toContain(slot);
    expect(text.indexOf('v43_5_3')).toBeLessThan(text.indexOf(slot));
    expect(text.indexOf(slot)).toBeLessThan(text.indexOf('"v43_5_5"'));
    // Its verse list: John 8 opens with the eleven slots of the woman taken in adultery, each
    // with `empty`; John 7 ends with 7:53, after its last verse, as the KJV numbers it.
    const eight = (await getJson('/chapters/SBLGNT:John.8/verses.js', token)).body.verses.verse;
    expect(eight.slice(0, 12).map((v: any) => v.verse)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
    expect(eight[0].empty).toBe(await reason('John.8.1'));
    expect(eight.slice(0, 11).every((v: any) => v.empty && v.text.includes('empty-slot'))).toBe(
      true,
    );
    expect(eight.slice(11).some((v: any) => v.empty)).toBe(false);
    const seven = (await getJson('/chapters/SBLGNT:John.7/verses.js', token)).body.verses.verse;
    expect(seven.at(-1)).toMatchObject({ verse: 53, empty: await reason('John.7.53') });
    // A list of nothing but the slot is still the 404 that says why.
    expect((await call('/chapters/SBLGNT:John.5/verses.js?start=4&end=4', token)).status).toBe(404);
    // The chapter page.
    const page = await (await call('/chapters/SBLGNT:John.8', token)).text();
    expect(page).toContain('<span id="v1"><span class="v43_8_1 empty">');
    expect(page).toContain('woman taken in adultery');
    // The KJV has the verses: no slot there.
    const kjv = (await getJson('/chapters/KJV:John.5.js', token)).body.chapters.chapter[0].text;
    expect(kjv).not.toContain('empty-slot');
  });

  it('answers a passage the critical text omits whole with a 404 that says why, not an empty 200', async () => {
    for (const q of ['John+7:53-8:11', 'John+8:1-11', 'John+7:53-8:2']) {
      const res = await call(`/passages.js?q[]=${q}&version=SBLGNT`, token);
      expect(res.status, q).toBe(404);
      expect(await error(res), q).toMatch(/SBLGNT has no verse John .*woman taken in adultery/);
    }
    // Beside a passage it has, the omitted one is left out, and the other stands.
    const both = await getJson('/passages.js?q[]=John+8:1-11&q[]=John+8:12&version=SBLGNT', token);
    expect(both.res.status).toBe(200);
    const found = both.body.search.result.passages.passage as { display: string }[];
    expect(found.map((p) => p.display)).toEqual(['John 8:12']);
    // A range reaching verses it has is the passage of those.
    const around = await getJson('/passages.js?q[]=John+8:1-13&version=SBLGNT', token);
    expect(around.res.status).toBe(200);
  });

  it('keeps its own numbering: 3 John has 15 verses, its 1:15 the end of the KJV’s 1:14', async () => {
    expect((await getJson('/verses/SBLGNT:3John.1.15.js', token)).res.status).toBe(200);
    const chapter = (await getJson('/chapters/SBLGNT:3John.1/verses.js', token)).body.verses.verse;
    expect(chapter).toHaveLength(15);
  });

  it('credits the SBLGNT and MorphGNT on its pages with the licenses’ URIs, never as a public-domain text', async () => {
    for (const path of ['/chapters/SBLGNT:John.3', '/verses/SBLGNT:John.3.16']) {
      const html = await (await call(path, token)).text();
      expect(html).toContain('CC BY 4.0, https://creativecommons.org/licenses/by/4.0/');
      expect(html).toContain('CC BY-SA 3.0, https://creativecommons.org/licenses/by-sa/3.0/');
      const footer = html.slice(html.indexOf('<footer'));
      expect(footer).toContain('shown with its source and license');
      expect(footer).not.toContain('Public-domain Bible texts');
    }
  });

  it('has the interlinear switch on its chapter page, for its Greek words', async () => {
    const res = await call('/chapters/SBLGNT:John.3', token);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<script src="/assets/interlinear.js" defer=""></script>');
    expect(html).toContain('data-src="/chapters/SBLGNT:John.3/words.js" data-version="SBLGNT"');
    expect(html).toContain('data-version="SBLGNT" data-lang="grc"');
  });

  it('gives a word the number of the sense its voice or form has, as the TR’s tags do', async () => {
    const ids = async (query: string) =>
      (
        (await getJson(`/verses.js?${query}&book=John&limit=100`, token)).body.search.result.verses
          ?.verse ?? []
      ).map((v: any) => v.id.split(':')[1]);
    // Strong's splits ἄρχω "rule" (G757) from its middle ἄρχομαι "begin" (G756), ἅπτω "kindle"
    // (G681) from ἅπτομαι "touch" (G680): the SBLGNT finds the verses the KJV's tags (the TR's
    // numbers) find, but those the critical text omits (John 8:9).
    for (const number of ['G756', 'G680']) {
      const kjv = await ids(`strongs=${number}&version=KJV`);
      const sblgnt = await ids(`strongs=${number}&version=SBLGNT`);
      expect(sblgnt.length, number).toBeGreaterThan(0);
      for (const id of kjv.filter((v: string) => !sblgnt.includes(v)))
        expect((await call(`/verses/SBLGNT:${id}.js`, token)).status, id).toBe(404);
      expect(sblgnt.every((v: string) => kjv.includes(v))).toBe(true);
    }
    // δεῖ "it is necessary" is G1163, not δέω "bind" (G1210); ἤρχοντο "they came" in John 4:30
    // is ἔρχομαι's (G2064), where MorphGNT has ἄρχω (data/morphgnt-errata.json).
    const word = async (id: string, text: string) =>
      (await getJson(`/verses/SBLGNT:${id}/words.js`, token)).body.words.verse[0].word.find(
        (w: any) => w.text === text,
      );
    expect((await word('John.3.7', 'Δεῖ')).strongs[0].id).toBe('G1163');
    const came = await word('John.4.30', 'ἤρχοντο');
    expect(came.lemma).toEqual(['ἔρχομαι']);
    expect(came.strongs[0].id).toBe('G2064');
  });

  it('counts its words in the lexicon entry of their number', async () => {
    const entry = (await getJson('/strongs/G25.js', token)).body.strongs.entry[0];
    const sblgnt = entry.occurrences.find((o: any) => o.version === 'SBLGNT');
    expect(sblgnt.path).toBe('/verses?strongs=G25&version=SBLGNT');
    expect(sblgnt.occurrences).toBeGreaterThan(0);
    expect(sblgnt.verses).toBeGreaterThan(0);
    const concordance = (await getJson('/verses.js?strongs=G25&version=SBLGNT', token)).body.search
      .result;
    expect(concordance.verses.verse.map((v: any) => v.id)).toContain('SBLGNT:John.3.16');
  });
});
