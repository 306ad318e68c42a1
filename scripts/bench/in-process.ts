/**
 * `npm run bench:in-process -- [PATH…] [--n N]`: the worker's own code timed in Node, in process:
 * the worker's entry (src/index.ts: a kept answer, else the app, as deployed) on a
 * request, N times, against the built snapshot (data/snapshot) held in memory as the KV binding,
 * with a signed-in token. No workerd, no network, no D1 (the token is verified once through the
 * isolate's token cache): what is left is our middleware, lookups and rendering, for finding where
 * the time goes (run with `--cpu-prof` for a profile).
 * The figures of record are `npm run bench`'s, measured in workerd.
 */
import { parseArgs } from 'node:util';
import worker from '../../src/index';
import { rememberToken } from '../../src/auth/token-cache';
import { readSnapshotPairs } from '../fixture';
import { RATE_LIMITS } from '../../src/http/rate-limits';

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { n: { type: 'string', default: '20000' } },
  });
  const paths = positionals.length
    ? positionals
    : [
        '/verses/KJV:John.3.16.js',
        '/chapters/KJV:John.3.xml',
        '/chapters/KJV:John.3',
        '/passages.js?q[]=John+3:16-18',
        '/versions.xml',
        '/status.xml',
      ];
  const snapshot = readSnapshotPairs('data/snapshot');
  const kv = new Map(snapshot.pairs.map((p) => [p.key, p.value]));
  // Every rate limit lets every request through: the limiter is the platform's, not our code.
  const limiters = Object.fromEntries(
    Object.values(RATE_LIMITS).map((l) => [l.binding, { limit: async () => ({ success: true }) }]),
  );
  const env = {
    ...limiters,
    SNAPSHOT_ID: snapshot.snapshotId,
    CORS_ORIGINS: '*',
    SNAPSHOT: {
      get: async (key: string, options?: { type?: string } | string) => {
        const v = kv.get(key);
        if (v === undefined) return null;
        const type = typeof options === 'string' ? options : options?.type;
        return type === 'json' ? JSON.parse(v) : v;
      },
    },
  } as unknown as Env;
  const token = 'in-process-bench-token';
  const headers = { Authorization: `Basic ${btoa(`${token}:x`)}` };
  rememberToken(
    headers.Authorization,
    { id: 1, shard: 'DB', placement: 0 },
    Date.now() + 3_600_000,
  );
  const ctx = {
    waitUntil() {},
    passThroughOnException() {},
    props: {},
  } as unknown as ExecutionContext;
  const n = Number(values.n);
  for (const path of paths) {
    const call = async () => {
      const res = await worker.fetch(
        new Request(`http://bench.local${path}`, { headers }),
        env,
        ctx,
      );
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    for (let i = 0; i < Math.min(2000, n); i++) await call();
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await call();
    const us = ((performance.now() - t0) / n) * 1000;
    console.log(`${us.toFixed(1).padStart(8)} µs  ${path}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
