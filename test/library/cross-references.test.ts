import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getJson, getXml, HAS_RV1909, HAS_STUDY, newUser } from '../support/http';

/** The cross-references (docs/library.md "Cross-references"), from the fixture's real build. */
let token: string;

interface Reference {
  id: string;
  name: string;
  path: string;
  both_ways?: 'true';
  cited_with: number;
  text?: string;
}
interface VerseList {
  id: string;
  name: string;
  path: string;
  reference: Reference[];
}

async function list(path: string): Promise<any> {
  const { res, body } = await getJson(path, token);
  expect(res.status, path).toBe(200);
  return body.cross_references;
}

/** The KJV's canonical order, as the catalogue gives it: book ord, chapter, verse. */
let kjvOrd: Map<string, number>;
const canonical = (id: string) => {
  const [, book, c, v] = /^[^:]+:([^.]+)\.(\d+)\.(\d+)$/.exec(id)!;
  return kjvOrd.get(book!)! * 1_000_000 + Number(c) * 1_000 + Number(v);
};

describe.skipIf(!env.TEST_HAS_LIBRARY)('cross-references', () => {
  beforeAll(async () => {
    ({ token } = await newUser('xref'));
    const books = (await getJson('/versions/KJV/books.js', token)).body.books.book as {
      id: string;
      ord: number;
    }[];
    kjvOrd = new Map(books.map((b) => [b.id.split(':')[1]!, b.ord]));
  });

  it("gives a verse the Treasury's references, each once, never the verse itself", async () => {
    const doc = await list('/verses/KJV:John.3.16/cross-references.js');
    expect(doc.source).toBe('TSK');
    expect(doc.basis).toMatch(/Treasury of Scripture Knowledge/);
    expect(doc.copyright).toMatch(/@texttree\/bible-crossref 0\.0\.5.*MIT/);
    expect(doc.verse).toHaveLength(1);
    const verse: VerseList = doc.verse[0];
    expect(verse).toMatchObject({
      id: 'KJV:John.3.16',
      name: 'John 3:16',
      path: '/verses/KJV:John.3.16',
    });
    const ids = verse.reference.map((r) => r.id);
    // The Treasury's list for John 3:16 (the package's 23, none repeated, not itself).
    expect(ids).toHaveLength(23);
    expect(new Set(ids).size).toBe(23);
    for (const id of ['KJV:Gen.22.12', 'KJV:John.1.14', 'KJV:Rom.5.8', 'KJV:1John.4.9'])
      expect(ids).toContain(id);
    expect(ids).not.toContain('KJV:John.3.16');
    expect(verse.reference[0]).toMatchObject({
      name: expect.any(String),
      path: `/verses/${ids[0]}`,
    });
    expect(doc.summary).toEqual({ verses: 1, total: 23 });
    expect(verse.reference.every((r) => r.text === undefined)).toBe(true);
  });

  it('orders each list as documented: both ways, then cited together (most first), then canonical', async () => {
    const doc = await list('/chapters/KJV:John.3/cross-references.js');
    expect(doc.order).toMatch(/both ways first/);
    let checked = 0;
    for (const v of doc.verse as VerseList[]) {
      const keys = v.reference.map((r) => [r.both_ways ? 0 : 1, -r.cited_with, canonical(r.id)]);
      const sorted = [...keys].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!);
      expect(keys).toEqual(sorted);
      checked += keys.length;
    }
    expect(checked).toBeGreaterThan(300);
    // Both groups and cited-together counts occur (else the order would not be tested).
    const all = (doc.verse as VerseList[]).flatMap((v) => v.reference);
    expect(all.some((r) => r.both_ways)).toBe(true);
    expect(all.some((r) => !r.both_ways)).toBe(true);
    expect(all.some((r) => r.cited_with > 0)).toBe(true);
  });

  it('marks a reference as pointing both ways exactly when the target lists the verse', async () => {
    const doc = await list('/chapters/KJV:John.3/cross-references.js');
    const byId = new Map<string, string[]>();
    const lists = async (chapter: string) => {
      const c = await list(`/chapters/${chapter}/cross-references.js`);
      for (const v of c.verse as VerseList[])
        byId.set(
          v.id,
          v.reference.map((r) => r.id),
        );
    };
    await lists('KJV:John.3');
    let checked = 0;
    for (const v of doc.verse as VerseList[])
      for (const r of v.reference) {
        if (!r.id.startsWith('KJV:John.')) continue;
        const chapter = r.id.replace(/\.\d+$/, '');
        if (![...byId.keys()].some((k) => k.startsWith(`${chapter}.`))) await lists(chapter);
        expect(Boolean(r.both_ways)).toBe((byId.get(r.id) ?? []).includes(v.id));
        checked++;
      }
    expect(checked).toBeGreaterThan(20);
  });

  it("gives a chapter every verse's list, the same as each verse's own", async () => {
    const doc = await list('/chapters/KJV:John.3/cross-references.js');
    expect(doc.chapter).toEqual({
      path: '/chapters/KJV:John.3',
      name: 'John 3',
      id: 'KJV:John.3',
    });
    expect(doc.verse).toHaveLength(36);
    expect(doc.summary.verses).toBe(36);
    expect(doc.summary.total).toBe(
      (doc.verse as VerseList[]).reduce((n, v) => n + v.reference.length, 0),
    );
    for (const n of [1, 16, 36]) {
      const own = await list(`/verses/KJV:John.3.${n}/cross-references.js`);
      expect(doc.verse[n - 1]).toEqual(own.verse[0]);
    }
  });

  it('adds the targets’ text on request, within its bound, as /verses gives it', async () => {
    const doc = await list('/verses/KJV:John.3.16/cross-references.js?include=text');
    const refs: Reference[] = doc.verse[0].reference;
    const withText = refs.filter((r) => r.text !== undefined);
    expect(doc.summary.texts).toBe(withText.length);
    expect(doc.summary.text_limit).toBe(40);
    // The fixture holds John, so every target there has its text; outside it there is none to read.
    const inJohn = refs.filter((r) => r.id.startsWith('KJV:John.'));
    expect(inJohn.length).toBeGreaterThan(2);
    for (const r of inJohn) {
      expect(r.text).toBeDefined();
      const verse = (await getJson(`${r.path}.js`, token)).body.verses.verse[0];
      expect(r.text).toBe(verse.text);
    }
    // A chapter: at most 40, the head of each verse's list first.
    const chapter = await list('/chapters/KJV:John.3/cross-references.js?include=text');
    expect(chapter.summary.texts).toBeLessThanOrEqual(40);
    const texts = (chapter.verse as VerseList[]).flatMap((v) =>
      v.reference.filter((r) => r.text !== undefined),
    );
    expect(texts.length).toBe(chapter.summary.texts);
    expect(texts.length).toBeGreaterThan(0);
  });

  it('answers in XML with the same lists', async () => {
    const { text, res } = await getXml('/verses/KJV:John.3.16/cross-references.xml', token);
    expect(res.status).toBe(200);
    expect(text).toMatch(/^<\?xml[^>]*\?>\n<cross_references><source>TSK<\/source>/);
    expect(text).toContain('<verse id="KJV:John.3.16">');
    expect(text).toMatch(/<reference id="KJV:[^"]+"><id>KJV:/);
  });

  it.skipIf(!HAS_RV1909)(
    'gives a verse of another numbering the references of the KJV slot it holds, in its own verses',
    async () => {
      // RV1909 Jonah 2:1 holds the KJV's Jonah 1:17.
      const rv = (await list('/verses/RV1909:Jonah.2.1/cross-references.js')).verse[0];
      const kjv = (await list('/verses/KJV:Jonah.1.17/cross-references.js')).verse[0];
      expect(rv.id).toBe('RV1909:Jonah.2.1');
      expect(rv.reference.length).toBe(kjv.reference.length);
      expect(rv.reference.map((r: Reference) => r.id.split(':')[0])).toEqual(
        rv.reference.map(() => 'RV1909'),
      );
      expect(rv.reference.map((r: Reference) => r.cited_with)).toEqual(
        kjv.reference.map((r: Reference) => r.cited_with),
      );
      // KJV Matthew 12:40 is the RV1909's Matthew 12:40.
      expect(rv.reference.map((r: Reference) => r.id)).toContain('RV1909:Matt.12.40');
    },
  );

  it.skipIf(!HAS_RV1909)(
    'links a target numbered otherwise in the reader’s version by that version’s own number',
    async () => {
      // RV1909 Jonah 2:10 holds the KJV's Jonah 2:9-10; the KJV's 2:10 cites its Jonah 1:17, the
      // RV1909's Jonah 2:1 (data/versification-map.json). The link is the RV1909's own number.
      const rv = (await list('/verses/RV1909:Jonah.2.10/cross-references.js')).verse[0];
      const ids = rv.reference.map((r: Reference) => r.id);
      expect(ids).toContain('RV1909:Jonah.2.1');
      expect(ids).not.toContain('RV1909:Jonah.1.17');
      const jonah = rv.reference.find((r: Reference) => r.id === 'RV1909:Jonah.2.1');
      expect(jonah.path).toBe('/verses/RV1909:Jonah.2.1');
    },
  );

  it.skipIf(!HAS_STUDY)(
    'keeps the KJV link for a book the version lacks (the WLC has no New Testament)',
    async () => {
      const wlc = (await list('/verses/WLC:Jonah.2.1/cross-references.js')).verse[0];
      const ids = wlc.reference.map((r: Reference) => r.id);
      expect(ids).toContain('KJV:Matt.12.40');
      expect(ids.some((id: string) => id.startsWith('WLC:'))).toBe(true);
    },
  );

  describe.skipIf(!HAS_STUDY)('in the WLC, through the Hebrew numbering', () => {
    const ids = (v: VerseList) => v.reference.map((r) => r.id);

    it("lists the references of the KJV verses a Hebrew verse holds (Isa 63:19 and the KJV's 64:1)", async () => {
      // The Hebrew 63:19 is the KJV's 63:19 and, in its second half, the KJV's 64:1.
      const kjv63 = ids((await list('/verses/KJV:Isa.63.19/cross-references.js')).verse[0]);
      const kjv64 = ids((await list('/verses/KJV:Isa.64.1/cross-references.js')).verse[0]);
      const wlc: VerseList = (await list('/verses/WLC:Isa.63.19/cross-references.js')).verse[0];
      expect(kjv63).toEqual(expect.arrayContaining(['KJV:Deut.28.10', 'KJV:Eph.2.12']));
      expect(kjv64).toContain('KJV:Exod.19.18');
      // Both lists, each reference in the WLC where it has the verse, in the KJV where it lacks
      // the book (the New Testament).
      expect(ids(wlc)).toEqual(
        expect.arrayContaining(['WLC:Deut.28.10', 'KJV:Eph.2.12', 'WLC:Exod.19.18']),
      );
      expect(ids(wlc).length).toBeGreaterThanOrEqual(Math.max(kjv63.length, kjv64.length));
      // Its chapter's list has it too, and the KJV's own 63:19 is never a link out of the WLC.
      const chapter = (await list('/chapters/WLC:Isa.63/cross-references.js')).verse as VerseList[];
      expect(chapter.find((v) => v.id === 'WLC:Isa.63.19')?.reference.length).toBe(
        wlc.reference.length,
      );
    });

    it("links a reference to a Psalm's verse 1 to the Hebrew verse with its text, not its title", async () => {
      // Num 14:19 refers to Ps 51:1 ("Have mercy upon me"): the Hebrew 51:1-2 are the title.
      const kjv = ids((await list('/verses/KJV:Num.14.19/cross-references.js')).verse[0]);
      expect(kjv).toContain('KJV:Ps.51.1');
      const wlc = ids((await list('/verses/WLC:Num.14.19/cross-references.js')).verse[0]);
      expect(wlc).toContain('WLC:Ps.51.3');
      expect(wlc).not.toContain('WLC:Ps.51.2');
      expect(wlc).not.toContain('WLC:Ps.51.1');
    });

    it('lists each Hebrew verse once (Judg 5:5 refers to both halves of the Hebrew Isa 63:19)', async () => {
      const kjv = ids((await list('/verses/KJV:Judg.5.5/cross-references.js')).verse[0]);
      expect(kjv).toEqual(expect.arrayContaining(['KJV:Isa.63.19', 'KJV:Isa.64.1']));
      const wlc = ids((await list('/verses/WLC:Judg.5.5/cross-references.js')).verse[0]);
      expect(wlc.filter((id) => id === 'WLC:Isa.63.19')).toHaveLength(1);
      expect(wlc).not.toContain('KJV:Isa.63.19');
      expect(new Set(wlc).size).toBe(wlc.length);
    });
  });

  it('refuses bad input with a clear 4xx in the requested format', async () => {
    const unknownInclude = await getJson(
      '/verses/KJV:John.3.16/cross-references.js?include=texts',
      token,
    );
    expect(unknownInclude.res.status).toBe(400);
    expect(unknownInclude.body.errors.error[0]).toMatch(/Unknown include value: texts.*text/);
    const xml = await getXml('/chapters/KJV:John.3/cross-references.xml?include=x', token);
    expect(xml.res.status).toBe(400);
    expect(xml.text).toContain('<error>Unknown include value');
    for (const path of [
      '/verses/KJV:John.3.99/cross-references.js',
      '/chapters/KJV:John.99/cross-references.js',
      '/verses/KJV:Nope.3.16/cross-references.js',
      '/verses/john/cross-references.js',
    ]) {
      const res = await call(path, token);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as any).errors.error[0]).toMatch(/Unknown|Malformed/);
    }
  });
});
