/**
 * Readings of whole installed sources (kjv.xml, the OSHB, the lexicons, the library's modules)
 * kept between processes: a reader's result, v8-serialized, in the build's cache (./build-cache.ts:
 * `~/.cache/scripture-edge` unless configured, with the mod2osis and mod2imp outputs), shared by
 * every clone on the machine, keyed by the snapshot's inputs hash (./inputs.ts: every file of the
 * build code, data/*.json and the versions of the source packages). With the cache off
 * (`SCRIPTURE_CACHE=off`) every reading is made and none is kept. A reading is reused only when neither the code that made
 * it nor what it read has changed since; any change to either reads the source again.
 *
 * Why: `npm test` parses these sources in the fixture build and again in the node tests of their
 * readers (test/node/study-sources, study-lexicons, library-sources), and `npm run dev` after it a
 * third time for the full snapshot. Read back, a reading costs a third to a thirtieth of its parse
 * (26 November 2026, Node 22 on the 2-core build machine: kjv.xml 2.6 s → 1.1 s, the OSHB 1.9 s
 * → 1.3 s, the library 3.3 s → 0.8 s, the lexicons 3.1 s → 0.1 s).
 *
 * Every call returns a copy of its own, as a parse would: callers may change what they get.
 * v8's serializer keeps what a plain-data reading holds (Maps keyed by its own objects, undefined;
 * an object met twice comes back as one), refuses functions (such a reading is not kept) and
 * returns a class instance as a plain object: cache only readings of plain data.
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { computeInputsHash } from './inputs';
import { buildCacheDir, cacheEnabled, noteCacheFile, touchCacheFile } from './build-cache';
import { REPO_ROOT } from './paths';

/**
 * The reading's file under the inputs as they are now (~10 ms: the build code is read again, so
 * that a reader edited under a watching vitest is never answered from its old reading).
 */
function readingFile(
  name: string,
  dir: string,
  alsoKeyedBy: readonly string[],
  keyText: string,
): string {
  // Keyed by the committed data/, also when the build reads a copy (the test fixture's, which adds
  // a version of its own): a whole source's reading does not depend on the versions added beside
  // it, and the node tests, which read data/, then find the fixture build's readings.
  const hash = createHash('sha256').update(computeInputsHash(path.join(REPO_ROOT, 'data')));
  for (const file of alsoKeyedBy) hash.update(`\0${file}\0`).update(readFileSync(file));
  if (keyText) hash.update('\0text\0').update(keyText);
  return path.join(dir, `reading-${name}-${hash.digest('hex').slice(0, 16)}.v8`);
}

/**
 * Clones and worktrees on other commits share the cache, each with readings of its own inputs: of
 * the older readings of a name, the most recent KEPT_READINGS - 1 stay (a reading is tens of MB).
 */
const KEPT_READINGS = 4;

function pruneReadings(dir: string, prefix: string): void {
  const older = readdirSync(dir)
    .filter((f) => f.startsWith(prefix) && f.endsWith('.v8'))
    .map((f) => ({ f, at: statSync(path.join(dir, f)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const { f } of older.slice(KEPT_READINGS - 1)) rmSync(path.join(dir, f), { force: true });
}

/**
 * The reading `name` (a file-name-safe word: `kjv`, `library`) made by `read`: from the cache when
 * it was made from the current inputs, else read now and kept (beside the latest few older readings of that
 * name). `onCached` is told when it came from the cache, for the build's log. `alsoKeyedBy`: files
 * outside the build's inputs that the reading depends on too (a reader of `scripts/versions/`,
 * test/node/osis-kjv.test.ts), read again when one changes; `keyText`: what the reading is made
 * from when it is not a file (a document as corrected). A cache that cannot be read or written is
 * read around, never a failure.
 */
export function cachedReading<T>(
  name: string,
  read: () => T,
  onCached?: (file: string) => void,
  dir = buildCacheDir(),
  alsoKeyedBy: readonly string[] = [],
  keyText = '',
): T {
  if (!cacheEnabled()) return read();
  const file = readingFile(name, dir, alsoKeyedBy, keyText);
  const kept = keptReading<T>(file, onCached);
  if (kept) return kept.reading;
  const reading = read();
  keep(file, dir, name, reading);
  return reading;
}

/** Whether the reading `name` of the current inputs is kept (without reading it). */
export function readingKept(name: string, dir = buildCacheDir()): boolean {
  return cacheEnabled() && existsSync(readingFile(name, dir, [], ''));
}

/**
 * A reading made elsewhere (a producer run in a worker thread, ./off-thread.ts), kept by
 * `keyText` beside the build's inputs: `exists` says whether one is kept without reading it,
 * `kept` reads it back (null when there is none), `keep` keeps a new one. Null while the cache is
 * off.
 */
export function keptEntry<T>(
  name: string,
  keyText: string,
  dir = buildCacheDir(),
): {
  exists(): boolean;
  kept(onCached?: (file: string) => void): T | null;
  keep(reading: T): void;
} | null {
  if (!cacheEnabled()) return null;
  const file = readingFile(name, dir, [], keyText);
  return {
    exists: () => existsSync(file),
    kept: (onCached) => keptReading<T>(file, onCached)?.reading ?? null,
    keep: (reading) => keep(file, dir, name, reading),
  };
}

/** The reading kept in `file`, or null when there is none that can be read. */
function keptReading<T>(file: string, onCached?: (file: string) => void): { reading: T } | null {
  if (!existsSync(file)) return null;
  try {
    const reading = deserialize(readFileSync(file)) as T;
    touchCacheFile(file);
    onCached?.(file.startsWith(REPO_ROOT) ? path.relative(REPO_ROOT, file) : file);
    return { reading };
  } catch {
    // Cut short (a process stopped while writing it is renamed only when whole) or from another
    // Node: read the source instead, and keep the new reading.
    return null;
  }
}

function keep(file: string, dir: string, name: string, reading: unknown): void {
  try {
    const bytes = serialize(reading);
    mkdirSync(dir, { recursive: true });
    pruneReadings(dir, `reading-${name}-`);
    // Renamed when whole: a reader in another process never sees half a file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, bytes);
    renameSync(partial, file);
    noteCacheFile(file);
  } catch {
    // Not serializable or not writable: the reading is used as read, and read again next time.
  }
}
