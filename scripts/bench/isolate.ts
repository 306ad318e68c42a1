import { spawnSync } from 'node:child_process';
import { copyFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchContext } from './types';
import { bundleOurWorker, startMiniflare, startOurWorker, type CpuWorker } from './cpu';
import { inspectUserIsolate } from './inspector';

/**
 * The isolate as a whole (a Worker's cold start and its memory): what `npm run bench` prints after
 * the heaviest requests.
 *
 * - **Startup.** The bundle's size (`wrangler deploy --dry-run`, the guide's budget is 1 MiB), and
 *   the time from a new workerd to its first answer: our worker against a plain Worker with the
 *   same bindings in the same run, alternating, so that what differs is our module's compiling
 *   and evaluating and its first request's work (the catalogue and a chapter read from KV, the
 *   token checked in D1).
 * - **Heap.** The isolate's heap after a crawl of varied pages and searches through every kind of
 *   value it keeps, as the crawl left it, garbage not yet collected included (goal: at most 64 MiB of a Workers isolate's 128 MB;
 *   src/cache/isolate.ts keeps what it may within 40 MiB).
 */

/** The guide's budget for the Worker's bundle. */
export const BUNDLE_BUDGET_BYTES = 1024 * 1024;
/** The goal for the isolate's heap after a crawl. */
export const HEAP_GOAL_BYTES = 64 * 1024 * 1024;

/**
 * The budget for evaluating the worker's module (its top level: what every fresh isolate runs
 * before its first request; docs/speed.md "Cold start").
 */
export const EVALUATION_BUDGET_MS = 30;

/**
 * Compiles the bundle (argv[1]) as a module in Node's vm, then evaluates it, timing each apart:
 * what workerd does with it, on the same V8. Its one import (`node:*`) is Node's own module.
 */
const EVALUATE = `
import vm from 'node:vm';
import { readFileSync } from 'node:fs';
const file = process.argv[1];
const source = readFileSync(file, 'utf8');
let t0 = performance.now();
const mod = new vm.SourceTextModule(source, { identifier: file });
const compile = performance.now() - t0;
await mod.link(async (spec) => {
  const ns = await import(spec);
  const names = Object.keys(ns);
  return new vm.SyntheticModule(names, function () {
    for (const n of names) this.setExport(n, ns[n]);
  });
});
t0 = performance.now();
await mod.evaluate();
console.log(JSON.stringify({ compile, evaluate: performance.now() - t0 }));`;

/** Compile and evaluation ms of the bundle, each in a fresh Node process, `rounds` times. */
export function measureModuleEvaluation(
  bundle: string,
  rounds: number,
): { compile: number[]; evaluate: number[] } {
  const out = { compile: [] as number[], evaluate: [] as number[] };
  for (let r = 0; r < rounds; r++) {
    const run = spawnSync(
      process.execPath,
      ['--experimental-vm-modules', '--no-warnings', '--input-type=module', '-e', EVALUATE, bundle],
      { encoding: 'utf8' },
    );
    if (run.status !== 0) throw new Error(`module evaluation bench: ${run.stderr.slice(0, 500)}`);
    const { compile, evaluate } = JSON.parse(run.stdout.trim().split('\n').pop()!);
    out.compile.push(compile);
    out.evaluate.push(evaluate);
  }
  return out;
}

/**
 * The budget for Node's `import()` of the bundle (docs/speed.md "Cold start"): its reading,
 * compiling, linking and evaluating, in a fresh Node process.
 */
export const IMPORT_BUDGET_MS = 100;

/**
 * ms of `import()` of the bundle, each in a fresh Node process, `rounds` times. The bundle is
 * `index.js` in a folder with no package.json, so Node first compiles it as CommonJS to detect its
 * format, until its first `import` statement: a cost of Node's alone (workerd is told the module
 * is ESM), which grows with where esbuild writes that statement. With `asModule`, a copy named
 * `.mjs` is imported instead: the format known, as workerd loads it.
 */
export function measureModuleImport(bundle: string, rounds: number, asModule = false): number[] {
  const file = asModule ? copyAsModule(bundle) : bundle;
  const out: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const run = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', IMPORT, pathToFileURL(file).href],
      { encoding: 'utf8' },
    );
    if (run.status !== 0) throw new Error(`module import bench: ${run.stderr.slice(0, 500)}`);
    out.push(Number(run.stdout.trim().split('\n').pop()));
  }
  return out;
}

const IMPORT = `
const t0 = performance.now();
await import(process.argv[1]);
console.log(performance.now() - t0);`;

function copyAsModule(bundle: string): string {
  const file = bundle.replace(/\.js$/, '.mjs');
  copyFileSync(bundle, file);
  return file;
}

/** A plain Worker: the least a module can be, answering every request at once. */
const PLAIN = 'export default { fetch() { return new Response("ok"); } };';

const VERSE = '/verses/KJV:John.3.16.js';

export interface StartupFigures {
  bundleBytes: number;
  /** ms from a new workerd to its readiness, with our bundle and with the plain Worker (same bindings), one per round. */
  ours: number[];
  plain: number[];
  /** ms of our fresh isolate's first request (a verse: the catalogue and a chapter read from KV, the token checked in D1), and of its second. */
  first: number[];
  second: number[];
  /** ms to compile, and to evaluate, the bundle as a module in Node (measureModuleEvaluation). */
  compile: number[];
  evaluate: number[];
  /** ms of Node's `import()` of the bundle as written (measureModuleImport). */
  imported: number[];
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await work();
  return { value, ms: performance.now() - t0 };
}

