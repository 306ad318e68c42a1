/**
 * `npm run deploy [-- wrangler deploy options]`: deploys the worker serving the snapshot in
 * data/snapshot/ (it refuses one an older `npm run dev` wrote without the whole-version downloads),
 * in the order Cloudflare's D1 templates use (migrations before the code that needs them):
 *   1. refuse unless the remote KV namespace holds that snapshot (`npm run snapshot:load:remote`
 *      loads it beside the one in service; its catalogue key is written last, so its presence
 *      means a complete load) — a worker pointed at a missing snapshot would answer 503;
 *   2. apply the D1 migrations remotely to every database that holds accounts (wrangler.toml's
 *      `DB`, `DB_1`, …) and prepare any new one (its id block: docs/scale.md "Adding a database");
 *   3. `wrangler deploy --var SNAPSHOT_ID:<id>`, which switches to the new snapshot atomically,
 *      with the site's fonts copied into public/ first (scripts/lib/fonts.ts: not committed).
 */
// A module (its imports come after --help): its names are its own, not the global scope's.
export {};
const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(
    'usage: npm run deploy [-- wrangler deploy options]\n  checks the remote snapshot, applies remote D1 migrations to every database that holds accounts, deploys with SNAPSHOT_ID',
  );
  process.exit(0);
}

async function main(): Promise<void> {
  // Imported after --help, which then answers without loading the build (test/node/scripts.test.ts).
  const [
    { snapshotInKv },
    { DEFAULT_OUT_DIR },
    { readSnapshotManifest, hasDownloads },
    { wranglerProcess },
    { ensureSiteFonts },
    { applyRemoteShards },
  ] = await Promise.all([
    import('./snapshot/load'),
    import('./snapshot/paths'),
    import('./snapshot/snapshot-manifest'),
    import('./lib/wrangler'),
    import('./lib/fonts'),
    import('./lib/shards'),
  ]);
  const manifest = readSnapshotManifest(DEFAULT_OUT_DIR);
  if (!manifest) {
    console.error(
      'no snapshot in data/snapshot: run `npm run snapshot:build` and `npm run snapshot:load:remote` first',
    );
    process.exit(1);
  }
  const { snapshotId } = manifest;
  // An older `npm run dev` built without the whole-version downloads; the service must serve them.
  if (!hasDownloads(manifest)) {
    console.error(
      `snapshot ${snapshotId} has no whole-version downloads (an older npm run dev built it without them): run \`npm run snapshot:build\` and \`npm run snapshot:load:remote\` first`,
    );
    process.exit(1);
  }
  if (!snapshotInKv('remote', snapshotId)) {
    console.error(
      `snapshot ${snapshotId} is not loaded into the remote KV namespace: run \`npm run snapshot:load:remote\` first`,
    );
    process.exit(1);
  }
  // Every database, before the code that needs it: a worker refuses one without the latest
  // migration or its preparation (src/db/shards.ts shardsReady).
  for (const line of await applyRemoteShards()) console.log(line);
  // The static assets are uploaded from public/ as it is: the fonts are copied in first.
  ensureSiteFonts();
  console.log(`deploying with SNAPSHOT_ID=${snapshotId}`);
  const child = wranglerProcess(['deploy', '--var', `SNAPSHOT_ID:${snapshotId}`, ...args]);
  child.on('exit', (code) => process.exit(code ?? 1));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
