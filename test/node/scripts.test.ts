import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocalAccount,
  NoSuchAccountError,
  setRoleWithWrangler,
} from '../../scripts/lib/accounts';
import { localD1State, type LocalD1State } from '../support/local-d1';
import { runScript } from '../support/run-script';
import { REPO_ROOT } from '../../scripts/snapshot/paths';

/** Every file under `dir` with its size and time of change, or null when there is no `dir`. */
function filesOf(dir: string): Record<string, string> | null {
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
  const described = (f: string) => {
    const s = statSync(path.join(dir, f));
    return [f, `${s.size} ${s.mtimeMs}`];
  };
  return Object.fromEntries(files.map(described));
}

const run = runScript;

// Every script answers --help; `npm run user -- create` applies the API's rules;
// the bench keeps its own local state. The tests run at the same time: each waits on processes of
// its own (the bench's test on two wrangler runs), so that the file takes as long as its longest.
// Each process costs under a second of CPU alone, but eleven start at once beside the browser and
// Workers files: on the loaded 2-core machine one waited 22 s in a passing CI run and over 30 s in
// a fresh clone's (7 December 2026), so these wait up to 90 s; what they test is the answer.
describe.concurrent('scripts', { timeout: 90_000 }, () => {
  it.each([
    'scripts/dev.ts',
    'scripts/bench/run.ts',
    'scripts/bench/startup.ts',
    'scripts/deploy.ts',
    'scripts/user.ts',
    'scripts/snapshot/build.ts',
    'scripts/snapshot/load.ts',
    'scripts/test-fixture.ts',
    'scripts/test.ts',
    'scripts/client-generate.ts',
  ])('%s answers --help', async (script) => {
    const { status, out } = await run(script, ['--help']);
    expect(status).toBe(0);
    expect(out).toMatch(/usage/);
  });

  it('npm run user -- create refuses what the API refuses, before touching any database', async () => {
    const { status, out } = await run('scripts/user.ts', [
      'create',
      'not-an-address',
      '--password',
      'short',
    ]);
    expect(status).toBe(2);
    expect(out).toContain('email is not an e-mail address');
    expect(out).toContain('password must have at least 8 characters');
    expect(out).not.toContain('applying D1 migrations');
  });

  it('npm run user -- role refuses an unknown role before touching any database', async () => {
    const { status, out } = await run('scripts/user.ts', ['role', 'ruth@example.test', 'admin']);
    expect(status).toBe(2);
    expect(out).toContain('role must be one of reader, moderator');
    expect(out).not.toContain('applying D1 migrations');
  });

  // The tables made in-process (../support/local-d1.ts): `d1 migrations apply` starts a workerd
  // per migration, one `d1 execute` of them ~2 s of CPU; what is tested is where the account goes.
  let bench: LocalD1State;
  let state: string;
  beforeAll(async () => {
    bench = await localD1State('bench-state-');
    state = bench.dir;
  });
  afterAll(() => bench.remove());

  it(
    'creates the bench account in the bench state folder only, not in the development database',
    // Two wrangler runs, each a workerd start: the directory's and the account's database's
    // (docs/scale.md); twice their time on a loaded machine.
    { timeout: 300_000 },
    async () => {
      const email = `isolated-${Date.now()}@example.test`;
      // The development database (wrangler's default local state) is not opened: its files are
      // compared before and after, which also proves that nothing else was written to it.
      const development = filesOf(path.join(REPO_ROOT, '.wrangler', 'state', 'v3', 'd1'));
      await createLocalAccount(email, 'bench password', state);
      // `npm run user -- role`'s logic on the same state, on the databases' files: the account,
      // found in the directory, becomes a moderator in its database; an unknown address is
      // refused. Its two statements through wrangler would be two more workerd starts (~3 s of
      // CPU each): that the function they go through (d1Rows, scripts/lib/wrangler.ts) writes
      // into the `--persist-to` folder is shown by `npm run user -- key` (user-keys.test.ts).
      setRoleWithWrangler(email, 'moderator', '--local', state, bench.rowsOf);
      expect(() =>
        setRoleWithWrangler(`nobody-${email}`, 'moderator', '--local', state, bench.rowsOf),
      ).toThrow(NoSuchAccountError);
      // Read back from the bench state's D1 file itself (node:sqlite; wrangler has exited), not
      // through another wrangler run: this test is the longest of the node files.
      const files = filesOf(path.join(state, 'v3', 'd1')) ?? {};
      const databases = Object.keys(files).filter(
        (f) => f.endsWith('.sqlite') && !f.includes('metadata'),
      );
      const { DatabaseSync } = await import('node:sqlite');
      const counts = databases.map((f) => {
        const db = new DatabaseSync(path.join(state, 'v3', 'd1', f));
        try {
          const hasUsers = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'users'").get();
          return hasUsers
            ? Number(
                (
                  db
                    .prepare(
                      "SELECT count(*) AS n FROM users WHERE email = ? AND role = 'moderator'",
                    )
                    .get(email) as {
                    n: number;
                  }
                ).n,
              )
            : 0;
        } finally {
          db.close();
        }
      });
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
      expect(filesOf(path.join(REPO_ROOT, '.wrangler', 'state', 'v3', 'd1'))).toEqual(development);
    },
  );
});
