/**
 * The documented command on real data, as a new user runs it (docs/translations.md): `npm run
 * version:add` on the World English Bible's USFM of the Debian package bibledit-cloud-data
 * (demo/, 85 files, CC0), into a temporary copy of data/ (`--data`). What it prints (the one word
 * of the source that looks glued, a warning with its file and line, not an error), what it stores
 * (the package and its path, so that every clone builds it), and every verse of the version the
 * build imports from that entry, against an extraction written here with a few regular
 * expressions that shares no code with the importer. Then `version:remove` takes it all out.
 * Skipped without the package, except in CI, which installs it.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCanon } from '../../scripts/snapshot/canon';
import { VersionCorrections } from '../../scripts/snapshot/corrections';
import { importUsfm } from '../../scripts/snapshot/importers/usfm';
import { tokensText, type VersionIR } from '../../scripts/snapshot/ir';
import type { ManifestVersion } from '../../scripts/snapshot/manifest';
import { FIXTURE_VERSIONS } from '../../scripts/fixture';
import { REPO_ROOT } from '../../scripts/snapshot/paths';
import { runScript } from '../support/run-script';

/** The documented command, as the fixture runs it too (scripts/fixture.ts FIXTURE_VERSIONS). */
const WEBU = FIXTURE_VERSIONS.find((v) => v.id === 'WEBU')!;
const DEMO = WEBU.source;
const ARGS = WEBU.args;

/**
 * One file's verses and titles, keyed "CODE C:V", by regular expressions alone: notes and
 * attributes cut out, then line by line, the lines that are not verse text skipped, markers
 * removed and spaces collapsed.
 */
function extractVerses(file: string): { verses: Map<string, string>; titles: Map<string, string> } {
  const text = readFileSync(file, 'utf8')
    .replace(/\\(f|fe|x) [\s\S]*?\\\1\*/g, '')
    .replace(/\|[^\\]*(?=\\\+?\w+\*)/g, '');
  const code = /\\id (\w+)/.exec(text)![1]!;
  const strip = (s: string) =>
    s
      // A closing marker is nothing; an opening one takes the one space after it (USFM 3).
      .replace(/\\\+?\w+\*/g, '')
      .replace(/\\\+?\w+\s?/g, '')
      .replace(/\s+/g, ' ')
      .trim();
  const verses = new Map<string, string>();
  const titles = new Map<string, string>();
  let chapter = '';
  let at = '';
  let title = '';
  for (const line of text.split('\n')) {
    const marker = /^\\(\w+)/.exec(line)?.[1] ?? '';
    if (marker === 'd') {
      title = strip(line.slice(2));
      continue;
    }
    // Identification, titles, headings, speakers, introductions, chapter labels: not verse text.
    if (/^(id|ide|h|toc\d|mt\d?|ms\d?|mr|s\d?|sr|r|sp|cl|cp|rem|i[a-z]*\d?)$/.test(marker))
      continue;
    for (const piece of line.split(/(?=\\[cv]\s)/)) {
      const c = /^\\c\s+(\d+)/.exec(piece);
      const v = /^\\v (\d+)(?:-\d+)? ?([\s\S]*)$/.exec(piece);
      if (c) {
        chapter = c[1]!;
        at = '';
      } else if (v) {
        at = `${code} ${chapter}:${v[1]}`;
        verses.set(at, strip(v[2]!));
        if (title) titles.set(at, title);
        title = '';
      } else if (at) verses.set(at, strip(`${verses.get(at)} ${piece}`));
    }
  }
  return { verses, titles };
}

const installed = existsSync(DEMO);

