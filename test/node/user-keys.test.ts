import { afterAll, expect, it } from 'vitest';
import { revokeReadKey } from '../../scripts/lib/read-keys';
import { localD1State } from '../support/local-d1';
import { runScript } from '../support/run-script';
import { hashToken } from '../../src/auth/crypto';
import { READ_KEY_PATTERN } from '../../src/auth/new-read-key';

/**
 * `npm run user -- key create|list|revoke` as a user runs them (docs/tagger.md), against a local
 * state folder of their own (`--persist-to`), never the development database.
 */
const user = (args: string[]) => runScript('scripts/user.ts', args);

// Made in-process with the migrations applied (../support/local-d1.ts): a wrangler run fewer.
const state = await localD1State('user-keys-');
afterAll(state.remove);

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
    state.dir,
  ]);
  expect(status).toBe(2);
  expect(out).toContain('an origin is scheme://host[:port] only');
  expect(out).toContain('an origin is http:// or https://');
});

/** The rows of read_keys in the state's D1 file (wrangler has exited). */
const storedKeys = () =>
  state.rows<Record<string, unknown>>(
    'SELECT key_id, key_hash, origins, revoked_at FROM read_keys',
  );

it(
  'creates a key (printed last, stored as its hash with its normalized origins), lists it and revokes it; another address cannot revoke it',
  // One wrangler run per command, one after the other (each starts a workerd).
  { timeout: 240_000 },
  async () => {
    const email = 'keys@example.test';
    // Keys belong to the directory's accounts (docs/scale.md): the account's row there is enough.
    state.rows(
      "INSERT INTO accounts (email, shard, placement, created_at) VALUES (?, 'DB', 0, 0) RETURNING id",
      email,
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
      state.dir,
    ]);
    expect(created.status, created.out).toBe(0);
    const key = created.out.trim().split('\n').at(-1)!;
    const keyId = READ_KEY_PATTERN.exec(key)?.[1];
    expect(keyId, key).toBeDefined();

    // The database holds the key's hash, never the key (read from its file: wrangler has exited).
    expect(storedKeys()).toEqual([
      {
        key_id: keyId,
        key_hash: await hashToken(key),
        origins: 'https://example.org http://localhost:8080',
        revoked_at: null,
      },
    ]);

    const listed = await user(['key', 'list', email, '--persist-to', state.dir]);
    expect(listed.status, listed.out).toBe(0);
    expect(listed.out).toMatch(
      new RegExp(`${keyId}  live  created \\S+  https://example.org http://localhost:8080`),
    );
    expect(listed.out).not.toContain(key);

    // Another address's revoke of the owner's key is refused: the command's logic in-process on
    // the same database (`key revoke` prints "has no live read key" and exits 1 when it is false;
    // its one CLI run below is the owner's).
    const at = { where: '--local' as const, persistTo: state.dir, rows: state.rows };
    expect(revokeReadKey('stranger@example.test', keyId!, at)).toBe(false);
    expect(storedKeys()).toMatchObject([{ key_id: keyId, revoked_at: null }]);

    const revoked = await user(['key', 'revoke', email, keyId!, '--persist-to', state.dir]);
    expect(revoked.status, revoked.out).toBe(0);
    expect(revoked.out).toContain(`revoked read key ${keyId} of ${email}`);
    const [after] = storedKeys() as { revoked_at: number | null }[];
    expect(after.revoked_at).toBeGreaterThan(0);
  },
);