async function get(worker: CpuWorker, path: string): Promise<void> {
  const res = await fetch(worker.url + path, { headers: { Authorization: worker.authorization } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`startup bench: ${path} answered ${res.status}`);
}

/**
 * Startup of our worker and of the plain one, `rounds` times each, alternating: our bundle made
 * once beforehand, its D1 migrated and its account made between its readiness and its first
 * request (neither is timed).
 */
export async function measureStartup(
  stateDir: string,
  snapshotId: string,
  namespaceId: string,
  rateLimits: Record<string, unknown>,
  rounds: number,
): Promise<StartupFigures> {
  const outdir = bundleOurWorker(stateDir);
  const bundle = path.join(outdir, 'index.js');
  const figures: StartupFigures = {
    bundleBytes: statSync(bundle).size,
    ours: [],
    plain: [],
    first: [],
    second: [],
    ...measureModuleEvaluation(bundle, rounds),
    imported: measureModuleImport(bundle, rounds),
  };
  for (let r = 0; r < rounds; r++) {
    // Readiness alone is timed (startMiniflare): the D1 set-up comes after it.
    const worker = await startOurWorker(
      stateDir,
      { snapshotId, pairs: [], skipped: [] },
      rateLimits,
      {},
      { namespaceId },
      true,
    );
    figures.ours.push(worker.readyMs);
    figures.first.push((await timed(() => get(worker, VERSE))).ms);
    figures.second.push((await timed(() => get(worker, VERSE))).ms);
    await worker.stop();
    const plain = await startMiniflare({
      script: PLAIN,
      kvNamespaces: ['SNAPSHOT'],
      d1Databases: ['DB'],
      ratelimits: rateLimits,
    });
    figures.plain.push(plain.readyMs);
    await plain.stop();
  }
  return figures;
}

/**
 * A crawl of varied pages: every kind of value the isolate keeps (chapters of every version,
 * tagged words, lexicon entries, concordances, postings, the library's chapters and topics,
 * kept responses, parsed references), several hundred of them.
 */
export function crawlPaths(): string[] {
  const out: string[] = [];
  for (let c = 1; c <= 50; c++) out.push(`/chapters/KJV:Gen.${c}`, `/chapters/ASV:Gen.${c}.xml`);
  for (let c = 1; c <= 150; c += 3)
    out.push(`/chapters/WEB:Ps.${c}.js`, `/chapters/WLC:Ps.${c}`, `/chapters/KJV:Ps.${c}/words.js`);
  for (let c = 1; c <= 28; c++)
    out.push(
      `/chapters/RV1909:Matt.${c}`,
      `/chapters/TR:Matt.${c}/words.js`,
      `/chapters/KJV:Matt.${c}/commentaries.js`,
      `/chapters/KJV:Matt.${c}/topics.js`,
    );
  const words = [
    'love',
    'faith',
    'grace',
    'light',
    'water',
    'bread',
    'shepherd',
    'king',
    'temple',
    'covenant',
    'mercy',
    'peace',
    'spirit',
    'truth',
    'world',
    'amor',
    'fe',
    'gracia',
    'luz',
    'agua',
  ];
  for (const w of words) out.push(`/verses.js?keyword=${w}&limit=100`, `/verses?keyword=${w}`);
  for (let n = 1; n <= 40; n++)
    out.push(
      `/verses.js?strongs=H${n * 97}&limit=50`,
      `/verses.js?strongs=G${n * 61}&limit=50`,
      `/strongs/H${n * 97}.js`,
      `/strongs/G${n * 61}`,
    );
  for (const t of [
    'love',
    'faith',
    'jesus-the-christ',
    'prayer',
    'sin',
    'david',
    'moses',
    'israel',
    'god',
    'sabbath',
  ])
    out.push(`/topics/${t}.js`, `/topics?q=${t.split('-')[0]}`);
  for (let v = 1; v <= 30; v++)
    out.push(
      `/verses/KJV:John.3.${(v % 36) + 1}/related.js`,
      `/passages.js?q[]=${encodeURIComponent(`Romans ${(v % 16) + 1}:1-${(v % 9) + 3}`)}`,
    );
  return out;
}

/** The heap of our worker's isolate after the crawl and a garbage collection, in bytes. */
export async function measureHeap(
  stateDir: string,
  snapshotId: string,
  namespaceId: string,
  rateLimits: Record<string, unknown>,
  ctx: Pick<BenchContext, 'authorization'>,
): Promise<{ used: number; total: number; requests: number; errors: number }> {
  const port = 9242;
  const worker = await startOurWorker(
    stateDir,
    { snapshotId, pairs: [], skipped: [] },
    rateLimits,
    { inspectorPort: port },
    { namespaceId },
  );
  let errors = 0;
  const paths = crawlPaths();
  // Attached before the crawl, its console read: an isolate with an inspector port keeps what
  // it logs for the inspector, and a request that logs waits for one to read it.
  const inspector = await inspectUserIsolate(port);
  try {
    await inspector.send('Runtime.enable');
    for (const p of paths) {
      const res = await fetch(worker.url + p, {
        headers: { Authorization: worker.authorization || ctx.authorization },
        signal: AbortSignal.timeout(60_000),
      });
      await res.arrayBuffer();
      if (res.status !== 200) errors++;
    }
    // workerd's inspector answers no HeapProfiler.collectGarbage: the heap as the crawl left it.
    const usage = await inspector.send('Runtime.getHeapUsage');
    return { used: usage.usedSize, total: usage.totalSize, requests: paths.length, errors };
  } finally {
    inspector.close();
    await worker.stop();
  }
}
