/**
 * `npm run version:add -- SOURCE [--id ID] [--language ISO639-3] [--name NAME] [--copyright TEXT]`
 *
 * Adds a version from a folder or file of USFM (.usfm, .sfm) or USX (.usx), or an OSIS XML file:
 * reads what the source says about itself (scripts/versions/source-info.ts), asks for what it
 * cannot find (a missing value is an error naming its flag), finds its versification
 * (scripts/versions/versification.ts), writes the version's entry (data/versions.json), for a
 * language other than English its book names (data/book-names.json), and its verse slots
 * without text (data/versification-gaps.json), then imports and validates it as the build does.
 * Nothing in data/ changes unless all of that succeeds: the edits are made in a staged copy of
 * data/, the build reads the copy (SCRIPTURE_DATA_DIR, paths.ts), and only then are the changed
 * files copied back. `--data DIR` edits another data folder (the tests').
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DATA_FILES, dataFile } from './snapshot/data-files';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const USAGE =
  'usage: npm run version:add -- SOURCE [--id ID] [--language ISO639-3] [--name NAME] [--copyright TEXT] [--info TEXT] [--fixes FILE] [--data DIR]';

/** Files version:add may change; everything else in data/ is read only. */
const WRITTEN: string[] = [
  DATA_FILES.versions,
  DATA_FILES.bookNames,
  DATA_FILES.versificationGaps,
  DATA_FILES.versificationMap,
];

export async function main(argv = process.argv.slice(2)): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      id: { type: 'string' },
      language: { type: 'string' },
      name: { type: 'string' },
      copyright: { type: 'string' },
      info: { type: 'string' },
      fixes: { type: 'string' },
      data: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return console.log(USAGE);
  if (positionals.length !== 1) throw new UsageError(`give one SOURCE\n${USAGE}`);
  const source = path.resolve(positionals[0]!);
  if (!existsSync(source)) throw new UsageError(`${source} does not exist`);
  const stored = storedSourcePath(source);

  // The build modules read data/ through paths.ts when first imported: stage the copy first.
  const dataDir = path.resolve(values.data ?? path.join(REPO_ROOT, 'data'));
  const staged = mkdtempSync(path.join(tmpdir(), 'version-add-'));
  cpSync(dataDir, staged, {
    recursive: true,
    filter: (f) => path.relative(dataDir, f).split(path.sep)[0] !== 'snapshot',
  });
  process.env.SCRIPTURE_DATA_DIR = staged;
  try {
    await addVersion(source, stored, values, staged);
    for (const f of WRITTEN) {
      const next = readFileSync(path.join(staged, f), 'utf8');
      if (next !== readFileSync(path.join(dataDir, f), 'utf8'))
        writeFileSync(path.join(dataDir, f), next);
    }
  } finally {
    rmSync(staged, { recursive: true, force: true });
  }
}

export class UsageError extends Error {}

