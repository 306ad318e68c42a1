/**
 * The snapshot builder: import every version, validate it, run the pair producers, and name the
 * snapshot by the hash of its content. `buildSnapshot()` is pure (returns the pairs); `writeSnapshot()`
 * writes them as wrangler bulk-put files; build.ts is the CLI around both.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CatalogueValue } from '../../src/snapshot/types';
import { catalogueKey, snapshotPrefix } from '../../src/snapshot/keys';
import type { ImportedVersion } from './assemble';
import { loadCanon } from './canon';
import { IMPORTERS, SourceUnavailableError, startSourceCommands } from './importers/index';
import { wlcVersificationProblems } from './study/wlc-versification';
import { parseCorrections, VersionCorrections } from './corrections';
import { computeInputsHash } from './inputs';
import { assertPairWithinLimits, chunkPairs, utf8Bytes, type KvPair } from './limits';
import { loadManifest } from './manifest';
import {
  hasDownloads,
  MANIFEST_FILE,
  readSnapshotManifest,
  type BuildSummary,
  type SnapshotManifest,
} from './snapshot-manifest';
import { buildCatalogue, PRODUCERS, type ProducedPair } from './producers';
import { buildsBook } from './producer-types';
import { isOffThread, keptOffThread } from './off-thread';
import { cacheEnabled, cacheMaxBytes, configuredCacheDir, pruneBuildCache } from './build-cache';
import { prefetchModuleImps } from './library/sources';
import {
  emptyMarginVerses,
  loadCorrections,
  loadGaps,
  loadMappedFrom,
  loadMarginVerses,
  loadPsalmTitles,
  validateVersion,
} from './validate';
import { countTitles, dropSubscriptions } from './apart';
import { addFootnotes } from './footnotes/index';
import { stemmerFor } from '../../src/snapshot/stemmers';

export interface BuildOptions {
  /** Fixture mode: only these OSIS books get chapter keys (the catalogue always lists every book). */
  books?: string[];
  /** Only these version ids (data/versions.json order is kept). */
  versions?: string[];
  log?: (msg: string) => void;
  /** Build time recorded in the catalogue and manifest (not part of the snapshot id). */
  builtAt?: string;
  /**
   * Import and validate the versions, then stop before producing any pair (`npm run version:add`
   * checks a new version so: the producers of the shared values need the other versions too).
   */
  validateOnly?: boolean;
}

export interface BuiltSnapshot {
  snapshotId: string;
  catalogue: CatalogueValue;
  pairs: KvPair[];
  summary: BuildSummary;
}

/** 16 placeholder characters: same length as a real id, so key lengths are checked truthfully. */
const PLACEHOLDER_ID = '________________';

export class SnapshotValidationError extends Error {
  constructor(readonly errors: string[]) {
    const shown = errors.slice(0, 60);
    super(
      `snapshot validation failed with ${errors.length} error(s):\n  ${shown.join('\n  ')}` +
        (errors.length > shown.length ? `\n  … and ${errors.length - shown.length} more` : ''),
    );
  }
}

