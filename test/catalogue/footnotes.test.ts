import { beforeAll, describe, expect, it } from 'vitest';
import { call, getJson, HAS_RV1909, HAS_WEB, newUser } from '../support/http';

/** The translators' notes (docs/footnotes.md), from the fixture's real build. */
let token: string;

interface Note {
  title?: 'true';
  offset: number;
  anchor: string;
  kind?: string;
  text: string;
}
interface VerseNotes {
  id: string;
  name: string;
  path: string;
  note: Note[];
}

async function footnotes(path: string): Promise<any> {
  const { res, body } = await getJson(path, token);
  expect(res.status, path).toBe(200);
  return body.footnotes;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/** A verse's words as the notes count them: its text without the title, the number and markup. */
async function words(id: string): Promise<{ text: string; title: string }> {
  const { body } = await getJson(`/verses/${id}.js`, token);
  const html: string = body.verses.verse[0].text;
  const plain = (h: string) =>
    h.replace(/<[^>]+>/g, '').replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ENTITIES[e]!);
  const title = /<span class="title">(.*?)<\/span>/.exec(html)?.[1] ?? '';
  const text = html
    .replace(/<span class="title">.*?<\/span>/, '')
    .replace(/<sup[^>]*>.*?<\/sup>/, '');
  return { text: plain(text), title: plain(title) };
}

/** The note's words end where its offset says (the source's own words for an elided anchor). */
async function expectAtItsWords(verseId: string, n: Note) {
  const w = await words(verseId);
  const before = [...(n.title ? w.title : w.text)].slice(0, n.offset).join('');
  const last = n.anchor.replace(/…$/, '').split(/[ …]+/).pop()!;
  expect(before.toLowerCase(), `${verseId} "${n.anchor}"`).toMatch(
    new RegExp(`${last.toLowerCase().replace(/[’']/g, "['’]")}\\W*$`),
  );
}

