/**
 * A version added with `npm run version:add`, served: the fixture adds the LSG (a few verses of
 * the Louis Segond, French, from the USFM of test/fixtures/usfm/lsg) through the command's own
 * code path (scripts/lib/fixture-data.ts), and nothing else in the repository names it. Its
 * chapters and pages, keyword search in a language without a stemmer, references written with the
 * book names and abbreviations its source gives (\h, \toc1-3, written to the data by
 * version:add), its translators' notes and the reader's annotations across versions.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createNote, createTagging, list, read } from '../support/annotations';
import { call, getJson, HAS_STUDY, newUser } from '../support/http';

let token: string;
beforeAll(async () => {
  token = (await newUser()).token;
});

const plain = (html: string) => html.replace(/<[^>]+>/g, '');

describe('an added version (LSG, from USFM)', () => {
  it('is listed with its language and serves its chapters and verses', async () => {
    const version = (await getJson('/versions/LSG.js', token)).body.versions.version[0];
    expect(version).toMatchObject({ id: 'LSG', lang: 'fra', name: 'Louis Segond 1910' });
    const books = (await getJson('/versions/LSG/books.js', token)).body.books.book;
    expect(books.map((b: any) => [b.id, b.name])).toEqual([
      ['LSG:Gen', 'Genèse'],
      ['LSG:John', 'Jean'],
    ]);
    const { res, body } = await getJson('/chapters/LSG:John.3/verses.js', token);
    expect(res.status).toBe(200);
    const listed = list(body.verses.verse);
    const verses = listed.filter((v: any) => !v.empty);
    expect(verses.map((v: any) => v.id)).toEqual([
      'LSG:John.3.16',
      'LSG:John.3.17',
      'LSG:John.3.18',
    ]);
    // The slots its source leaves out are answered with what version:add wrote of them, and
    // listed among the chapter's verses saying so.
    const gap = await getJson('/verses/LSG:John.3.1.js', token);
    expect(gap.res.status).toBe(404);
    expect(JSON.stringify(gap.body)).toMatch(/The source has no verse 1 here/);
    expect(listed[0]).toMatchObject({
      id: 'LSG:John.3.1',
      empty: expect.stringMatching(/no verse 1/),
    });
    expect(listed.filter((v: any) => v.empty)).toHaveLength(15);
    expect(plain(verses[0].text)).toMatch(
      /^16Car Dieu a tant aimé le monde qu'il a donné son Fils unique, afin/,
    );
  });

  it('has pages in its language, the text marked French', async () => {
    const res = await call('/chapters/LSG:Gen.1', token);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/lang="fr"/);
    expect(html).toContain('Au commencement, Dieu créa les cieux et la terre.');
    const verse = await call('/verses/LSG:John.3.16', token);
    expect(verse.status).toBe(200);
    expect(await verse.text()).toContain('afin que quiconque croit en lui ne périsse point');
  });

  it('is found by keyword search, case- and accent-insensitively', async () => {
    for (const keyword of ['éternelle', 'ETERNELLE', 'Eternelle']) {
      const { res, body } = await getJson(
        `/verses.js?keyword=${encodeURIComponent(keyword)}&version=LSG`,
        token,
      );
      expect(res.status, keyword).toBe(200);
      expect(list(body.search.result.verses?.verse).map((v: any) => v.id)).toEqual([
        'LSG:John.3.16',
      ]);
    }
    const { body } = await getJson('/verses.js?keyword=tenebres&language=fra', token);
    expect(
      list(body.search.result.verses?.verse)
        .map((v: any) => v.id)
        .sort(),
    ).toEqual(['LSG:Gen.1.2', 'LSG:Gen.1.4', 'LSG:Gen.1.5', 'LSG:John.1.5']);
  });

  it('reads references in its language, with the names and abbreviations of its source', async () => {
    const passage = async (q: string) => {
      const { res, body } = await getJson(`/LSG/passages.js?q[]=${encodeURIComponent(q)}`, token);
      expect(res.status, q).toBe(200);
      return list(body.search.result.passages.passage).map((p: any) => [p.version, p.display]);
    };
    // \toc2 and \h (Jean, Genèse), \toc1 (Évangile selon Jean), \toc3 (Jn, Gn), accents or not.
    for (const q of ['Jean 3:16', 'jean 3:16', 'Jn 3:16', 'Évangile selon Jean 3:16'])
      expect(await passage(q), q).toEqual([['LSG', 'Jean 3:16']]);
    for (const q of ['Genèse 1:3-4', 'Genese 1:3-4', 'Gn 1:3-4'])
      expect(await passage(q), q).toEqual([['LSG', 'Genèse 1:3-4']]);
    // Ids written with them redirect to the canonical id (`Gn` is \toc3's, `Genese` the name
    // without its accent).
    for (const [id, to] of [
      ['LSG:Jean.3', 'LSG:John.3'],
      ['LSG:Genese.1', 'LSG:Gen.1'],
      ['LSG:Gn.1', 'LSG:Gen.1'],
    ]) {
      const res = await call(`/chapters/${id}.js`, token, { redirect: 'manual' });
      expect([res.status, res.headers.get('Location')], id).toEqual([301, `/chapters/${to}.js`]);
    }
    // The English names still read, and another version's passages are unchanged.
    expect(await passage('John 3:16')).toEqual([['LSG', 'Jean 3:16']]);
    const { body } = await getJson('/KJV/passages.js?q[]=Jn+3:16', token);
    expect(list(body.search.result.passages.passage)[0].display).toBe('John 3:16');
  });

  it('serves its translators’ notes (\\f) through the notes routes', async () => {
    const { res, body } = await getJson('/verses/LSG:John.3.16/footnotes.js', token);
    expect(res.status).toBe(200);
    const notes = list(list(body.footnotes.verse)[0].note);
    expect(notes).toHaveLength(1);
    expect(notes[0].text).toMatch(/monogène/);
    expect(notes[0].anchor).toBe('unique');
    const chapter = (await getJson('/chapters/LSG:John.3/footnotes.js', token)).body.footnotes;
    expect(list(chapter.verse).map((v: any) => v.id)).toEqual(['LSG:John.3.16']);
  });

  it('serves its section headings (\\s1) only when asked, and keeps them out of the text and search', async () => {
    const escaped = /<h3 class="heading">L'amour de Dieu pour le monde<\/h3>/;
    const text16 = async (path: string) =>
      list((await getJson(path, token)).body.verses.verse)[0].text as string;
    expect(await text16('/verses/LSG:John.3.16.js')).not.toMatch(/heading/);
    expect(await text16('/verses/LSG:John.3.16.js?include_headings=false')).not.toMatch(/heading/);
    expect(await text16('/verses/LSG:John.3.16.js?include_headings=true')).toMatch(
      new RegExp(`^${escaped.source}<span`),
    );
    const chapterVerses = (
      await getJson('/chapters/LSG:John.3/verses.js?include_headings=true', token)
    ).body.verses.verse;
    expect(chapterVerses.find((v: any) => v.verse === 16).text).toMatch(escaped);
    const { body } = await getJson('/chapters/LSG:Gen.1.js?include_headings=true', token);
    expect(body.chapters.chapter[0].text).toMatch(/^<h3 class="heading">La création<\/h3>/);
    const passages = await getJson('/LSG/passages.js?q[]=Jean+3:16&include_headings=true', token);
    expect(passages.body.search.result.passages.passage[0].text_preview).toMatch(escaped);
    const bad = await getJson('/verses/LSG:John.3.16.js?include_headings=yes', token);
    expect(bad.res.status).toBe(400);
    // A heading's words are no verse's.
    const search = await getJson('/verses.js?keyword=amour&version=LSG', token);
    expect(list(search.body.search.result.verses?.verse)).toEqual([]);
    // The chapter page shows them between paragraphs, the verse page before the verse.
    const page = await (await call('/chapters/LSG:John.3', token)).text();
    expect(page).toMatch(new RegExp(`${escaped.source}<p><span id="v16">`));
    const versePage = await (await call('/verses/LSG:John.3.16', token)).text();
    expect(versePage).toMatch(new RegExp(`${escaped.source}<span class="para">`));
  });

  it('shows a note and a tagging made on KJV John 3:16 on its John 3:16', async () => {
    const { token: mine } = await newUser();
    await createNote(mine, {
      title: 'God so loved',
      references: [{ start: 'KJV:John.3.16', end: 'KJV:John.3.16' }],
    });
    await createTagging(mine, {
      name: `love-${Date.now()}`,
      references: [{ start: 'KJV:John.3.16', end: 'KJV:John.3.16' }],
    });
    const res = await call('/chapters/LSG:John.3/annotations.js', mine);
    expect(res.status).toBe(200);
    const items = list((await read(res, 'js')).annotations.annotation);
    expect(items.map((a: any) => [a.kind, a.written_in, list(a.verses.verse).map(Number)])).toEqual(
      [
        ['note', 'KJV', [16]],
        ['tagging', 'KJV', [16]],
      ],
    );
    const page = await (await call('/verses/LSG:John.3.16', mine)).text();
    expect(page).toContain('God so loved');
  });
});

// The Hebrew Malachi, added with the fixture: numbered as the Hebrew Bible, 3:19-24 being the KJV's
// 4:1-6, which version:add wrote to the fixture's data/versification-map.json from
// bibledit-cloud-data's tables (installed with the study sources: HAS_STUDY).
describe('an added version numbered otherwise (WLCMAL, Hebrew)', () => {
  it('runs right to left', async () => {
    const html = await (await call('/chapters/WLCMAL:Mal.3', token)).text();
    expect(html).toMatch(/<div class="scripture"[^>]*dir="rtl"/);
  });

  it.skipIf(!HAS_STUDY)('shows a note made on KJV Malachi 4:1 on its 3:19', async () => {
    const { token: mine } = await newUser();
    await createNote(mine, {
      title: 'the day cometh',
      references: [{ start: 'KJV:Mal.4.1', end: 'KJV:Mal.4.1' }],
    });
    const res = await call('/chapters/WLCMAL:Mal.3/annotations.js', mine);
    expect(res.status).toBe(200);
    const items = list((await read(res, 'js')).annotations.annotation);
    expect(items.map((a: any) => [a.kind, a.written_in, list(a.verses.verse).map(Number)])).toEqual(
      [['note', 'KJV', [19]]],
    );
    // Nothing of it on the KJV's own Malachi 3.
    const kjv = await call('/chapters/KJV:Mal.3/annotations.js', mine);
    expect(list((await read(kjv, 'js')).annotations.annotation)).toEqual([]);
  });
});