export async function buildSnapshot(options: BuildOptions = {}): Promise<BuiltSnapshot> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const canon = loadCanon();
  const manifest = loadManifest();
  const gaps = loadGaps();
  const marginVerses = loadMarginVerses();
  const mappedFrom = loadMappedFrom();
  const psalmTitles = loadPsalmTitles();
  const allCorrections = loadCorrections();
  const strayVersions = [...new Set(allCorrections.map((c) => c.version))].filter(
    (v) => !manifest.some((m) => m.id === v),
  );
  if (strayVersions.length)
    throw new Error(
      `corrections name version(s) not in data/versions.json: ${strayVersions.join(', ')}`,
    );

  if (options.versions) {
    const unknown = options.versions.filter((v) => !manifest.some((m) => m.id === v));
    if (unknown.length)
      throw new Error(
        `unknown version(s): ${unknown.join(', ')} (data/versions.json has ${manifest.map((m) => m.id).join(', ')})`,
      );
  }
  // `Gen` limits every version; `WLC:Jonah` limits that version to its own list; `words:John` (a
  // book) or `words:Ps.3` (a chapter) limits the tagged words to its list (fixture builds).
  let books: Set<string> | undefined;
  let versionBooks: Map<string, Set<string>> | undefined;
  let studyBooks: Set<string> | undefined;
  let libraryChapters: Set<string> | undefined;
  if (options.books) {
    const resolved = options.books.map((b) => {
      const [version, name] = b.includes(':') ? b.split(':') : [null, b];
      if (version === 'words') {
        const [book, chapter] = name.split('.');
        const osis = canon.resolve(book) ?? book;
        studyBooks ??= new Set();
        studyBooks.add(chapter ? `${osis}.${chapter}` : osis);
        return { b, version: null, osis: null, words: true };
      }
      if (version === 'library') {
        // `library:John` (a book) or `library:Ps.23` (a chapter) of the KJV's numbering.
        const [book, chapter] = name.split('.');
        const osis = canon.resolve(book);
        if (!osis) throw new Error(`unknown book in ${b}`);
        libraryChapters ??= new Set();
        libraryChapters.add(chapter ? `${osis}.${chapter}` : osis);
        return { b, version: null, osis: null, words: true };
      }
      return { b, version, osis: canon.resolve(name) };
    });
    const unknown = resolved.filter((r) => !r.osis && !('words' in r)).map((r) => r.b);
    if (unknown.length) throw new Error(`unknown book(s): ${unknown.join(', ')}`);
    books = new Set(resolved.filter((r) => !r.version && r.osis).map((r) => r.osis!));
    for (const r of resolved.filter((x) => x.version)) {
      versionBooks ??= new Map();
      versionBooks.set(r.version!, (versionBooks.get(r.version!) ?? new Set()).add(r.osis!));
    }
  }

  const versions: ImportedVersion[] = [];
  const skipped: string[] = [];
  const errors: string[] = [];
  const corrected: BuildSummary['corrections'] = {};
  const apart: BuildSummary['apart'] = {};
  const footnoteFigures: Record<string, unknown> = {};
  const selected = manifest.filter((m) => !options.versions || options.versions.includes(m.id));
  // Sources read from a command (mod2osis, seconds each) run beside the imports before theirs.
  startSourceCommands(
    selected.flatMap((m) => [m.source, ...(m.footnotes?.source ? [m.footnotes.source] : [])]),
  );
  // The producers that read no imported text run in worker threads, on the second core, from now
  // on: beside the imports they read their sources, and they wait for the catalogue only to
  // produce (./off-thread.ts); their pairs join the rest before the sort. A fixture build
  // (`books`) runs only the word study there, so that the tests check the study pairs a worker
  // made, as a full build's are; its library stays here, and test/node/off-thread.test.ts
  // compares a worker's library with it.
  const offThreadNames = options.validateOnly
    ? []
    : PRODUCERS.map((p) => p.name)
        .filter(isOffThread)
        .filter((name) => !options.books || name === 'study');
  const offThreadCtx = {
    ...{ snapshotId: PLACEHOLDER_ID, books, versionBooks, studyBooks, libraryChapters },
    manifests: selected,
  };
  const offThread = offThreadNames.map((name) => keptOffThread(name, offThreadCtx, log));
  // A run whose build fails first is awaited by no one: its failure is not left unhandled.
  for (const r of offThread) r.done.catch(() => {});
  try {
    // The library's modules, when it runs on this thread (a fixture build), are read beside the imports.
    const libraryModules =
      options.validateOnly || offThreadNames.includes('library') ? null : prefetchModuleImps(log);
    libraryModules?.catch(() => {});
    // The tagged texts the word study's worker reads for the imports (./importers/tagged.ts).
    const shared = offThread[offThreadNames.indexOf('study')]?.shared ?? undefined;
    for (const m of selected) {
      const importer = IMPORTERS[m.source.format];
      if (!importer) throw new Error(`${m.id}: no importer for source format "${m.source.format}"`);
      const t = Date.now();
      log(
        `${m.id}: importing (${m.source.format}${m.source.package ? `, ${m.source.package}` : ''})`,
      );
      let ir;
      // A version's own fixes (`source.fixes`, written by `version:add --fixes`) go with its entry,
      // so that version:remove takes them out with it (docs/translations.md).
      const own = m.source.fixes
        ? parseCorrections(`data/versions.json ${m.id} source.fixes`, {
            version: m.id,
            fixes: m.source.fixes,
          })
        : [];
      const corrections = new VersionCorrections(m.id, [...allCorrections, ...own]);
      try {
        ir = await importer(m.source, { canon, version: m.id, log, corrections, shared });
      } catch (e) {
        if (
          e instanceof SourceUnavailableError &&
          m.optional &&
          !options.versions?.includes(m.id)
        ) {
          log(`WARNING: ${m.id} skipped, its source is not available: ${e.message}`);
          skipped.push(m.id);
          continue;
        }
        throw e;
      }
      const dropped = dropSubscriptions(ir);
      if (dropped.length)
        log(
          `  ${dropped.length} subscriptions of epistles dropped from their last verse (${dropped.join(' ')})`,
        );
      apart[m.id] = { ...countTitles(ir), subscriptionsDropped: dropped.length };
      // Verses the edition prints only as a margin note become empty slots (data/margin-verses.json).
      const margin = marginVerses[m.id] ?? {};
      const marginProblems = emptyMarginVerses(m.id, ir, margin);
      if (Object.keys(margin).length)
        log(
          `  ${Object.keys(margin).length - marginProblems.length} margin-note verses emptied (data/margin-verses.json)`,
        );
      // The translators' notes are placed and checked in the text as served (after the changes above).
      const notes = await addFootnotes(m, ir, log);
      if (notes.count)
        footnoteFigures[m.id] = { notes: notes.count, byHand: notes.byHand, kinds: notes.byKind };
      if (notes.unavailable) skipped.push(`${m.id} footnotes`);
      // An added version's odd-looking words are warnings (validate.ts `warnings`), printed here.
      const warnings = m.source.oddWords === 'warn' ? ([] as string[]) : undefined;
      const verrors = validateVersion(m.id, ir, {
        canon,
        // A margin-note verse is an empty slot like a listed gap.
        gaps: { ...(gaps[m.id] ?? {}), ...margin },
        expect: m.source.expect as { books?: number; verses?: number } | undefined,
        versification: m.source.versification as string | undefined,
        forbiddenChars: m.source.forbiddenChars as string | undefined,
        mappedFrom: mappedFrom[m.id],
        // The Hebrew numbers a Psalm's title as its verse 1: there is no title to set apart.
        psalmTitles: m.source.titlesAreVerses ? undefined : psalmTitles(m.id),
        oneLetterWords: m.source.oneLetterWords as string | undefined,
        warnings,
      });
      if (warnings?.length) {
        log(`  ${warnings.length} warning(s): words that look odd, served as printed`);
        for (const w of warnings) log(`  WARNING ${w}`);
      }
      verrors.push(...corrections.problems(), ...marginProblems, ...notes.problems);
      errors.push(...verrors);
      corrected[m.id] = corrections.appliedByFile();
      let chapters = 0;
      let verses = 0;
      for (const b of ir.books)
        for (const c of b.chapters) {
          chapters++;
          for (const v of c.verses) if (v.tokens.length) verses++;
        }
      const nCorrected = Object.values(corrected[m.id]).reduce((a, b) => a + b, 0);
      log(
        `${m.id}: ${ir.books.length} books, ${chapters} chapters, ${verses} verses, ${nCorrected} corrections (${((Date.now() - t) / 1000).toFixed(1)} s)${verrors.length ? `, ${verrors.length} validation error(s)` : ''}`,
      );
      versions.push({ manifest: m, ir });
    }
    // The WLC's numbering against the KJV's is committed data checked against its package.
    if (versions.some((v) => v.manifest.id === 'WLC')) errors.push(...wlcVersificationProblems());
    if (errors.length) throw new SnapshotValidationError(errors);
    if (!versions.length) throw new Error('no version could be imported');
    if (options.validateOnly) return validated(versions, skipped, corrected, apart, started);
    const importsEnded = Date.now();

    // Produce pairs under a placeholder id, hash their content, then name the snapshot by the hash.
    const figures: Record<string, unknown> = { footnotes: footnoteFigures };
    const base = {
      snapshotId: PLACEHOLDER_ID,
      canon,
      versions,
      books,
      versionBooks,
      studyBooks,
      libraryChapters,
      log,
      skipped,
      figures,
    };
    const catalogue = buildCatalogue(base);
    const languages = [...new Set(versions.map((v) => v.manifest.lang))];
    const stemmers = new Map(
      await Promise.all(languages.map(async (l) => [l, await stemmerFor(l)] as const)),
    );
    const ctx = { ...base, catalogue, stemmers };
    const produced: ProducedPair[] = [];
    // Each phase's seconds, one line of the log (docs/speed.md "The first npm run dev").
    const phases = [`imports ${seconds(importsEnded - started)}`];
    for (const r of offThread) r.giveCatalogue(catalogue);
    await libraryModules;
    for (const p of PRODUCERS) {
      if (offThreadNames.includes(p.name)) continue;
      const t = Date.now();
      for (const pair of p.produce(ctx)) produced.push(pair);
      phases.push(`${p.name} ${seconds(Date.now() - t)}`);
    }
    const waited = Date.now();
    for (const [i, r] of (await Promise.all(offThread.map((r) => r.done))).entries()) {
      phases.push(
        `${offThreadNames[i]} ${seconds(r.milliseconds)} (${r.kept ? 'kept' : 'worker'})`,
      );
      produced.push(...r.pairs);
      skipped.push(...r.skipped);
      Object.assign(figures, r.figures);
    }
    phases.push(`waiting for the workers ${seconds(Date.now() - waited)}`);
    const sortStarted = Date.now();
    produced.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const h = createHash('sha256');
    for (const p of produced) h.update(p.key).update('\0').update(p.value).update('\0');
    const snapshotId = h.digest('hex').slice(0, 16);
    const builtAt = options.builtAt ?? new Date().toISOString();

    const from = snapshotPrefix(PLACEHOLDER_ID);
    const to = snapshotPrefix(snapshotId);
    const seen = new Set<string>();
    const pairs: KvPair[] = produced.map((p) => {
      if (!p.key.startsWith(from))
        throw new Error(`pair key outside the snapshot prefix: ${p.key}`);
      const pair = {
        key: to + p.key.slice(from.length),
        value: p.finalize ? p.finalize(snapshotId, builtAt) : p.value,
      };
      if (seen.has(pair.key)) throw new Error(`duplicate key ${pair.key}`);
      seen.add(pair.key);
      assertPairWithinLimits(pair);
      return pair;
    });
    // Load order puts the catalogue last: the worker reads nothing of a snapshot before its
    // catalogue, so the catalogue key in KV means the load completed (test setup, `npm run deploy`).
    const catalogueAt = pairs.findIndex((p) => p.key === catalogueKey(snapshotId));
    if (catalogueAt >= 0) pairs.push(...pairs.splice(catalogueAt, 1));
    const finalCatalogue: CatalogueValue = { ...catalogue, snapshotId, builtAt };
    phases.push(`naming and checking the pairs ${seconds(Date.now() - sortStarted)}`);
    log(`phases (s): ${phases.join(', ')}`);

    let chapters = 0;
    let verses = 0;
    let bookCount = 0;
    for (const v of versions)
      for (const b of v.ir.books) {
        if (!buildsBook({ books, versionBooks }, v.manifest.id, b.osis)) continue;
        bookCount++;
        for (const c of b.chapters) {
          chapters++;
          for (const x of c.verses) if (x.tokens.length) verses++;
        }
      }
    const summary: BuildSummary = {
      versions: versions.length,
      books: bookCount,
      chapters,
      verses,
      keys: pairs.length,
      bytes: pairs.reduce((n, p) => n + utf8Bytes(p.key) + utf8Bytes(p.value), 0),
      seconds: Math.round((Date.now() - started) / 100) / 10,
      skipped,
      corrections: corrected,
      apart,
      figures,
    };
    // The build's cache stays within its bound: the files least recently used go (./build-cache.ts).
    if (cacheEnabled()) {
      const pruned = pruneBuildCache(configuredCacheDir(), cacheMaxBytes(), started);
      if (pruned.removed)
        log(
          `build cache: ${pruned.removed} files least recently used removed (${mib(pruned.bytes)} MiB), ${mib(pruned.kept)} MiB kept (SCRIPTURE_CACHE_MAX_MB)`,
        );
    }
    return { snapshotId, catalogue: finalCatalogue, pairs, summary };
  } catch (e) {
    // A build that failed needs no pairs (a worker that finished may still be keeping its own).
    for (const r of offThread) r.stop();
    throw e;
  }
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