async function addVersion(
  source: string,
  stored: { path: string; pkg: string | null },
  flags: {
    id?: string;
    language?: string;
    name?: string;
    copyright?: string;
    info?: string;
    fixes?: string;
  },
  data: string,
): Promise<void> {
  const [
    { loadCanon },
    { loadManifest, VERSION_ID },
    { readSourceInfo },
    files,
    { findGaps },
    { buildSnapshot },
    { fitVersification },
    { checkVersification },
    verseMap,
    { parseCorrections },
    { boundsProblem },
  ] = await Promise.all([
    import('./snapshot/canon'),
    import('./snapshot/manifest'),
    import('./versions/source-info'),
    import('./versions/data-edits'),
    import('./versions/gaps'),
    import('./snapshot/snapshot'),
    import('./versions/versification'),
    import('./snapshot/validate'),
    import('./versions/verse-map'),
    import('./snapshot/corrections'),
    import('./versions/bounds'),
  ]);
  const canon = loadCanon(dataFile(data, 'canon'));
  const manifest = loadManifest(dataFile(data, 'versions'));
  const started = Date.now();
  const info = readSourceInfo(source, canon);
  console.log(`read ${source} (${info.format}): ${info.report.join('; ')}`);
  const outOfBounds = boundsProblem(info.ir, source);
  if (outOfBounds) throw new Error(outOfBounds);

  const id = flags.id ?? info.id;
  const lang = flags.language ?? info.language;
  const name = flags.name ?? info.name;
  const copyright = flags.copyright ?? info.copyright;
  const missing = [
    !id && '--id ID (the source names no id)',
    !lang && '--language ISO639-3 (the source does not say its language)',
    !name && '--name NAME (the source gives no name)',
    !copyright && '--copyright TEXT (the source states no copyright)',
  ].filter(Boolean);
  if (missing.length) throw new UsageError(`missing ${missing.join(', ')}`);
  const taken = manifest.find((m) => m.id.toLowerCase() === id!.toLowerCase());
  if (taken)
    throw new UsageError(
      `version id ${id} is already taken in data/versions.json (${taken.name}); give another with --id`,
    );
  if (!VERSION_ID.test(id!))
    throw new UsageError(
      `${flags.id ? '--id' : `the id the source gives (${info.idAt})`} ${JSON.stringify(id)}: a version id is a capital letter then 1 to 15 letters or digits (KJV, RV1909); give one with --id`,
    );
  if (!/^[a-z]{3}$/.test(lang!))
    throw new UsageError(`--language ${lang}: an ISO 639-3 code, three letters (eng, spa, fra)`);

  let verses = 0;
  let notes = 0;
  for (const b of info.ir.books)
    for (const c of b.chapters)
      for (const v of c.verses) {
        if (v.tokens.length) verses++;
        notes += v.notes?.length ?? 0;
      }
  // Its numbering: the closest system, and where it leaves the KJV's (whose slots annotations
  // follow across versions); pinned when it is the KJV's exactly, so that the build checks it.
  const fits = fitVersification(info.ir);
  const kjv = fits.find((f) => f.system === 'kjv')!;
  console.log(
    `versification: closest to ${fits[0]!.system} (${fits[0]!.agree} of ${fits[0]!.chapters} chapters agree); ${kjv.differ.length} chapters differ from the KJV's${kjv.differ.length ? `: ${kjv.differ.slice(0, 12).join('; ')}${kjv.differ.length > 12 ? ' …' : ''}` : ''}`,
  );
  if (kjv.differ.length)
    console.log(
      "  a verse in another slot than the KJV's needs its entry in data/versification-map.json for annotations to follow it: placed verse by verse below",
    );
  const kjvExactly = !checkVersification(id!, info.ir, 'kjv').length;
  const placed = placeVerses(verseMap, info.ir, canon);
  const { pkg } = stored;
  // The deployer's corrections of the source, kept on the entry (`source.fixes`), which the build
  // applies before reading it and version:remove takes out with it: the shape of
  // data/source-fixes.json's fixes, without `version`.
  const fixes = flags.fixes ? readFixes(flags.fixes, id!, parseCorrections) : undefined;
  const entry = {
    id: id!,
    numericId: Math.max(0, ...manifest.map((m) => m.numericId)) + 1,
    name: name!,
    abbreviation: id!,
    lang: lang!,
    langName: languageName(lang!, lang!),
    langNameEng: languageName(lang!, 'en'),
    copyright: copyright!,
    info: flags.info ?? `${name}, imported from its ${info.format.toUpperCase()} source.`,
    ...(pkg ? { optional: true } : {}),
    source: {
      format: info.format,
      ...(pkg ? { package: `${pkg} (Debian)` } : {}),
      path: stored.path,
      // Its odd-looking words are warnings, served as printed (docs/translations.md).
      oddWords: 'warn',
      ...(fixes ? { fixes } : {}),
      ...(kjvExactly ? { versification: 'kjv' } : {}),
      ...(titlesAreVerses(info.ir) ? { titlesAreVerses: true } : {}),
      expect: { books: info.ir.books.length, verses },
    },
    ...(notes ? { footnotes: { copyright: copyright!, expect: { notes } } } : {}),
  };
  const versionsFile = dataFile(data, 'versions');
  writeFileSync(versionsFile, files.appendVersion(readFileSync(versionsFile, 'utf8'), entry));
  const names = Object.fromEntries(
    info.books.map((b) => [b.osis, b.name ?? canon.byOsis.get(b.osis)!.name]),
  );
  const namesFile = dataFile(data, 'bookNames');
  const otherNames = Object.fromEntries(
    info.books.map((b) => [b.osis, b.otherNames.filter((n) => n !== names[b.osis])]),
  );
  // A language other versions already serve with the canon's English names (the WLC's `hbo`)
  // keeps them: a table of the new source's names would have to name every book of theirs too.
  const namesText = readFileSync(namesFile, 'utf8');
  const tabled = lang! in (JSON.parse(namesText) as { languages: object }).languages;
  const shared = manifest.some((m) => m.lang === lang);
  const withNames =
    shared && !tabled ? null : files.addBookNames(namesText, lang!, names, otherNames);
  if (shared && !tabled)
    console.log(
      `book names: ${lang} versions are served with the canon's names; the source's are not written`,
    );
  if (withNames) writeFileSync(namesFile, withNames);
  const mapFile = dataFile(data, 'versificationMap');
  const withMap = files.setMap(readFileSync(mapFile, 'utf8'), id!, placed);
  if (withMap) writeFileSync(mapFile, withMap);
  const gaps = findGaps(info.ir);
  const gapsFile = dataFile(data, 'versificationGaps');
  const withGaps = files.setGaps(readFileSync(gapsFile, 'utf8'), id!, gaps);
  if (withGaps) writeFileSync(gapsFile, withGaps);
  if (Object.keys(gaps).length) {
    console.log(
      `${Object.keys(gaps).length} verse slots without text, listed in data/versification-gaps.json:`,
    );
    for (const [k, why] of Object.entries(gaps)) console.log(`  ${k}: ${why}`);
  }

  console.log(`${id}: importing and validating it as the build does`);
  await buildSnapshot({
    versions: [id!],
    validateOnly: true,
    log: (m) => console.log(`  ${m}`),
  });
  console.log(
    `added ${id} (${name}, ${lang}): ${info.ir.books.length} books, ${verses} verses, ${notes} notes (${((Date.now() - started) / 1000).toFixed(1)} s, ${peakMemoryMiB()} MiB at most)`,
  );
  console.log(
    'next: `npm run snapshot:build` (or `npm run dev`, which rebuilds a stale snapshot), then commit the data files it changed (versions.json, book-names.json, versification-gaps.json, versification-map.json)',
  );
}

