/**
 * CLI: load a built snapshot into the SNAPSHOT KV namespace with `wrangler kv bulk put`.
 *
 *   npm run snapshot:load:local            (tsx scripts/snapshot/load.ts --local)
 *   npm run snapshot:load:remote           (tsx scripts/snapshot/load.ts --remote)
 *   options: --dir DIR (default data/snapshot), --force (reload even if the marker says it is loaded)
 *
 * A marker file .wrangler/snapshot-loaded-<target>-<snapshotId> records a completed load, so a
 * second run is a no-op. The last line printed is the snapshot id (scripts/dev.ts and deploy pass
 * it to the worker as --var SNAPSHOT_ID:<id>).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { persistArgs, wrangler } from '../lib/wrangler';
import { catalogueKey } from '../../src/snapshot/keys';
import { DEFAULT_OUT_DIR, REPO_ROOT } from './paths';
import { readSnapshotManifest } from './snapshot';

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
  log?: (msg: string) => void;
}

export interface LoadResult {
  snapshotId: string;
  /** False when the marker showed the snapshot was already loaded. */
  loaded: boolean;
  files: string[];
}

export function loadedMarker(target: LoadTarget, snapshotId: string, persistTo?: string): string {
  return path.join(persistTo ? path.resolve(REPO_ROOT, persistTo) : path.join(REPO_ROOT, '.wrangler'), `snapshot-loaded-${target}-${snapshotId}`);
}

export async function loadSnapshot(options: LoadOptions): Promise<LoadResult> {
  const log = options.log ?? ((m: string) => console.log(m));
  const dir = path.resolve(REPO_ROOT, options.dir ?? DEFAULT_OUT_DIR);
  const manifest = readSnapshotManifest(dir);
  if (!manifest) throw new Error(`no snapshot in ${dir} (run npm run snapshot:build first)`);
  const { snapshotId, files } = manifest;
  const marker = loadedMarker(options.target, snapshotId, options.persistTo);
  if (!options.force && existsSync(marker)) {
    log(`snapshot ${snapshotId} is already loaded into ${options.target} KV (marker ${path.relative(REPO_ROOT, marker)}); skipping`);
    return { snapshotId, loaded: false, files: [] };
  }
  const binding = options.binding ?? 'SNAPSHOT';
  for (const f of files) {
    const file = path.join(dir, f);
    if (!existsSync(file)) throw new Error(`missing ${file} (rebuild the snapshot)`);
    log(`loading ${path.relative(REPO_ROOT, file)} into ${options.target} KV (binding ${binding})…`);
    const args = ['kv', 'bulk', 'put', file, '--binding', binding, `--${options.target}`, ...persistArgs(options.persistTo)];
    // scripts/lib/wrangler.ts runs it on the project's Node 22 and throws with its output on failure.
    wrangler(args, { quiet: true });
  }
  mkdirSync(path.dirname(marker), { recursive: true });
  writeFileSync(marker, `${new Date().toISOString()} ${files.join(' ')}\n`);
  log(`loaded snapshot ${snapshotId} (${manifest.summary.keys} keys in ${files.length} file(s)) into ${options.target} KV`);
  return { snapshotId, loaded: true, files };
}

/**
 * Whether KV itself holds the snapshot (its catalogue key, written last by a complete load:
 * docs/kv-layout.md), asked of the namespace rather than of a marker file on this machine.
 */
export function snapshotInKv(target: LoadTarget, snapshotId: string, binding = 'SNAPSHOT'): boolean {
  const key = catalogueKey(snapshotId);
  const output = wrangler(['kv', 'key', 'list', '--binding', binding, '--prefix', key, `--${target}`], { quiet: true });
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
  const result = await loadSnapshot({ target: values.local ? 'local' : 'remote', dir: values.dir, force: values.force });
  console.log(result.snapshotId);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((e) => {
    console.error(`snapshot load failed: ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  });
}
