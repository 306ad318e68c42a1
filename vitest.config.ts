import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { FIXTURE_DATA_DIR, FIXTURE_DIR, readSnapshotInfo } from './scripts/fixture.ts';
import { ensureSiteFonts } from './scripts/lib/fonts.ts';
import {
  LIMIT_ONE_TEST_LIMITERS,
  TEST_RATE_LIMITS,
  UNREACHED_TEST_LIMITER,
} from './test/support/rate-limits.ts';
import LongestFirst from './test/support/sequencer.ts';
import SummaryReporter from './test/support/summary-reporter.ts';

/**
 * Two projects. `npm test` runs them in two Vitest processes side by side (scripts/test.ts, one
 * summary line for CI); `npx vitest run` in one process, in the groups below.
 * - `workers`: inside workerd (miniflare) against real local KV and D1. `npm test` first builds the
 *   fixture snapshot with the real build code (scripts/test-fixture.ts); test/support/setup.ts has
 *   test/support/seed-server.ts load all its pairs into each test worker's KV with the loader
 *   `npm run dev` uses.
 * - `node`: in Node, the project's scripts as a user runs them (test/node), and Debian's chromium
 *   against the whole worker (test/browser, ./test/browser/harness.ts).
 */
// Miniflare keeps the workers' throwaway KV and D1 under os.tmpdir(), one file per KV value:
// on a RAM disk the fixture seed's puts take about a third less time than on /tmp.
// Where there is no /dev/shm (macOS) or TMPDIR is set already, nothing changes.
if (!process.env.TMPDIR && existsSync('/dev/shm')) process.env.TMPDIR = '/dev/shm';

// The Workers tests (the ASSETS binding) and the browser tests' site serve public/ as it is: the
// site's fonts, which are not committed, are copied in from node_modules first (a few
// milliseconds; nothing is written when they are there). Here, so that every way of running the
// tests (`npm test`, scripts/test.ts, `npx vitest`) has them.
ensureSiteFonts();

/**
 * Vitest runs the projects in groups, one group after another, each with one worker count. First
 * the workers project, on two workers (the build and CI machines have 2 cores; Vitest's default
 * there is one worker). In one group with the other projects, a worker that changed project would
 * stop the workers project's workerd, and its next file would start (and seed) another.
 * `npm test` (scripts/test.ts) runs this project in a Vitest process of its own beside the others,
 * on one worker (VITEST_WORKERS_WORKERS=1): the other process keeps the second core busy.
 */
const WORKERS = Number(process.env.VITEST_WORKERS_WORKERS ?? 2);
/**
 * The projects this process runs, when scripts/test.ts names them (VITEST_PROJECTS, beside its
 * `--project` arguments): the process of the node project then never loads the Workers
 * integration nor reads the migrations (about a second of CPU).
 */
const ONLY = process.env.VITEST_PROJECTS?.split(',');
const runs = (project: string): boolean => !ONLY || ONLY.includes(project);

/**
 * The Workers project's dependencies (node_modules) reach workerd without a source map. Vite maps
 * every module it rewrites for the module runner character by character and Vitest inlines that
 * map as base64 into the module's code: 8 of the 15.7 MB the pool sends workerd over its
 * WebSocket, serialized, compressed, parsed again (measured when the Spanish stemmer came with every
 * language's: 0.9 MB of code, 5.2 MB of map). `{ mappings: '' }` is Rollup's "no map" (Vite then makes none, Vitest inlines
 * none); the code must differ from what came in for Vite to take the result, hence the newline.
 * Stack traces into a dependency point at its code as rewritten, a line or so off; ours keep
 * their maps. Measured on the 2-core build machine (26 November 2026), the project alone,
 * alternating: 45.9 and 47.8 s of CPU against 48.9 and 50.4 s.
 */
const NO_DEPENDENCY_SOURCE_MAPS = {
  name: 'no-dependency-source-maps',
  enforce: 'post' as const,
  transform: (code: string, id: string) =>
    id.includes('/node_modules/') ? { code: `${code}\n`, map: { mappings: '' } } : null,
};

/**
 * The data files the worker bundles (src/catalogue/empty-slots.ts: the numbering map, the empty
 * slots, the margin verses) taken from the fixture's copy of data/, which the fixture snapshot was
 * built from: it holds what `version:add` wrote for the fixture's added versions
 * (scripts/lib/fixture-data.ts), so that the Workers tests serve those versions as a deploy
 * would after the command.
 */
const FIXTURE_DATA_FILES = {
  find: /^(?:\.\.\/)+data\/([a-z-]+\.json)$/,
  replacement: `${path.resolve(FIXTURE_DATA_DIR)}/$1`,
};

