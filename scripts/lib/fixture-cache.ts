/**
 * The test fixture's two folders (its copy of data/ with the added versions, and its snapshot)
 * kept in the build's cache (scripts/snapshot/build-cache.ts), so that a fresh clone on a machine
 * that made the same fixture before copies it instead of making it again: version:add of the
 * fixture's versions and the fixture build, about 31 s of CPU on a fresh clone with the rest of the
 * cache warm (8 December 2026, the 2-core build machine), against well under a second to copy.
 *
 * Each folder is one file of the cache (the cache's bound prunes files, least recently used
 * first): its files' paths and bytes, v8-serialized. It is named by what decides that the folder
 * is up to date where it is made, so a copy is used exactly when a folder made now would be left
 * as it is: the fixture data's stamp (./fixture-data.ts), the snapshot's inputs hash with its
 * options (ensureSnapshot's freshness check, scripts/snapshot/snapshot.ts isSnapshotFresh).
 * Nothing is kept with the cache off (`SCRIPTURE_CACHE=off`).
 */
import { createHash } from 'node:crypto';
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
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import {
  buildCacheDir,
  cacheEnabled,
  noteCacheFile,
  touchCacheFile,
} from '../snapshot/build-cache';

function cacheFile(name: string, key: string): string {
  const hash = createHash('sha256').update(key).digest('hex').slice(0, 16);
  return path.join(buildCacheDir(), `${name}-${hash}.v8`);
}

/**
 * Puts the kept copy of `name` under `key` in `dir` (emptied first); false when none is kept.
 * `last` is written after every other file (the folder's manifest or stamp), so that a copy cut
 * short is never taken for a whole one.
 */
export function restoreFolder(name: string, key: string, dir: string, last: string): boolean {
  if (!cacheEnabled()) return false;
  const file = cacheFile(name, key);
  if (!existsSync(file)) return false;
  let files: [string, Uint8Array][];
  try {
    files = deserialize(readFileSync(file)) as [string, Uint8Array][];
  } catch {
    return false; // unreadable (another version of Node wrote it): made again, and kept again
  }
  rmSync(dir, { recursive: true, force: true });
  const ordered = [...files.filter(([f]) => f !== last), ...files.filter(([f]) => f === last)];
  for (const [f, bytes] of ordered) {
    mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    writeFileSync(path.join(dir, f), bytes);
  }
  touchCacheFile(file);
  return true;
}

/** Keeps `dir`'s files as `name` under `key`, unless a copy is kept already. */
export function keepFolder(name: string, key: string, dir: string): void {
  if (!cacheEnabled()) return;
  const file = cacheFile(name, key);
  if (existsSync(file)) return touchCacheFile(file);
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(path.join(dir, f)).isFile())
    .sort()
    .map((f): [string, Uint8Array] => [f, readFileSync(path.join(dir, f))]);
  mkdirSync(path.dirname(file), { recursive: true });
  // Written whole under a name of this process's first: a reader never meets half a file, nor do
  // two clones' runs at once write into one.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, serialize(files));
  renameSync(partial, file);
  noteCacheFile(file);
}
