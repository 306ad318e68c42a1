import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { Miniflare } from 'miniflare';
import { requireMiniflare } from '../lib/commonjs';
import { applyMigrations, insertAccount } from '../lib/miniflare-d1';
import { catalogueKey, chapterKey, crossReferencesKey } from '../../src/snapshot/keys';
import type { CrossReferenceChapterValue } from '../../src/snapshot/library-types';
import type { CatalogueValue } from '../../src/snapshot/types';
import { verseOfNumber } from '../../src/snapshot/verse-codes';
import type { SnapshotFiles } from '../fixture';
import { wrangler, wranglerRuntime } from '../lib/wrangler';
import { measure } from './measure';
import type { BenchContext } from './types';

/**
 * Our own CPU per request: the CPU time of the worker's workerd process per request
 * on a path, minus that of a plain Worker (answering the same body and headers), each in its own
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

/** The chapter keys of the KJV verses a KJV chapter's cross-references point to. */
function crossReferenceTargetKeys(snapshot: SnapshotFiles, book: string, chapter: number) {
  const id = snapshot.snapshotId;
  const find = (key: string) => snapshot.pairs.find((p) => p.key === key)?.value;
  const xr = find(crossReferencesKey(id, book, chapter));
  const cat = find(catalogueKey(id));
  if (!xr || !cat) return new Set<string>();
  const kjv = new Map(
    (JSON.parse(cat) as CatalogueValue).books
      .filter((b) => b.version === 'KJV')
      .map((b) => [b.ord, b.osis] as const),
  );
  const keys = new Set<string>();
  for (const list of Object.values((JSON.parse(xr) as CrossReferenceChapterValue).verses))
    for (const code of list?.x ?? []) {
      const at = verseOfNumber(code);
      const osis = kjv.get(at.ord);
      if (osis) keys.add(chapterKey(id, 'KJV', osis, at.chapter));
    }
  return keys;
}

/** Read paths measured (the issue's list); each is compared with the plain Worker. */
export const CPU_PATHS = [
  '/verses/KJV:John.3.16.js',
  '/chapters/KJV:John.3.xml',
  '/chapters/KJV:John.3',
  '/passages.js?q[]=John+3:16-18',
  '/versions.xml',
  // The chapter's margin (beside the chapter XML above): its cross-references and its notes.
  '/chapters/KJV:John.3/cross-references.xml',
  '/chapters/KJV:John.3/cross-references.xml?include=text',
  '/chapters/WEB:John.3/footnotes.xml',
];

/**
 * The plain Worker: the least a Worker can do answering the same response. It is sent the body
 * and headers our worker answered on a path (`PUT /?as=N`, the headers as JSON in `x-headers`) and
 * answers them as they are (`GET /?as=N`), so that carrying the bytes cancels out, and so does
 * their compression: Miniflare gzips a compressible type for a client that accepts it (every
 * browser and fetch does), in the worker's workerd process, as Cloudflare's front line does
 * outside the Worker's CPU time. A body of another content (the `x`s this baseline once answered)
 * compresses several times faster than a chapter, and the difference, about 100 µs on an 8 KB
 * chapter, counted as ours.
 *
 * So do the headers (`GET /?as=N&bare` answers the content type alone, for the difference): our
 * ten (security, CORS, caching, Server-Timing) cost workerd and Miniflare's entry worker, in the
 * same process, 50–100 µs a response to carry (27 November 2026), as they would any Worker that
 * sends them; that is the platform's work, not our code's, and is printed beside it.
 */
