import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { getJson, getXml, newUser } from '../support/http';

/**
 * Grammar search: GET /verses?stem=…&form=… / ?tense=…&voice=…&mood=…, from the fixture's real
 * build (tagged words of Jonah, Malachi, John and 3 John only: scripts/fixture.ts). Each hit is
 * checked against the verse's own words (/verses/{id}/words), decoded by the words resource.
 */
let token: string;

const result = async (path: string) => {
  const { res, body } = await getJson(path, token);
  expect(res.status, path).toBe(200);
  return body.search.result;
};

/** The decoded morphology texts of a verse's words (original words: for the KJV NT, `original`). */
async function morphTexts(id: string): Promise<string[][]> {
  const words = (await getJson(`/verses/${id}/words.js`, token)).body.words.verse[0].word;
  return words.map((w: any) =>
    [...(w.morph ?? []), ...(w.original ?? []).flatMap((o: any) => o.morph ?? [])].map(
      (m: any) => m.text,
    ),
  );
}

describe.skipIf(!env.TEST_HAS_STUDY)('grammar search', () => {
  beforeAll(async () => {
    ({ token } = await newUser('grammar'));
  });

  it('finds every qal wayyiqtol of the WLC, each verse holding one, the words marked', async () => {
    const r = await result('/verses.js?stem=qal&form=wayyiqtol&version=WLC&book=Jonah&limit=200');
    const { summary, verses } = r;
    expect(summary).toMatchObject({ stem: 'qal', form: 'wayyiqtol', versions: 'WLC' });
    expect(summary.total).toBe(verses.verse.length);
    expect(summary.total).toBeGreaterThan(20);
    expect(summary.occurrences).toBeGreaterThan(summary.total);
    expect(summary.book).toEqual([{ id: 'WLC:Jonah', count: summary.total }]);
    // Jonah 1:1 opens with וַֽיְהִי, a qal wayyiqtol.
    expect(verses.verse[0].id).toBe('WLC:Jonah.1.1');
    for (const v of verses.verse.slice(0, 8)) {
      expect(v.text, v.id).toContain('<em>');
      const texts = (await morphTexts(v.id)).flat();
      expect(
        texts.some((t) => t.includes('qal sequential imperfect')),
        v.id,
      ).toBe(true);
    }
  });

  it('says a count of the WLC is the written text’s (Ketiv), and its version information too', async () => {
    const wlc = (await result('/verses.js?stem=qal&form=wayyiqtol&version=WLC&book=Jonah')).summary;
    expect(wlc.reading).toMatch(
      /^WLC: the written text \(Ketiv\) is searched and counted; the Qere/,
    );
    // Without a Hebrew text searched, nothing to say.
    const greek = (await result('/verses.js?tense=aorist&version=SBLGNT&book=John')).summary;
    expect(greek.reading).toBeUndefined();
    const version = (await getJson('/versions/WLC.js', token)).body.versions.version[0];
    expect(version.info).toMatch(/the written text, the Ketiv/);
    expect(version.info).toMatch(/Qere .* is not served nor counted/);
  });

  it('holds strongs on the same word as the features (WLC morphemes)', async () => {
    const all = (await result('/verses.js?stem=qal&form=wayyiqtol&version=WLC&book=Jonah')).summary;
    const r = await result(
      '/verses.js?stem=qal&form=wayyiqtol&strongs=H1961&version=WLC&book=Jonah&limit=200',
    );
    expect(r.summary.strongs).toBe('H1961');
    expect(r.summary.total).toBeGreaterThan(0);
    expect(r.summary.total).toBeLessThan(all.total);
    expect(r.verses.verse[0].id).toBe('WLC:Jonah.1.1');
    // H1961 in the perfect only: Jonah 3:3 "וְנִינְוֵה הָיְתָה" is a qal perfect, no wayyiqtol of H1961.
    const perfect = await result(
      '/verses.js?stem=qal&form=perfect&strongs=H1961&version=WLC&book=Jonah&limit=200',
    );
    expect(perfect.verses.verse.map((v: any) => v.id)).toContain('WLC:Jonah.3.3');
    // A conjunction morpheme's word carries H1961 (וַֽ/יְהִי) but the conjunction is not H1961.
    const conj = await result('/verses.js?pos=conjunction&strongs=H1961&version=WLC&book=Jonah');
    expect(conj.summary.total).toBe(0);
  });

  it('finds aorist participles in the TR, with a lemma', async () => {
    const r = await result(
      '/verses.js?tense=aorist&voice=active&mood=participle&version=TR&book=3John&limit=200',
    );
    expect(r.summary).toMatchObject({ tense: 'aorist', voice: 'active', mood: 'participle' });
    expect(r.summary.total).toBeGreaterThan(0);
    expect(r.summary.total).toBe(r.verses.verse.length);
    for (const v of r.verses.verse) {
      expect(v.text, v.id).toContain('<em>');
      const texts = (await morphTexts(v.id)).flat();
      expect(
        texts.some((t) => /aorist active participle/.test(t)),
        v.id,
      ).toBe(true);
    }
    // προπέμπω (G4311): προπέμψας, 3 John 6.
    const lemma = await result(
      `/verses.js?tense=aorist&mood=participle&lemma=${encodeURIComponent('προπέμπω')}&version=TR&book=3John`,
    );
    expect(lemma.summary.lemma).toBe('προπέμπω');
    expect(lemma.verses.verse.map((v: any) => v.id)).toEqual(['TR:3John.1.6']);
    expect(lemma.summary.occurrences).toBe(1);
    expect(lemma.verses.verse[0].text).toMatch(/<em>προπεμψας<\/em>/);
    const none = await result(
      `/verses.js?tense=present&mood=participle&strongs=G4311&version=TR&book=3John`,
    );
    expect(none.summary.total).toBe(0);
  });

  it('searches the KJV through its tags: the NT by the Greek parsing, the OT by stem and form', async () => {
    const tr = await result(
      '/verses.js?tense=aorist&voice=active&mood=participle&version=TR&book=3John&limit=1',
    );
    const kjvNt = await result(
      '/verses.js?tense=aorist&voice=active&mood=participle&version=KJV&book=3John&limit=200',
    );
    // The TR is the KJV's own Greek tags: the same Greek words.
    expect(kjvNt.summary.occurrences).toBe(tr.summary.occurrences);
    expect(kjvNt.summary.total).toBe(tr.summary.total);
    expect(kjvNt.verses.verse.find((v: any) => v.id === 'KJV:3John.1.6').text).toMatch(
      /<em>bring<\/em>/,
    );
    const john = await result(
      '/verses.js?tense=aorist&voice=passive&mood=participle&version=KJV&book=John&limit=200',
    );
    expect(john.summary.total).toBeGreaterThan(3);
    for (const v of john.verses.verse.slice(0, 4)) {
      expect(v.text, v.id).toContain('<em>');
      expect((await morphTexts(v.id)).flat().join(' '), v.id).toMatch(/aorist passive participle/);
    }

    const ot = await result('/verses.js?stem=qal&form=imperfect&version=KJV&book=Jonah&limit=200');
    expect(ot.summary.total).toBeGreaterThan(20);
    for (const v of ot.verses.verse.slice(0, 4)) {
      expect(v.text, v.id).toContain('<em>');
      expect((await morphTexts(v.id)).flat().join(' '), v.id).toMatch(/verb, qal imperfect/);
    }
    // Without a book, tense is answered by the New Testament alone.
    const both = await result('/verses.js?tense=aorist&version=KJV&limit=1');
    expect(both.summary.book.length).toBeGreaterThan(0);
    expect(both.summary.book.every((b: any) => ['KJV:John', 'KJV:3John'].includes(b.id))).toBe(
      true,
    );
  });

  it('pages', async () => {
    const path = '/verses.js?stem=qal&form=wayyiqtol&version=WLC&book=Jonah';
    const all = await result(`${path}&limit=200`);
    const page = await result(`${path}&offset=3&limit=2`);
    expect(page.summary).toMatchObject({ start: 4, rpp: 2, total: all.summary.total });
    expect(page.verses.verse.map((v: any) => v.id)).toEqual(
      all.verses.verse.slice(3, 5).map((v: any) => v.id),
    );
  });

  it('refuses an unknown value, a filter the text cannot answer, and mixed searches (400)', async () => {
    const refused: [string, RegExp][] = [
      [
        '/verses.js?tense=aoristic&version=TR',
        /^Unknown tense aoristic: one of present, imperfect, /,
      ],
      ['/verses.js?stem=qal&version=TR&book=3John', /^stem=qal cannot be asked of TR here/],
      ['/verses.js?tense=aorist&version=WLC&book=Jonah', /^tense=aorist cannot be asked of WLC/],
      [
        '/verses.js?form=wayyiqtol&version=KJV&book=Jonah',
        /^form=wayyiqtol cannot be asked of KJV here: .*Strong's tense parsing, which gives stem, form \(perfect, imperfect/,
      ],
      ['/verses.js?case=dative&version=KJV&book=Jonah', /^case=dative cannot be asked of KJV/],
      ['/verses.js?tense=aorist&keyword=love', /^Give keyword or grammatical filters/],
      ['/verses.js?tense=aorist&version=ASV', /^No version searched has parsed words; these do: /],
      [
        '/verses.js?stem=qal&strongs=H1961&version=TR',
        /^No version searched has parsed words and Hebrew Strong's numbers; these do: KJV, WLC$/,
      ],
      ['/verses.js?tense=', /^Unknown tense : one of present/],
      ['/verses.js?tense=aorist&strongs=G25&lemma=x', /^Give strongs or lemma, not both$/],
      ['/verses.js?tense=aorist&strongs=love', /^strongs must be Strong's numbers/],
    ];
    for (const [path, message] of refused) {
      const { res, body } = await getJson(path, token);
      expect(res.status, path).toBe(400);
      expect(body.errors.error[0], path).toMatch(message);
    }
    const { res, text } = await getXml('/verses.xml?mood=subjunctiveish', token);
    expect(res.status).toBe(400);
    expect(text).toContain('Unknown mood');
    expect(text).toMatch(/^<\?xml/);
  });

  it('answers in XML', async () => {
    const { res, text } = await getXml('/verses.xml?stem=qal&form=wayyiqtol&book=Jonah', token);
    expect(res.status).toBe(200);
    expect(text).toContain('<stem>qal</stem>');
    expect(text).toContain('<occurrences>');
  });
});
