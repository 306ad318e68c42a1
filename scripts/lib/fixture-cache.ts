/**
 * The test fixture's two folders (its copy of data/ with the added versions, and its snapshot)
 * kept in the build's cache (scripts/snapshot/build-cache.ts), so that a fresh clone on a machine
 * that made the same fixture before copies it instead of making it again: version:add of the
 * fixture's versions and the fixture build, about 31 s of CPU on a fresh clone with the rest of the
 * cache warm (8 December 2026, the 2-core build machine), against well under a second to copy.
 *
 * Each folder is one reading of the cache (scripts/snapshot/readings-cache.ts keptEntry: written
 * whole, the latest few of a name kept, a cache that cannot be written read around): its files'
 * paths and bytes. It is named by what decides that the folder
 * is up to date where it is made, so a copy is used exactly when a folder made now would be left
 * as it is: the fixture data's stamp (./fixture-data.ts), the snapshot's inputs hash with its
 * options (ensureSnapshot's freshness check, scripts/snapshot/snapshot.ts isSnapshotFresh).
 * Nothing is kept with the cache off (`SCRIPTURE_CACHE=off`).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { keptEntry } from '../snapshot/readings-cache';

/** A folder's files as kept: each path under the folder with its bytes. */
type FolderFiles = [string, Uint8Array][];

/**
 * Puts the kept copy of `name` under `key` in `dir` (emptied first); false when none is kept.
 * `last` is written after every other file (the folder's manifest or stamp), so that a copy cut
 * short is never taken for a whole one.
 */
export function restoreFolder(name: string, key: string, dir: string, last: string): boolean {
  const files = keptEntry<FolderFiles>(name, key)?.kept();
  if (!files) return false;
  rmSync(dir, { recursive: true, force: true });
  const ordered = [...files.filter(([f]) => f !== last), ...files.filter(([f]) => f === last)];
  for (const [f, bytes] of ordered) {
    mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    writeFileSync(path.join(dir, f), bytes);
  }
  return true;
}

/** Keeps `dir`'s files as `name` under `key`, unless a copy is kept already. */
export function keepFolder(name: string, key: string, dir: string): void {
  const entry = keptEntry<FolderFiles>(name, key);
  if (!entry || entry.exists()) return;
  entry.keep(
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => statSync(path.join(dir, f)).isFile())
      .sort()
      .map((f): FolderFiles[number] => [f, readFileSync(path.join(dir, f))]),
  );
}
