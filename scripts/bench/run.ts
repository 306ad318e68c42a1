/**
 * `npm run bench`: starts the worker locally (wrangler dev, full snapshot loaded, migrations
 * applied), then measures every case in scripts/bench/cases/ against the baseline route
 * `/status.xml` of the same worker in the same run, and prints each as a ratio. Speed is
 * measured here, never asserted in tests.
 *
 * Options: --seconds N (per case, default 5), --concurrency N (default 8), --only NAME[,NAME],
 * --port N (default 8799), --cpu-only (only the own-CPU figures), --cpu-seconds N (per turn,
 * default 1), --cpu-rounds N (default 15; the median round is the figure),
 * --cpu-paths 'PATH PATH' (instead of the read paths of scripts/bench/cpu.ts), --heavy-only (only
 * the heaviest requests), --heavy-rounds N (default 20), --heavy-paths 'PATH PATH' (instead of the
 * heavy cases, each for both accounts; `A|B|C`: warm up on A, then rounds through B and C), --heavy-cases TEXT (only the heavy cases whose name
 * holds TEXT, or one of `A|B`, after the first: POST cases too, which --heavy-paths cannot send), --no-heavy, --no-downloads, --download-rounds N (default 3),
 * --capacity (only how much one database takes: scripts/bench/capacity.ts, docs/scale.md;
 * --capacity-seconds N per level, default 3; --capacity-levels 'N N …', default 1 to 64 doubling).
 *
 * Then our own CPU per request on the read paths (scripts/bench/cpu.ts): workerd CPU per request
 * minus that of a plain Worker under the same wrangler dev, alternating (the budget
 * is 100 µs).
 *
 * Then the heaviest request of each kind (scripts/bench/heavy.ts): CPU per request in ms and the
 * answer's size, for an empty account and one at every quota, against the goals of 30 ms and 1 MiB.
 * Last the isolate as a whole (scripts/bench/isolate.ts): the bundle's size, startup against a
 * plain Worker's, and the heap after a crawl of varied pages.
 *
 * The bench keeps its own local KV and D1 in BENCH_STATE (wrangler --persist-to): its account,
 * notes and taggings (and the global tag names they create) never reach the development database
 * that `npm run dev` serves. Its worker runs with the rate limits raised (config.ts): one account
 * sends far more than a person would.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { startLocalWorker } from '../lib/local-worker';
import { wrangler } from '../lib/wrangler';
import { benchRateLimits, writeBenchConfig } from './config';
import { readSnapshotPairs } from '../fixture';
import { DEFAULT_OUT_DIR } from '../snapshot/paths';
import { measure, median, type Measurement } from './measure';
import { measureDownloads } from './downloads';
import { printTable } from './table';
import { CASE_MARGIN, CASE_PAGE, CASE_XML } from './cases/reading';
import type { BenchCase, BenchContext } from './types';

const BENCH_STATE = '.wrangler/bench-state';
const USAGE =
  "usage: npm run bench [-- --seconds N] [--concurrency N] [--only NAME,NAME] [--port N] [--cpu-only] [--cpu-seconds N] [--cpu-rounds N] [--cpu-paths 'PATH PATH'] [--heavy-only] [--heavy-rounds N] [--heavy-paths 'PATH PATH'] [--heavy-cases TEXT] [--no-heavy] [--no-downloads] [--download-rounds N] [--capacity [--capacity-seconds N] [--capacity-levels 'N N']]";
/** The developers' guide: every read path stays under this much of our own CPU per request. */
const OWN_CPU_BUDGET_US = 100;
/**
 * Requests in flight in the own-CPU measurement: enough to keep the worker's core busy, few enough
 * that the load (on the other cores, scripts/bench/cpu.ts pinApart) keeps up; with 16 the worker's
 * CPU per request swung by ±15% between runs.
 */
const CPU_CONCURRENCY = 4;

/** Accounts the write cases spread over (quotas: src/annotations/personal/quotas.ts), and the reader. */
const POOL_SIZE = 24;

const BASELINE: BenchCase = { name: 'baseline /status', request: () => ({ path: '/status.xml' }) };
const REFERENCE = 'verse show';

async function loadCases(): Promise<BenchCase[]> {
  const dir = path.join(path.dirname(new URL(import.meta.url).pathname), 'cases');
  const all: BenchCase[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { cases: BenchCase[] };
    all.push(...mod.cases);
  }
  return all;
}

