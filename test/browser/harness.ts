import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { readD1Migrations } from '@cloudflare/vitest-plugin';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import puppeteer, { type Browser } from 'puppeteer-core';
import { FIXTURE_DIR, readSnapshotPairs, type SnapshotFiles } from '../../scripts/fixture';
import { wrangler, wranglerAssets } from '../../scripts/lib/wrangler';
import { TEST_RATE_LIMITS } from '../support/rate-limits';
import { REPO_ROOT } from '../../scripts/snapshot/paths';
import { prepareAccount } from '../../src/auth/accounts';
import { searchTermKey, snapshotPrefix } from '../../src/snapshot/keys';
import { fold, stem } from '../../src/snapshot/search-text';

/**
 * The whole worker for the browser tests (issue 10 §3), in workerd through Miniflare: the bundle
 * `wrangler deploy --dry-run` builds, local KV seeded with the fixture snapshot (the same pairs
 * the Workers tests use), D1 with the migrations applied, and one account. Nothing is mocked.
 */

/** Debian's chromium (.ci/run installs it); no browser can be downloaded on these machines. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const HAS_CHROMIUM = existsSync(CHROMIUM);

/** Where each site's bundle is built: one directory per site, as browser test files run side by side. */
const BUILD_ROOT = path.join(REPO_ROOT, '.wrangler', 'browser-test-build');

export interface Site {
  url: string;
  token: string;
  /** Another account in the site's D1; returns its API token. */
  newAccount: (email: string) => Promise<string>;
  stop: () => Promise<void>;
}

/** The word-study values a site gets (issue 21): none, or the tagged words with these numbers' lexicon entries and concordances. */
export type StudyPairs = { numbers: string[] } | null;

/**
 * The reference library's values a site gets (issue 22): none (its pages then offer no library),
 * or its meta and topic names with these KJV chapters' values (`John.3`) and these topics.
 */
export type LibraryPairs = { chapters: string[]; topics: string[] } | null;

/**
 * The fixture's pairs the site needs: all of them but the search index's terms, of which only
 * those of `searchWords` (stemmed by the shared tokenizer), and the word-study values only when
 * asked for (the study meta always: it says which chapter pages get the interlinear switch).
 * Putting thousands of values through Miniflare's proxy takes tens of seconds; the pages read no
 * other term, and a lexicon entry or a concordance only its own number.
 */
function pairsFor(snapshot: SnapshotFiles, searchWords: string[], study: StudyPairs, library: LibraryPairs): SnapshotFiles['pairs'] {
  const terms = searchWords.map((w) => searchTermKey(snapshot.snapshotId, 'eng', stem(fold(w))));
  const termPrefix = searchTermKey(snapshot.snapshotId, '', '').slice(0, -1);
  const prefix = snapshotPrefix(snapshot.snapshotId);
  const numbers = new Set(study?.numbers ?? []);
  const number = (key: string) => key.slice(key.lastIndexOf(':') + 1);
  return snapshot.pairs.filter((p) => {
    if (p.key.startsWith(termPrefix)) return terms.some((t) => p.key === t || p.key.startsWith(`${t}#`));
    const kind = p.key.slice(prefix.length, prefix.length + 3);
    if (kind === 'wd:') return study !== null;
    if (kind === 'lx:' || kind === 'cc:') return numbers.has(number(p.key));
    // The library: `lib`, `lib:topics`, and per chapter `lc:`, `lv:`, `ce:` (`ce:TDavid:Ps.23.1:2`), per topic `tp:`.
    if (kind === 'lib') return library !== null;
    if (kind === 'lc:' || kind === 'lv:' || kind === 'ce:') {
      const chapter = p.key.slice(prefix.length + 3).split(':').find((part) => /\.\d/.test(part))!.replace(/^(.+\.\d+)\.\d+$/, '$1');
      return !!library?.chapters.includes(chapter);
    }
    if (kind === 'tp:') return !!library?.topics.includes(p.key.slice(prefix.length + 3));
    return true;
  });
}

export async function startSite(searchWords: string[], study: StudyPairs = null, library: LibraryPairs = null): Promise<Site> {
  mkdirSync(BUILD_ROOT, { recursive: true });
  const buildDir = mkdtempSync(path.join(BUILD_ROOT, 'site-'));
  wrangler(['deploy', '--dry-run', '--outdir', buildDir], { quiet: true });
  const snapshot = readSnapshotPairs(path.join(REPO_ROOT, FIXTURE_DIR));
  const pairs = pairsFor(snapshot, searchWords, study, library);
  // Miniflare 5 takes a new options shape; convertV4MiniflareOptions reads the familiar one.
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: '127.0.0.1',
      port: 0,
      modules: true,
      scriptPath: path.join(buildDir, 'index.js'),
      compatibilityDate: '2026-11-01',
      compatibilityFlags: ['nodejs_compat'],
      kvNamespaces: ['SNAPSHOT'],
      d1Databases: ['DB'],
      ratelimits: TEST_RATE_LIMITS,
      bindings: { SNAPSHOT_ID: snapshot.snapshotId, CORS_ORIGINS: '*' },
      // wrangler types it with its own Miniflare's types; the option is the same in Miniflare 5.
      assets: (await wranglerAssets()) as never,
    }),
  );
  const url = (await mf.ready).toString().replace(/\/$/, '');

  const kv = await mf.getKVNamespace('SNAPSHOT');
  for (let i = 0; i < pairs.length; i += 200) {
    await Promise.all(pairs.slice(i, i + 200).map((p) => kv.put(p.key, p.value)));
  }
  const db = await mf.getD1Database('DB');
  for (const migration of await readD1Migrations(path.join(REPO_ROOT, 'migrations'))) {
    for (const query of migration.queries) await db.prepare(query).run();
  }
  const newAccount = async (email: string) => {
    const { row, token } = await prepareAccount({ email, password: 'browser password' });
    await db
      .prepare('INSERT INTO users (email, password_hash, token_hash, first_name, last_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .bind(row.email, row.passwordHash, row.tokenHash, row.firstName, row.lastName, row.createdAt, row.updatedAt)
      .run();
    return token;
  };
  const token = await newAccount('browser@example.test');
  const stop = async () => {
    await mf.dispose();
    rmSync(buildDir, { recursive: true, force: true });
  };
  return { url, token, newAccount, stop };
}

/** A page on another origin (another port) that reads a verse through the JSON API with `fetch`. */
export async function startOtherOrigin(apiUrl: string, token: string): Promise<{ url: string; server: Server }> {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Another site</title></head><body>
<p id="verse">loading…</p>
<script>
fetch(${JSON.stringify(`${apiUrl}/verses/KJV:John.3.16.js`)}, { headers: { Authorization: 'Basic ' + btoa(${JSON.stringify(token)} + ':x') } })
  .then(function (res) { return res.json(); })
  .then(function (body) { document.getElementById('verse').textContent = body.verses.verse[0].reference + ': ' + body.verses.verse[0].text.replace(/<[^>]+>/g, ''); })
  .catch(function (err) { document.getElementById('verse').textContent = 'failed: ' + err; });
</script></body></html>`;
  const server = createServer((_, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

export function launchBrowser(): Promise<Browser> {
  return puppeteer.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}
