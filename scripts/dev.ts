/**
 * `npm run dev [-- wrangler dev options, e.g. --port 9000]`: builds the snapshot if it is missing
 * or stale, loads it into local KV, applies the D1 migrations locally, and serves the worker
 * with `wrangler dev` (default http://localhost:8787) pointed at that snapshot; a snapshot built
 * now is written as its bulk files once the worker answers.
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
  const { snapshotId, persist } = await prepareLocal();
  console.log(
    `serving snapshot ${snapshotId}; create an account with: npm run user -- create EMAIL --password PASSWORD`,
  );
  const args = process.argv.slice(2);
  const child = wranglerProcess(['dev', '--var', `SNAPSHOT_ID:${snapshotId}`, ...args]);
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('exit', (code) => process.exit(code ?? 0));
  // A snapshot built now is served from the local KV store; its bulk files (the next run's
  // freshness check, a load elsewhere) are written once the worker answers, not before it.
  await answering(Number(/--port[= ](\d+)/.exec(args.join(' '))?.[1] ?? 8787));
  persist();
}

/** Resolves once the worker answers on the port (or after two minutes, answering or not). */
async function answering(port: number): Promise<void> {
  for (const until = Date.now() + 120_000; Date.now() < until;) {
    try {
      await fetch(`http://127.0.0.1:${port}/status`, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
