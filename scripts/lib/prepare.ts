import { rmSync } from 'node:fs';
import path from 'node:path';
import { computeInputsHash } from '../snapshot/inputs';
import {
  buildSnapshot,
  formatApart,
  formatCorrections,
  isSnapshotFresh,
  writeSnapshot,
  type BuildOptions,
  type BuiltSnapshot,
} from '../snapshot/snapshot';
import { MANIFEST_FILE, readSnapshotManifest } from '../snapshot/snapshot-manifest';
import type { KvPair } from '../snapshot/limits';
import { DEFAULT_OUT_DIR } from '../snapshot/paths';
import { loadSnapshot } from '../snapshot/load';
import { ensureSiteFonts } from './fonts';
import { applyLocalShards } from './shards';
import { wranglerLocalKvNamespaceId } from './wrangler';

/**
 * Optional versions (data/versions.json `optional`) and library modules (data/library.json) that
 * must not be skipped: REQUIRE_VERSIONS is a comma-separated list of their ids (CI sets
 * `WEB,RV1909,WLC,TR,MHCC,Scofield,TDavid,Nave`, so the DEUT testament, the Spanish text, the study
 * layer and the reference library are always tested for real there); REQUIRE_WEB=1 is the older spelling of `WEB`.
 */
export function requiredVersions(env: NodeJS.ProcessEnv = process.env): string[] {
  const ids = (env.REQUIRE_VERSIONS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (env.REQUIRE_WEB && !ids.includes('WEB')) ids.push('WEB');
  return ids;
}

const INSTALL_HINT: Record<string, string> = {
  WEB: 'apt-get install sword-text-web libsword-utils',
  RV1909: 'apt-get install sword-text-sparv libsword-utils',
  // A version's translators' notes from another source are skipped like an optional version.
  'KJV footnotes': 'apt-get install sword-text-kjv libsword-utils',
  WLC: 'apt-get install bibledit-cloud-data',
  TR: 'apt-get install bibledit-cloud-data',
  // The reference library (data/library.json): its modules are skipped like optional versions.
  MHCC: 'apt-get install sword-comm-mhcc libsword-utils',
  Scofield: 'apt-get install sword-comm-scofield libsword-utils',
  TDavid: 'apt-get install sword-comm-tdavid libsword-utils',
  Nave: 'apt-get install sword-dict-naves libsword-utils',
};

/**
 * Builds the snapshot in `dir` unless it is fresh (same inputs, same options), and returns its id,
 * and its pairs when it was built now. A required version (requiredVersions) whose source is
 * missing fails the build instead of being skipped. Its bulk files are written at once, or, with
 * `deferWrite`, when the caller calls `write` (`npm run dev` serves first: prepareLocal); until
 * then `dir` holds no manifest, so that nothing takes the snapshot before it for fresh.
 */
export async function ensureSnapshot(
  dir: string,
  options: Pick<BuildOptions, 'books' | 'versions'> = {},
  { deferWrite = false }: { deferWrite?: boolean } = {},
): Promise<{ snapshotId: string; pairs?: KvPair[]; write: () => void }> {
  let built: BuiltSnapshot | undefined;
  let skipped: string[];
  let write = () => {};
  if (isSnapshotFresh(dir, options)) {
    console.log(`snapshot in ${dir} is up to date`);
    skipped = readSnapshotManifest(dir)!.summary.skipped;
  } else {
    console.log(`building snapshot into ${dir}…`);
    // The inputs as they are when the build reads them (a file edited while it runs rebuilds next time).
    const inputsHash = computeInputsHash();
    rmSync(path.join(dir, MANIFEST_FILE), { force: true });
    const made = await buildSnapshot({ ...options, log: (m) => console.log(`  ${m}`) });
    built = made;
    skipped = made.summary.skipped;
    console.log(`  corrections applied: ${formatCorrections(made.summary.corrections)}`);
    console.log(`  titles and subscriptions: ${formatApart(made.summary.apart)}`);
    write = () => {
      const started = Date.now();
      const manifest = writeSnapshot(dir, made, options, inputsHash);
      console.log(
        `wrote the snapshot's ${manifest.files.length} bulk files into ${path.relative(process.cwd(), dir) || '.'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      write = () => {};
    };
    if (!deferWrite) write();
  }
  for (const id of requiredVersions()) {
    if (skipped.includes(id)) {
      throw new Error(
        `${id} is required (REQUIRE_VERSIONS/REQUIRE_WEB) but its source is not installed: ${INSTALL_HINT[id] ?? 'see data/versions.json'}`,
      );
    }
  }
  return {
    snapshotId: built?.snapshotId ?? readSnapshotManifest(dir)!.snapshotId,
    pairs: built?.pairs,
    write: () => write(),
  };
}

/**
 * Everything `npm run dev` and `npm run bench` need before the worker starts: the site's fonts in
 * public/, the full snapshot built (if missing or stale) and loaded into local KV, and the D1
 * migrations applied locally. `persistTo` keeps that local state in its own folder (the bench's, so that its accounts and
 * notes never reach the development database). Returns the snapshot id to serve, and `persist`,
 * which writes a snapshot built now as its bulk files (for the next run's freshness check, a
 * load elsewhere and a deploy): the local KV store serves it without them, so `npm run dev` calls
 * it once the worker answers (docs/speed.md "The first npm run dev").
 */
export async function prepareLocal(
  options: { persistTo?: string } = {},
): Promise<{ snapshotId: string; persist: () => void }> {
  ensureSiteFonts(); // public/ is served as it is: the fonts first (scripts/lib/fonts.ts)
  // Every database that holds accounts migrated and prepared (docs/scale.md), in-process on the
  // files workerd keeps them in (scripts/lib/shards.ts): milliseconds once they are up to date.
  console.log('applying D1 migrations (local) to every database that holds accounts…');
  const migrated = applyLocalShards(options.persistTo);
  migrated.catch(() => {}); // awaited below; a build failure first must not leave it unhandled
  void wranglerLocalKvNamespaceId('SNAPSHOT'); // the load's namespace, resolved beside the build too
  const { snapshotId, pairs, write } = await ensureSnapshot(
    DEFAULT_OUT_DIR,
    {},
    { deferWrite: true },
  );
  await loadSnapshot({
    target: 'local',
    dir: DEFAULT_OUT_DIR,
    persistTo: options.persistTo,
    built: pairs ? { snapshotId, pairs } : undefined,
  });
  for (const line of await migrated) console.log(`  ${line}`);
  console.log('D1 migrations applied (local)');
  return { snapshotId, persist: write };
}
