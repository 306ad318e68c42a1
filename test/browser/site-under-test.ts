import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { FIXTURE_DIR, readSnapshotPairs } from '../../scripts/fixture';
import { requireMiniflare } from '../../scripts/lib/commonjs';
import { applyMigrations, insertAccount } from '../../scripts/lib/miniflare-d1';
import { wranglerAssets, wranglerAsync } from '../../scripts/lib/wrangler';
import { REPO_ROOT } from '../../scripts/snapshot/paths';
import { TEST_RATE_LIMITS } from '../support/rate-limits';
import { seedPairs, testSources } from '../support/seed-pairs';

/**
 * The whole worker for the browser tests (issue 10 §3), in workerd through Miniflare: the bundle
 * `wrangler deploy --dry-run` builds, local KV seeded with the fixture snapshot (the pairs the
 * browser test files read: test/support/seed-pairs.ts), D1 with the migrations applied. Nothing
 * is mocked. One site serves every browser test file: ./global-setup.ts starts it in a process of
 * its own (./site-process.ts), each file takes an account of its own (./harness.ts `openSite`).
 */

export interface SiteUnderTest {
  url: string;
  /** A new account in the site's D1; returns its API token. */
  newAccount: (email: string) => Promise<string>;
  stop: () => Promise<void>;
}

/** Where the site's bundle is built (one directory per site, removed when it stops). */
const BUILD_ROOT = path.join(REPO_ROOT, '.wrangler', 'browser-test-build');
const COMPATIBILITY_DATE = '2026-11-01';

/**
 * A second worker of the same Miniflare, bound to the same KV namespace, that puts the pairs it is
 * sent: each put through Miniflare's proxy from Node costs ~5 ms, inside workerd ~1 ms.
 */
const SEED_WORKER = `export default {
  async fetch(request, env) {
    const pairs = await request.json();
    for (let i = 0; i < pairs.length; i += 500) {
      await Promise.all(pairs.slice(i, i + 500).map((p) => env.SNAPSHOT.put(p.key, p.value)));
    }
    return new Response(String(pairs.length));
  },
};`;

export async function startSite(): Promise<SiteUnderTest> {
  mkdirSync(BUILD_ROOT, { recursive: true });
  const buildDir = mkdtempSync(path.join(BUILD_ROOT, 'site-'));
  const snapshot = readSnapshotPairs(path.join(REPO_ROOT, FIXTURE_DIR));
  const [pairs, assets] = await Promise.all([
    seedPairs(snapshot, testSources(path.join(REPO_ROOT, 'test', 'browser'))),
    wranglerAssets(),
    wranglerAsync(['deploy', '--dry-run', '--outdir', buildDir], { quiet: true }),
  ]);
  const { convertV4MiniflareOptions, Miniflare } = requireMiniflare();
  // Miniflare 5 takes a new options shape; convertV4MiniflareOptions reads the familiar one.
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: '127.0.0.1',
      port: 0,
      workers: [
        {
          name: 'site',
          modules: true,
          scriptPath: path.join(buildDir, 'index.js'),
          compatibilityDate: COMPATIBILITY_DATE,
          compatibilityFlags: ['nodejs_compat'],
          kvNamespaces: ['SNAPSHOT'],
          d1Databases: ['DB'],
          ratelimits: TEST_RATE_LIMITS,
          bindings: { SNAPSHOT_ID: snapshot.snapshotId, CORS_ORIGINS: '*' },
          // wrangler types it with its own Miniflare's types; the option is the same in Miniflare 5.
          assets: assets as never,
        },
        { name: 'seed', modules: true, script: SEED_WORKER, compatibilityDate: COMPATIBILITY_DATE, kvNamespaces: { SNAPSHOT: 'SNAPSHOT' } },
      ],
    }),
  );
  const url = (await mf.ready).toString().replace(/\/$/, '');

  const seeded = await (await mf.getWorker('seed')).fetch('http://seed/', { method: 'POST', body: JSON.stringify(pairs) });
  if ((await seeded.text()) !== String(pairs.length)) throw new Error(`the browser site's KV seed failed (${seeded.status})`);
  const db = await mf.getD1Database('DB');
  await applyMigrations(db);
  const newAccount = (email: string) => insertAccount(db, { email, password: 'browser password' });
  const stop = async () => {
    await mf.dispose();
    rmSync(buildDir, { recursive: true, force: true });
  };
  return { url, newAccount, stop };
}
