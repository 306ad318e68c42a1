import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Miniflare } from 'miniflare';
import { prepareAccount } from '../../src/auth/accounts';
import { catalogueKey } from '../../src/snapshot/keys';
import type { SnapshotFiles } from '../fixture';
import { wrangler } from '../lib/wrangler';
import { REPO_ROOT } from '../snapshot/paths';
import { measure } from './measure';
import type { BenchContext } from './types';

/**
 * Our own CPU per request (issue 20 §5): the CPU time of the worker's workerd process per request
 * on a path, minus that of a plain Worker (a fixed body of the same length), each in its own
 * workerd process started by Miniflare, measured alternately in the same run so that both see
 * the same machine. What is left is the
 * cost of our code (middleware, lookups, rendering) and of the runtime APIs it calls, which is
 * what the 100 µs budget of the developers' guide is about.
 *
 * CPU comes from /proc/<pid>/stat (user + system time of the worker's workerd process; Linux
 * only): load goes to loopback from this process, whose own CPU is not
 * counted. Clock ticks are 10 ms, so each turn runs long enough (thousands of requests) to make
 * that resolution negligible.
 */

/** Read paths measured (the issue's list); each is compared with the plain Worker. */
export const CPU_PATHS = [
  '/verses/KJV:John.3.16.js',
  '/chapters/KJV:John.3.xml',
  '/chapters/KJV:John.3',
  '/passages.js?q[]=John+3:16-18',
  '/versions.xml',
];

/**
 * The plain Worker: the least a Worker can do under the same wrangler dev, answering a body of the
 * length asked for (`?bytes=N`): the baseline of a path answers as many bytes as our worker does
 * there, so that carrying the bytes (the runtime's work, not our code's) cancels out.
 */
const PLAIN_WORKER = `const bodies = new Map();
export default {
  fetch(request) {
    const n = Number(new URL(request.url).searchParams.get('bytes') ?? 2);
    let body = bodies.get(n);
    if (body === undefined) bodies.set(n, (body = 'x'.repeat(n)));
    return new Response(body);
  },
};
`;

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on every Linux that matters). */
const TICKS_PER_SECOND = 100;

/** Pids of the processes below `root` (children, grandchildren…) whose name is `workerd`. */
function workerdPids(root: number): number[] {
  const parent = new Map<number, number>();
  const name = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      name.set(Number(entry), stat.slice(stat.indexOf('(') + 1, close));
      parent.set(Number(entry), Number(stat.slice(close + 2).split(' ')[1]));
    } catch {
      // the process ended meanwhile
    }
  }
  const below = (pid: number): boolean => {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) if (p === root) return true;
    return false;
  };
  return [...name].filter(([pid, n]) => n === 'workerd' && below(pid)).map(([pid]) => pid);
}

/** User + system CPU seconds of the given processes so far. */
function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of stat(5) (utime, stime), counted from field 3 after the name.
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / TICKS_PER_SECOND;
}

interface Turn {
  cpu: number;
  requests: number;
}

/** One turn of load on a worker: CPU seconds its workerd used and the requests it answered. */
async function turn(worker: CpuWorker, ctx: BenchContext, requestPath: string, seconds: number, concurrency: number): Promise<Turn> {
  const pids = worker.pids;
  const before = cpuSeconds(pids);
  const m = await measure({ ...ctx, baseUrl: worker.url, authorization: worker.authorization || ctx.authorization }, () => ({ path: requestPath }), { seconds, concurrency, maxRequests: 1_000_000, expectStatus: 200 });
  if (m.errors) throw new Error(`cpu bench: ${m.errors} errors on ${requestPath}`);
  return { cpu: cpuSeconds(pids) - before, requests: m.requests };
}

export interface CpuFigure {
  path: string;
  /** µs of workerd CPU per request: ours, the plain Worker's, and the difference (our own). */
  ours: number;
  plain: number;
  own: number;
}

/** A worker in its own workerd process, started by Miniflare straight from its code (no dev proxy). */
export interface CpuWorker {
  url: string;
  /** Pids of its workerd process(es). */
  pids: number[];
  /** The Authorization header of an account of its own (our worker; the plain one ignores it). */
  authorization: string;
  mf: Miniflare;
  stop: () => Promise<void>;
}

/** Pids of this process's child workerd processes. */
function childWorkerds(): Set<number> {
  return new Set(workerdPids(process.pid));
}

export async function startMiniflare(options: Record<string, unknown>): Promise<CpuWorker> {
  const before = childWorkerds();
  // Imported when a worker starts: the two modules take seconds to load, and `npm run bench -- --help`
  // (test/node/scripts.test.ts) needs neither.
  const { convertV4MiniflareOptions, Miniflare } = await import('miniflare');
  const mf = new Miniflare(convertV4MiniflareOptions({ host: '127.0.0.1', port: 0, modules: true, compatibilityDate: '2026-11-01', ...options } as never));
  const url = (await mf.ready).toString().replace(/\/$/, '');
  const pids = [...childWorkerds()].filter((p) => !before.has(p));
  if (!pids.length) throw new Error('cpu bench: no workerd process found for the worker (Linux /proc needed)');
  return { url, pids, mf, authorization: '', stop: () => mf.dispose() };
}