describe.skipIf(!installed && !process.env.CI)(
  'version:add on the WEB of bibledit-cloud-data demo/',
  () => {
    const DATA = path.join(REPO_ROOT, 'data');
    const tmp = mkdtempSync(path.join(tmpdir(), 'version-add-web-'));
    afterAll(() => rmSync(tmp, { recursive: true, force: true }));
    const data = path.join(tmp, 'data');
    const files = installed
      ? readdirSync(DEMO)
          .filter((f) => f.endsWith('.usfm'))
          .map((f) => path.join(DEMO, f))
      : [];
    let added: { status: number | null; out: string };
    let entry: ManifestVersion;
    let ir: VersionIR;
    const canon = loadCanon();
    const versionsText = () => readFileSync(path.join(data, 'versions.json'), 'utf8');
    let originalVersions: string;

    beforeAll(async () => {
      cpSync(DATA, data, {
        recursive: true,
        filter: (f) => path.relative(DATA, f).split(path.sep)[0] !== 'snapshot',
      });
      originalVersions = versionsText();
      added = await runScript('scripts/version-add.ts', [DEMO, ...ARGS, '--data', data]);
      entry = (JSON.parse(versionsText()) as { versions: ManifestVersion[] }).versions.at(-1)!;
      // The version as the build imports it: from the entry version:add wrote.
      ir = await importUsfm(entry.source, {
        canon,
        version: 'WEBU',
        log: () => {},
        corrections: new VersionCorrections('WEBU', []),
      });
    }, 180_000);

    it('adds it, warning of the one word that looks glued, with its file and line', () => {
      expect(added.status, added.out).toBe(0);
      expect(added.out).toContain(
        'added WEBU (World English Bible (USFM), eng): 81 books, 38027 verses, 2523 notes',
      );
      // Its time and peak memory, which CI's log shows for the fixture's run of the same command.
      expect(added.out).toMatch(/2523 notes \(\d+\.\d s, \d+ MiB at most\)/);
      const file = path.join(DEMO, '54-1ESeng-web.usfm');
      expect(added.out.match(/WARNING .*/g)).toEqual([
        `WARNING WEBU 1Esd.8.32 (${file}:412): text: glued word? "ofAdin", served as printed`,
      ]);
      // The line it names is the source's own.
      expect(readFileSync(file, 'utf8').split('\n')[411]).toMatch(/^\\v 32 .*ofAdin/);
      // Section headings and speakers counted apart, as the files hold them.
      const all = files.map((f) => readFileSync(f, 'utf8')).join('\n');
      expect(all.match(/^\\(s|ms)\d? /gm)).toHaveLength(10);
      expect(all.match(/^\\sp /gm)).toHaveLength(33);
      expect(added.out).toContain(
        '10 section headings (\\s#, \\ms#), 33 speakers (\\sp, not kept)',
      );
    });

    it('stores the package and its path, which every clone resolves the same', () => {
      expect(entry).toMatchObject({
        id: 'WEBU',
        optional: true,
        source: {
          format: 'usfm',
          path: `debian:bibledit-cloud-data:${DEMO}`,
          oddWords: 'warn',
          expect: { books: 81, verses: 38027 },
        },
        footnotes: { expect: { notes: 2523 } },
      });
    });

    it('has every verse and title as the files print them, in the canon order', () => {
      expect(ir.books.map((b) => b.osis)).toEqual(
        [...ir.books.map((b) => b.osis)].sort((a, b) => canon.position(a) - canon.position(b)),
      );
      const verses = new Map<string, string>();
      const titles = new Map<string, string>();
      for (const f of files) {
        const e = extractVerses(f);
        for (const [k, v] of e.verses) verses.set(k, v);
        for (const [k, v] of e.titles) titles.set(k, v);
      }
      let compared = 0;
      const differ: string[] = [];
      for (const b of ir.books) {
        const code = canon.byOsis.get(b.osis)!.usfm!;
        for (const c of b.chapters)
          for (const v of c.verses) {
            const key = `${code} ${c.chapter}:${v.verse}`;
            compared++;
            const text = tokensText(v.tokens);
            if (text !== verses.get(key)) {
              differ.push(key);
              // Never a word: at most a space.
              expect(text.replace(/ /g, '')).toBe(verses.get(key)!.replace(/ /g, ''));
            }
            expect(v.title && tokensText(v.title), key).toBe(titles.get(key));
          }
      }
      expect(compared).toBe(verses.size);
      expect(compared).toBe(38056);
      // The file glues two sentences around a note (`suffering.\f …\f*They`), which the importer
      // separates as it does for every removed note (scripts/snapshot/ir.ts, soft gaps).
      expect(differ).toEqual(['REV 7:14']);
    });

    it('keeps the red letters and the notes', () => {
      const verse = (osis: string, c: number, v: number) =>
        ir.books.find((b) => b.osis === osis)!.chapters[c - 1]!.verses.find((x) => x.verse === v)!;
      expect(verse('John', 3, 16).tokens.every((t) => t.wj)).toBe(true);
      let notes = 0;
      for (const b of ir.books)
        for (const c of b.chapters) for (const v of c.verses) notes += v.notes?.length ?? 0;
      expect(notes).toBe(2523);
    });

    it('is taken out whole by version:remove', async () => {
      const removed = await runScript('scripts/version-remove.ts', ['WEBU', '--data', data]);
      expect(removed.status, removed.out).toBe(0);
      expect(versionsText()).toBe(originalVersions);
    });
  },
);
