import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

// The SBLGNT the build serves, checked against MorphGNT's files read here on their own (no code
// of the build's reader, scripts/snapshot/study/sblgnt.ts): the counts data/versions.json pins
// (which the build enforces), the fixture snapshot's words of John and 3 John word by word (with
// MorphGNT's slips of data/morphgnt-errata.json corrected), and the verses whose numbering
// differs from the KJV's (kjv.xml's verse milestones) as data/versification-map.json and
// data/versification-gaps.json give them. Skipped without the Debian package, except on CI
// (which installs it).

const dir = process.env.STUDY_SOURCES_DIR ?? '/usr/share/bibledit-cloud/sources';
const ROOT = join(__dirname, '../..');
const SNAPSHOT = join(ROOT, 'test/.fixture/snapshot');
const NT =
  'Matt Mark Luke John Acts Rom 1Cor 2Cor Gal Eph Phil Col 1Thess 2Thess 1Tim 2Tim Titus Phlm Heb Jas 1Pet 2Pet 1John 2John 3John Jude Rev'.split(
    ' ',
  );

interface Line {
  pos: string;
  parsing: string;
  text: string;
  word: string;
  lemma: string;
}
/** Verses by `Book.C.V`, in the files' order. */
const verses = new Map<string, Line[]>();
const json = (file: string) => JSON.parse(readFileSync(join(ROOT, 'data', file), 'utf8'));