/**
 * Row counts of the development database (wrangler's default local state), or 'absent' before
 * its first migration: the bench checks that they are the same after its run.
 */
function devDatabaseRows(): string {
  try {
    const sql =
      "SELECT (SELECT count(*) FROM users) || ',' || (SELECT count(*) FROM notes) || ',' || (SELECT count(*) FROM taggings) || ',' || (SELECT count(*) FROM tags) AS n";
    const out = wrangler(['d1', 'execute', 'DB', '--local', '--json', '--command', sql], {
      quiet: true,
    });
    return /"n":\s*"([^"]*)"/.exec(out)?.[1] ?? 'unknown';
  } catch {
    return 'absent';
  }
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

async function main() {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '5' },
      concurrency: { type: 'string', default: '8' },
      only: { type: 'string' },
      port: { type: 'string', default: '8799' },
      'cpu-only': { type: 'boolean', default: false },
      'cpu-seconds': { type: 'string', default: '1' },
      'cpu-rounds': { type: 'string', default: '15' },
      'cpu-paths': { type: 'string' },
      'heavy-only': { type: 'boolean', default: false },
      'heavy-rounds': { type: 'string', default: '20' },
      'heavy-paths': { type: 'string' },
      'heavy-cases': { type: 'string' },
      'no-heavy': { type: 'boolean', default: false },
      'no-downloads': { type: 'boolean', default: false },
      'download-rounds': { type: 'string', default: '3' },
      capacity: { type: 'boolean', default: false },
      'capacity-seconds': { type: 'string', default: '3' },
      'capacity-levels': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(
      `${USAGE}\n  measures each case against /status.xml of the same local worker (state in ${BENCH_STATE})`,
    );
    return;
  }
  if (values.capacity) {
    const { printCapacity } = await import('./capacity-report');
    await printCapacity({
      seconds: Number(values['capacity-seconds']),
      levels: values['capacity-levels']?.split(' ').map(Number),
    });
    return;
  }
  // Loaded once there is a bench to run: the snapshot build, the accounts (Drizzle, whose 180 KB
  // package.json Node reads again for each of its subpaths) and Miniflare are most of the script's
  // imports, and `--help` (answered above, and by the tests) needs none of them.
  const [
    { prepareLocal },
    { createLocalAccount, createLocalAccounts },
    { measureOwnCpu, startOurWorker, startPlainWorker },
    heavy,
    { wranglerLocalKvNamespaceId },
    isolate,
  ] = await Promise.all([
    import('../lib/prepare'),
    import('../lib/accounts'),
    import('./cpu'),
    import('./heavy'),
    import('../lib/wrangler'),
    import('./isolate'),
  ]);
  const runIsolate = async (snapshotId: string) => {
    const namespaceId = await wranglerLocalKvNamespaceId('SNAPSHOT');
    const startup = await isolate.measureStartup(
      BENCH_STATE,
      snapshotId,
      namespaceId,
      benchRateLimits(),
      5,
    );
    const [ours, plain] = [median(startup.ours), median(startup.plain)];
    console.log(
      `\nthe isolate: bundle ${fmt(startup.bundleBytes / 1024)} KiB (budget ${isolate.BUNDLE_BUDGET_BYTES / 1024} KiB: ${startup.bundleBytes <= isolate.BUNDLE_BUDGET_BYTES ? 'ok' : 'OVER'});` +
        ` a new workerd ready, median of ${startup.ours.length}: ours ${fmt(ours)} ms, a plain Worker with the same bindings ${fmt(plain)} ms: ${fmt(ours - plain)} ms to compile and evaluate our module;` +
        ` the first request of a fresh isolate (a verse: catalogue, chapter, token) ${fmt(median(startup.first), 1)} ms, its second ${fmt(median(startup.second), 1)} ms`,
    );
    const evaluation = median(startup.evaluate);
    console.log(
      `module evaluation (the bundle in Node's vm, median of ${startup.evaluate.length}): ${fmt(evaluation, 1)} ms (budget ${isolate.EVALUATION_BUDGET_MS} ms: ${evaluation <= isolate.EVALUATION_BUDGET_MS ? 'ok' : 'OVER'}), compiling ${fmt(median(startup.compile), 1)} ms before it; first request of a fresh isolate ${fmt(median(startup.first), 1)} ms`,
    );
    const imported = median(startup.imported);
    console.log(
      `import() of the bundle in Node (median of ${startup.imported.length}): ${fmt(imported, 1)} ms (budget ${isolate.IMPORT_BUDGET_MS} ms: ${imported <= isolate.IMPORT_BUDGET_MS ? 'ok' : 'OVER'}; Node's detection of its format included: npm run bench:startup also times it as an ES module)`,
    );
    const heap = await isolate.measureHeap(
      BENCH_STATE,
      snapshotId,
      namespaceId,
      benchRateLimits(),
      { authorization: '' },
    );
    console.log(
      `the isolate's heap after a crawl of ${heap.requests} varied pages and searches (${heap.errors} not 200), garbage not yet collected included: ${fmt(heap.used / 2 ** 20, 1)} MiB used of ${fmt(heap.total / 2 ** 20, 1)} MiB (goal ${isolate.HEAP_GOAL_BYTES / 2 ** 20} MiB: ${heap.used <= isolate.HEAP_GOAL_BYTES ? 'ok' : 'OVER'})`,
    );
  };
  const runHeavy = async (snapshotId: string) => {
    const worker = await startOurWorker(
      BENCH_STATE,
      { snapshotId, pairs: [], skipped: [] },
      benchRateLimits(),
      {},
      { namespaceId: await wranglerLocalKvNamespaceId('SNAPSHOT') },
    );
    try {
      // A case of --heavy-paths is one path, or several `|`-separated: the first warms up, the
      // others are the rounds' inputs in turn (HeavyCase `rotate`).
      const cases = values['heavy-paths']
        ? [
            heavy.HEAVY_CASES[0],
            ...values['heavy-paths'].split(' ').map((p) => {
              const [path, ...rotate] = p.split('|');
              return { route: 'GET ?', name: p, path, rotate, personal: true };
            }),
          ]
        : values['heavy-cases']
          ? [
              heavy.HEAVY_CASES[0],
              ...heavy.HEAVY_CASES.slice(1).filter((c) =>
                values['heavy-cases']!.split('|').some((t) => c.name.includes(t)),
              ),
            ]
          : undefined;
      const accounts = await heavy.heavyAccounts(worker);
      const figures = await heavy.measureHeavy(worker, accounts, {
        rounds: Number(values['heavy-rounds']),
        warmup: heavy.HEAVY_WARMUP,
        cases,
      });
      const d1 = await heavy.measureD1(Number(values['heavy-rounds']) * 4);
      const base = figures[0].ms;
      console.log(
        `\nthe heaviest known request of each route: CPU per request of the worker's workerd (local D1 included), each round's CPU read from its threads' schedstat, the median of ${values['heavy-rounds']} rounds after ${heavy.HEAVY_WARMUP} warm-up, their mean and the largest; \`inputs\`: how many inputs the rounds went through, each new to the isolate (none: the same request each round); \`KV reads\`: the most one request made (Server-Timing), beside what the route declares; goals ${heavy.HEAVY_CPU_GOAL_MS} ms (the account's export and import aside) and ${heavy.HEAVY_BYTES_GOAL / 1024} KiB (downloads and the export aside), the route's declared answer budget and KV reads; \`x first\`: over the first case, measured alike:`,
      );
      const rows = figures.map((f) => [
        f.route,
        f.name,
        f.account,
        String(f.status),
        fmt(f.bytes / 1024),
        f.budget === undefined ? '-' : fmt(f.budget / 1024),
        String(f.kvReads),
        f.kvBudget === undefined ? '-' : String(f.kvBudget),
        f.rotated ? String(f.rotated) : '-',
        fmt(f.ms, 1),
        fmt(f.meanMs, 1),
        fmt(f.maxMs, 1),
        fmt(f.ms / base, 1),
        (f.cpuExempt || f.ms <= heavy.HEAVY_CPU_GOAL_MS) &&
        (f.exempt || f.bytes <= heavy.HEAVY_BYTES_GOAL) &&
        (f.budget === undefined || f.bytes <= f.budget) &&
        (f.kvBudget === undefined || f.kvReads <= f.kvBudget)
          ? 'ok'
          : 'OVER',
      ]);
      const held = figures.filter((f) => !f.cpuExempt);
      const worst = held.reduce((a, b) => (b.ms > a.ms ? b : a));
      console.log(
        `the worst held to ${heavy.HEAVY_CPU_GOAL_MS} ms: ${worst.route} (${worst.name}, ${worst.account}) ${fmt(worst.ms, 1)} ms`,
      );
      const header = [
        'route',
        'case',
        'account',
        'status',
        'KiB',
        'budget KiB',
        'KV reads',
        'declared',
        'inputs',
        'CPU ms',
        'mean ms',
        'max ms',
        'x first',
        'goals',
      ];
      printTable(header, rows, 2);
      console.log(
        `\nhow much of a quota case is D1: its reference reads alone on SQLite holding the full account, CPU per request, mean of ${Number(values['heavy-rounds']) * 4} after 3 warm-up:`,
      );
      for (const f of d1) {
        const whole = figures.find((g) => g.name === f.name && g.account === 'full');
        console.log(
          `  ${f.name}: D1 ${fmt(f.ms, 1)} ms of ${whole ? fmt(whole.ms, 1) : '?'} ms (${f.read})`,
        );
      }
    } finally {
      await worker.stop();
    }
  };
  if (values['heavy-only']) {
    const { snapshotId, persist } = await prepareLocal({ persistTo: BENCH_STATE });
    persist();
    await runHeavy(snapshotId);
    await runIsolate(snapshotId);
    return;
  }
  const options = {
    seconds: Number(values.seconds),
    concurrency: Number(values.concurrency),
    maxRequests: 200_000,
  };
  const devRowsBefore = devDatabaseRows();
  const { snapshotId, persist } = await prepareLocal({ persistTo: BENCH_STATE });
  persist();
  const stamp = Date.now();
  const token = await createLocalAccount(
    `bench-${stamp}@example.test`,
    'bench password',
    BENCH_STATE,
  );
  const pool = await createLocalAccounts(
    Array.from({ length: POOL_SIZE }, (_, i) => `bench-${stamp}-${i}@example.test`),
    'bench password',
    BENCH_STATE,
  );
  const worker = await startLocalWorker(
    snapshotId,
    Number(values.port),
    BENCH_STATE,
    writeBenchConfig(BENCH_STATE),
  );
  const basic = (t: string) => `Basic ${Buffer.from(`${t}:x`).toString('base64')}`;
  const ctx: BenchContext = {
    baseUrl: worker.url,
    token,
    authorization: basic(token),
    pool: pool.map(basic),
  };

  const cpuWorkers = await Promise.all([
    startOurWorker(BENCH_STATE, readSnapshotPairs(DEFAULT_OUT_DIR), benchRateLimits()),
    startPlainWorker(),
  ]);
  try {
    let cases = values['cpu-only'] ? [] : await loadCases();
    if (values.only) {
      const only = new Set(values.only.split(','));
      cases = cases.filter((c) => only.has(c.name) || c.name === REFERENCE);
    }
    const results = new Map<string, Measurement>();
    /** KV reads of each case's first request: what a cold isolate pays before its caches fill. */
    const firstReads = new Map<string, number>();
    const run = async (c: BenchCase) => {
      await c.setup?.(ctx);
      const opts = { ...options, expectStatus: c.expectStatus ?? 200 };
      const first = await measure(ctx, (i) => c.request(ctx, i), {
        ...opts,
        concurrency: 1,
        maxRequests: 1,
      });
      firstReads.set(c.name, first.kvReads);
      await measure(ctx, (i) => c.request(ctx, i), { ...opts, seconds: Math.min(1, opts.seconds) }); // warm-up
      const m = await measure(ctx, (i) => c.request(ctx, i), opts);
      console.log(`  measured ${c.name}: ${fmt(m.throughput)} req/s`);
      return m;
    };
    if (cases.length) await runCases();
    async function runCases() {
      // Baseline before and after the cases; its mean is the denominator, which evens out drift.
      const before = await run(BASELINE);
      for (const c of cases) results.set(c.name, await run(c));
      const after = await run(BASELINE);
      const baseline = (before.throughput + after.throughput) / 2;
      const reference = results.get(REFERENCE);

      console.log(
        `\nscripture-edge bench: wrangler dev (local workerd), ${options.concurrency} concurrent, ${options.seconds}s per case`,
      );
      console.log(
        `baseline /status.xml: ${fmt(baseline)} req/s (before ${fmt(before.throughput)}, after ${fmt(after.throughput)}), p50 ${fmt(before.p50, 2)} ms, p99 ${fmt(before.p99, 2)} ms\n`,
      );
      const header = [
        'case',
        'req/s',
        'x baseline',
        'x verse show',
        'p50 ms',
        'p99 ms',
        'p50 x base',
        'KV reads/req',
        'first req KV reads',
        'errors',
      ];
      const rows = [...results].map(([name, m]) => [
        name,
        fmt(m.throughput),
        fmt(m.throughput / baseline, 2),
        reference ? fmt(m.throughput / reference.throughput, 2) : '-',
        fmt(m.p50, 2),
        fmt(m.p99, 2),
        fmt(m.p50 / before.p50, 2),
        fmt(m.kvReads, 2),
        fmt(firstReads.get(name) ?? NaN),
        String(m.errors),
      ]);
      printTable(header, rows);
      // A signed-in reader's chapter page is the HTML and its margin request; their
      // latencies add up, compared with the XML of the same chapter.
      const [xml, page, margin] = [CASE_XML, CASE_PAGE, CASE_MARGIN].map((name) =>
        results.get(name),
      );
      if (xml && page && margin) {
        console.log(
          `\nsigned-in chapter page with 5 notes (HTML + margin) / chapter XML, John 3: p50 ${fmt((page.p50 + margin.p50) / xml.p50, 2)}×` +
            ` (HTML ${fmt(page.p50 / xml.p50, 2)}×, margin ${fmt(margin.p50 / xml.p50, 2)}×); throughput HTML ${fmt(page.throughput / xml.throughput, 2)}×, margin ${fmt(margin.throughput / xml.throughput, 2)}×;` +
            ` errors ${page.errors + margin.errors}`,
        );
      }
    }

    if (!values['cpu-only'] && !values['no-downloads']) await runDownloads();
    async function runDownloads() {
      const rounds = Number(values['download-rounds']);
      const { baseline, figures } = await measureDownloads(ctx, rounds);
      console.log(
        `\nwhole-version downloads, one request at a time, median of ${rounds} rounds after one unmeasured pass; \`x status\`: time to first byte over /status.xml's (${fmt(baseline.firstByteMs, 2)} ms), measured alike between them:`,
      );
      const rows = figures.map((f) => [
        f.path,
        String(f.status),
        fmt(f.bytes / 2 ** 20, 2),
        fmt(f.firstByteMs, 2),
        fmt(f.firstByteMs / baseline.firstByteMs, 1),
        fmt(f.lastByteMs),
        fmt(f.bytes / 2 ** 20 / (f.lastByteMs / 1000), 0),
      ]);
      const header = [
        'path',
        'status',
        'MiB',
        'first byte ms',
        'x status',
        'last byte ms',
        'MiB/s',
      ];
      printTable(header, rows);
    }

    const cpu = await measureOwnCpu(cpuWorkers[0], cpuWorkers[1], ctx, {
      seconds: Number(values['cpu-seconds']),
      rounds: Number(values['cpu-rounds']),
      concurrency: CPU_CONCURRENCY,
      paths: values['cpu-paths']?.split(' '),
    });
    console.log(
      `\nown CPU per request (workerd CPU minus a plain Worker's answering the same bytes and headers, each in its own workerd, alternating, median of ${values['cpu-rounds']} rounds; budget ${OWN_CPU_BUDGET_US} µs; \`headers\`: what carrying our headers costs the plain Worker):`,
    );
    const cpuRows = cpu.map((f) => [
      f.path,
      fmt(f.ours),
      fmt(f.plain),
      fmt(f.own),
      `${fmt(f.spread[0])}–${fmt(f.spread[1])}`,
      fmt(f.ours / f.plain, 2),
      f.own <= OWN_CPU_BUDGET_US ? 'ok' : 'OVER',
      fmt(f.headers),
    ]);
    const cpuHeader = [
      'path',
      'ours µs',
      'plain µs',
      'own µs',
      'quartiles',
      'x plain',
      'budget',
      'headers µs',
    ];
    printTable(cpuHeader, cpuRows);
    if (!values['no-heavy']) {
      await runHeavy(snapshotId);
      await runIsolate(snapshotId);
    }
  } finally {
    await Promise.all([worker.stop(), ...cpuWorkers.map((w) => w.stop())]);
  }
  const devRowsAfter = devDatabaseRows();
  if (devRowsAfter !== devRowsBefore)
    throw new Error(
      `the bench changed the development database (rows ${devRowsBefore} → ${devRowsAfter})`,
    );
  console.log(`\ndevelopment database untouched (users, notes, taggings, tags: ${devRowsAfter})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
