import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCanon } from '../../scripts/snapshot/canon';
import { readUsfm, type UsfmSource } from '../../scripts/snapshot/importers/usfm';
import { tokensText } from '../../scripts/snapshot/ir';

// The USFM importer on real data: the World English Bible with the deuterocanon as USFM, the
// demo/ folder of the Debian package bibledit-cloud-data (85 files, CC0). Every verse must read as
// the files have it once the markers are removed, by an extraction written here with regular
// expressions only, sharing no code with the importer (scripts/snapshot/importers/usfm*.ts).
// Without the package the suite is skipped (CI installs it).

const DEMO = '/usr/share/bibledit-cloud/demo';

/** Markers whose line is not verse text (identification, titles, headings, introductions). */
const NOT_TEXT_LINE =
  /^\\(id|ide|h|toc\d|mt\d?|ms\d?|mr|s\d?|sr|r|sp|cl|cd|rem|is\d?|ip|ili\d?|imt\d?|io\d?|iot)(\s|$)/;

interface Extracted {
  /** "CODE C:V" → the verse's words. */
  verses: Map<string, string>;
  /** "CODE C:V" → the title (\d) before it. */
  titles: Map<string, string>;
}

/** Each file's verses by regular expressions alone: notes cut out, markers removed, spaces collapsed. */
function extract(file: string): Extracted & { code: string } {
  const raw = readFileSync(file, 'utf8');
  const body = raw.slice(raw.indexOf('\\id '));
  const code = /^\\id (\S+)/.exec(body)![1]!;
  const noNotes = body
    .replace(/\\(f|fe|x) .*?\\\1\*/gs, '')
    .replace(/\|[^\\]*(?=\\\+?[a-z]+\*)/g, '');
  const verses = new Map<string, string>();
  const titles = new Map<string, string>();
  let chapter = 0;
  let key = '';
  let pendingTitle = '';
  const clean = (s: string) =>
    s
      .replace(/\\\+?[a-z]+\d*\*/g, '')
      .replace(/\\\+?[a-z]+\d*\s?/g, '')
      .replace(/\s+/g, ' ')
      .trim();
  // Lines are joined with a space: a line's end separates words.
  for (const line of noNotes.split('\n')) {
    if (NOT_TEXT_LINE.test(line)) continue;
    const d = /^\\d (.*)$/.exec(line);
    if (d) {
      pendingTitle = clean(d[1]!);
      continue;
    }
    // A line may hold \c, several \v and words; split it at each.
    for (const part of line.split(/(?=\\[cv]\s)/)) {
      const c = /^\\c\s+(\d+)/.exec(part);
      if (c) {
        chapter = Number(c[1]);
        key = '';
        continue;
      }
      const v = /^\\v\s+(\d+)(?:-\d+)?\s?(.*)$/s.exec(part);
      if (v) {
        key = `${code} ${chapter}:${v[1]}`;
        verses.set(key, clean(v[2]!));
        if (pendingTitle) titles.set(key, pendingTitle);
        pendingTitle = '';
        continue;
      }
      if (key) verses.set(key, clean(`${verses.get(key)} ${part}`));
    }
  }
  return { code, verses, titles };
}

describe.skipIf(!existsSync(DEMO) && !process.env.CI)(
  'the USFM importer on the WEB of bibledit-cloud-data demo/',
  () => {
    let read: UsfmSource;
    const files = existsSync(DEMO)
      ? readdirSync(DEMO)
          .filter((f) => f.endsWith('.usfm'))
          .map((f) => path.join(DEMO, f))
      : [];
    const all = () => files.map((f) => readFileSync(f, 'utf8')).join('\n');
    beforeAll(() => {
      read = readUsfm(DEMO, loadCanon());
    });

    it('reads every book, verse, note and title the files hold', () => {
      const text = all();
      const n = (re: RegExp) => (text.match(re) ?? []).length;
      expect(files).toHaveLength(83);
      expect(read.peripheral).toEqual(['00-FRTeng-web.usfm (FRT)', '106-GLOeng-web.usfm (GLO)']);
      expect(read.books).toHaveLength(81);
      expect(read.counts.verses).toBe(n(/\\v /g));
      expect(read.counts.verses).toBe(38056);
      expect(read.counts.footnotes).toBe(n(/\\f /g));
      expect(read.counts.footnotes).toBe(2162);
      expect(read.counts.crossrefs).toBe(361);
      expect(read.counts.titles).toBe(n(/\\d /g));
      expect(read.counts.titles).toBe(139);
      let notes = 0;
      let titles = 0;
      for (const b of read.ir.books)
        for (const c of b.chapters)
          for (const v of c.verses) {
            notes += v.notes?.length ?? 0;
            if (v.title) titles++;
          }
      expect(notes).toBe(2162 + 361);
      expect(titles).toBe(139);
      expect(read.unhandled).toEqual({});
      expect(read.ir.books.map((b) => b.osis)).toContain('DanGr');
    });

    it('reads every verse as the files have it once the markers are removed', () => {
      const expected = new Map<string, string>();
      const titles = new Map<string, string>();
      for (const f of files) {
        const e = extract(f);
        for (const [k, v] of e.verses) expected.set(k, v);
        for (const [k, v] of e.titles) titles.set(k, v);
      }
      const canon = loadCanon();
      const differ: string[] = [];
      let compared = 0;
      for (const b of read.ir.books) {
        const code = canon.byOsis.get(b.osis)!.usfm!;
        for (const c of b.chapters)
          for (const v of c.verses) {
            const key = `${code} ${c.chapter}:${v.verse}`;
            compared++;
            const text = tokensText(v.tokens);
            if (text !== expected.get(key)) {
              differ.push(key);
              // Only by a space: no word lost, added or changed.
              expect(text.replace(/ /g, '')).toBe(expected.get(key)?.replace(/ /g, ''));
            }
            if ((v.title ? tokensText(v.title) : undefined) !== titles.get(key))
              differ.push(`${key} title`);
          }
      }
      expect(compared).toBe(expected.size);
      // The one difference: the file glues two sentences around a note (`suffering.\f …\f*They`),
      // which the importer separates, as the OSIS importer does (scripts/snapshot/ir.ts, soft gaps).
      expect(differ).toEqual(['REV 7:14']);
    });

    it('keeps the red letters, the supplied words and the notes at their words', () => {
      const verse = (osis: string, c: number, v: number) =>
        read.ir.books
          .find((b) => b.osis === osis)!
          .chapters[c - 1]!.verses.find((x) => x.verse === v)!;
      const john = verse('John', 3, 16);
      expect(john.tokens.every((t) => t.wj)).toBe(true);
      const ps = verse('Ps', 1, 2);
      const note = ps.notes![0]!;
      // The note stands right after the word the file writes it after.
      expect([...tokensText(ps.tokens)].slice(0, note.offset).join('')).toMatch(/Yahweh’s$/);
      let adds = 0;
      for (const b of read.ir.books)
        for (const c of b.chapters)
          for (const v of c.verses) adds += v.tokens.filter((t) => t.add).length;
      expect(adds).toBeGreaterThan(600);
    });
  },
);