describe.skipIf(!existsSync(join(dir, 'morphgnt')) && !process.env.CI)(
  'the SBLGNT against MorphGNT’s files',
  () => {
    beforeAll(() => {
      const files = readdirSync(join(dir, 'morphgnt'))
        .filter((f) => f.endsWith('-morphgnt.txt'))
        .sort();
      // MorphGNT's slips the build corrects (data/morphgnt-errata.json): each `from` replaced by
      // its `to` in a line of its verse, every one exactly once.
      const fixes: { verse: string; from: string; to: string }[] =
        json('morphgnt-errata.json').fixes;
      let fixed = 0;
      for (const file of files)
        for (const raw of readFileSync(join(dir, 'morphgnt', file), 'utf8').split('\n')) {
          if (!raw) continue;
          const ref = raw.slice(0, 6);
          const id = `${NT[Number(ref.slice(0, 2)) - 1]}.${Number(ref.slice(2, 4))}.${Number(ref.slice(4))}`;
          let line = raw.normalize('NFC');
          for (const f of fixes)
            if (f.verse === id && line.includes(f.from)) {
              line = line.replace(f.from, f.to);
              fixed++;
            }
          const [, pos, parsing, text, word, , lemma] = line.split(' ');
          if (!verses.has(id)) verses.set(id, []);
          verses
            .get(id)!
            .push({ pos: pos!, parsing: parsing!, text: text!, word: word!, lemma: lemma! });
        }
      expect(fixed).toBe(fixes.length);
    });

    it('has the counts data/versions.json pins, per book and in all', () => {
      const sblgnt = json('versions.json').versions.find((v: any) => v.id === 'SBLGNT');
      const expected = sblgnt.source.expect;
      const perBook: Record<string, number> = {};
      let words = 0;
      for (const [id, lines] of verses) {
        const book = id.split('.')[0]!;
        perBook[book] = (perBook[book] ?? 0) + lines.length;
        words += lines.length;
      }
      expect(words).toBe(137_554);
      // The SBL's own file (sblgnt/sblgnt.xml, `<w>` a word, `<verse-number>` a verse) agrees.
      const xml = readFileSync(join(dir, 'sblgnt/sblgnt.xml'), 'utf8');
      expect(xml.match(/<w>/g)).toHaveLength(words);
      expect(xml.match(/<verse-number /g)).toHaveLength(verses.size);
      // Its words printed without a verse number, after its headings (`<mark-end>`) and before
      // the next verse (Mark 16's Intermediate Ending), are no verse's: MorphGNT files them under
      // Mark 16:8, the service before 16:9 with the headings.
      const start = xml.indexOf('<mark-end');
      const unnumbered = xml
        .slice(start, xml.indexOf('<verse-number', start))
        .match(/<w>/g)!.length;
      expect(unnumbered).toBe(34);
      expect(expected.words).toBe(words - unnumbered);
      expect(expected.verses).toBe(verses.size);
      expect(expected.books).toBe(Object.keys(perBook).length);
      expect(expected.bookWords).toEqual({ ...perBook, Mark: perBook.Mark! - unnumbered });
    });

    it('maps or lists as empty every verse whose number differs from the KJV’s', () => {
      const kjv = new Set(
        [...readFileSync(join(dir, 'kjv.xml'), 'utf8').matchAll(/<verse osisID="([^"]+)" sID=/g)]
          .map((m) => m[1]!)
          .filter((id) => NT.includes(id.split('.')[0]!)),
      );
      expect(kjv.size).toBe(7957);
      const onlyKjv = [...kjv].filter((v) => !verses.has(v));
      const onlySbl = [...verses.keys()].filter((v) => !kjv.has(v));
      const map: { from: string; to: string }[] = json('versification-map.json').versions.SBLGNT;
      const gaps = Object.keys(json('versification-gaps.json').versions.SBLGNT);
      // Each KJV slot of a mapped verse range (`Book.C.V-W` within one chapter).
      const slots = (range: string) => {
        const m = /^(\w+\.\d+\.)(\d+)(?:-(\d+))?$/.exec(range)!;
        const out: string[] = [];
        for (let v = Number(m[2]); v <= Number(m[3] ?? m[2]); v++) out.push(m[1]! + v);
        return out;
      };
      const heldElsewhere = new Set(map.flatMap((e) => slots(e.to)));
      // The SBLGNT's verses the KJV does not number so are mapped.
      expect(onlySbl.every((v) => map.some((e) => slots(e.from).includes(v)))).toBe(true);
      expect(onlySbl.sort()).toEqual(['3John.1.15', 'Rev.12.18']);
      // The KJV's verses it lacks: the omitted ones are listed with their reason, the others held
      // by a mapped verse.
      expect(onlyKjv.filter((v) => !heldElsewhere.has(v)).sort()).toEqual([...gaps].sort());
      expect(onlyKjv.filter((v) => heldElsewhere.has(v)).sort()).toEqual([
        '2Cor.13.14',
        'Acts.19.41',
      ]);
      expect(gaps).toHaveLength(30);
    });

    it('serves John and 3 John word for word as the files give them (the fixture snapshot)', () => {
      const manifest = JSON.parse(readFileSync(join(SNAPSHOT, 'manifest.json'), 'utf8'));
      const pairs: { key: string; value: string }[] = readdirSync(SNAPSHOT)
        .filter((f) => /^kv-\d+\.json$/.test(f))
        .flatMap((f) => JSON.parse(readFileSync(join(SNAPSHOT, f), 'utf8')));
      const prefix = `snap:${manifest.snapshotId}:wd:SBLGNT:`;
      const chapters = pairs
        .filter((p) => p.key.startsWith(prefix))
        .map((p) => JSON.parse(p.value));
      expect(chapters.map((c) => `${c.book}.${c.chapter}`).sort()).toEqual(
        [...Array.from({ length: 21 }, (_, i) => `John.${i + 1}`), '3John.1'].sort(),
      );
      let compared = 0;
      for (const c of chapters) {
        expect(c.scheme).toBe('morphgnt');
        for (const v of c.verses) {
          const lines = verses.get(`${c.book}.${c.chapter}.${v.verse}`)!;
          expect(v.words.map((w: any) => w.l[0])).toEqual(lines.map((l) => l.lemma));
          expect(v.words.map((w: any) => w.m[0])).toEqual(lines.map((l) => l.pos + l.parsing));
          // The text with its punctuation, the apparatus signs (⸀ ⸂ ⸃ …, some numbered) left out.
          const served = v.words.map((w: any) => w.t + (w.x ?? ' ')).join('');
          const source = lines.map((l) => l.text).join(' ');
          expect(served.trim()).toBe(source.replace(/[\u2E00-\u2E05]\d?/g, ''));
          compared += lines.length;
        }
      }
      expect(compared).toBe(15_438 + 219);
    });
  },
);
