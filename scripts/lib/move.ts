import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { moveAccountWholly } from '../../src/annotations/personal/account-move';
import type { MoveReport } from '../../src/db/move-account';
import { d1Runner, DIRECTORY, shardBinding, shardNames } from '../../src/db/shards';
import { REPO_ROOT } from '../snapshot/paths';
import { requireWrangler } from './commonjs';
import { localStateDir } from './miniflare-kv';

/**
 * `npm run user -- move EMAIL --to DB_2` (docs/scale.md "Moving an account"): the worker's own move
 * (src/annotations/personal/account-move.ts) run here on D1 bindings that wrangler gives a Node process
 * (`getPlatformProxy`): the local databases `npm run dev` serves (or those under --persist-to), or
 * with --remote the deployed ones, through wrangler's remote bindings (a copy of wrangler.toml whose
 * D1 entries say `remote = true`). The same code the tests run in the Workers runtime against
 * writes made during the move (test/db/move-account.test.ts).
 */

/** wrangler.toml with every D1 binding remote, in a folder of its own (wrangler reads paths beside it absolutely). */
function remoteConfig(): { configPath: string; remove: () => void } {
  const toml = readFileSync(path.join(REPO_ROOT, 'wrangler.toml'), 'utf8')
    .replace(/^(\s*migrations_dir\s*=\s*"[^"]*")\s*$/gm, '$1\nremote = true')
    .replace(
      /^(\s*(?:main|directory)\s*=\s*")([^"]+)"/gm,
      (_, key: string, rel: string) => `${key}${path.join(REPO_ROOT, rel)}"`,
    );
  const dir = mkdtempSync(path.join(tmpdir(), 'move-config-'));
  const configPath = path.join(dir, 'wrangler.toml');
  writeFileSync(configPath, toml);
  return { configPath, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface MoveOptions {
  email: string;
  to: string;
  remote: boolean;
  persistTo?: string;
  /** How long the old database keeps the account after the switch, for requests already reading it. */
  graceMs: number;
}

/** Moves the account of `email`; returns what was moved and how long its writes were refused. */
export async function moveAccountByEmail(options: MoveOptions): Promise<MoveReport> {
  const config = options.remote ? remoteConfig() : null;
  const proxy = await requireWrangler().getPlatformProxy<Record<string, D1Database>>({
    configPath: config?.configPath ?? path.join(REPO_ROOT, 'wrangler.toml'),
    persist: options.remote ? false : { path: path.join(localStateDir(options.persistTo), 'v3') },
    envFiles: [],
  });
  try {
    const bindings = Object.fromEntries(
      shardNames(proxy.env).map((name) => [name, shardBinding(proxy.env, name)]),
    );
    const place = await shardBinding(bindings, DIRECTORY)
      .prepare('SELECT id FROM accounts WHERE email = ?')
      .bind(options.email)
      .first<{ id: number }>();
    if (!place) throw new Error(`no account for ${options.email}`);
    return await moveAccountWholly(
      d1Runner(bindings),
      shardNames(bindings),
      place.id,
      options.to,
      options.graceMs,
    );
  } finally {
    await proxy.dispose();
    config?.remove();
  }
}
