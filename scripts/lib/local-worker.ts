import type { ChildProcess } from 'node:child_process';
import { persistArgs, wranglerProcess } from './wrangler';

/** Seconds to wait for `wrangler dev` to answer before giving up. */
const STARTUP_TIMEOUT_S = 90;

export interface LocalWorker {
  url: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}

/**
 * Starts `wrangler dev` on 127.0.0.1:port serving the given snapshot (from the local state in
 * `persistTo`, default wrangler's own; with `configPath`, another wrangler config than the
 * project's), and waits until it answers.
 */
export async function startLocalWorker(
  snapshotId: string,
  port: number,
  persistTo?: string,
  configPath?: string,
  extraArgs: string[] = [],
): Promise<LocalWorker> {
  const child = wranglerProcess(
    [
      'dev',
      ...(configPath ? ['--config', configPath] : []),
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--var',
      `SNAPSHOT_ID:${snapshotId}`,
      '--log-level',
      'warn',
      '--show-interactive-dev-session=false',
      ...persistArgs(persistTo),
      ...extraArgs,
    ],
    'pipe',
  );
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  const deadline = Date.now() + STARTUP_TIMEOUT_S * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/status.xml`);
      if (res.status === 401 || res.status === 200) return { url, process: child, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  await stop();
  throw new Error(`wrangler dev did not answer within ${STARTUP_TIMEOUT_S}s:\n${output}`);
}
