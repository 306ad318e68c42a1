import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIXTURE_DIR, readSnapshotPairs } from '../../scripts/fixture';
import { requireMiniflare } from '../../scripts/lib/commonjs';
import {
  accountDatabase,
  applyMigrations,
  insertAccount,
  insertReadKey,
} from '../../scripts/lib/miniflare-d1';
import { wranglerShards } from '../../scripts/lib/shards';
import { localKvNamespace } from '../../scripts/lib/miniflare-kv';
import { wranglerAsync, wranglerRuntime } from '../../scripts/lib/wrangler';
import { loadIntoLocalKv } from '../../scripts/snapshot/load-local';
import { REPO_ROOT } from '../../scripts/snapshot/paths';
import { TEST_RATE_LIMITS } from '../support/rate-limits';

/** wrangler.toml's databases that hold accounts. */
const SHARD_BINDINGS = wranglerShards().map((s) => s.binding);

/**
 * The whole worker for the browser tests, in workerd through Miniflare: the bundle
 * `wrangler deploy --dry-run` builds, local KV holding the fixture snapshot, D1 with the
 * migrations applied. Nothing is mocked. The KV is loaded as `npm run dev` loads it, by the
 * snapshot loader writing the local store's files (scripts/snapshot/load-local.ts) before workerd
 * starts, in a fraction of the CPU puts through a worker cost (test/support/seed-server.ts). One
 * site serves every browser test file: ./global-setup.ts starts it in a process of its own
 * (./site-process.ts), each file takes an account of its own (./harness.ts `openSite`).
 */

export interface SiteUnderTest {
  url: string;
  /** The folder of the bundle it serves: `index.js`, and `meta.json`, esbuild's metafile of it. */
  bundle: string;
  /** A new account in the site's D1; returns its API token. */
  newAccount: (email: string) => Promise<string>;
  /** A publishable read key of an account, accepted from `origins` (docs/tagger.md); returns the key. */
  newReadKey: (email: string, origins: string[]) => Promise<string>;
  stop: () => Promise<void>;
}

/** Where the site's bundle is built (one directory per site, removed when it stops). */
const BUILD_ROOT = path.join(REPO_ROOT, '.wrangler', 'browser-test-build');

/** The id of the site's KV namespace in its local state. */
const KV_NAMESPACE = 'SNAPSHOT';

export async function startSite(): Promise<SiteUnderTest> {
  mkdirSync(BUILD_ROOT, { recursive: true });
  const buildDir = mkdtempSync(path.join(BUILD_ROOT, 'site-'));
  const snapshot = readSnapshotPairs(path.join(REPO_ROOT, FIXTURE_DIR));
  const [runtime] = await Promise.all([
    wranglerRuntime(),
    wranglerAsync(
      ['deploy', '--dry-run', '--outdir', buildDir, '--metafile', path.join(buildDir, 'meta.json')],
      { quiet: true },
    ),
  ]);
  // The site's local state (KV and D1), on the RAM disk the tests' TMPDIR names (vitest.config.ts).
  const state = mkdtempSync(path.join(tmpdir(), 'browser-site-'));
  loadIntoLocalKv(localKvNamespace(KV_NAMESPACE, state), snapshot.snapshotId, [snapshot.pairs]);
  const { convertV4MiniflareOptions, Miniflare } = requireMiniflare();
  // Miniflare 5 takes a new options shape; convertV4MiniflareOptions reads the familiar one.
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: '127.0.0.1',
      port: 0,
      // wrangler's layout under --persist-to (state/v3/kv), which the loader wrote.
      resourcePersistencePath: path.join(state, 'v3'),
      workers: [
        {
          name: 'site',
          modules: true,
          scriptPath: path.join(buildDir, 'index.js'),
          compatibilityDate: runtime.compatibilityDate,
          compatibilityFlags: runtime.compatibilityFlags,
          kvNamespaces: { SNAPSHOT: KV_NAMESPACE },
          // The databases that hold accounts, as wrangler.toml has them (docs/scale.md): the site's
          // accounts spread over them as a deployment's would.
          d1Databases: SHARD_BINDINGS,
          ratelimits: TEST_RATE_LIMITS,
          bindings: { SNAPSHOT_ID: snapshot.snapshotId, CORS_ORIGINS: '*' },
          // wrangler types it with its own Miniflare's types; the option is the same in Miniflare 5.
          assets: runtime.assets as never,
        },
      ],
    }),
  );
  const url = (await mf.ready).toString().replace(/\/$/, '');
  const databases = Object.fromEntries(
    await Promise.all(SHARD_BINDINGS.map(async (name) => [name, await mf.getD1Database(name)])),
  ) as Record<string, D1Database>;
  await applyMigrations(databases);
  const newAccount = async (email: string) => {
    const token = await insertAccount(databases, { email, password: 'browser password' });
    // The test site's one convention: an address at `moderator.test` is a moderator's
    // (docs/public-notes.md "Roles"; the operator's `npm run user -- role` does it for real).
    if (email.endsWith('@moderator.test')) {
      const { id, db } = await accountDatabase(databases, email);
      await db.prepare("UPDATE users SET role = 'moderator' WHERE id = ?").bind(id).run();
    }
    return token;
  };
  const newReadKey = (email: string, origins: string[]) => insertReadKey(databases, email, origins);
  const stop = async () => {
    await mf.dispose();
    rmSync(buildDir, { recursive: true, force: true });
    rmSync(state, { recursive: true, force: true });
  };
  return { url, bundle: buildDir, newAccount, newReadKey, stop };
}
