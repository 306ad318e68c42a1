import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalAccount } from '../../scripts/lib/accounts';
import { persistArgs, toolEnv, wranglerAsync } from '../../scripts/lib/wrangler';
import { REPO_ROOT } from '../../scripts/snapshot/paths';

/** The project's scripts as a user runs them (Node, the project's tsx). */
function run(script: string, args: string[]): Promise<{ status: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), [script, ...args], { cwd: REPO_ROOT, env: toolEnv() });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (status) => resolve({ status, out }));
  });
}

// Issue 8 §4: every script answers --help; `npm run user -- create` applies the API's rules;
// the bench keeps its own local state. The tests run at the same time: each waits on processes of
// its own (the bench's test on four wrangler runs), so that the file takes as long as its longest.
describe.concurrent('scripts', () => {
  it.each(['scripts/dev.ts', 'scripts/bench/run.ts', 'scripts/deploy.ts', 'scripts/user.ts', 'scripts/snapshot/build.ts', 'scripts/snapshot/load.ts', 'scripts/test-fixture.ts'])(
    '%s answers --help',
    async (script) => {
      const { status, out } = await run(script, ['--help']);
      expect(status).toBe(0);
      expect(out).toMatch(/usage/);
    },
  );

  it('npm run user -- create refuses what the API refuses, before touching any database', async () => {
    const { status, out } = await run('scripts/user.ts', ['create', 'not-an-address', '--password', 'short']);
    expect(status).toBe(2);
    expect(out).toContain('email is not an e-mail address');
    expect(out).toContain('password must have at least 8 characters');
    expect(out).not.toContain('applying D1 migrations');
  });

  const state = mkdtempSync(path.join(tmpdir(), 'bench-state-'));
  afterAll(() => rmSync(state, { recursive: true, force: true }));

  it('creates the bench account in the bench state folder only, not in the development database', { timeout: 60_000 }, async () => {
    const email = `isolated-${Date.now()}@example.test`;
    await wranglerAsync(['d1', 'migrations', 'apply', 'DB', '--local', ...persistArgs(state)], { quiet: true });
    await createLocalAccount(email, 'bench password', state);
    const count = async (persistTo?: string) => {
      try {
        const out = await wranglerAsync(['d1', 'execute', 'DB', '--local', '--json', '--command', `SELECT count(*) AS n FROM users WHERE email = '${email}'`, ...persistArgs(persistTo)], { quiet: true });
        return Number(/"n":\s*(\d+)/.exec(out)?.[1] ?? -1);
      } catch {
        return 0; // the development database was never migrated: it has no users at all
      }
    };
    const [inBenchState, inDevelopment] = await Promise.all([count(state), count()]);
    expect(inBenchState).toBe(1);
    expect(inDevelopment).toBe(0);
  });
});
