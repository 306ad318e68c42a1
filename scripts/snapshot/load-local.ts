/**
 * Loads a built snapshot into the local KV store that `wrangler dev` reads, by writing that store's
 * files directly (scripts/lib/miniflare-kv.ts), in bulk and only what changed:
 *
 * - a value is stored once under the SHA-256 of its bytes, so the values a new snapshot shares
 *   with the one loaded before (every key is new, docs/kv-layout.md "Snapshot id and the atomic
 *   switch", but most values are the same) are not written again: only their rows are;
 * - all rows go in with one SQLite transaction, so a load that stops halfway leaves the store as it
 *   was (the values written so far are found again by the next load);
 * - the rows of every other snapshot are dropped in that transaction and the files no row names
 *   any more are deleted after it, so the local store holds one snapshot and does not grow
 *   without bound. Keys outside `snap:` are left alone.
 *
 * Values shared by several keys are a file several rows name, which Miniflare never does itself: a
 * snapshot key deleted or overwritten through wrangler (`wrangler kv key delete --local`) would
 * delete that file under the other keys too. The loader is the only writer of snapshot keys
 * locally (it drops old snapshots itself); `--force` rewrites every file if that ever happened.
 */
import { hash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { snapshotPrefix } from '../../src/snapshot/keys';
import { blobPath, openLocalKv, type LocalKvNamespace } from '../lib/miniflare-kv';
import type { KvPair } from './limits';

export interface LocalLoadStats {
  keys: number;
  /** Values written to a file (new content, or all with `force`). */
  written: number;
  /** Values whose file was there already (loaded before, or a repeated value). */
  reused: number;
  /** Snapshots whose keys were dropped from the store. */
  droppedSnapshots: string[];
  droppedKeys: number;
  /** Files deleted because no row names them any more. */
  deletedFiles: number;
}

/**
 * The blob id of a value: the hex SHA-256 of its UTF-8 bytes. One call on the string, which Node
 * encodes itself: a Buffer made first and a Hash object per value cost twice the CPU over a whole
 * snapshot's 190,000 values (docs/speed.md "The first npm run dev").
 */
export function contentBlobId(value: string): string {
  return hash('sha256', value, 'hex');
}

/** `snap:<id>:…` → `<id>` (null for a key outside any snapshot). */
function snapshotOfKey(key: string): string | null {
  const m = /^snap:([^:]+):/.exec(key);
  return m ? m[1] : null;
}

/**
 * Writes the pairs of `batches` (the kv-NNN.json files of a built snapshot as they are read, or the
 * build's pairs still in memory) as the snapshot `snapshotId` into the local namespace `ns`, and
 * drops every other snapshot from it. With `force`, every value's file is written again, also
 * when it exists.
 */
export function loadIntoLocalKv(
  ns: LocalKvNamespace,
  snapshotId: string,
  batches: Iterable<KvPair[]>,
  options: { force?: boolean } = {},
): LocalLoadStats {
  const db = openLocalKv(ns, { create: true })!;
  try {
    const prefix = snapshotPrefix(snapshotId);
    // One pass over the rows there are: the blob ids they name (such a file is complete: it was
    // written before its row committed), and those this load drops or replaces (snapshot keys
    // are written by this loader only, so they stay as read here until its transaction).
    const named = new Set<string>();
    const keptElsewhere = new Set<string>();
    const candidates = new Set<string>();
    const droppedSnapshots = new Set<string>();
    let droppedKeys = 0;
    for (const r of db.prepare('SELECT key, blob_id FROM _mf_entries').all() as {
      key: string;
      blob_id: string;
    }[]) {
      named.add(r.blob_id);
      const of = snapshotOfKey(r.key);
      if (of === null) keptElsewhere.add(r.blob_id);
      else candidates.add(r.blob_id);
      if (of !== null && of !== snapshotId) {
        droppedSnapshots.add(of);
        droppedKeys++;
      }
    }
    mkdirSync(ns.blobsDir, { recursive: true });
    const rows: [key: string, blobId: string][] = [];
    const done = new Set<string>();
    let written = 0;
    for (const batch of batches) {
      for (const { key, value } of batch) {
        if (snapshotOfKey(key) !== snapshotId)
          throw new Error(`key ${key} is not of snapshot ${snapshotId}`);
        const id = contentBlobId(value);
        rows.push([key, id]);
        if (done.has(id)) continue;
        done.add(id);
        const target = blobPath(ns, id);
        if (!options.force && named.has(id) && existsSync(target)) continue;
        if (named.has(id)) {
          // Rows name this file already: replace it whole, never leave it half written.
          writeFileSync(`${target}.${process.pid}.tmp`, value);
          renameSync(`${target}.${process.pid}.tmp`, target);
        } else {
          // No committed row names it yet; a file left half written by a stopped load is written
          // again by the next one (it is not in `named` then either).
          writeFileSync(target, value);
        }
        written++;
      }
    }

    db.exec('BEGIN IMMEDIATE');
    try {
      db.prepare(
        "DELETE FROM _mf_entries WHERE substr(key, 1, 5) = 'snap:' AND substr(key, 1, ?) <> ?",
      ).run(prefix.length, prefix);
      const put = db.prepare(
        'INSERT OR REPLACE INTO _mf_entries (key, blob_id, expiration, metadata) VALUES (?, ?, NULL, NULL)',
      );
      for (const [key, id] of rows) put.run(key, id);
      db.exec('COMMIT');
    } catch (e) {
      db.exec('ROLLBACK');
      throw e;
    }

    // The files of dropped and replaced rows that no row names now.
    let deletedFiles = 0;
    for (const id of candidates) {
      if (done.has(id) || keptElsewhere.has(id)) continue;
      rmSync(blobPath(ns, id), { force: true });
      deletedFiles++;
    }
    return {
      keys: rows.length,
      written,
      reused: rows.length - written,
      droppedSnapshots: [...droppedSnapshots],
      droppedKeys,
      deletedFiles,
    };
  } finally {
    db.close();
  }
}