const PLAIN_WORKER = `const bodies = new Map();
export default {
  async fetch(request) {
    const query = new URL(request.url).searchParams;
    const as = query.get('as') ?? '';
    if (request.method === 'PUT') {
      bodies.set(as, { body: new Uint8Array(await request.arrayBuffer()), type: request.headers.get('content-type') ?? 'text/plain', headers: JSON.parse(request.headers.get('x-headers') ?? '{}') });
      return new Response(null, { status: 204 });
    }
    const kept = bodies.get(as);
    if (!kept) return new Response('unknown', { status: 404 });
    return new Response(kept.body, { headers: query.has('bare') ? { 'content-type': kept.type } : kept.headers });
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
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p))
      if (p === root) return true;
    return false;
  };
  return [...name].filter(([pid, n]) => n === 'workerd' && below(pid)).map(([pid]) => pid);
}

/** User + system CPU seconds of the given processes so far. */
export function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of stat(5) (utime, stime), counted from field 3 after the name.
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / TICKS_PER_SECOND;
}

/**
 * CPU milliseconds of the given processes' threads so far, to the nanosecond: the first field of
 * each thread's /proc schedstat (time on a CPU). /proc/PID/stat counts in ticks of 10 ms, too
 * coarse to measure one request; a thread that ends between two readings takes its time with it,
 * which workerd's threads (kept for its life) do not.
 */
export function cpuMillis(pids: number[]): number {
  let ns = 0;
  for (const pid of pids) {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // The thread ended after the directory was read.
      }
    }
  }
  return ns / 1e6;
}

interface Turn {
  cpu: number;
  requests: number;
}

/** One turn of load on a worker: CPU seconds its workerd used and the requests it answered. */
async function turn(
  worker: CpuWorker,
  ctx: BenchContext,
  requestPath: string,
  seconds: number,
  concurrency: number,
): Promise<Turn> {
  const pids = worker.pids;
  const before = cpuSeconds(pids);
  const m = await measure(
    { ...ctx, baseUrl: worker.url, authorization: worker.authorization || ctx.authorization },
    () => ({ path: requestPath }),
    { seconds, concurrency, maxRequests: 1_000_000, expectStatus: 200 },
  );
  if (m.errors) throw new Error(`cpu bench: ${m.errors} errors on ${requestPath}`);
  return { cpu: cpuSeconds(pids) - before, requests: m.requests };
}

export interface CpuFigure {
  path: string;
  /** µs of workerd CPU per request: ours, the plain Worker's (same body and headers), and the difference (our own). */
  ours: number;
  plain: number;
  own: number;
  /** µs the plain Worker spends on carrying our headers (with them, minus with the content type alone). */
  headers: number;
  /** The quartiles of the rounds' differences: how far the machine let one round stray. */
  spread: [number, number];
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
  /** ms from creating its Miniflare to Miniflare's `ready` (a new workerd, its modules compiled and evaluated). */
  readyMs: number;
}

/** Pids of this process's child workerd processes. */
function childWorkerds(): Set<number> {
  return new Set(workerdPids(process.pid));
}

/**
 * A worker in a workerd of its own, on the compatibility date and flags of wrangler.toml (both
 * workers alike, so that the runtime's behaviour does not differ between them).
 */
export async function startMiniflare(options: Record<string, unknown>): Promise<CpuWorker> {
  const before = childWorkerds();
  // Imported when a worker starts: the two modules take seconds to load, and `npm run bench -- --help`
  // (test/node/scripts.test.ts) needs neither.
  const { convertV4MiniflareOptions, Miniflare } = requireMiniflare();
  const { compatibilityDate, compatibilityFlags } = await wranglerRuntime();
  const started = performance.now();
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: '127.0.0.1',
      port: 0,
      modules: true,
      compatibilityDate,
      compatibilityFlags,
      ...options,
    } as never),
  );
  const url = (await mf.ready).toString().replace(/\/$/, '');
  const readyMs = performance.now() - started;
  const pids = [...childWorkerds()].filter((p) => !before.has(p));
  if (!pids.length)
    throw new Error('cpu bench: no workerd process found for the worker (Linux /proc needed)');
  return { url, pids, mf, authorization: '', stop: () => mf.dispose(), readyMs };
}

/**
 * A state folder for Miniflare (`resourcePersistencePath`) whose KV is `stateDir`'s, where
 * `wrangler dev --persist-to stateDir` keeps the loaded snapshot (linked, not copied), and whose
 * other stores start empty on every run: the bench's accounts never reach `stateDir`'s D1.
 */
function persistedKvOnly(stateDir: string): string {
  const root = path.resolve(stateDir, 'cpu-state', 'v3');
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  symlinkSync(path.resolve(stateDir, 'v3', 'kv'), path.join(root, 'kv'));
  return root;
}

/**
 * Our worker bundled as `wrangler deploy --dry-run` bundles it, into `stateDir`/cpu-bundle (its
 * folder); with BENCH_NAMES=1 not minified, so that a profile (`npm run bench:profile`) names our
 * functions.
 */
export function bundleOurWorker(stateDir: string): string {
  const outdir = path.resolve(stateDir, 'cpu-bundle');
  const names = process.env.BENCH_NAMES === '1' ? ['--minify=false'] : [];
  wrangler(['deploy', '--dry-run', '--outdir', outdir, ...names], { quiet: true });
  return outdir;
}

/**
 * Our worker as `wrangler deploy --dry-run` bundles it (into `stateDir`), in Miniflare: the
 * snapshot's values these paths read in KV, a D1 with the migrations and one account, rate
 * limits raised. Requests reach it
 * without wrangler dev's proxy, whose CPU (in the same workerd process) made the difference of
 * two 2 ms figures too noisy to read.
 */
export async function startOurWorker(
  stateDir: string,
  snapshot: SnapshotFiles,
  rateLimits: Record<string, unknown>,
  extra: Record<string, unknown> = {},
  /** The whole snapshot, as `wrangler dev --persist-to stateDir` keeps it loaded (the namespace's id), instead of John's values put through Miniflare. */
  loaded?: { namespaceId: string },
  /** The bundle is made already (bundleOurWorker): start the worker alone. */
  bundled = false,
): Promise<CpuWorker> {
  const snapshotId = snapshot.snapshotId;
  const outdir = bundled ? path.resolve(stateDir, 'cpu-bundle') : bundleOurWorker(stateDir);
  const kv = loaded
    ? {
        kvNamespaces: { SNAPSHOT: loaded.namespaceId },
        resourcePersistencePath: persistedKvOnly(stateDir),
      }
    : { kvNamespaces: ['SNAPSHOT'] };
  const worker = await startMiniflare({
    scriptPath: path.join(outdir, 'index.js'),
    ...kv,
    d1Databases: ['DB'],
    ratelimits: rateLimits,
    bindings: { SNAPSHOT_ID: snapshotId, CORS_ORIGINS: '*' },
    // No `[assets]`: with it, Miniflare puts the platform's asset router in front of the worker,
    // in the same workerd process, and its CPU (about 0.7 ms a request here) would count as ours.
    // On Cloudflare that router is not the Worker's CPU, and none of these paths is an asset.
    ...extra,
  });
  // The snapshot's values these paths read (the catalogue and the chapters of John, every
  // version; the reference library's meta and John's commentaries, verse index, cross-references
  // and translators' notes; the KJV chapters John 3's cross-references point to, whose text
  // `include=text` reads), put through Miniflare's KV: all 30,000 keys would take minutes that way.
  const marginTargets = crossReferenceTargetKeys(snapshot, 'John', 3);
  if (!loaded) {
    const store = await worker.mf.getKVNamespace('SNAPSHOT');
    const wanted = snapshot.pairs.filter(
      (p) =>
        p.key === catalogueKey(snapshotId) ||
        /:(ch:[^:]+|lc|lv|xr|fn:[^:]+):John\.\d+$|:lib$/.test(p.key) ||
        marginTargets.has(p.key),
    );
    for (let i = 0; i < wanted.length; i += 100)
      await Promise.all(wanted.slice(i, i + 100).map((p) => store.put(p.key, p.value)));
  }
  // One database (a small deployment's, docs/scale.md), unless `extra` names several (the
  // capacity bench's fan-out: scripts/bench/capacity.ts).
  const names = (extra.d1Databases as string[] | undefined) ?? ['DB'];
  const databases = Object.fromEntries(
    await Promise.all(names.map(async (name) => [name, await worker.mf.getD1Database(name)])),
  ) as Record<string, D1Database>;
  await applyMigrations(databases);
  const token = await insertAccount(databases, {
    email: 'cpu-bench@example.test',
    password: 'cpu bench password',
  });
  return { ...worker, authorization: `Basic ${Buffer.from(`${token}:x`).toString('base64')}` };
}

/** The plain Worker, in its own workerd process. */
export function startPlainWorker(): Promise<CpuWorker> {
  return startMiniflare({ script: PLAIN_WORKER });
}

/**
 * Puts the workers' workerd processes on the last core and this process (the load) on the others,
 * for the measurement; undone by the function returned. Sharing cores, the load and the worker
 * took turns at random, and a worker's CPU per request moved by ±15% from run to run (how many
 * requests one wakeup of its event loop served changed with it). Linux with `taskset` and two cores
 * or more; elsewhere nothing is pinned.
 */
function pinApart(workers: CpuWorker[]): () => void {
  const cores = availableParallelism();
  const taskset = (cpus: string, pid: number) =>
    execFileSync('taskset', ['-a', '-pc', cpus, String(pid)], { stdio: 'ignore' });
  try {
    const mine = execFileSync('taskset', ['-pc', String(process.pid)], { encoding: 'utf8' })
      .split(':')
      .pop()!
      .trim();
    if (cores < 2) return () => undefined;
    taskset(`0-${cores - 2}`, process.pid);
    for (const w of workers) for (const pid of w.pids) taskset(String(cores - 1), pid);
    return () => taskset(mine, process.pid);
  } catch {
    return () => undefined;
  }
}

/**
 * Own CPU per request of each path: `rounds` alternations of `seconds` on our worker and on the
 * plain one (after a warm-up of each); the median round's figures.
 */
export async function measureOwnCpu(
  ours: CpuWorker,
  plain: CpuWorker,
  ctx: BenchContext,
  options: { seconds: number; rounds: number; concurrency: number; paths?: string[] },
): Promise<CpuFigure[]> {
  const figures: CpuFigure[] = [];
  const unpin = pinApart([ours, plain]);
  for (const requestPath of options.paths ?? CPU_PATHS) {
    const sample = await fetch(ours.url + requestPath, {
      headers: { Authorization: ours.authorization },
    });
    if (sample.status !== 200)
      throw new Error(`cpu bench: ${requestPath} answered ${sample.status}`);
    const plainPath = `/?as=${figures.length}`;
    // Every header our worker sent but those of the body's framing, which the runtime writes.
    const sent = Object.fromEntries(
      [...sample.headers].filter(
        ([name]) => !['content-length', 'content-encoding', 'transfer-encoding'].includes(name),
      ),
    );
    const put = await fetch(plain.url + plainPath, {
      method: 'PUT',
      headers: {
        'Content-Type': sample.headers.get('Content-Type') ?? 'text/plain',
        'x-headers': JSON.stringify(sent),
      },
      body: await sample.arrayBuffer(),
    });
    if (put.status !== 204)
      throw new Error(`cpu bench: the plain Worker refused the body of ${requestPath}`);
    const barePath = `${plainPath}&bare`;
    await turn(ours, ctx, requestPath, 1, options.concurrency);
    await turn(plain, ctx, plainPath, 1, options.concurrency);
    await turn(plain, ctx, barePath, 1, options.concurrency);
    // Each round is three turns, ours, then the plain Worker's with our headers and with the
    // content type alone, and yields their differences;
    // the figure is the median round, so that a turn disturbed by something else on the machine
    // (a garbage collection, another process) moves it less than it would a sum.
    const rounds: { ours: number; plain: number; bare: number }[] = [];
    const perRequest = (t: Turn) => (t.cpu / t.requests) * 1e6;
    for (let r = 0; r < options.rounds; r++) {
      const o = perRequest(
        await turn(ours, ctx, requestPath, options.seconds, options.concurrency),
      );
      const p = perRequest(await turn(plain, ctx, plainPath, options.seconds, options.concurrency));
      const b = perRequest(await turn(plain, ctx, barePath, options.seconds, options.concurrency));
      rounds.push({ ours: o, plain: p, bare: b });
    }
    const at = (values: number[], q: number) =>
      values.sort((a, b) => a - b)[Math.floor((values.length - 1) * q)];
    const differences = rounds.map((r) => r.ours - r.plain);
    const o = at(
      rounds.map((r) => r.ours),
      0.5,
    );
    const p = at(
      rounds.map((r) => r.plain),
      0.5,
    );
    const own = at(differences, 0.5);
    const spread: [number, number] = [at(differences, 0.25), at(differences, 0.75)];
    const headers = at(
      rounds.map((r) => r.plain - r.bare),
      0.5,
    );
    figures.push({ path: requestPath, ours: o, plain: p, own, spread, headers });
  }
  unpin();
  return figures;
}
