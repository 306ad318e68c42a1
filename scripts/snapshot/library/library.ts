/**
 * Reads the whole reference library from the installed modules and validates it: the
 * counts of data/library.json `expect`, every reference resolved or listed with its reason
 * (data/library-unresolved.json, ./unresolved.ts), no listed reference stale. A module that is not
 * installed is left out and named in `missing` (the producer reports it as skipped, and a build
 * that requires it fails: scripts/lib/prepare.ts).
 */
import type { PrepareContext } from '../off-thread';
import { cachedReading } from '../readings-cache';
import { kjvVerses } from '../study/lexicons/kjv-verses';
import { readCommentary, type CommentaryRead } from './commentaries';
import { emptyTally, type RefTally } from './links';
import {
  libraryModules,
  loadLibraryConfig,
  moduleInstalled,
  moduleLicense,
  prefetchModuleImps,
  readModuleImp,
  type ModuleConfig,
} from './sources';
import { readTopics, type TopicsRead } from './topics';
import { loadListedReferences } from './unresolved';

export interface LibraryRead {
  commentaries: (CommentaryRead & { copyright: string })[];
  topics: (TopicsRead & { config: ModuleConfig; copyright: string }) | null;
  missing: ModuleConfig[];
  milliseconds: number;
}

/** `Public domain (…): Nave's Topical Bible, Orville J. Nave, 1896; CrossWire's SWORD module Nave 3.0 (Debian sword-dict-naves).` */
function copyrightLine(m: ModuleConfig): string {
  const { version } = moduleLicense(m);
  return `Public domain. ${m.name}, ${m.author}, ${m.year}; text from CrossWire's SWORD module ${m.module}${version ? ` ${version}` : ''} (Debian package ${m.package}), whose configuration says "DistributionLicense=Public Domain".`;
}

export class LibraryValidationError extends Error {}

/**
 * The library's `prepare` (../off-thread.ts): runs mod2imp for its modules at once before the
 * producer reads them one by one (./sources.ts prefetchModuleImps).
 */
export async function prepareLibrary({ log }: PrepareContext): Promise<void> {
  await prefetchModuleImps(log);
}

/** The library as parseLibrary reads it, once per change of the build code (../readings-cache.ts). */
export function readLibrary(log: (msg: string) => void = () => {}): LibraryRead {
  return cachedReading(
    'library',
    () => parseLibrary(log),
    (file) => log(`library: the reading of the installed modules kept in ${file}`),
  );
}

function parseLibrary(log: (msg: string) => void): LibraryRead {
  const started = Date.now();
  const config = loadLibraryConfig();
  const kjv = kjvVerses();
  const listed = loadListedReferences();
  const missing = libraryModules(config).filter((m) => !moduleInstalled(m));
  const problems: string[] = [];
  const tallies: RefTally[] = [];
  const expect = (m: ModuleConfig, what: string, got: number) => {
    if (m.expect[what] !== undefined && m.expect[what] !== got)
      problems.push(`${m.id}: ${got} ${what}, data/library.json expects ${m.expect[what]}`);
  };

  const commentaries: LibraryRead['commentaries'] = [];
  for (const c of config.commentaries) {
    if (missing.includes(c)) continue;
    const tally = emptyTally();
    tallies.push(tally);
    const read = readCommentary(c, readModuleImp(c, log), kjv, tally, listed);
    expect(c, 'keys', read.keys);
    expect(c, 'entries', read.entries.length);
    commentaries.push({ ...read, copyright: copyrightLine(c) });
  }
  let topics: LibraryRead['topics'] = null;
  if (!missing.includes(config.topics)) {
    const tally = emptyTally();
    tallies.push(tally);
    const read = readTopics(readModuleImp(config.topics, log), kjv, tally, listed);
    expect(config.topics, 'topics', read.entries);
    expect(config.topics, 'references', tally.written);
    expect(config.topics, 'links', read.links.written);
    topics = { ...read, config: config.topics, copyright: copyrightLine(config.topics) };
  }

  const unlisted = tallies.flatMap((t) => t.unlisted);
  for (const u of unlisted)
    problems.push(
      `${u.module} ${u.entry}: reference "${u.osisRef}" ("${u.text}") does not resolve (${u.problem}) and is not in data/library-unresolved.json`,
    );
  // A listed reference no module read any more is stale, unless its module is not installed.
  const used = new Set(tallies.flatMap((t) => [...t.used]));
  const installed = new Set(
    libraryModules(config)
      .filter((m) => !missing.includes(m))
      .map((m) => m.id),
  );
  for (const [key, r] of listed)
    if (installed.has(r.module) && !used.has(key))
      problems.push(
        `data/library-unresolved.json lists ${r.module} ${r.entry} "${r.osisRef}", which no longer occurs unresolved: check the entry`,
      );
  if (problems.length)
    throw new LibraryValidationError(
      `reference library: ${problems.length} problem(s):\n  ${problems.slice(0, 60).join('\n  ')}`,
    );
  return { commentaries, topics, missing, milliseconds: Date.now() - started };
}
