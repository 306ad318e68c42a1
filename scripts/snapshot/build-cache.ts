/**
 * The build's cache: what a build keeps for the next one on the machine, in any clone (the output
 * of `mod2imp` and `mod2osis`, whole-source readings, the word study's and the library's pairs:
 * ./readings-cache.ts, ./importers/command-source.ts, ./library/sources.ts). Every file is named
 * by a hash of what made it, so nothing stale is read (docs/development.md "The build's cache").
 *
 * - Where: `SCRIPTURE_CACHE_DIR`, else `$XDG_CACHE_HOME/scripture-edge`, else
 *   `~/.cache/scripture-edge`: outside the repository and node_modules, so that a fresh clone or
 *   install reuses it.
 * - Off: `SCRIPTURE_CACHE=off` keeps nothing (a build reads every source again, and spends no time
 *   writing what it read); a command's output then goes to a folder of the process's own in the
 *   system's temporary folder, removed when the process ends.
 * - Bounded: after a build, the files least recently used go until the folder holds at most
 *   `SCRIPTURE_CACHE_MAX_MB` (default DEFAULT_MAX_MB); the files that build read or wrote stay.
 *   A reading or an output read back is touched, so that its time is its last use.
 *
 * Read from the environment when asked, so that a test (and a worker thread, which gets the
 * build's environment) can point it elsewhere.
 */
import { mkdirSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The default bound: one set of inputs keeps about 570 MB (7 December 2026: the commands' output
 * 92 MB, the whole sources' readings 169 MB, the word study's and the library's pairs 269 MB, the
 * test fixture's own about 40 MB), so two clones on different commits fit, and a third's makes the
 * oldest go.
 */
export const DEFAULT_MAX_MB = 1536;

/** Whether the build keeps what it reads (`SCRIPTURE_CACHE=off` turns it off). */
export function cacheEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return !/^(off|0|false|no)$/i.test(env.SCRIPTURE_CACHE ?? '');
}

/** The cache's folder as configured (also when it is off: where it would be). */
export function configuredCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SCRIPTURE_CACHE_DIR) return path.resolve(env.SCRIPTURE_CACHE_DIR);
  const base = env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'scripture-edge');
}

/** This process's folder for a command's output while the cache is off (one per process). */
function processScratchDir(): string {
  const dir = path.join(os.tmpdir(), `scripture-edge-build-${process.pid}`);
  if (!scratchMade) {
    scratchMade = true;
    mkdirSync(dir, { recursive: true });
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return dir;
}
let scratchMade = false;

/** Where the build keeps (or, with the cache off, holds for this process) what it makes. */
export function buildCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return cacheEnabled(env) ? configuredCacheDir(env) : processScratchDir();
}

/** The bound in bytes (`SCRIPTURE_CACHE_MAX_MB`, default DEFAULT_MAX_MB). */
export function cacheMaxBytes(env: NodeJS.ProcessEnv = process.env): number {
  const mb = Number(env.SCRIPTURE_CACHE_MAX_MB);
  return (Number.isFinite(mb) && mb >= 0 ? mb : DEFAULT_MAX_MB) * 1024 * 1024;
}

/** The files this process read or wrote in the cache: a prune never removes them. */
const used = new Set<string>();

/** Marks a file of the cache as used now (its time is its last use: the prune keeps it longest). */
export function touchCacheFile(file: string): void {
  used.add(path.resolve(file));
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // Gone or not writable: nothing to mark.
  }
}

/** Notes a file this process wrote into the cache. */
export function noteCacheFile(file: string): void {
  used.add(path.resolve(file));
}

/**
 * Removes the least recently used files until the cache holds at most `maxBytes`, never a file
 * this thread used nor one used since `keepSince` (ms; a build's start: its worker threads' files
 * too); returns what it removed. Files of a process in flight (`.partial`, `.out`, `.err`) are left
 * alone. A cache that cannot be read is left as it is.
 */
export function pruneBuildCache(
  dir = configuredCacheDir(),
  maxBytes = cacheMaxBytes(),
  keepSince = Infinity,
): { removed: number; bytes: number; kept: number } {
  let files: { file: string; size: number; at: number }[];
  try {
    files = readdirSync(dir)
      .filter((f) => !/\.(partial|out|err)$/.test(f))
      .map((f) => {
        const file = path.join(dir, f);
        const s = statSync(file);
        return { file, size: s.isFile() ? s.size : 0, at: s.mtimeMs };
      });
  } catch {
    return { removed: 0, bytes: 0, kept: 0 };
  }
  let total = files.reduce((n, f) => n + f.size, 0);
  let removed = 0;
  let bytes = 0;
  for (const f of files.sort((a, b) => a.at - b.at)) {
    if (total <= maxBytes) break;
    if (used.has(f.file) || f.at >= keepSince || !f.size) continue;
    rmSync(f.file, { force: true });
    total -= f.size;
    bytes += f.size;
    removed++;
  }
  return { removed, bytes, kept: total };
}