/**
 * The source's verses in the KJV's slots (scripts/versions/verse-map.ts), printed: its numbering
 * recognised among bibledit-cloud-data's systems, the entries for data/versification-map.json
 * when it is not the KJV's, and every verse the tables cannot place (left in the slot of its own
 * number, never dropped). Without the package, only the chapter-level fit above is known.
 */
function placeVerses(
  verseMap: typeof import('./versions/verse-map'),
  ir: import('./snapshot/ir').VersionIR,
  canon: import('./snapshot/canon').Canon,
): import('../src/catalogue/versification').MapEntry[] {
  const systems = verseMap.readSystems(canon);
  if (!systems.size) {
    console.log(
      `numbering verse by verse: needs bibledit-cloud-data's tables (${verseMap.BIBLEDIT_DIR}; apt-get install bibledit-cloud-data); verses stay in the slots of their own numbers`,
    );
    return [];
  }
  const best = verseMap.detectSystem(ir, systems)[0]!;
  const result = verseMap.mapToKjv(ir, best.system, canon);
  console.log(
    `numbering verse by verse: ${best.system} (bibledit-cloud-data; ${best.agree} of ${best.chapters} chapters end as its do); ${result.entries.length} entries for data/versification-map.json${result.mapped ? '' : ', no table maps it'}`,
  );
  for (const e of result.entries)
    console.log(`  ${e.from} → ${Array.isArray(e.to) ? e.to.join(', ') : e.to}`);
  if (result.unplaced.length) {
    console.log(
      `${result.unplaced.length} not placed by the tables (each stays in the slot of its own number):`,
    );
    for (const u of result.unplaced) console.log(`  ${u}`);
  }
  return result.entries;
}