/** What a validation alone returns: no pairs, the versions' counts. */
function validated(
  versions: ImportedVersion[],
  skipped: string[],
  corrections: BuildSummary['corrections'],
  apart: BuildSummary['apart'],
  started: number,
): BuiltSnapshot {
  let chapters = 0;
  let verses = 0;
  for (const v of versions)
    for (const b of v.ir.books)
      for (const c of b.chapters) {
        chapters++;
        for (const x of c.verses) if (x.tokens.length) verses++;
      }
  const books = versions.reduce((n, v) => n + v.ir.books.length, 0);
  return {
    snapshotId: '',
    catalogue: { snapshotId: '', builtAt: '', versions: [], groups: [], books: [] },
    pairs: [],
    summary: {
      versions: versions.length,
      books,
      chapters,
      verses,
      keys: 0,
      bytes: 0,
      seconds: Math.round((Date.now() - started) / 100) / 10,
      skipped,
      corrections,
      apart,
      figures: {},
    },
  };
}

/** Write DIR/manifest.json and DIR/kv-000.json… (JSON arrays of {key, value} for `wrangler kv bulk put`). */
export function writeSnapshot(
  dir: string,
  built: BuiltSnapshot,
  options: BuildOptions,
  inputsHash = computeInputsHash(),
): SnapshotManifest {
  mkdirSync(dir, { recursive: true });
  for (const f of readdirSync(dir))
    if (/^kv-\d+\.json$/.test(f) || f === MANIFEST_FILE) rmSync(path.join(dir, f));
  const files: string[] = [];
  chunkPairs(built.pairs).forEach((chunk, i) => {
    const name = `kv-${String(i).padStart(3, '0')}.json`;
    writeFileSync(path.join(dir, name), JSON.stringify(chunk));
    files.push(name);
  });
  const manifest: SnapshotManifest = {
    snapshotId: built.snapshotId,
    inputsHash,
    builtAt: built.catalogue.builtAt,
    options: {
      books: options.books ?? null,
      versions: options.versions ?? null,
    },
    files,
    summary: built.summary,
  };
  writeFileSync(path.join(dir, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

/**
 * True when DIR holds a complete snapshot built from the current inputs (computeInputsHash) with
 * the given options (default: a full build, every book and version).
 */
export function isSnapshotFresh(
  dir: string,
  options: Pick<BuildOptions, 'books' | 'versions'> = {},
): boolean {
  const m = readSnapshotManifest(dir);
  if (!m) return false;
  if (
    JSON.stringify({ books: m.options.books, versions: m.options.versions }) !==
    JSON.stringify({ books: options.books ?? null, versions: options.versions ?? null })
  )
    return false;
  if (!hasDownloads(m)) return false;
  if (!m.files.length || !m.files.every((f) => existsSync(path.join(dir, f)))) return false;
  return m.inputsHash === computeInputsHash();
}

/** "KJV 0, ASV 347 (data/source-fixes.json 1, data/asv-errata.json 346), WEB 0" */
export function formatApart(a: BuildSummary['apart']): string {
  return Object.entries(a)
    .map(
      ([version, x]) =>
        `${version} ${x.psalmTitles} Psalm titles, ${x.headings} headings, ${x.subscriptionsDropped} subscriptions dropped`,
    )
    .join('; ');
}

export function formatCorrections(c: BuildSummary['corrections']): string {
  return Object.entries(c)
    .map(([version, byFile]) => {
      const parts = Object.entries(byFile);
      const total = parts.reduce((n, [, k]) => n + k, 0);
      return parts.length
        ? `${version} ${total} (${parts.map(([f, k]) => `${f} ${k}`).join(', ')})`
        : `${version} 0`;
    })
    .join(', ');
}
