/**
 * `npm run bench:profile -- [PATH] [--full]`: a V8 CPU profile of our worker's isolate in workerd while it
 * answers PATH under load ("profile, do not guess"). The worker runs as the CPU
 * bench runs it (scripts/bench/cpu.ts: Miniflare, its own workerd) with the DevTools inspector
 * on; the profile is taken through the inspector and printed as self and inclusive time per
 * request of each function (sampling inflates the absolute figures several times: compare them
 * with each other, and take the figures of record from `npm run bench`). With `--full`, the
 * worker reads the whole snapshot that `npm run bench` loaded (.wrangler/bench-state) and the
 * request comes from an account at every quota (scripts/bench/heavy.ts; `--account=NAME` another of
 * its accounts), at one request at a time.
 */
import { readSnapshotInfo, readSnapshotPairs } from '../fixture';
import { DEFAULT_OUT_DIR } from '../snapshot/paths';
import { benchRateLimits } from './config';
import { startOurWorker } from './cpu';
import { heavyAccounts, type HeavyAccount } from './heavy';
import { wranglerLocalKvNamespaceId } from '../lib/wrangler';
import { measure } from './measure';
import { inspectUserIsolate } from './inspector';
async function main() {
  const full = process.argv.includes('--full');
  const path = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? '/status.xml';
  const snapshot = full
    ? { ...readSnapshotInfo(DEFAULT_OUT_DIR), pairs: [] }
    : readSnapshotPairs(DEFAULT_OUT_DIR);
  const loaded = full ? { namespaceId: await wranglerLocalKvNamespaceId('SNAPSHOT') } : undefined;
  const w = await startOurWorker(
    '.wrangler/bench-state',
    snapshot,
    benchRateLimits(),
    { inspectorPort: 9241 },
    loaded,
  );
  // `--account NAME`: another of the heavy accounts (scripts/bench/heavy.ts HeavyAccounts).
  const account = (process.argv.find((a) => a.startsWith('--account='))?.slice(10) ??
    'full') as HeavyAccount;
  if (full)
    w.authorization = `Basic ${Buffer.from(`${(await heavyAccounts(w))[account]}:x`).toString('base64')}`;
  const concurrency = full ? 1 : 8;
  const { send, close } = await inspectUserIsolate(9241);
  const ctx = { baseUrl: w.url, token: '', authorization: w.authorization, pool: [] };
  await measure(ctx, () => ({ path }), {
    seconds: 2,
    concurrency,
    maxRequests: 1e6,
    expectStatus: 200,
  });
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: 100 });
  await send('Profiler.start');
  const m = await measure(ctx, () => ({ path }), {
    seconds: 5,
    concurrency,
    maxRequests: 1e6,
    expectStatus: 200,
  });
  const { profile } = await send('Profiler.stop');
  close();
  const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const hits = new Map();
  for (const s of profile.samples) hits.set(s, (hits.get(s) ?? 0) + 1);
  const total = profile.samples.length;
  const usPer = (profile.endTime - profile.startTime) / total;
  const self = new Map();
  const incl = new Map();
  const nm = (n: any) =>
    `${n.callFrame.functionName || '(anon)'} ${String(n.callFrame.url).replace(/^.*\//, '')}:${n.callFrame.lineNumber + 1}`;
  for (const [sid, h] of hits) {
    self.set(nm(byId.get(sid)), (self.get(nm(byId.get(sid))) ?? 0) + h);
    const seen = new Set();
    for (let x: any = sid; x !== undefined; x = parent.get(x)) {
      const k = nm(byId.get(x));
      if (seen.has(k)) continue;
      seen.add(k);
      incl.set(k, (incl.get(k) ?? 0) + h);
    }
  }
  console.log(`${path}: ${m.requests} req, ${total} samples, ${usPer.toFixed(0)} µs/sample`);
  const show = (map: Map<string, number>, title: string) => {
    console.log('--', title);
    for (const [k, h] of [...map].sort((a, b) => b[1] - a[1]).slice(0, 28))
      console.log(((h * usPer) / m.requests).toFixed(1).padStart(7), 'µs', k);
  };
  show(self, 'self');
  show(incl, 'inclusive');
  await w.stop();
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
