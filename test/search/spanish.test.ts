import { beforeAll, describe, expect, it } from 'vitest';
import { call, getJson, getXml, HAS_RV1909, HAS_WEB, newUser } from '../support/http';
import { createNote, list } from '../support/annotations';

// A Spanish Bible end to end (catalogue, text, passages, keyword search, numbering).
// The fixture has the RV1909 whenever Debian's sword-text-sparv is installed (CI always installs it).
describe.skipIf(!HAS_RV1909)('Reina-Valera 1909 (Spanish)', () => {
  let token: string;
  beforeAll(async () => {
    token = (await newUser()).token;
  });

  const search = async (query: string) => {
    const { res, body } = await getJson(`/verses.js?${query}`, token);
    expect(res.status).toBe(200);
    return body.search.result;
  };
  const hits = (result: any): any[] => list(result.verses?.verse);
  /** Highlighted words of a result page, lower case. */
  const highlighted = (result: any): Set<string> =>
    new Set(
      hits(result).flatMap((v) =>
        [...String(v.text).matchAll(/<em>([^<]+)<\/em>/g)].map((m) => m[1].toLowerCase()),
      ),
    );
  const passages = async (path: string) => {
    const { res, body } = await getJson(path, token);
    expect(res.status).toBe(200);
    return list(body.search.result.passages?.passage);
  };

  it('is listed under language=spa with its Spanish names', async () => {
    const { body } = await getXml('/versions.xml?language=spa', token);
    const versions = list(body.versions.version);
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({
      id: 'RV1909',
      lang: 'spa',
      lang_name: 'Español',
      lang_name_eng: 'Spanish',
    });
    expect(versions[0].copyright).toContain('sword-text-sparv');
  });

  it('names its books, chapters and verses in Spanish', async () => {
    const book = (await getJson('/books/RV1909:1Cor.js', token)).body.books.book[0];
    expect(book.name).toBe('1 Corintios');
    const verse = (await getJson('/verses/RV1909:John.3.16.js', token)).body.verses.verse[0];
    expect(verse.reference).toBe('Juan 3:16');
    expect(verse.text).toContain('de tal manera amó Dios al mundo');
    expect(verse.parent.chapter.name).toBe('Juan 3');
    const genesis = (await getJson('/books/RV1909:Gen.js', token)).body.books.book[0];
    expect(genesis.name).toBe('Génesis');
  });

  it('keeps supplied words apart from their neighbours (the source glues <transChange> to the next word)', async () => {
    // Juan 4:7: `<transChange>y</transChange><w>Jesús</w>` in the module.
    const verse = (await getJson('/verses/RV1909:John.4.7.js', token)).body.verses.verse[0];
    expect(verse.text).toMatch(/y<\/span> Jesús/);
  });

  it('reads Spanish references for the Spanish version', async () => {
    expect(
      (await passages('/RV1909/passages.js?q[]=Juan+3:16')).map((p) => [p.display, p.version]),
    ).toEqual([['Juan 3:16', 'RV1909']]);
    expect(
      (await passages('/RV1909/passages.js?q[]=1+Corintios+13')).map((p) => p.display),
    ).toEqual(['1 Corintios 13']);
    const gen = await passages('/RV1909/passages.js?q[]=G%C3%A9n+1:1-3');
    expect(gen.map((p) => p.display)).toEqual(['Génesis 1:1-3']);
    expect(gen[0].text_preview).toContain('EN el principio crió Dios los cielos y la tierra');
  });

  it('reads the comma between chapter and verse in Spanish references, in passages and search.xml', async () => {
    expect((await passages('/RV1909/passages.js?q[]=Juan+3,16')).map((p) => p.display)).toEqual([
      'Juan 3:16',
    ]);
    expect((await passages('/RV1909/passages.js?q[]=Juan+3,16-18')).map((p) => p.display)).toEqual([
      'Juan 3:16-18',
    ]);
    expect((await passages('/RV1909/passages.js?q[]=Juan+3,16.18')).map((p) => p.display)).toEqual([
      'Juan 3:16',
      'Juan 3:18',
    ]);
    expect(
      (await passages('/RV1909/passages.js?q[]=1+Corintios+13,4-7')).map((p) => p.display),
    ).toEqual(['1 Corintios 13:4-7']);
    // A Spanish book name is read the Spanish way for any version; English keeps the list.
    expect((await passages('/KJV/passages.js?q[]=Juan+3,16')).map((p) => p.display)).toEqual([
      'John 3:16',
    ]);
    expect((await passages('/KJV/passages.js?q[]=John+3,+16')).map((p) => p.display)).toEqual([
      'John 3',
      'John 16',
    ]);
    const redirect = await call('/search.xml?query=Juan+3,16&version=RV1909', token, {
      redirect: 'manual',
    });
    expect(redirect.headers.get('Location')).toBe('/RV1909/passages.xml?q[]=Juan+3%2C16');
  });

  it('never answers an empty 200 for a slot its numbering leaves empty: the verse that holds the text, or a 404 that says why', async () => {
    // KJV Jonah 1:17 (the great fish) is Jonás 2:1 in the RV1909.
    const [held] = await passages('/RV1909/passages.js?q[]=Jonah+1:17');
    expect(held.display).toBe('Jonás 2:1');
    expect(held.note).toBe(
      'RV1909 has no verse Jonás 1:17 in its numbering: that text is Jonás 2:1 (RV1909:Jonah.2.1)',
    );
    expect(held.text_preview).toMatch(/pez/);
    const xml = await getXml('/RV1909/passages.xml?q[]=Jonah+1:17', token);
    expect(xml.body.search.result.passages.passage.note).toMatch(/that text is Jonás 2:1/);
    // The verse resource and its page say the same in a 404.
    const verse = await call('/verses/RV1909:Jonah.1.17.js', token);
    expect(verse.status).toBe(404);
    expect(((await verse.json()) as any).errors.error[0]).toBe(
      'Unknown verse: RV1909:Jonah.1.17 (RV1909 has no verse Jonás 1:17 in its numbering: that text is Jonás 2:1 (RV1909:Jonah.2.1))',
    );
    const page = await call('/verses/RV1909:Jonah.1.17', token);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('that text is Jonás 2:1');
    const passagePage = await (await call('/RV1909/passages?q[]=Jonah+1:17', token)).text();
    expect(passagePage).toContain(
      'RV1909 has no verse Jonás 1:17 in its numbering: that text is Jonás 2:1',
    );
    const missingPage = await call('/WEB/passages?q[]=Luke+17:36', token);
    if (HAS_WEB) expect(missingPage.status).toBe(404);
    // The chapter's verse list too: a 404 instead of an empty list.
    const list = await call('/chapters/RV1909:Jonah.1/verses.js?start=17&end=17', token);
    expect(list.status).toBe(404);
    expect(((await list.json()) as any).errors.error[0]).toMatch(/that text is Jonás 2:1/);
    // A verse beyond the chapter in this numbering (the edition prints Job 39:31-35 inside the
    // module's 39:30) is a 404 that says why, not an empty list.
    const job = await call('/RV1909/passages.js?q[]=Job+39:33', token);
    expect(job.status).toBe(404);
    expect(((await job.json()) as any).errors.error[0]).toBe(
      'RV1909 has no verse Job 39:33: chapter 39 has 30 verses in this version',
    );
    // Other versions are not affected.
    expect(
      (await passages('/KJV/passages.js?q[]=Jonah+1:17')).map((p) => [p.display, p.note]),
    ).toEqual([['Jonah 1:17', undefined]]);
  });

  it.skipIf(!HAS_WEB)(
    'answers 404 with the reason for a slot no verse holds (WEB Luke 17:36), and the verse resource too',
    async () => {
      const res = await call('/WEB/passages.js?q[]=Luke+17:36', token);
      expect(res.status).toBe(404);
      expect(((await res.json()) as any).errors.error[0]).toMatch(
        /^WEB has no verse Luke 17:36: Not in the WEB's critical text/,
      );
      const verse = await call('/verses/WEB:Luke.17.36.xml', token);
      expect(verse.status).toBe(404);
      expect(await verse.text()).toContain("Not in the WEB's critical text");
      // With another version that has it, the lookup answers that one.
      expect((await passages('/KJV,WEB/passages.js?q[]=Luke+17:36')).map((p) => p.version)).toEqual(
        ['KJV'],
      );
    },
  );

  it('reads a reference in Spanish when its language is clear, whatever the versions', async () => {
    expect((await passages('/KJV/passages.js?q[]=Juan+3:16')).map((p) => p.display)).toEqual([
      'John 3:16',
    ]);
    expect(
      (await passages('/KJV,RV1909/passages.js?q[]=Hechos+2:1')).map(
        (p) => `${p.display}/${p.version}`,
      ),
    ).toEqual(['Acts 2:1/KJV', 'Hechos 2:1/RV1909']);
    const redirect = await call('/search.xml?query=Juan+3:16&version=RV1909', token, {
      redirect: 'manual',
    });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('Location')).toBe('/RV1909/passages.xml?q[]=Juan+3%3A16');
  });

  it('finds accented words without the accent, and the other way round (amo finds amó)', async () => {
    const plain = await search('keyword=amo&version=RV1909&book=John');
    expect(hits(plain).map((v) => v.id)).toContain('RV1909:John.3.16');
    expect(highlighted(plain)).toContain('amó');
    const accented = await search('keyword=AM%C3%93&version=RV1909&book=John');
    expect(accented.summary.total).toBe(plain.summary.total);
  });

  it('ranks a hit whose accents match the query above one that matches only without them', async () => {
    // `amó` (he loved) and `amo` (I love) are different words that fold alike: each query finds
    // both (in John, nothing else has their stem), but lists its own word first.
    const ids = (r: any) => hits(r).map((v: any) => v.id.replace('RV1909:John.', ''));
    const AMO_ACCENTED = ['15.9', '3.16']; // sorted as strings, as the results below are
    const AMO_PLAIN = ['14.31', '21.15', '21.16', '21.17'];
    const accented = ids(await search('keyword=am%C3%B3&version=RV1909&book=John&limit=100'));
    const plain = ids(await search('keyword=amo&version=RV1909&book=John&limit=100'));
    expect(accented).toHaveLength(AMO_ACCENTED.length + AMO_PLAIN.length);
    expect(plain).toHaveLength(accented.length);
    expect(accented.slice(0, 2).sort()).toEqual(AMO_ACCENTED);
    expect(accented.slice(2, 6).sort()).toEqual(AMO_PLAIN);
    expect(plain.slice(0, 4).sort()).toEqual(AMO_PLAIN);
    expect(plain.slice(4, 6).sort()).toEqual(AMO_ACCENTED);
    // Upper case and a combining accent (o + U+0301) are the same form as `amó`.
    expect(ids(await search('keyword=AMO%CC%81&version=RV1909&book=John&limit=100'))).toEqual(
      accented,
    );
    // Over the whole version: every verse with `amó` comes before every verse without it.
    const whole = hits(await search('keyword=am%C3%B3&version=RV1909&limit=500'));
    const hasForm = whole.map((v: any) =>
      [...String(v.text).matchAll(/<em>([^<]+)<\/em>/g)].some((m) => m[1].toLowerCase() === 'amó'),
    );
    expect(hasForm.indexOf(false)).toBeGreaterThan(0);
    expect(hasForm.lastIndexOf(true)).toBeLessThan(hasForm.indexOf(false));
    expect(whole.map((v: any) => v.id)).toContain('RV1909:John.3.16');
  });

  it('ranks the form typed first, then that form with other accents, then the other forms of its stem', async () => {
    // `hablo` (I speak) over the whole version: `hablo`, then `habló` (he spoke), then verses with
    // only other forms of its stem (`hablar`, `hablaba`, `habla`…), each tier whole before the next.
    const all: any[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await search(`keyword=hablo&version=RV1909&limit=100&offset=${offset}`);
      all.push(...hits(page));
      if (offset + 100 >= Number(page.summary.total)) break;
    }
    const forms = (v: any) =>
      [...String(v.text).matchAll(/<em>([^<]+)<\/em>/g)].map((m) => m[1].toLowerCase());
    const tier = (v: any) =>
      forms(v).includes('hablo')
        ? 0
        : forms(v).some((f) => f.normalize('NFD').replace(/\p{M}/gu, '') === 'hablo')
          ? 1
          : 2;
    const tiers = all.map(tier);
    expect(new Set(tiers)).toEqual(new Set([0, 1, 2]));
    expect(tiers).toEqual([...tiers].sort((a, b) => a - b));
  });

  it('stems Spanish queries with the Spanish stemmer: hablaron finds habló and hablar', async () => {
    const result = await search('keyword=hablaron&version=RV1909&limit=100');
    const forms = highlighted(result);
    // The English stemmer leaves `hablaron`, `habló` and `hablar` apart; Snowball's Spanish one joins them.
    expect([...forms].filter((f) => f !== 'hablaron').length).toBeGreaterThan(0);
    expect([...forms].some((f) => f === 'habló' || f === 'hablar' || f === 'hablo')).toBe(true);
  });

  it('matches each language with its own stems only', async () => {
    // `loved` is English: it finds nothing in the Spanish text; `corazón` nothing in the English.
    expect((await search('keyword=loved&version=RV1909')).summary.total).toBe(0);
    expect((await search('keyword=coraz%C3%B3n&version=RV1909')).summary.total).toBeGreaterThan(0);
    expect((await search('keyword=coraz%C3%B3n&version=KJV')).summary.total).toBe(0);
    // Over several versions, each language contributes its own matches.
    const both = await search('keyword=Jes%C3%BAs&book=John&version=KJV,RV1909');
    const [kjv, rv] = [
      await search('keyword=Jes%C3%BAs&book=John&version=KJV'),
      await search('keyword=Jes%C3%BAs&book=John&version=RV1909'),
    ];
    expect(Number(kjv.summary.total)).toBeGreaterThan(0);
    expect(Number(rv.summary.total)).toBeGreaterThan(0);
    expect(Number(both.summary.total)).toBe(Number(kjv.summary.total) + Number(rv.summary.total));
    // The form typed, with its accent, first: the Spanish verses lead.
    expect(hits(both)[0].id).toMatch(/^RV1909:/);
  });

  it('suggests Spanish spellings for the Spanish version', async () => {
    const result = await search('keyword=corazom&version=RV1909&spelling=yes');
    expect(result.summary.total).toBe(0);
    // Suggested as printed, with its accent, though typed without one.
    expect(list(result.spelling.suggestion)).toContain('corazón');
    expect(list(result.spelling.suggestion)).not.toContain('corazon');
    const english = await search('keyword=corazom&version=KJV&spelling=yes');
    expect(list(english.spelling?.suggestion)).not.toContain('corazón');
    // A misspelt word whose first letter carries an accent finds its words under the plain letter.
    const angel = await search('keyword=%C3%A1ngeel&version=RV1909&spelling=yes');
    expect(list(angel.spelling.suggestion)).toContain('ángel');
  });

  it('leaves the slots of its Spanish numbering empty: Jonah 1 ends at verse 16, the fish is Jonás 2:1', async () => {
    const chapter = (await getJson('/chapters/RV1909:Jonah.1.js', token)).body.chapters.chapter[0];
    expect(chapter.osis_end).toBe('RV1909:Jonah.1.16');
    expect((await call('/verses/RV1909:Jonah.1.17.js', token)).status).toBe(404);
    const fish = (await getJson('/verses/RV1909:Jonah.2.1.js', token)).body.verses.verse[0];
    expect(fish.text).toContain('un gran pez');
  });

  it('follows annotations across the numbering (data/versification-map.json)', async () => {
    const reader = await newUser();
    await createNote(reader.token, {
      title: 'the great fish',
      references: [{ start: 'KJV:Jonah.1.17', end: 'KJV:Jonah.1.17' }],
    });
    await createNote(reader.token, {
      title: 'salvation',
      references: [{ start: 'RV1909:Jonah.2.10', end: 'RV1909:Jonah.2.10' }],
    });
    const spanish = (await (
      await call('/chapters/RV1909:Jonah.2/annotations.js', reader.token)
    ).json()) as any;
    expect(
      spanish.annotations.annotation.map((a: any) => [a.written_in, a.note.title, a.verses.verse]),
    ).toEqual([
      ['KJV', 'the great fish', [1]],
      ['RV1909', 'salvation', [10]],
    ]);
    const english = (await (
      await call('/chapters/KJV:Jonah.2/annotations.js', reader.token)
    ).json()) as any;
    // RV 2:10 holds the KJV's 2:9-10; the KJV's 1:17 is not in chapter 2 of the KJV.
    expect(english.annotations.annotation.map((a: any) => [a.written_in, a.verses.verse])).toEqual([
      ['RV1909', [9, 10]],
    ]);
    const kjvOne = (await (
      await call('/chapters/KJV:Jonah.1/annotations.js', reader.token)
    ).json()) as any;
    expect(kjvOne.annotations.annotation.map((a: any) => [a.note.title, a.verses.verse])).toEqual([
      ['the great fish', [17]],
    ]);
  });
});