/** The Workers project, on the Workers Vitest integration (imported only when the project runs). */
async function workersProject() {
  const { cloudflareTest, readD1Migrations } = await import('@cloudflare/vitest-plugin');
  const migrations = await readD1Migrations('./migrations');
  const snapshot = readSnapshotInfo(FIXTURE_DIR);
  return {
    plugins: [
      NO_DEPENDENCY_SOURCE_MAPS,
      cloudflareTest({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          ratelimits: {
            ...TEST_RATE_LIMITS,
            ...UNREACHED_TEST_LIMITER,
            ...LIMIT_ONE_TEST_LIMITERS,
          },
          // Beside wrangler.toml's three databases that hold accounts: one no migration reaches,
          // which a worker must refuse (test/db/shards.test.ts).
          d1Databases: { TEST_UNMIGRATED: 'test-unmigrated' },
          bindings: {
            TEST_RATE_LIMITS,
            SNAPSHOT_ID: snapshot.snapshotId,
            TEST_MIGRATIONS: migrations,
            // WEB comes from a Debian package; without it its tests are skipped (CI always has it).
            TEST_HAS_WEB: !snapshot.skipped.includes('WEB'),
            TEST_HAS_RV1909: !snapshot.skipped.includes('RV1909'),
            TEST_HAS_STUDY: !snapshot.skipped.includes('WLC'),
            // The WEB's USFM, added to the fixture's data by version:add when bibledit-cloud-data
            // is installed (scripts/fixture.ts FIXTURE_VERSIONS).
            TEST_HAS_WEBU: readFileSync(
              path.join(FIXTURE_DATA_DIR, 'versions.json'),
              'utf8',
            ).includes('"id": "WEBU"'),
            // The reference library (docs/library.md): every module of data/library.json installed.
            TEST_HAS_LIBRARY: !['MHCC', 'Scofield', 'TDavid', 'Nave'].some((id) =>
              snapshot.skipped.includes(id),
            ),
          },
        },
      }),
    ],
    resolve: { alias: [FIXTURE_DATA_FILES] },
    test: {
      name: 'workers',
      include: ['test/**/*.test.ts'],
      exclude: ['test/browser/**', 'test/node/**'],
      // Loads the fixture pairs into the workers' KV when ./test/support/setup.ts asks.
      globalSetup: ['./test/support/seed-server.ts'],
      setupFiles: ['./test/support/setup.ts'],
      // Not isolated: each of the two workers (a workerd of its own) runs its test files one
      // after another against one set of local KV and D1 storage, so the fixture is seeded
      // once per worker instead of once per file (setup.ts skips what is already there).
      // Tests therefore never assume an empty table, nor count on another file's writes (it
      // may run in the other worker): each makes its own users.
      maxWorkers: WORKERS,
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

/**
 * The scripts as a user runs them (test/node) and Debian's chromium against the whole worker
 * (test/browser), in one project: Vitest reuses a worker only for a file of the same project, and
 * as two projects their files, ordered longest first across both, started 8 workers in a full run
 * instead of 3 (test/browser/global-setup.ts). Second, after the Workers project, on three
 * workers: the files spend much of their time waiting on chromium, workerd and the scripts'
 * processes, and a third file fills those waits (alone on the shared 2-core build machine the
 * group took 48-66 s with three, 67-76 s with two). Not isolated: a worker runs its files one
 * after another in one process.
 */
const NODE_PROJECT = {
  test: {
    name: 'node',
    include: ['test/node/**/*.test.ts', 'test/browser/**/*.test.ts'],
    // One chromium and one site for the browser files, started when the first asks (at once in
    // `npm test`, while the Workers project starts).
    globalSetup: ['./test/browser/global-setup.ts'],
    environment: 'node',
    maxWorkers: 3,
    isolate: false,
    sequence: { groupOrder: 1 },
    // A larger young generation for the files that read whole Debian sources (millions of short-
    // lived objects): fewer scavenges. The scripts' files alone, four runs each on the 2-core build
    // machine (26 November 2026): 32.9 s of CPU on average against 35.6 s with Node's default.
    execArgv: ['--max-semi-space-size=32'],
    // The files wait on processes (wrangler, tsx, chromium) that a loaded machine slows many times
    // over: at a load of 10-24 on the 2 cores (7 December 2026) runs of 9 s took over 30. A limit
    // is a safety valve here, not a measure (speed is measured by `npm run bench`).
    testTimeout: 60_000,
    // Hooks start tools (the local KV test's child Node that loads wrangler; a browser file's
    // chromium context and the site): Vitest's 10 s default was exceeded once on a loaded 2-core
    // machine (27 November 2026).
    hookTimeout: 180_000,
  },
};

export default defineConfig(async () => ({
  test: {
    reporters: ['default', new SummaryReporter()],
    // The files of each project longest first (test/support/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      ...(runs('workers') ? [await workersProject()] : []),
      ...(runs('node') ? [NODE_PROJECT] : []),
    ],
  },
}));
