import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { insertAccountsSql } from '../../scripts/lib/accounts';
import { migrationStatements } from '../../scripts/lib/miniflare-d1';
import { persistArgs, wranglerAsync } from '../../scripts/lib/wrangler';
import { runScript } from '../support/run-script';
import { hashToken } from '../../src/auth/crypto';
import { prepareAccount } from '../../src/auth/new-account';
import { READ_KEY_PATTERN } from '../../src/auth/new-read-key';

/**
 * `npm run user -- key create|list|revoke` as a user runs them (docs/tagger.md), against a local
 * state folder of their own (`--persist-to`), never the development database.
 */
const user = (args: string[]) => runScript('scripts/user.ts', args);

const state = mkdtempSync(path.join(tmpdir(), 'user-keys-'));
afterAll(() => rmSync(state, { recursive: true, force: true }));

it('refuses a key without a valid origin before touching any database', async () => {
  const { status, out } = await user([
    'key',
    'create',
    'nobody@example.test',
    '--origin',
    'https://example.org/page',
    '--origin',
    'ftp://example.org',
    '--persist-to',
    state,
  ]);
  expect(status).toBe(2);
  expect(out).toContain('an origin is scheme://host[:port] only');
  expect(out).toContain('an origin is http:// or https://');
});

/** The rows of read_keys in the state's D1 file (node:sqlite). */
async function storedKeys(): Promise<Record<string, unknown>[]> {
  const { DatabaseSync } = await import('node:sqlite');
  const d1 = path.join(state, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const file = readdirSync(d1).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite')!;
  const db = new DatabaseSync(path.join(d1, file));
  try {
    return db.prepare('SELECT key_id, key_hash, origins, revoked_at FROM read_keys').all();
  } finally {
    db.close();
  }
}

it(
  'creates a key (printed last, stored as its hash with its normalized origins), lists it and revokes it; another address cannot revoke it',
  // Four wrangler runs one after the other (each starts a workerd): 20 s on a quiet machine.
  { timeout: 120_000 },
  async () => {
    const email = 'keys@example.test';
    // The tables and the account in one wrangler run (each run is seconds of CPU).
    const { row } = await prepareAccount({ email, password: 'keys password' });
    const setup = path.join(state, 'setup.sql');
    writeFileSync(setup, [...migrationStatements(), insertAccountsSql([row])].join(';\n'));
    await wranglerAsync(
      ['d1', 'execute', 'DB', '--local', '--file', setup, ...persistArgs(state)],
      {
        quiet: true,
      },
    );

    const created = await user([
      'key',
      'create',
      email,
      '--origin',
      'HTTPS://Example.ORG:443/',
      '--origin',
      'http://localhost:8080',
      '--persist-to',
      state,
    ]);
    expect(created.status, created.out).toBe(0);
    const key = created.out.trim().split('\n').at(-1)!;
    const keyId = READ_KEY_PATTERN.exec(key)?.[1];
    expect(keyId, key).toBeDefined();

    // The database holds the key's hash, never the key (read from its file: wrangler has exited).
    expect(await storedKeys()).toEqual([
      {
        key_id: keyId,
        key_hash: await hashToken(key),
        origins: 'https://example.org http://localhost:8080',
        revoked_at: null,
      },
    ]);

    // Side by side (each run is a wrangler run): the owner's list, and another address's revoke
    // of the owner's key, refused.
    const [listed, notTheirs] = await Promise.all([
      user(['key', 'list', email, '--persist-to', state]),
      user(['key', 'revoke', 'stranger@example.test', keyId!, '--persist-to', state]),
    ]);
    expect(listed.status, listed.out).toBe(0);
    expect(listed.out).toMatch(
      new RegExp(`${keyId}  live  created \\S+  https://example.org http://localhost:8080`),
    );
    expect(listed.out).not.toContain(key);
    expect(notTheirs.status).toBe(1);
    expect(notTheirs.out).toContain(`has no live read key ${keyId}`);

    const revoked = await user(['key', 'revoke', email, keyId!, '--persist-to', state]);
    expect(revoked.status, revoked.out).toBe(0);
    expect(revoked.out).toContain(`revoked read key ${keyId} of ${email}`);
    const [after] = (await storedKeys()) as { revoked_at: number | null }[];
    expect(after.revoked_at).toBeGreaterThan(0);
  },
);