describe('translators’ notes', () => {
  beforeAll(async () => {
    ({ token } = await newUser('footnotes'));
  });

  it("places the KJV's margin notes at their words, with their kind", async () => {
    const doc = await footnotes('/verses/KJV:Gen.1.11/footnotes.js');
    expect(doc.version).toBe('KJV');
    expect(doc.copyright).toMatch(/margin notes.*engKJV2006eb.*sword-text-kjv/);
    expect(doc.verse).toHaveLength(1);
    const verse: VerseNotes = doc.verse[0];
    expect(verse).toMatchObject({ id: 'KJV:Gen.1.11', name: 'Genesis 1:11' });
    expect(verse.note).toEqual([
      { offset: 45, anchor: 'grass', kind: 'literal', text: 'Heb. tender grass' },
    ]);
    const w = await words('KJV:Gen.1.11');
    expect(w.text.slice(0, 45)).toBe('And God said, Let the earth bring forth grass');
    expect(doc.summary).toEqual({ verses: 1, total: 1, in_version: 6957 });
  });

  it('gives every note of a chapter from one request, each at its words', async () => {
    const doc = await footnotes('/chapters/KJV:Gen.1/footnotes.js');
    expect(doc.chapter).toMatchObject({ id: 'KJV:Gen.1', path: '/chapters/KJV:Gen.1' });
    const verses: VerseNotes[] = doc.verse;
    expect(verses.length).toBeGreaterThan(10);
    expect(doc.summary.total).toBe(verses.reduce((n, v) => n + v.note.length, 0));
    for (const v of verses) for (const n of v.note) await expectAtItsWords(v.id, n);
    // An elided anchor ("the light from…") is placed after the words the source names.
    const v4 = verses.find((v) => v.id === 'KJV:Gen.1.4')!;
    expect(v4.note[0]).toMatchObject({ anchor: 'the light from…', kind: 'literal' });
  });

  it('places a note on the occurrence of its words it is on', async () => {
    // Gen 27:3 says "take" twice; the margin's Heb. hunt is on the second ("take me some
    // venison"), which data/margin-anchors.json names: the first free occurrence would be wrong.
    const doc = await footnotes('/verses/KJV:Gen.27.3/footnotes.js');
    const note: Note = doc.verse[0].note[0];
    expect(note).toMatchObject({ anchor: 'take', kind: 'literal', text: 'Heb. hunt' });
    const w = await words('KJV:Gen.27.3');
    expect(w.text.slice(0, note.offset)).toMatch(/field, and take$/);
  });

  it("places a note on a Psalm's title in the title", async () => {
    const doc = await footnotes('/verses/KJV:Ps.12.1/footnotes.js');
    const note: Note = doc.verse[0].note[0];
    expect(note).toMatchObject({ title: 'true', anchor: 'upon…', kind: 'alternative' });
    expect((await words('KJV:Ps.12.1')).title.slice(0, note.offset)).toBe(
      'To the chief Musician upon',
    );
    await expectAtItsWords('KJV:Ps.12.1', note);
  });

  it('answers a verse or chapter without notes with an empty list', async () => {
    const verse = await footnotes('/verses/KJV:Gen.1.1/footnotes.js');
    expect(verse.verse).toEqual([]);
    expect(verse.summary).toEqual({ verses: 0, total: 0, in_version: 6957 });
    const chapter = await footnotes('/chapters/KJV:John.3/footnotes.js');
    expect(chapter.verse).toEqual([]);
  });

  it.skipIf(!HAS_WEB)("gives the WEB's own footnotes at the word they follow", async () => {
    const doc = await footnotes('/chapters/WEB:John.3/footnotes.js');
    expect(doc.copyright).toMatch(/World English Bible.*sword-text-web/);
    expect(doc.summary.in_version).toBe(2209);
    const v3: VerseNotes = doc.verse.find((v: VerseNotes) => v.id === 'WEB:John.3.3');
    expect(v3.note[0]).toMatchObject({ anchor: 'anew' });
    expect(v3.note[0]!.text).toMatch(/ἄνωθεν/);
    for (const v of doc.verse as VerseNotes[])
      for (const n of v.note) await expectAtItsWords(v.id, n);
  });

  it.skipIf(!HAS_WEB)(
    'answers a slot the version leaves empty with the note that says why',
    async () => {
      const doc = await footnotes('/verses/WEB:Luke.17.36/footnotes.js');
      expect(doc.verse[0]).toMatchObject({ id: 'WEB:Luke.17.36' });
      expect(doc.verse[0].note).toEqual([
        {
          offset: 0,
          anchor: '',
          kind: 'textual',
          text: expect.stringMatching(/^Some Greek manuscripts add/),
        },
      ]);
      // The slot itself is still no verse.
      expect((await call(`/verses/WEB:Luke.17.36.js`, token)).status).toBe(404);
    },
  );

  it('gives kinds only from the source’s own words', async () => {
    const doc = await footnotes('/chapters/KJV:Ps.12/footnotes.js');
    for (const v of doc.verse as VerseNotes[])
      for (const n of v.note) {
        if (/^Heb\. /.test(n.text)) expect(n.kind).toBe('literal');
        else if (/^or, /.test(n.text)) expect(n.kind).toBe('alternative');
      }
  });

  it('serves XML with the note text as CDATA', async () => {
    const res = await call('/verses/KJV:Gen.1.11/footnotes.xml', token);
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toMatch(/<footnotes>/);
    expect(xml).toMatch(
      /<note><offset>45<\/offset><anchor>grass<\/anchor><kind>literal<\/kind><text><!\[CDATA\[Heb\. tender grass\]\]><\/text><\/note>/,
    );
  });

  it.skipIf(!HAS_RV1909)(
    'answers a version without notes with a 404 naming those that have them',
    async () => {
      const res = await call('/verses/RV1909:John.3.16/footnotes.xml', token);
      expect(res.status).toBe(404);
      const xml = await res.text();
      expect(xml).toMatch(/has no translators' notes.*versions with notes: KJV/);
      const js = await call('/chapters/RV1909:John.3/footnotes.js', token);
      expect(js.status).toBe(404);
      expect(((await js.json()) as any).errors.error[0]).toMatch(
        /RV1909 has no translators' notes/,
      );
    },
  );

  it('answers unknown and malformed ids with a 404 in the requested format', async () => {
    for (const path of [
      '/verses/KJV:John.3.99/footnotes.js',
      '/verses/KJV:John.3/footnotes.js',
      '/verses/NOPE:John.3.16/footnotes.js',
      '/chapters/KJV:John.99/footnotes.js',
      '/chapters/KJV:Nope.1/footnotes.js',
    ]) {
      const res = await call(path, token);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/json|javascript/);
    }
    const xml = await call('/verses/KJV:John.3.99/footnotes.xml', token);
    expect(xml.status).toBe(404);
    expect(await xml.text()).toMatch(/^<\?xml/);
  });

  it('leaves the v1 version resource as it was', async () => {
    const { body } = await getJson('/versions/KJV.js', token);
    expect(Object.keys(body.versions.version[0])).not.toContain('footnotes');
    expect(Object.keys(body.versions.version[0])).toContain('copyright');
  });
});
