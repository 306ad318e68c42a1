import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { everyVerse, getJson, getXml, newUser } from '../support/http';
import { MAX_NUMBERS } from '../../src/api/limits';

/**
 * The concordance: GET /verses?strongs=…, from the fixture's real build (tagged
 * words of Jonah, Malachi, John and 3 John only: scripts/fixture.ts).
 */
let token: string;

/** The KJV's tagged words of the fixture's New Testament (John, 3 John), fetched once. */
let ntWords: Promise<any[]> | undefined;
function kjvNewTestamentWords(): Promise<any[]> {
  ntWords ??= Promise.all(
    [...Array.from({ length: 21 }, (_, i) => `John.${i + 1}`), '3John.1'].map(
      async (c) => (await getJson(`/chapters/KJV:${c}/words.js`, token)).body.words.verse,
    ),
  ).then((chapters) => chapters.flat());
  return ntWords;
}

describe.skipIf(!env.TEST_HAS_STUDY)('concordance', () => {
  beforeAll(async () => {
    ({ token } = await newUser('concordance'));
  });

  it('lists the verses of a number in canonical order with the words that render it marked, and counts', async () => {
    const { summary, verses } = await everyVerse(
      '/verses.js?strongs=G25&version=KJV&book=John&limit=50',
      token,
    );
    expect(summary.strongs).toBe('G25');
    expect(summary.versions).toBe('KJV');
    const ids = verses.verse.map((v: any) => v.id);
    expect(ids).toContain('KJV:John.3.16');
    const order = ids
      .map((id: string) => id.split('.').slice(1).map(Number))
      .map(([c, v]: number[]) => c * 1000 + v);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const john316 = verses.verse.find((v: any) => v.id === 'KJV:John.3.16');
    expect(john316.text).toContain('<em>loved</em>');
    expect(john316.text).not.toContain('<em>world</em>');
    expect(summary.total).toBe(ids.length);
    expect(summary.book).toEqual([{ id: 'KJV:John', count: summary.total }]);
    expect(summary.rendering.find((r: any) => r.text === 'loved').count).toBeGreaterThan(1);
  });

  it('searches every version tagged with the number’s language by default, and pages', async () => {
    const all = await everyVerse('/verses.js?strongs=H3068&book=Jonah&limit=500', token);
    expect(all.summary.versions).toBe('KJV,WLC');
    const versions = new Set(all.verses.verse.map((v: any) => v.id.split(':')[0]));
    expect([...versions]).toEqual(['KJV', 'WLC']);
    expect(all.verses.verse[0].text).toContain('<em>LORD</em>');
    const page2 = (await getJson('/verses.js?strongs=H3068&book=Jonah&offset=2&limit=2', token))
      .body.search.result;
    expect(page2.summary).toMatchObject({ start: 3, rpp: 2, total: all.summary.total });
    expect(page2.verses.verse.map((v: any) => v.id)).toEqual(
      all.verses.verse.slice(2, 4).map((v: any) => v.id),
    );
    const hebrew = all.verses.verse.find((v: any) => v.id === 'WLC:Jonah.1.1');
    expect(hebrew.text).toMatch(/<em>יְהוָ֔ה<\/em>/);
  });

  it('finds the numbers of a Psalm’s title in verse 1 and marks the title’s words', async () => {
    // Psalm 3's title names Absalom (H53); Psalm 36's calls David "the servant of the LORD" (H3068).
    const absalom = (await getJson('/verses.js?strongs=H53&version=KJV&book=Ps', token)).body.search
      .result;
    expect(absalom.verses.verse.map((v: any) => v.id)).toEqual(['KJV:Ps.3.1']);
    expect(absalom.verses.verse[0].text).toMatch(/<span class="title">[^<]*<em>Absalom<\/em>/);
    const lord = (await getJson('/verses.js?strongs=H3068&version=KJV&book=Ps&limit=100', token))
      .body.search.result;
    const ps36 = lord.verses.verse.find((v: any) => v.id === 'KJV:Ps.36.1');
    const [titlePart, versePart] = ps36.text.split('<span class="v19_36_1">');
    expect(titlePart).toMatch(/^<span class="title">.*<em>LORD<\/em>/);
    expect(versePart).not.toContain('<em>');
    // The lexicon counts them too (the fixture holds the tagged words of Psalm 3 only of H53's).
    const entry = (await getJson('/strongs/H53.js', token)).body.strongs.entry[0];
    expect(entry.occurrences.find((o: any) => o.version === 'KJV')).toMatchObject({
      words: 1,
      verses: 1,
    });
  });

  it('gives the renderings as printed, those that differ only in case counted together under the form most print', async () => {
    // καί: "and" 657 times, "And" 128 in the fixture's John and 3 John, one rendering, "and".
    const expected = new Map<string, Map<string, number>>();
    for (const v of await kjvNewTestamentWords())
      for (const w of v.word) {
        if (!w.text || !w.strongs.some((s: any) => s.id === 'G2532')) continue;
        const forms = expected.get(w.text.toLowerCase()) ?? new Map<string, number>();
        expected.set(w.text.toLowerCase(), forms.set(w.text, (forms.get(w.text) ?? 0) + 1));
      }
    const { summary } = (
      await getJson('/verses.js?strongs=G2532&version=KJV&renderings=all', token)
    ).body.search.result;
    const got = summary.rendering.map((r: any) => [r.text, r.count]);
    const want = [...expected.values()].map((forms) => {
      const [text] = [...forms].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? 1 : -1))[0]!;
      return [text, [...forms.values()].reduce((a, b) => a + b, 0)];
    });
    expect(new Set(got.map(([text]: [string]) => text))).toEqual(
      new Set(want.map(([text]) => text)),
    );
    expect(got).toEqual(expect.arrayContaining(want));
    expect(got.map(([, count]: [string, number]) => count)).toEqual(
      [...got.map(([, count]: [string, number]) => count)].sort((a, b) => b - a),
    );
    expect(expected.get('and')!.size).toBe(2);
    expect(got.find(([text]: [string]) => text === 'And')).toBeUndefined();
    // The case of the text stays: "I have loved" (Mal 1:2), "the LORD".
    const texts = async (path: string) =>
      (await getJson(path, token)).body.search.result.summary.rendering.map((r: any) => r.text);
    expect(await texts('/verses.js?strongs=H157&version=KJV')).toContain('I have loved');
    const lord = await texts('/verses.js?strongs=H3068&version=KJV');
    expect(lord).toContain('the LORD');
    expect(lord).not.toContain('the lord');
  });

  it('counts the original-language words tagged with the number apart from the tagged words', async () => {
    // John 10:17 "doth … love" renders one Greek word (position 6) in two phrases: two KJV words,
    // one occurrence of G25.
    let words = 0;
    const greek = new Set<string>();
    for (const v of await kjvNewTestamentWords())
      for (const w of v.word) {
        if (w.strongs.some((s: any) => s.id === 'G25')) words++;
        for (const o of w.original ?? [])
          if (o.strongs?.id === 'G25') greek.add(`${v.id} ${o.position}`);
      }
    const kjv = (await getJson('/verses.js?strongs=G25&version=KJV', token)).body.search.result
      .summary;
    expect({ words: kjv.words, occurrences: kjv.occurrences }).toEqual({
      words,
      occurrences: greek.size,
    });
    expect(kjv.occurrences).toBe(kjv.words - 1);
    // The Greek text's words are its occurrences; several numbers add theirs up.
    const tr = (await getJson('/verses.js?strongs=G25&version=TR', token)).body.search.result
      .summary;
    expect(tr.occurrences).toBe(tr.words);
    const both = (await getJson('/verses.js?strongs=G25,G26&version=KJV', token)).body.search.result
      .summary;
    const g26 = (await getJson('/verses.js?strongs=G26&version=KJV', token)).body.search.result
      .summary;
    expect(both.occurrences).toBe(kjv.occurrences + g26.occurrences);
    // Mal 2:6 "and did turn … away" is one Hebrew word (שׁוב, H7725) split over two phrases.
    const turn = (await getJson('/verses/KJV:Mal.2.6/words.js', token)).body.words.verse[0].word
      .filter((w: any) => w.strongs.some((s: any) => s.id === 'H7725'))
      .map((w: any) => w.text);
    expect(turn).toEqual(['and did turn', 'away']);
    const h7725 = (await getJson('/verses.js?strongs=H7725&version=KJV', token)).body.search.result
      .summary;
    expect(h7725.occurrences).toBe(h7725.words - 1);
    // The lexicon entry gives both.
    const entry = (await getJson('/strongs/G25.js', token)).body.strongs.entry[0];
    expect(entry.occurrences.find((o: any) => o.version === 'KJV')).toMatchObject({
      words: kjv.words,
      occurrences: kjv.occurrences,
    });
  });

  it('lists the 50 most frequent renderings of each version, every one with renderings=all', async () => {
    const top = (await getJson('/verses.js?strongs=G3588&version=KJV,TR', token)).body.search.result
      .summary.rendering;
    const all = (await getJson('/verses.js?strongs=G3588&version=KJV,TR&renderings=all', token))
      .body.search.result.summary.rendering;
    const kjv = (list: any[]) => list.filter((r) => r.version === 'KJV');
    expect(kjv(top)).toHaveLength(50);
    expect(kjv(all).length).toBeGreaterThan(50);
    expect(kjv(top)).toEqual(kjv(all).slice(0, 50));
    expect(top.filter((r: any) => r.version === 'TR')).toEqual(
      all.filter((r: any) => r.version === 'TR'),
    );
    const { res, body } = await getJson('/verses.js?strongs=G3588&renderings=most', token);
    expect(res.status).toBe(400);
    expect(body.errors.error[0]).toBe('renderings must be one of top, all');
  });

  it('answers in XML too', async () => {
    const { res, text } = await getXml('/verses.xml?strongs=G26&book=John', token);
    expect(res.status).toBe(200);
    expect(text).toContain('<strongs>G26</strongs>');
  });

  it('refuses a malformed number, keyword with strongs, and versions without numbers (400)', async () => {
    const refused: [string, RegExp][] = [
      ['/verses.js?strongs=love', /^strongs must be Strong's numbers, comma-separated/],
      ['/verses.js?strongs=G25&keyword=love', /^Give keyword or strongs, not both$/],
      [
        '/verses.js?strongs=G25&version=ASV',
        /^No version searched carries Greek Strong's numbers; these do: KJV, TR, SBLGNT$/,
      ],
      [
        '/verses.js?strongs=H157&version=TR',
        /^No version searched carries Hebrew Strong's numbers; these do: KJV, WLC$/,
      ],
    ];
    for (const [path, message] of refused) {
      const { res, body } = await getJson(path, token);
      expect(res.status, path).toBe(400);
      expect(body.errors.error[0], path).toMatch(message);
    }
  });

  it('takes several numbers of one language, each verse once, their renderings counted together', async () => {
    const one = await everyVerse('/verses.js?strongs=G25&book=John&limit=500', token);
    const other = await everyVerse('/verses.js?strongs=G26&book=John&limit=500', token);
    const both = await everyVerse('/verses.js?strongs=G25,g0026,G25&book=John&limit=500', token);
    expect(both.summary.strongs).toBe('G25,G26');
    const ids = (r: any) => r.verses.verse.map((v: any) => v.id);
    const union = [...new Set([...ids(one), ...ids(other)])];
    expect(both.summary.total).toBe(union.length);
    expect(new Set(ids(both))).toEqual(new Set(union));
    expect(both.summary.words).toBe(one.summary.words + other.summary.words);
    // A rendering of both (KJV "love") is one, its counts added, whatever the case of each.
    const byKey = (...rs: any[]) => {
      const m = new Map<string, number>();
      for (const r of rs.flatMap((x) => x.summary.rendering))
        if (r.version === 'KJV')
          m.set(r.text.toLowerCase(), (m.get(r.text.toLowerCase()) ?? 0) + r.count);
      return m;
    };
    const all = async (n: string) =>
      (await getJson(`/verses.js?strongs=${n}&version=KJV&renderings=all`, token)).body.search
        .result;
    const [g25, g26, g2526] = await Promise.all([all('G25'), all('G26'), all('G25,G26')]);
    expect(byKey(g2526)).toEqual(byKey(g25, g26));
    expect(byKey(g2526).size).toBe(g2526.summary.rendering.length);
    expect(byKey(g2526).get('love')).toBe(byKey(g25).get('love')! + byKey(g26).get('love')!);
    // Canonical order within each version, each verse once.
    expect(new Set(ids(both)).size).toBe(ids(both).length);
    const kjv = ids(both)
      .filter((id: string) => id.startsWith('KJV:'))
      .map((id: string) => id.split('.').slice(1).map(Number))
      .map(([c, v]: number[]) => c * 1000 + v);
    expect(kjv).toEqual([...kjv].sort((a, b) => a - b));
    // John 3:35 "The Father loveth (G25) the Son"; John 15:13 "Greater love (G26)": both marked in one search.
    expect(both.verses.verse.find((v: any) => v.id === 'KJV:John.15.13').text).toContain(
      '<em>love</em>',
    );
    expect(both.verses.verse.find((v: any) => v.id === 'KJV:John.3.35').text).toContain(
      '<em>loveth</em>',
    );
  });

  it('finds every form of a lemma, pointed or not, accented or not (by lemma)', async () => {
    // 3 John 1 "whom I love" is αγαπω in the TR (kjv.xml's TR words are unaccented): the lemma
    // ἀγαπάω heads G25.
    const byNumber = (await getJson('/verses.js?strongs=G25&version=TR&limit=500', token)).body
      .search.result;
    for (const lemma of ['ἀγαπάω', 'αγαπαω', 'ΑΓΑΠΑΩ']) {
      const { res, body } = await getJson(
        `/verses.js?lemma=${encodeURIComponent(lemma)}&version=TR&limit=500`,
        token,
      );
      expect(res.status, lemma).toBe(200);
      const { summary, verses } = body.search.result;
      expect(summary).toMatchObject({ strongs: 'G25', lemma, total: byNumber.summary.total });
      expect(verses.verse.map((v: any) => v.id)).toContain('TR:3John.1.1');
      // The inflected forms are marked, whatever they are.
      expect(verses.verse.find((v: any) => v.id === 'TR:3John.1.1').text).toContain(
        '<em>αγαπω</em>',
      );
    }
    // Hebrew: אהב heads the verb H157 and its nouns (homographs, searched together); Malachi 1:2
    // "I have loved you" is אָהַבְתִּי.
    const plain = (await getJson(`/verses.js?lemma=${encodeURIComponent('אהב')}&limit=500`, token))
      .body.search.result;
    const pointed = (
      await getJson(`/verses.js?lemma=${encodeURIComponent('אָהַב')}&limit=500`, token)
    ).body.search.result;
    expect(plain.summary.strongs.split(',')).toContain('H157');
    expect(plain.summary.versions).toBe('KJV,WLC');
    expect(pointed.summary.total).toBe(plain.summary.total);
    expect(plain.verses.verse.map((v: any) => v.id)).toEqual(
      expect.arrayContaining(['KJV:Mal.1.2', 'WLC:Mal.1.2']),
    );
  });

  it('answers a lemma no entry has with no verses, and refuses what cannot be a lemma (400)', async () => {
    const none = (await getJson(`/verses.js?lemma=${encodeURIComponent('ξξξξ')}`, token)).body
      .search.result;
    expect(none.summary).toMatchObject({ strongs: '', total: 0, versions: 'KJV,TR,SBLGNT' });
    // Names every object inherits, with a point that makes them "Hebrew" and is then stripped,
    // name no headword either (the index is read for its own entries only).
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const { res, body } = await getJson(
        `/verses.js?lemma=${encodeURIComponent(`${name}\u05b0`)}`,
        token,
      );
      expect(res.status, name).toBe(200);
      expect(body.search.result.summary, name).toMatchObject({ strongs: '', total: 0 });
    }
    const refused: [string, RegExp][] = [
      ['/verses.js?lemma=love', /^lemma must be a Hebrew or Greek word/],
      ['/verses.js?lemma=', /^lemma must not be empty$/],
      [
        `/verses.js?lemma=${encodeURIComponent('ἀγαπάω')}&strongs=G25`,
        /^Give strongs or lemma, not both$/,
      ],
      [
        `/verses.js?lemma=${encodeURIComponent('ἀγαπάω')}&keyword=love`,
        /^Give keyword or lemma, not both$/,
      ],
      [`/verses.js?lemma=${'α'.repeat(101)}`, /^lemma is too long \(at most 100 characters\)$/],
      ['/verses.js?strongs=G25,H157', /^strongs takes numbers of one language/],
      [
        `/verses.js?strongs=${Array.from({ length: MAX_NUMBERS + 1 }, (_, i) => `G${i + 1}`).join(',')}`,
        new RegExp(`^strongs takes at most ${MAX_NUMBERS} numbers$`),
      ],
    ];
    for (const [path, message] of refused) {
      const { res, body } = await getJson(path, token);
      expect(res.status, path).toBe(400);
      expect(body.errors.error[0], path).toMatch(message);
    }
  });
});
