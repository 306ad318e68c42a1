import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { getJson, getXml, newUser } from '../support/http';

/**
 * The words of a verse and of a chapter (issue 21 §1), from the snapshot the real build made of
 * the Debian package bibledit-cloud-data (CI installs it; without it the suite is skipped).
 */
let token: string;

describe.skipIf(!env.TEST_HAS_STUDY)('words of a verse and a chapter (issue 21 §1)', () => {
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
    ).toBe('Now the word of the Lord came unto Jonah the son of Amittai, saying,');
    expect(body.words.copyright).toContain('Public domain');
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
