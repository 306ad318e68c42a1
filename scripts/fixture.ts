import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readSnapshotManifest, type SnapshotManifest } from './snapshot/snapshot-manifest';

/**
 * The test fixture snapshot: the real build (scripts/snapshot) restricted to these books' chapter
 * values (the catalogue stays complete), written to a git-ignored folder by `npm test`.
 * The books cover: first and last books (roll-over across versions), Psalm titles, a
 * single-chapter book, the Gospels, deuterocanonical books (WEB), Jonah and 1 Corinthians (RV1909
 * passages and its Spanish numbering: Jonah 1:17 is RV 2:1), Jeremiah (an ASV correction
 * that moves a clause across a chapter boundary, test/catalogue/asv-errata.test.ts) and
 * Deuteronomy (an RV1909 source fix, test/catalogue/rv1909-text.test.ts).
 */
export const FIXTURE_DIR = 'test/.fixture/snapshot';
/**
 * The fixture's copy of data/, with the versions of FIXTURE_VERSIONS added by `npm run
 * version:add` (scripts/lib/fixture-data.ts); the fixture is built from it (SCRIPTURE_DATA_DIR).
 */
export const FIXTURE_DATA_DIR = 'test/.fixture/data';
/**
 * Versions the fixture adds through version:add, from sources committed under test/, so that the
 * Workers tests serve an added version on every machine: its pages, search, references in its
 * own language, notes and annotations (test/catalogue/added-version.test.ts). The LSG: a few
 * verses of the Louis Segond (French, public domain; test/fixtures/usfm/lsg/README.md). WLCMAL:
 * the Hebrew Malachi (test/fixtures/usfm/hebrew-malachi), whose 3:19-24 version:add places in the
 * KJV's 4:1-6 when bibledit-cloud-data's tables are installed (annotations follow them).
 */
export const FIXTURE_VERSIONS: FixtureVersion[] = [
  // The World English Bible's USFM of the Debian package bibledit-cloud-data (demo/, 85 files),
  // added by the command a deployer runs (docs/translations.md), when the package is installed
  // (REQUIRE_VERSIONS=WEBU, which CI sets, makes it required): test/catalogue/added-web.test.ts
  // serves it. First, so that the added versions the other tests name stay last.
  {
    id: 'WEBU',
    optional: true,
    source: '/usr/share/bibledit-cloud/demo',
    args: [
      '--id',
      'WEBU',
      '--language',
      'eng',
      '--name',
      'World English Bible (USFM)',
      '--copyright',
      'Public domain (CC0).',
    ],
  },
  {
    source: 'test/fixtures/usfm/lsg',
    args: ['--language', 'fra', '--copyright', 'Domaine public (Louis Segond, 1910).'],
  },
  {
    source: 'test/fixtures/usfm/hebrew-malachi',
    args: ['--language', 'hbo', '--copyright', 'Public domain (the Westminster Leningrad Codex).'],
  },
];
export interface FixtureVersion {
  /** A path relative to the repository, or an installed package's absolute path. */
  source: string;
  args: string[];
  /** A source a package installs: skipped when missing unless REQUIRE_VERSIONS names `id`. */
  optional?: boolean;
  id?: string;
}

export const FIXTURE_BOOKS = [
  ...[
    'Gen',
    'Deut',
    'Ps',
    'Isa',
    'Jer',
    'Jonah',
    'Mal',
    'Matt',
    'Luke',
    'John',
    'Rom',
    '1Cor',
    'Jude',
    '3John',
    'Rev',
    'Tob',
    'Sir',
    'AddPs',
  ],
  // The original-language versions with fewer books: their unstemmed word forms would
  // add tens of thousands of search keys to the seed. Jonah and Malachi (the Hebrew numbers
  // Malachi's last chapter as 3:19-24), 3 John; the SBLGNT's John too (5:4 and 7:53-8:11 are
  // verses it omits).
  ...['WLC:Jonah', 'WLC:Mal', 'TR:3John', 'SBLGNT:John', 'SBLGNT:3John'],
  // The WEB's USFM added with version:add (WEBU): a Psalm with its title, John (red letters and
  // footnotes), Tobit (the deuterocanon). Fewer books than the WEB: every English keyword search
  // of the Workers tests reads its verses too.
  ...['WEBU:Ps', 'WEBU:John', 'WEBU:Tob'],
  // Tagged words (and so the concordance and the lexicon entries they use) of these books and
  // chapters only: Psalms 3 and 36 for the tagged words of a Psalm's title (Absalom; "the LORD").
  ...['words:Jonah', 'words:Mal', 'words:John', 'words:3John', 'words:Ps.3', 'words:Ps.36'],
  // The reference library on these KJV chapters only, and the topics citing them: John
  // (MHCC sections, Scofield notes), Jonah (RV1909 and WLC number Jonah 1:17 as 2:1), Psalm 23
  // (Spurgeon's Treasury of David, long enough to be paged); and the cross-references the WLC
  // serves through the Hebrew's numbering: Isaiah 63-64 (the Hebrew 63:19 holds the KJV's 64:1),
  // Numbers 14 (Num 14:19 refers to Ps 51:1, whose text is the Hebrew 51:3), Judges 5.
  ...['library:John', 'library:Jonah', 'library:Ps.23'],
  ...['library:Isa.63', 'library:Isa.64', 'library:Num.14', 'library:Judg.5'],
];

export interface SnapshotFiles {
  snapshotId: string;
  /** Versions the build skipped because their source is not installed (e.g. WEB without Debian's package). */
  skipped: string[];
  pairs: { key: string; value: string }[];
}

/** A built snapshot folder's manifest (scripts/snapshot/snapshot-manifest.ts); throws when there is none. */
function manifestOf(dir: string): SnapshotManifest {
  const manifest = readSnapshotManifest(dir);
  if (!manifest)
    throw new Error(
      `No snapshot in ${dir}: run \`npm test\` (it builds the fixture) or \`npm run snapshot:build\``,
    );
  return manifest;
}

const infoOf = (m: SnapshotManifest): Omit<SnapshotFiles, 'pairs'> => ({
  snapshotId: m.snapshotId,
  skipped: m.summary?.skipped ?? [],
});

/** A built snapshot folder's id and skipped versions (its manifest.json), without its pairs. */
export function readSnapshotInfo(dir: string): Omit<SnapshotFiles, 'pairs'> {
  return infoOf(manifestOf(dir));
}

/** Reads a built snapshot folder: its manifest and the kv-NNN.json bulk files it lists. */
export function readSnapshotPairs(dir: string): SnapshotFiles {
  const manifest = manifestOf(dir);
  const pairs = manifest.files.flatMap(
    (f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as SnapshotFiles['pairs'],
  );
  return { ...infoOf(manifest), pairs };
}
