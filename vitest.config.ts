import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { FIXTURE_DIR, readSnapshotPairs } from './scripts/fixture.ts';
import { TEST_RATE_LIMITS } from './test/support/rate-limits.ts';
import SummaryReporter from './test/support/summary-reporter.ts';

/**
 * Three projects, one run (one summary line for CI):
 * - `workers`: inside workerd (miniflare) against real local KV and D1. `npm test` first builds the
 *   fixture snapshot with the real build code (scripts/test-fixture.ts); its pairs reach the
 *   workers as a binding and test/support/setup.ts puts them into KV, as `snapshot:load` does.
 * - `node`: the project's scripts as a user runs them (test/node).
 * - `browser`: in Node, Debian's chromium against the whole worker (test/browser/harness.ts).
 */
// Miniflare keeps the workers' throwaway KV and D1 under os.tmpdir(), one file per KV value:
// on a RAM disk the fixture seed (~17,000 puts) takes about a third less time than on /tmp.
// Where there is no /dev/shm (macOS) or TMPDIR is set already, nothing changes.
if (!process.env.TMPDIR && existsSync('/dev/shm')) process.env.TMPDIR = '/dev/shm';

/**
 * The node and browser projects run side by side, after the workers project: Vitest runs a group
 * of projects with one worker count, so they get their own group (the workers project needs its
 * single worker, and the default on a 2-core machine is one worker for everything, which ran the
 * three projects one after another).
 */
const BESIDE_EACH_OTHER = { maxWorkers: 2, sequence: { groupOrder: 1 } };

export default defineConfig(async () => {
  const migrations = await readD1Migrations('./migrations');
  const snapshot = await readSnapshotPairs(FIXTURE_DIR);
  return {
    test: {
      reporters: ['default', new SummaryReporter()],
      projects: [
        {
          plugins: [
            cloudflareTest({
              wrangler: { configPath: './wrangler.toml' },
              miniflare: {
                ratelimits: TEST_RATE_LIMITS,
                bindings: {
                  TEST_RATE_LIMITS,
                  SNAPSHOT_ID: snapshot.snapshotId,
                  TEST_MIGRATIONS: migrations,
                  TEST_SNAPSHOT_PAIRS: snapshot.pairs,
                  // WEB comes from a Debian package; without it its tests are skipped (CI always has it).
                  TEST_HAS_WEB: !snapshot.skipped.includes('WEB'),
                  TEST_HAS_RV1909: !snapshot.skipped.includes('RV1909'),
                  TEST_HAS_STUDY: !snapshot.skipped.includes('WLC'),
                  // The reference library (issue 22): every module of data/library.json installed.
                  TEST_HAS_LIBRARY: !['MHCC', 'Scofield', 'TDavid', 'Nave'].some((id) => snapshot.skipped.includes(id)),
                },
              },
            }),
          ],
          test: {
            name: 'workers',
            include: ['test/**/*.test.ts'],
            exclude: ['test/browser/**', 'test/node/**'],
            setupFiles: ['./test/support/setup.ts'],
            // One worker, not isolated: every test file shares one set of local KV and D1 storage,
            // so the fixture is seeded once per run instead of once per file (setup.ts skips what
            // is already there). Tests therefore never assume an empty table: each makes its own users.
            maxWorkers: 1,
            isolate: false,
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
        {
          test: {
            name: 'node',
            include: ['test/node/**/*.test.ts'],
            environment: 'node',
            ...BESIDE_EACH_OTHER,
            testTimeout: 30_000,
          },
        },
        {
          test: {
            name: 'browser',
            include: ['test/browser/**/*.test.ts'],
            environment: 'node',
            ...BESIDE_EACH_OTHER,
            testTimeout: 30_000,
            hookTimeout: 90_000,
          },
        },
      ],
    },
  };
});
