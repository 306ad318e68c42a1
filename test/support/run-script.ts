import { spawn } from 'node:child_process';
import { toolEnv } from '../../scripts/lib/wrangler';
import { REPO_ROOT } from '../../scripts/snapshot/paths';

/**
 * One of the project's scripts as a user runs it (Node 22, the project's tsx), in one process:
 * `node --import tsx`, which the `tsx` command does in a child process of its own (a second Node
 * start per script, for nothing here). Its exit status and its output, stdout and stderr together.
 * `env` adds to the environment (e.g. `SCRIPTURE_DATA_DIR`, scripts/snapshot/paths.ts).
 */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ status: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: REPO_ROOT,
      env: { ...toolEnv(), ...env },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (status) => resolve({ status, out }));
  });
}
