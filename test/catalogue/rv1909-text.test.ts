/**
 * What the RV1909 source writes inside verses but is not verse text, and the words it splits:
 * Psalm titles and Psalm 119 headings are the verse's title as the KJV's are (the
 * API's text, the reading page, keyword search), the subscriptions of the epistles are dropped as
 * the KJV's are, and data/source-fixes.json joins the split words. Each test fails without the
 * build's handling (scripts/snapshot/apart.ts, importers/osis.ts, the source fixes).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { list } from '../support/annotations';
import { call, getJson, getXml, HAS_RV1909, newUser } from '../support/http';

let token: string;
beforeAll(async () => {
  token = (await newUser()).token;
});

const verseHtml = async (id: string): Promise<string> =>
  (await getJson(`/verses/${id}.js`, token)).body.verses.verse[0].text;
const hits = async (query: string): Promise<{ id: string; text: string }[]> => {
  const { res, body } = await getJson(`/verses.js?${query}`, token);
  expect(res.status).toBe(200);
  return list(body.search.result.verses?.verse).map((v: any) => ({ id: v.id, text: v.text }));
};
/** A title, then the verse span with its number: the markup of every Psalm title (docs/kv-layout.md). */
const titled = (cls: string, n: number, title: string, text: string) =>
  new RegExp(
    `^<span class="title">${title}</span><span class="${cls}"><sup class="${cls}">${n}</sup>${text}`,
  );

describe.skipIf(!HAS_RV1909)('RV1909: Psalm titles are titles, as in the KJV', () => {
  it('sets the title of Psalm 3 apart from the text of verse 1, in JSON and XML', async () => {
    const spanish = titled(
      'v19_3_1',
      1,
      'Salmo de David, cuando huía de delante de Absalom su hijo\\.',
      '¡OH Jehová, cuánto',
    );
    expect(await verseHtml('RV1909:Ps.3.1')).toMatch(spanish);
    const { res, body } = await getXml('/verses/RV1909:Ps.3.1.xml', token);
    expect(res.status).toBe(200);
    expect(body.verses.verse.text).toMatch(spanish);
    // The KJV's title of the same Psalm, in the same markup.
    expect(await verseHtml('KJV:Ps.3.1')).toMatch(
      titled('v19_3_1', 1, 'A Psalm of David, when he fled from Absalom his son\\.', 'LORD, how'),
    );
  });

  it('takes every title that stands before the opening capitals, "Aleluya." included (data/psalm-titles.json)', async () => {
    expect(await verseHtml('RV1909:Ps.23.1')).toMatch(
      titled('v19_23_1', 1, 'Salmo de David\\.', 'JEHOVÁ es mi pastor'),
    );
    expect(await verseHtml('RV1909:Ps.54.1')).toMatch(
      titled(
        'v19_54_1',
        1,
        'Al Músico principal: [^<]+ ¿No está David escondido en nuestra tierra\\?',
        'OH Dios',
      ),
    );
    expect(await verseHtml('RV1909:Ps.111.1')).toMatch(
      titled('v19_111_1', 1, 'Aleluya\\.', 'ALABARÉ'),
    );
    // No title where the chapter opens in capitals: Psalm 1, and Psalm 106's "ALELUYA." is text.
    expect(await verseHtml('RV1909:Ps.1.1')).toMatch(
      /^<span class="v19_1_1"><sup class="v19_1_1">1<\/sup>BIENAVENTURADO/,
    );
    expect(await verseHtml('RV1909:Ps.106.1')).toMatch(
      /^<span class="v19_106_1"><sup class="v19_106_1">1<\/sup>ALELUYA\. Alabad/,
    );
  });

  it('makes the 22 acrostic headings of Psalm 119 titles', async () => {
    const verses = list(
      (await getJson('/chapters/RV1909:Ps.119/verses.js', token)).body.verses.verse,
    );
    const headed = verses
      .filter((v: any) => v.text.startsWith('<span class="title">'))
      .map((v: any) => Number(v.id.split('.').pop()));
    expect(headed).toEqual(Array.from({ length: 22 }, (_, k) => 8 * k + 1));
    expect(verses[0].text).toMatch(titled('v19_119_1', 1, 'ALEPH\\.', 'BIENAVENTURADOS'));
    expect(verses[8].text).toMatch(titled('v19_119_9', 9, 'BETH', '¿Con qué'));
  });

  it('shows the title as a title on the reading pages', async () => {
    for (const path of ['/chapters/RV1909:Ps.3', '/verses/RV1909:Ps.3.1']) {
      const res = await call(path, token);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(
        '<span class="title">Salmo de David, cuando huía de delante de Absalom su hijo.</span><span class="v19_3_1"><sup class="v19_3_1">1</sup>¡OH Jehová',
      );
    }
  });

  it('finds title words in keyword search and highlights them inside the title, as in the KJV', async () => {
    const spanish = (await hits('keyword=Absalom&version=RV1909&book=Ps')).find(
      (h) => h.id === 'RV1909:Ps.3.1',
    );
    expect(spanish?.text).toMatch(
      /^<span class="title">Salmo de David, cuando huía de delante de <em>Absalom<\/em> su hijo\.<\/span><span class="v19_3_1">/,
    );
    const english = (await hits('keyword=Absalom&version=KJV&book=Ps')).find(
      (h) => h.id === 'KJV:Ps.3.1',
    );
    expect(english?.text).toMatch(
      /^<span class="title">A Psalm of David, when he fled from <em>Absalom<\/em> his son\.<\/span><span class="v19_3_1">/,
    );
  });
});

describe.skipIf(!HAS_RV1909)('RV1909: the subscriptions of the epistles are not verse text', () => {
  it.each([
    ['Rom.16.27', 'v45_16_27', 'sea gloria por Jesucristo para siempre. Amén.'],
    ['1Cor.16.24', 'v46_16_24', 'sea con todos vosotros. Amén.'],
  ])('ends %s with its text, as the KJV does', async (id, cls, end) => {
    const html = await verseHtml(`RV1909:${id}`);
    expect(html).toMatch(new RegExp(`^<span class="${cls}">.*${end}</span>$`));
    expect(html).not.toMatch(/escrita|enviada/i);
    expect(await verseHtml(`KJV:${id}`)).toMatch(/Amen\.<\/span>$/);
  });
});

describe.skipIf(!HAS_RV1909)('RV1909: words the source splits in two', () => {
  it('reads the two transcription errors corrected (data/source-fixes.json)', async () => {
    const deut = await verseHtml('RV1909:Deut.3.14');
    expect(deut).toContain('hasta el término de Gessuri y Machâti;');
    expect(deut).not.toContain('Gessur i');
    const isa = await verseHtml('RV1909:Isa.48.5');
    expect(isa).toMatch(/<sup class="v23_48_5">5<\/sup>Díjetelo ya días há;/);
    expect(isa).not.toContain('Díjete lo');
  });

  it('keeps a supplied enclitic pronoun joined to its verb, and finds the whole word', async () => {
    expect(await verseHtml('RV1909:Gen.19.12')).toContain(
      'sáca<span class="add">lo</span> de este lugar',
    );
    expect(await verseHtml('RV1909:Gen.25.33')).toContain(
      'Júrame<span class="add">lo</span> en este día',
    );
    const found = await hits('keyword=J%C3%BAramelo&version=RV1909&book=Gen');
    expect(found.map((h) => h.id)).toContain('RV1909:Gen.25.33');
  });
});
