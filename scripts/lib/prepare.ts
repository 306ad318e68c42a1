import { buildSnapshot, formatCorrections, isSnapshotFresh, readSnapshotManifest, writeSnapshot, type BuildOptions } from '../snapshot/snapshot';
import { DEFAULT_OUT_DIR } from '../snapshot/paths';
import { loadSnapshot } from '../snapshot/load';
import { persistArgs, wrangler } from './wrangler';

/**
 * Builds the snapshot in `dir` unless it is fresh (same inputs, same options), and returns its
 * manifest. With REQUIRE_WEB set (CI does), a build without the WEB source fails instead of
 * skipping it, so the DEUT testament is always tested for real there.
 */
export async function ensureSnapshot(dir: string, options: Pick<BuildOptions, 'books' | 'versions'> = {}) {
  if (isSnapshotFresh(dir, options)) {
    console.log(`snapshot in ${dir} is up to date`);
  } else {
    console.log(`building snapshot into ${dir}…`);
    const built = await buildSnapshot({ ...options, log: (m) => console.log(`  ${m}`) });
    writeSnapshot(dir, built, options);
    console.log(`  corrections applied: ${formatCorrections(built.summary.corrections)}`);
  }
  const manifest = readSnapshotManifest(dir)!;
  if (process.env.REQUIRE_WEB && manifest.summary.skipped.includes('WEB')) {
    throw new Error('REQUIRE_WEB is set but the WEB source is not installed: apt-get install sword-text-web libsword-utils');
  }
  return manifest;
}

/**
 * Everything `npm run dev` and `npm run bench` need before the worker starts: the full snapshot
 * built (if missing or stale) and loaded into local KV, and the D1 migrations applied locally.
 * `persistTo` keeps that local state in its own folder (the bench's, so that its accounts and
 * notes never reach the development database). Returns the snapshot id to serve.
 */
export async function prepareLocal(options: { persistTo?: string } = {}): Promise<string> {
  const manifest = await ensureSnapshot(DEFAULT_OUT_DIR);
  await loadSnapshot({ target: 'local', dir: DEFAULT_OUT_DIR, persistTo: options.persistTo });
  console.log('applying D1 migrations (local)…');
  wrangler(['d1', 'migrations', 'apply', 'DB', '--local', ...persistArgs(options.persistTo)], { quiet: true });
  return manifest.snapshotId;
}
