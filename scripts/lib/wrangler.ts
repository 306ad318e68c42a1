import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import type { unstable_getMiniflareWorkerOptions as WorkerOptionsOf } from 'wrangler';
import { REPO_ROOT } from '../snapshot/paths';
import { requireWrangler } from './commonjs';
import { niceProcess } from '../snapshot/priority';

type WorkerOptions = ReturnType<typeof WorkerOptionsOf>['workerOptions'];

const BIN = path.join(REPO_ROOT, 'node_modules', '.bin');

/**
 * Environment for child tools: the project's node_modules/.bin first, so wrangler 4 runs on the
 * Node 22 that `npm install` brought (the machines have Node 20; wrangler 4 needs ≥ 22.12).
 */
export function toolEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}`, ...extra };
}

/** How scripts run a wrangler command to its end (non-interactive, no metrics). */
const COMMAND_OPTIONS = {
  cwd: REPO_ROOT,
  env: toolEnv({ CI: 'true', WRANGLER_SEND_METRICS: 'false' }),
};

function commandOutput(
  args: string[],
  status: number | null,
  output: string,
  quiet?: boolean,
): string {
  if (status !== 0) throw new Error(`wrangler ${args.join(' ')} failed:\n${output}`);
  if (!quiet) process.stdout.write(output);
  return output;
}

/** Runs wrangler to completion; throws with its output when it fails. */
export function wrangler(args: string[], options: { quiet?: boolean } = {}): string {
  const result = spawnSync('wrangler', args, {
    ...COMMAND_OPTIONS,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return commandOutput(
    args,
    result.status,
    `${result.stdout ?? ''}${result.stderr ?? ''}`,
    options.quiet,
  );
}

/**
 * wrangler() without waiting: for a command that can run beside other work (npm run dev's D1
 * migrations); `nice` lowers its priority below that work's (scripts/snapshot/priority.ts).
 */
export function wranglerAsync(
  args: string[],
  options: { quiet?: boolean; nice?: number } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('wrangler', args, {
      ...COMMAND_OPTIONS,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (options.nice) niceProcess(child.pid, options.nice);
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (status) => {
      try {
        resolve(commandOutput(args, status, output, options.quiet));
      } catch (e) {
        reject(e);
      }
    });
  });
}

/** Starts wrangler in the background (wrangler dev), inheriting or piping its output. */
export function wranglerProcess(args: string[], stdio: 'inherit' | 'pipe' = 'inherit') {
  return spawn('wrangler', args, {
    cwd: REPO_ROOT,
    env: toolEnv({ WRANGLER_SEND_METRICS: 'false' }),
    stdio: stdio === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
}

/** `--remote` when asked for, else `--local` (the default everywhere in this project). */
export function target(argv: string[]): '--local' | '--remote' {
  return argv.includes('--remote') ? '--remote' : '--local';
}

/** `--persist-to DIR` for local wrangler commands with their own state folder, else nothing. */
export function persistArgs(persistTo: string | undefined): string[] {
  return persistTo ? ['--persist-to', persistTo] : [];
}

/** SQL string literal for wrangler d1 execute --command (SQLite quoting). */
export function sqlString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * The rows of one SQL statement run by `wrangler d1 execute <binding> --json` in the local (or,
 * with `--remote`, the deployed) D1; `DB` by default, the first database, which holds the
 * directory (docs/scale.md).
 */
export function d1Rows<T>(
  sql: string,
  where: '--local' | '--remote',
  persistTo?: string,
  binding = 'DB',
): T[] {
  const out = wrangler(
    ['d1', 'execute', binding, where, '--json', '--command', sql, ...persistArgs(persistTo)],
    { quiet: true },
  );
  // wrangler may print a line or two before its JSON (an update notice): the array is the rest,
  // one result per statement: [{ results: [...], success, meta }].
  const parsed = JSON.parse(out.slice(out.indexOf('['))) as { results: T[] }[];
  return parsed.flatMap((r) => r.results);
}

let workerOptions: WorkerOptions | undefined;

/**
 * wrangler.toml as the Miniflare worker options `wrangler dev` runs with, resolved by wrangler
 * itself, once per process (the CPU bench starts two workers with them).
 */
async function wranglerWorkerOptions(): Promise<WorkerOptions> {
  // Loaded here, not at the top: the other scripts that use this module need not load wrangler.
  workerOptions ??= requireWrangler().unstable_getMiniflareWorkerOptions(
    path.join(REPO_ROOT, 'wrangler.toml'),
  ).workerOptions;
  return workerOptions;
}

/** What a bundle built from wrangler.toml runs with, beside its bindings (wranglerRuntime). */
export interface WranglerRuntime {
  compatibilityDate: string;
  compatibilityFlags: string[];
  /** `[assets]`: the directory, the ASSETS binding and its routing. */
  assets: WorkerOptions['assets'];
}

/**
 * wrangler.toml's compatibility date and flags and its `[assets]`, as Miniflare options read by
 * wrangler itself, for the workers this project starts with Miniflare from a built bundle (the
 * browser tests' site, the CPU bench): they run on the runtime and serve the site's CSS and JS as
 * deployed, and wrangler.toml stays the one place that says which.
 */
export async function wranglerRuntime(): Promise<WranglerRuntime> {
  const options = await wranglerWorkerOptions();
  // wrangler's declaration types the two loosely; they are Miniflare's string and string[].
  const compatibilityDate = options.compatibilityDate as string | undefined;
  if (!compatibilityDate) throw new Error('wrangler.toml has no compatibility_date');
  return {
    compatibilityDate,
    compatibilityFlags: (options.compatibilityFlags as string[] | undefined) ?? [],
    assets: options.assets,
  };
}

/** A child Node that prints wrangler's resolution of wrangler.toml's KV bindings (miniflare's V4Namespace). */
const PRINT_KV_NAMESPACES = `
const { unstable_getMiniflareWorkerOptions } = require('wrangler');
const { kvNamespaces } = unstable_getMiniflareWorkerOptions(process.argv[1]).workerOptions;
process.stdout.write('\\nKV ' + JSON.stringify(kvNamespaces ?? null));
`;

const localKvNamespaceIds = new Map<string, Promise<string>>();

/**
 * The id under which `wrangler dev` keeps a KV binding's local data (wrangler.toml
 * `[[kv_namespaces]]`, as wrangler resolves it for local development), for the snapshot loader
 * that writes that local store itself (scripts/lib/miniflare-kv.ts). Loading wrangler takes 1–4 s
 * of CPU, so it is done by a child process, once: `npm run dev` asks before the build, and the
 * answer is ready beside it when the load needs it.
 */
export function wranglerLocalKvNamespaceId(binding: string): Promise<string> {
  let id = localKvNamespaceIds.get(binding);
  if (!id) {
    id = new Promise<string>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['-e', PRINT_KV_NAMESPACES, path.join(REPO_ROOT, 'wrangler.toml')],
        { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let out = '';
      let err = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (err += d));
      child.on('error', reject);
      child.on('close', (status) => {
        const printed = out.lastIndexOf('\nKV ');
        if (status !== 0 || printed < 0)
          return reject(
            new Error(`wrangler could not read wrangler.toml's KV namespaces:\n${err}`),
          );
        const namespaces = JSON.parse(out.slice(printed + 4)) as
          Record<string, string | { id: string }> | string[] | null;
        const entry = Array.isArray(namespaces)
          ? namespaces.find((n) => n === binding)
          : namespaces?.[binding];
        const found = typeof entry === 'string' ? entry : entry?.id;
        if (found) resolve(found);
        else reject(new Error(`wrangler.toml has no KV namespace bound as ${binding}`));
      });
    });
    id.catch(() => {}); // asked early, awaited later: a failure is reported where it is awaited
    localKvNamespaceIds.set(binding, id);
  }
  return id;
}