/**
 * Whether the source writes its Psalm titles as verses (the Hebrew's, the Vulgate's and the
 * Septuagint's numbering count a title as verse 1) or has none: it has Psalms but no title (\d)
 * before any verse. The build then checks no titles against the KJV's (data/psalm-titles.json),
 * as for the WLC.
 */
function titlesAreVerses(ir: import('./snapshot/ir').VersionIR): boolean {
  const psalms = ir.books.find((b) => b.osis === 'Ps');
  return !!psalms && !psalms.chapters.some((c) => c.verses.some((v) => v.title?.length));
}

/**
 * The source's path as data/versions.json stores it, so that every clone builds the same entry
 * (scripts/snapshot/paths.ts resolveSourcePath): `debian:PACKAGE:/path` when a Debian package
 * installed it, else its path relative to the repository. A source outside the repository that
 * no package installed is refused: no other clone could build it.
 */
export function storedSourcePath(source: string): { path: string; pkg: string | null } {
  const pkg = owningPackage(source);
  if (pkg) return { path: `debian:${pkg}:${source}`, pkg };
  const inside = path.relative(REPO_ROOT, source);
  if (inside.startsWith('..') || path.isAbsolute(inside))
    throw new UsageError(
      `${source} is outside the repository and no Debian package installed it: another clone could not build the version; copy the source into the repository (and commit it) or install it as a package, then add it from there`,
    );
  return { path: inside.split(path.sep).join('/'), pkg: null };
}

/** A --fixes file: `{"fixes": [{"verse", "from", "to", "evidence"}]}`, checked as the build checks it. */
function readFixes(
  file: string,
  id: string,
  parse: typeof import('./snapshot/corrections').parseCorrections,
): { verse: string; from: string; to: string; evidence: string }[] {
  let doc: { fixes?: unknown };
  try {
    doc = JSON.parse(readFileSync(file, 'utf8')) as { fixes?: unknown };
  } catch (e) {
    throw new UsageError(`--fixes ${file}: ${e instanceof Error ? e.message : e}`);
  }
  try {
    return parse(file, { version: id, fixes: doc.fixes }).map(({ verse, from, to, evidence }) => ({
      verse,
      from,
      to,
      evidence,
    }));
  } catch (e) {
    throw new UsageError(`--fixes ${e instanceof Error ? e.message : e}`);
  }
}

/** The Debian package that installed a file, or null (an npm package or a file of one's own). */
function owningPackage(file: string): string | null {
  try {
    const out = execFileSync('dpkg', ['-S', file], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return /^([^:,\s]+)/.exec(out)?.[1] ?? null;
  } catch {
    return null;
  }
}

/** A language's name, in itself or in English, from the platform's Unicode data. */
function languageName(code: string, inLanguage: string): string {
  try {
    return new Intl.DisplayNames([inLanguage], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((e) => {
    console.error(`version:add failed: ${e instanceof Error ? e.message : e}`);
    process.exit(e instanceof UsageError ? 2 : 1);
  });
}

/** The process's peak resident memory so far (a deployer sizes the machine that imports by it). */
function peakMemoryMiB(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}
