/**
 * `npm run dev [-- wrangler dev options, e.g. --port 9000]`: builds the snapshot if it is missing
 * or stale, loads it into local KV, applies the D1 migrations locally, and serves the worker
 * with `wrangler dev` (default http://localhost:8787) pointed at that snapshot.
 */
// A module (its imports come after --help): its names are its own, not the global scope's.
export {};

async function main() {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(
      'usage: npm run dev [-- wrangler dev options, e.g. --port 9000]\n  builds and loads the snapshot, applies local D1 migrations, serves with wrangler dev',
    );
    return;
  }
  // Imported after --help, which then answers without loading the build (test/node/scripts.test.ts).
  const [{ prepareLocal }, { wranglerProcess }] = await Promise.all([
    import('./lib/prepare'),
    import('./lib/wrangler'),
  ]);
  const snapshotId = await prepareLocal();
  console.log(
    `serving snapshot ${snapshotId}; create an account with: npm run user -- create EMAIL --password PASSWORD`,
  );
  const child = wranglerProcess([
    'dev',
    '--var',
    `SNAPSHOT_ID:${snapshotId}`,
    ...process.argv.slice(2),
  ]);
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('exit', (code) => process.exit(code ?? 0));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
