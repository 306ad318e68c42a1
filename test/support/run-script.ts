import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
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

/** The project's modules `script` imports (statically or lazily), as files: not node: nor packages. */
export function modulesImportedBy(script: string): string[] {
  const file = path.resolve(REPO_ROOT, script);
  const source = readFileSync(file, 'utf8');
  const specifiers = [
    ...source.matchAll(/^import (?!type )[^;]*? from '(\.[^']+)'/gm),
    ...source.matchAll(/\bimport\('(\.[^']+)'\)/g),
  ].map((m) => m[1]!);
  return [...new Set(specifiers)].map((s) => {
    const base = path.resolve(path.dirname(file), s);
    const found = [base, `${base}.ts`, path.join(base, 'index.ts')].find(
      (f) => existsSync(f) && f.endsWith('.ts'),
    );
    if (!found) throw new Error(`${script} imports ${s}, which is no .ts file`);
    return found;
  });
}

/**
 * Has tsx transform what `script` imports (and what that imports) in one process that ends on its
 * own, so that the runScript calls after it find those modules in tsx's disk cache (os.tmpdir()).
 * tsx writes that cache without waiting, from its loader thread: a script that leaves by
 * process.exit (every refusal: a usage error, a failed import) leaves before the writes, and until
 * some run of the script ended on its own, each run had esbuild transform the hundred modules of
 * version:add again, about 0.4 s of CPU (measured with a fresh cache, as on a fresh clone or after
 * an edit; 28 November 2026). The modules are imported, not run: none of them is a script's entry.
 */
export function warmScriptModules(script: string): Promise<void> {
  const modules = modulesImportedBy(script);
  const load = 'await Promise.all(process.argv.slice(1).map((m) => import(m)));';
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', load, ...modules],
      { cwd: REPO_ROOT, env: toolEnv() },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (status) =>
      status === 0 ? resolve() : reject(new Error(`loading the modules of ${script}:\n${out}`)),
    );
  });
}