/**
 * Our worker as `wrangler deploy --dry-run` bundles it (into `stateDir`), in Miniflare: the
 * snapshot's values these paths read in KV, a D1 with the migrations and one account, rate
 * limits raised. Requests reach it
 * without wrangler dev's proxy, whose CPU (in the same workerd process) made the difference of
 * two 2 ms figures too noisy to read.
 */
export async function startOurWorker(stateDir: string, snapshot: SnapshotFiles, rateLimits: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<CpuWorker> {
  const snapshotId = snapshot.snapshotId;
  const outdir = path.resolve(stateDir, 'cpu-bundle');
  wrangler(['deploy', '--dry-run', '--outdir', outdir], { quiet: true });
  const worker = await startMiniflare({
    scriptPath: path.join(outdir, 'index.js'),
    compatibilityFlags: ['nodejs_compat'],
    kvNamespaces: ['SNAPSHOT'],
    d1Databases: ['DB'],
    ratelimits: rateLimits,
    bindings: { SNAPSHOT_ID: snapshotId, CORS_ORIGINS: '*' },
    // No `[assets]`: with it, Miniflare puts the platform's asset router in front of the worker,
    // in the same workerd process, and its CPU (about 0.7 ms a request here) would count as ours.
    // On Cloudflare that router is not the Worker's CPU, and none of these paths is an asset.
    ...extra,
  });
  // The snapshot's values these paths read (the catalogue and the chapters of John, every
  // version; the reference library's meta and John's commentaries and verse index, issue 22),
  // put through Miniflare's KV: all 30,000 keys would take minutes that way.
  const kv = await worker.mf.getKVNamespace('SNAPSHOT');
  const wanted = snapshot.pairs.filter((p) => p.key === catalogueKey(snapshotId) || /:(ch:[^:]+|lc|lv):John\.\d+$|:lib$/.test(p.key));
  for (let i = 0; i < wanted.length; i += 100) await Promise.all(wanted.slice(i, i + 100).map((p) => kv.put(p.key, p.value)));
  const db = await worker.mf.getD1Database('DB');
  const { readD1Migrations } = await import('@cloudflare/vitest-plugin');
  for (const migration of await readD1Migrations(path.join(REPO_ROOT, 'migrations'))) {
    for (const query of migration.queries) await db.prepare(query).run();
  }
  const { row, token } = await prepareAccount({ email: 'cpu-bench@example.test', password: 'cpu bench password' });
  await db
    .prepare('INSERT INTO users (email, password_hash, token_hash, first_name, last_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .bind(row.email, row.passwordHash, row.tokenHash, row.firstName, row.lastName, row.createdAt, row.updatedAt)
    .run();
  return { ...worker, authorization: `Basic ${Buffer.from(`${token}:x`).toString('base64')}` };
}

/** The plain Worker, in its own workerd process. */
export function startPlainWorker(): Promise<CpuWorker> {
  return startMiniflare({ script: PLAIN_WORKER });
}

/**
 * Own CPU per request of each path: `rounds` alternations of `seconds` on our worker and on the
 * plain one (after a warm-up of each), summed per side.
 */
export async function measureOwnCpu(
  ours: CpuWorker,
  plain: CpuWorker,
  ctx: BenchContext,
  options: { seconds: number; rounds: number; concurrency: number; paths?: string[] },
): Promise<CpuFigure[]> {
  const figures: CpuFigure[] = [];
  for (const requestPath of options.paths ?? CPU_PATHS) {
    const sample = await fetch(ours.url + requestPath, { headers: { Authorization: ours.authorization } });
    if (sample.status !== 200) throw new Error(`cpu bench: ${requestPath} answered ${sample.status}`);
    const plainPath = `/?bytes=${(await sample.arrayBuffer()).byteLength}`;
    await turn(ours, ctx, requestPath, 1, options.concurrency);
    await turn(plain, ctx, plainPath, 1, options.concurrency);
    const sum = { ours: { cpu: 0, requests: 0 }, plain: { cpu: 0, requests: 0 } };
    for (let r = 0; r < options.rounds; r++) {
      for (const [side, worker] of [['ours', ours], ['plain', plain]] as const) {
        const t = await turn(worker, ctx, side === 'ours' ? requestPath : plainPath, options.seconds, options.concurrency);
        sum[side].cpu += t.cpu;
        sum[side].requests += t.requests;
      }
    }
    const perRequest = (s: Turn) => (s.cpu / s.requests) * 1e6;
    const o = perRequest(sum.ours);
    const p = perRequest(sum.plain);
    figures.push({ path: requestPath, ours: o, plain: p, own: o - p });
  }
  return figures;
}
