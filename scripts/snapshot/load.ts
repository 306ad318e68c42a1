/**
 * CLI: load a built snapshot into the SNAPSHOT KV namespace.
 *
 *   npm run snapshot:load:local            (tsx scripts/snapshot/load.ts --local)
 *   npm run snapshot:load:remote           (tsx scripts/snapshot/load.ts --remote)
 *   options: --dir DIR (default data/snapshot), --force (reload even if the marker says it is loaded)
 *
 * Remote: `wrangler kv bulk put --remote`, one kv-NNN.json per request. Local: the files of the
 * local store written directly, only the values that changed, and every other snapshot dropped
 * (load-local.ts; `wrangler kv bulk put --local` writes one key at a time, 6.5 minutes for the
 * full snapshot: docs/kv-layout.md "Loading locally").
 *
 * A marker file .wrangler/snapshot-loaded-<target>-<snapshotId> records a completed load, so a
 * second run is a no-op (locally also the store must still hold the snapshot's catalogue). The
 * last line printed is the snapshot id (scripts/dev.ts and deploy pass it to the worker as
 * --var SNAPSHOT_ID:<id>).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { localKvHasKey, localKvNamespace } from '../lib/miniflare-kv';
import { persistArgs, wrangler, wranglerLocalKvNamespaceId } from '../lib/wrangler';
import { catalogueKey } from '../../src/snapshot/keys';
import type { KvPair } from './limits';
import { loadIntoLocalKv } from './load-local';
import { DEFAULT_OUT_DIR, REPO_ROOT } from './paths';
import { readSnapshotManifest } from './snapshot-manifest';

export type LoadTarget = 'local' | 'remote';

export interface LoadOptions {
  target: LoadTarget;
  /** Snapshot directory (default data/snapshot). */
  dir?: string;
  /** Reload even if the marker says this snapshot is already loaded. */
  force?: boolean;
  /** KV binding name (wrangler.toml). */
  binding?: string;
  /** Local state folder (`wrangler --persist-to`); default: wrangler's own (.wrangler/state). */
  persistTo?: string;
  /**
   * The snapshot just built, its pairs in memory: a local load then reads no file, and its bulk
   * files may not be written yet (`npm run dev` writes them once it serves: scripts/lib/prepare.ts).
   */
  built?: { snapshotId: string; pairs: KvPair[] };
  log?: (msg: string) => void;
}

export interface LoadResult {
  snapshotId: string;
  /** False when the marker showed the snapshot was already loaded. */
  loaded: boolean;
  files: string[];
}

export function loadedMarker(target: LoadTarget, snapshotId: string, persistTo?: string): string {
  return path.join(
    persistTo ? path.resolve(REPO_ROOT, persistTo) : path.join(REPO_ROOT, '.wrangler'),
    `snapshot-loaded-${target}-${snapshotId}`,
  );
}

/** A local load's marker: the namespace loaded, and the wrangler.toml that named it. */
interface LocalMarker {
  loadedAt: string;
  files: string[];
  namespaceId: string;
  /** SHA-256 of wrangler.toml when the namespace id was resolved from it. */
  config: string;
}

function wranglerConfigHash(): string {
  return createHash('sha256')
    .update(readFileSync(path.join(REPO_ROOT, 'wrangler.toml')))
    .digest('hex');
}

function readLocalMarker(file: string): LocalMarker | null {
  try {
    const m = JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalMarker>;
    return typeof m.namespaceId === 'string' && typeof m.config === 'string'
      ? (m as LocalMarker)
      : null;
  } catch {
    return null; // missing, or written by an older loader: load (what is stored already is kept)
  }
}

/**
 * Whether the marker shows the snapshot loaded. Remote: the marker alone. Local: the marker's
 * namespace must still be the one wrangler.toml names (resolving it anew loads wrangler, seconds,
 * so it is done only when that file changed) and must still hold the snapshot's catalogue (a
 * deleted .wrangler/state is loaded again).
 */
function markedLoaded(
  target: LoadTarget,
  marker: string,
  snapshotId: string,
  persistTo?: string,
): boolean {
  if (target === 'remote') return existsSync(marker);
  const m = readLocalMarker(marker);
  return (
    !!m &&
    m.config === wranglerConfigHash() &&
    localKvHasKey(localKvNamespace(m.namespaceId, persistTo), catalogueKey(snapshotId))
  );
}

/** The pairs of the bulk files, one file at a time. */
function* readBulkFiles(paths: string[]): Generator<KvPair[]> {
  for (const file of paths) yield JSON.parse(readFileSync(file, 'utf8')) as KvPair[];
}

