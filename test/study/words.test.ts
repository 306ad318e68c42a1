import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { getJson, getXml, newUser } from '../support/http';

/**
 * The words of a verse and of a chapter, from the snapshot the real build made of
 * the Debian package bibledit-cloud-data (CI installs it; without it the suite is skipped).
 */
let token: string;

describe.skipIf(!env.TEST_HAS_STUDY)('words of a verse and a chapter', () => {
  beforeAll(async () => {
    ({ token } = await newUser('words'));
  });

  it('gives each KJV Old Testament word with its Strong’s numbers, headwords and the Hebrew verb’s tense', async () => {
    const { res, body } = await getJson('/verses/KJV:Jonah.1.1/words.js', token);
    expect(res.status).toBe(200);
    const [verse] = body.words.verse;
    expect(verse.id).toBe('KJV:Jonah.1.1');
    const words = verse.word;
    expect(words[0]).toMatchObject({
      position: 1,
      text: 'Now the word',
      strongs: [{ id: 'H1697', path: '/strongs/H1697' }],
    });
    expect(words[0].strongs[0].word).toMatch(/^[\u0590-\u05FF]+$/);
    const saying = words.find((w: any) => w.text === 'saying');
    expect(saying.strongs.map((s: any) => s.id)).toEqual(['H559']);
    expect(saying.morph[0]).toMatchObject({ scheme: 'strongMorph', code: 'TH8800' });
    expect(saying.morph[0].text).toMatch(/qal/i);
    expect(saying.morph[0].text).toMatch(/infinitive/i);
    // The words and what follows them give back the verse.
    expect(
      words
        .map((w: any) => w.text + w.after)
        .join('')
        .trim(),
    ).toBe('Now the word of the LORD came unto Jonah the son of Amittai, saying,');
    expect(body.words.copyright).toContain('Public domain');
    // The Strong's numbers, morphology and Greek words are CrossWire's tagging, credited as the TR's source is.
    expect(body.words.copyright).toMatch(/CrossWire's tagged King James Version/);
  });

  it('gives a KJV New Testament word the Greek words it renders, in the Greek order, with their parsing', async () => {
    const { body } = await getJson('/verses/KJV:John.3.16/words.js', token);
    const loved = body.words.verse[0].word.find((w: any) => w.text === 'loved');
    expect(loved.strongs.map((s: any) => s.id)).toEqual(['G25']);
    expect(loved.original).toHaveLength(1);
    expect(loved.original[0]).toMatchObject({
      position: 3,
      text: 'ηγαπησεν',
      strongs: { id: 'G25' },
    });
    expect(loved.original[0].morph[0]).toMatchObject({ scheme: 'robinson', code: 'V-AAI-3S' });
    expect(loved.original[0].morph[0].text).toMatch(/aorist/);
    // A Greek word the KJV leaves untranslated is a word with no English text.
    expect(body.words.verse[0].word.some((w: any) => w.text === '' && w.original?.length)).toBe(
      true,
    );
  });

  it('gives the Hebrew and the Greek versions’ own words with lemma and morphology', async () => {
    const hebrew = (await getJson('/verses/WLC:Jonah.1.1/words.js', token)).body.words.verse[0]
      .word;
    expect(hebrew[0].strongs[0].id).toBe('H1961');
    expect(hebrew[0].lemma[0]).toBe('c/1961');
    expect(hebrew[0].morph[0]).toMatchObject({ scheme: 'oshb', code: 'HC/Vqw3ms' });
    expect(hebrew[0].morph[0].text).toMatch(/conjunction.*qal sequential imperfect/);
    expect(hebrew[1].after).toBe('־');
    const greek = (await getJson('/verses/TR:3John.1.1/words.js', token)).body.words.verse[0].word;
    expect(greek.slice(0, 3).map((w: any) => w.text)).toEqual(['ο', 'πρεσβυτερος', 'γαιω']);
    expect(greek.find((w: any) => w.text === 'αγαπω').strongs[0].id).toBe('G25');
  });

  it('lists every verse of a chapter with its words, in XML too', async () => {
    const { body } = await getJson('/chapters/KJV:John.3/words.js', token);
    expect(body.words.verse.map((v: any) => v.id)).toEqual(
      Array.from({ length: 36 }, (_, i) => `KJV:John.3.${i + 1}`),
    );
    const xml = await getXml('/chapters/KJV:John.3/words.xml', token);
    expect(xml.res.status).toBe(200);
    expect(xml.text).toContain('<strongs id="G25">');
  });

  it('opens verse 1 of a Psalm with the tagged words of its title, each marked title', async () => {
    const { body } = await getJson('/verses/KJV:Ps.3.1/words.js', token);
    const words = body.words.verse[0].word;
    const title = words.filter((w: any) => w.title === 'true');
    // The title's words come first, in order, then the verse's own, none of them marked.
    expect(title.length).toBeGreaterThan(0);
    expect(words.slice(0, title.length)).toEqual(title);
    expect(words.slice(title.length).some((w: any) => 'title' in w)).toBe(false);
    expect(words.map((w: any) => w.position)).toEqual(words.map((_: any, i: number) => i + 1));
    // Psalm 3's title names Absalom (H53), whom the verse does not.
    const absalom = title.find((w: any) => w.text === 'Absalom');
    expect(absalom.strongs.map((s: any) => s.id)).toEqual(['H53']);
    // Read in order, the title and then the verse: the title ends apart from the verse.
    const joined = words.map((w: any) => w.text + w.after).join('');
    const titleText = title.map((w: any) => w.text + w.after).join('');
    expect(titleText).toMatch(/Absalom his son\. $/);
    expect(joined.startsWith(titleText)).toBe(true);
    // The chapter's words say the same, and verse 2 has no title.
    const chapter = (await getJson('/chapters/KJV:Ps.3/words.js', token)).body.words.verse;
    expect(chapter[0].word).toEqual(words);
    expect(chapter[1].word.some((w: any) => 'title' in w)).toBe(false);
    const xml = await getXml('/verses/KJV:Ps.3.1/words.xml', token);
    expect(xml.text).toContain('<text>Absalom</text>');
    expect(xml.text).toContain('<title>true</title>');
  });

  it('writes the divine names in capitals where the KJV prints small capitals, as its text does', async () => {
    // Every word printed in capitals (LORD, GOD, LORD'S), verse by verse (a Psalm's title
    // included), as the served text has it.
    const capitals = (text: string) => text.match(/\b\p{Lu}[\p{Lu}'’]*\p{Lu}\b/gu) ?? [];
    for (const chapter of ['KJV:Jonah.1', 'KJV:Mal.1', 'KJV:Ps.3', 'KJV:Ps.36']) {
      const words = (await getJson(`/chapters/${chapter}/words.js`, token)).body.words.verse;
      const text = (await getJson(`/chapters/${chapter}/verses.js`, token)).body.verses.verse;
      expect(words.length, chapter).toBe(text.length);
      words.forEach((v: any, i: number) => {
        expect(capitals(v.word.map((w: any) => w.text).join(' ')), v.id).toEqual(
          capitals(text[i].text.replace(/<[^>]*>/g, ' ')),
        );
      });
    }
    const lord = (await getJson('/verses/KJV:Jonah.1.9/words.js', token)).body.words.verse[0].word;
    expect(lord.find((w: any) => w.strongs[0]?.id === 'H3068').text).toMatch(/\bLORD\b/);
  });

  it('answers 404 with the reason for a version without tagged words and for an unknown verse', async () => {
    const asv = await getJson('/verses/ASV:John.3.16/words.js', token);
    expect(asv.res.status).toBe(404);
    expect(asv.body.errors.error[0]).toMatch(
      /ASV has no tagged words; these versions have: KJV, WLC, TR/,
    );
    expect((await getJson('/verses/KJV:John.3.99/words.js', token)).res.status).toBe(404);
    expect((await getJson('/chapters/KJV:John.99/words.js', token)).res.status).toBe(404);
  });
});
