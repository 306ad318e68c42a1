/**
 * Run by `npm test` after the fixture build: Vitest in two processes side by side, the Workers
 * project in one and the node project (the scripts' and the browser tests) in the other, and one
 * closing line for both.
 *
 * Why two: one Vitest process runs its projects' groups one after the other (vitest.config.ts),
 * and on the 2-core build machine each group leaves a core idle much of its time (the Workers
 * tests wait on their workerd's module loads and seed; the node and browser tests on chromium,
 * wrangler and the scripts' processes). Side by side, the machine is busy from start to end
 * (docs/development.md "How long `npm test` takes, and why"). The Workers process runs one workerd
 * (VITEST_WORKERS_WORKERS=1, vitest.config.ts): a second one's start and seed cost ~8 s more CPU
 * than its parallelism saves while the other process keeps the second core busy.
 *
 * With arguments (`npm test -- test/catalogue`, `npm test -- --reporter=verbose`) it is plain
 * `vitest run` with them, in one process. Each process's output is printed whole when it ends,
 * so that the two never interleave; the last line is `N passed, N failed, N skipped` for both
 * (test/support/summary-reporter.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { toolEnv } from './lib/wrangler';
import { REPO_ROOT } from './snapshot/paths';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(
    'usage: tsx scripts/test.ts [vitest arguments]\n  runs the tests (run by npm test after the fixture build): without arguments the Workers project and the node project (scripts and browser tests) in two Vitest processes side by side; with arguments, `vitest run` with them',
  );
  process.exit(0);
}

const VITEST = path.join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs');
/**
 * The node and browser process (and chromium, the site, the scripts it starts) yields the CPU to
 * the Workers process: that one runs its files one after another in one workerd, so the run ends
 * soonest when it goes at its own pace and the other, whose files run three at a time, takes what
 * is left and the cores the Workers process leaves at its end. Three runs each, alternating, on the
 * 2-core build machine (27 November 2026): 57.6, 48.2 and 49.3 s, against 59.7, 64.2 and 51.9 s
 * without (the Workers process then ending last).
 */
const OTHERS_NICENESS = 10;
/**
 * Node's on-disk cache of compiled code (NODE_COMPILE_CACHE, Node ≥ 22.1) for every Node process of
 * the run: wrangler starts eight times, and tsx, Miniflare and Vitest's workers many times; from
 * the second start of each on, its modules are not compiled again (~0.25 s of CPU per wrangler
 * start). Kept in node_modules, so a fresh install starts it empty.
 */
const COMPILE_CACHE = {
  NODE_COMPILE_CACHE:
    process.env.NODE_COMPILE_CACHE ??
    path.join(REPO_ROOT, 'node_modules', '.cache', 'node-compile-cache'),
};

interface Summary {
  passed: number;
  failed: number;
  skipped: number;
}

interface Finished {
  code: number;
  output: string;
  summary: Summary | null;
  /** Seconds from the start of both to this one's end. */
  seconds: number;
}

const children = new Set<ReturnType<typeof spawn>>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(130);
  });
}

/**
 * One Vitest process running `projects`, its output kept; `summaryFile` receives its counts;
 * `niceness` lowers its priority (and its children's). VITEST_PROJECTS makes the process configure
 * only those projects (vitest.config.ts), `--project` makes Vitest run them.
 */
function vitest(
  projects: string[],
  summaryFile: string,
  extraEnv: Record<string, string> = {},
  niceness = 0,
): Promise<Finished> {
  const started = performance.now();
  return new Promise((resolve) => {
    const env = toolEnv({
      ...COMPILE_CACHE,
      VITEST_SUMMARY_FILE: summaryFile,
      VITEST_PROJECTS: projects.join(','),
      ...extraEnv,
      ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}),
    });
    const args = projects.flatMap((project) => ['--project', project]);
    const child = spawn(process.execPath, [VITEST, 'run', ...args], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    if (niceness && child.pid) {
      try {
        setPriority(child.pid, niceness);
      } catch {
        // Only the order of the work changes: the run goes on at the usual priority.
      }
    }
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      children.delete(child);
      let summary: Summary | null = null;
      try {
        summary = JSON.parse(readFileSync(summaryFile, 'utf8')) as Summary;
      } catch {
        // No summary: Vitest stopped before its reporters ran (its output says why).
      }
      resolve({ code: code ?? 1, output, summary, seconds: (performance.now() - started) / 1000 });
    });
  });
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length) {
    const child = spawn(process.execPath, [VITEST, 'run', ...args], {
      cwd: REPO_ROOT,
      env: toolEnv(COMPILE_CACHE),
      stdio: 'inherit',
    });
    return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'vitest-summary-'));
  try {
    console.log(
      'Running the Workers tests and the node and browser tests side by side (scripts/test.ts); each prints when it ends.\n',
    );
    const runs = [
      vitest(['workers'], path.join(dir, 'workers.json'), { VITEST_WORKERS_WORKERS: '1' }),
      // The run has browser files: their chromium and site start at once, while the Workers
      // project starts, not when the first browser file asks (test/browser/global-setup.ts).
      vitest(
        ['node'],
        path.join(dir, 'others.json'),
        { BROWSER_SITE_AT_ONCE: '1' },
        OTHERS_NICENESS,
      ),
    ];
    // Printed as each ends, the first to end first.
    const printed = runs.map((run) => run.then((r) => process.stdout.write(r.output)));
    const results = await Promise.all(runs);
    await Promise.all(printed);
    const total = { passed: 0, failed: 0, skipped: 0 };
    for (const r of results) {
      if (!r.summary) total.failed++;
      else for (const k of ['passed', 'failed', 'skipped'] as const) total[k] += r.summary[k];
    }
    const [workers, others] = results.map((r) => r.seconds.toFixed(1));
    console.log(
      `\nThe Workers tests took ${workers} s, the node and browser tests ${others} s, side by side.`,
    );
    console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
    return results.some((r) => r.code !== 0) ? 1 : 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  },
);