export async function loadSnapshot(options: LoadOptions): Promise<LoadResult> {
  const log = options.log ?? ((m: string) => console.log(m));
  const dir = path.resolve(REPO_ROOT, options.dir ?? DEFAULT_OUT_DIR);
  const manifest = options.built ? null : readSnapshotManifest(dir);
  if (!options.built && !manifest)
    throw new Error(`no snapshot in ${dir} (run npm run snapshot:build first)`);
  if (options.built && options.target !== 'local')
    throw new Error('a snapshot is loaded remotely from its bulk files');
  const snapshotId = options.built?.snapshotId ?? manifest!.snapshotId;
  const files = manifest?.files ?? [];
  const binding = options.binding ?? 'SNAPSHOT';
  const marker = loadedMarker(options.target, snapshotId, options.persistTo);
  if (!options.force && markedLoaded(options.target, marker, snapshotId, options.persistTo)) {
    log(
      `snapshot ${snapshotId} is already loaded into ${options.target} KV (marker ${path.relative(REPO_ROOT, marker)}); skipping`,
    );
    return { snapshotId, loaded: false, files: [] };
  }
  const paths = files.map((f) => path.join(dir, f));
  for (const file of paths)
    if (!existsSync(file)) throw new Error(`missing ${file} (rebuild the snapshot)`);
  let record = `${new Date().toISOString()} ${files.join(' ')}\n`;
  if (options.target === 'local') {
    const config = wranglerConfigHash();
    const local = localKvNamespace(await wranglerLocalKvNamespaceId(binding), options.persistTo);
    const started = Date.now();
    log(
      `loading ${options.built ? 'the snapshot just built' : `${files.length} file(s) of ${path.relative(REPO_ROOT, dir)}`} into local KV (binding ${binding}, ${path.relative(REPO_ROOT, path.dirname(local.blobsDir))})…`,
    );
    const stats = loadIntoLocalKv(
      local,
      snapshotId,
      options.built ? [options.built.pairs] : readBulkFiles(paths),
      { force: options.force },
    );
    // The markers of the snapshots the store no longer holds would skip their next load.
    for (const old of stats.droppedSnapshots)
      rmSync(loadedMarker('local', old, options.persistTo), { force: true });
    log(
      `  ${stats.written} values written, ${stats.reused} already stored` +
        (stats.droppedKeys
          ? `; dropped ${stats.droppedKeys} keys of snapshot(s) ${stats.droppedSnapshots.join(', ')} (${stats.deletedFiles} files deleted)`
          : '') +
        ` in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const m: LocalMarker = {
      loadedAt: new Date().toISOString(),
      files,
      namespaceId: local.namespaceId,
      config,
    };
    record = JSON.stringify(m) + '\n';
  } else {
    for (const file of paths) {
      log(
        `loading ${path.relative(REPO_ROOT, file)} into ${options.target} KV (binding ${binding})…`,
      );
      const args = [
        'kv',
        'bulk',
        'put',
        file,
        '--binding',
        binding,
        `--${options.target}`,
        ...persistArgs(options.persistTo),
      ];
      // scripts/lib/wrangler.ts runs it on the project's Node 22 and throws with its output on failure.
      wrangler(args, { quiet: true });
    }
  }
  mkdirSync(path.dirname(marker), { recursive: true });
  writeFileSync(marker, record);
  log(
    `loaded snapshot ${snapshotId} (${options.built ? `${options.built.pairs.length} keys built now` : `${manifest!.summary.keys} keys in ${files.length} file(s)`}) into ${options.target} KV`,
  );
  return { snapshotId, loaded: true, files };
}

/**
 * Whether KV itself holds the snapshot (its catalogue key, written last by a complete load:
 * docs/kv-layout.md), asked of the namespace rather than of a marker file on this machine.
 */
export function snapshotInKv(
  target: LoadTarget,
  snapshotId: string,
  binding = 'SNAPSHOT',
): boolean {
  const key = catalogueKey(snapshotId);
  const output = wrangler(
    ['kv', 'key', 'list', '--binding', binding, '--prefix', key, `--${target}`],
    { quiet: true },
  );
  const json = output.slice(output.indexOf('['), output.lastIndexOf(']') + 1);
  const keys = JSON.parse(json || '[]') as { name: string }[];
  return keys.some((k) => k.name === key);
}

export async function main(argv = process.argv.slice(2)): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      local: { type: 'boolean' },
      remote: { type: 'boolean' },
      dir: { type: 'string' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || values.local === values.remote) {
    console.log('usage: tsx scripts/snapshot/load.ts --local|--remote [--dir DIR] [--force]');
    if (!values.help) process.exit(2);
    return;
  }
  const result = await loadSnapshot({
    target: values.local ? 'local' : 'remote',
    dir: values.dir,
    force: values.force,
  });
  console.log(result.snapshotId);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((e) => {
    console.error(`snapshot load failed: ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  });
}
