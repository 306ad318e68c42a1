/**
 * Sources read from a command's output (`"source": {"command": ["mod2osis", "<module>"]}`): each
 * command runs once, in the background, and its output is kept (commandCacheFile): `mod2osis`'s in
 * the user's cache, outside the repository, named by the SWORD module's files' hash; another
 * command's there too (../paths.ts BUILD_CACHE_DIR), keyed by the command
 * and the installed Debian packages. `mod2osis`
 * takes ~7 s for the WEB and ~4 s for the RV1909 (one core each): buildSnapshot starts every
 * command at once (startSourceCommands) so that they run beside the imports before theirs, and
 * each importer awaits its own output (readCommandSource).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';
import { DEBIAN_PACKAGES, debianPackageVersion } from '../inputs';
import { BUILD_CACHE_DIR, REPO_ROOT, sourceCacheDir } from '../paths';
import { swordModuleHash } from './sword-module';
import { SourceUnavailableError } from './types';

type CommandRun = { output: string; seconds: number } | { error: Error };

/** Runs started in this process, by cache file. */
const runs = new Map<string, Promise<CommandRun>>();

/** Module hashes asked in this process, by module (a build asks each a few times). */
const moduleHashes = new Map<string, string | null>();

/**
 * Where the command's output is kept. `mod2osis <module>`: in the user's cache (sourceCacheDir),
 * named by the module's files' hash and the tool's version, so that a second build on the
 * machine, in any clone, reads it instead of running it again. Another command: in
 * BUILD_CACHE_DIR (the same folder), named by the installed Debian packages.
 */
export function commandCacheFile(command: string[]): string {
  const [cmd, module] = command;
  if (cmd === 'mod2osis' && module && command.length === 2) {
    if (!moduleHashes.has(module)) moduleHashes.set(module, swordModuleHash(module));
    const files = moduleHashes.get(module);
    if (files) {
      const key = createHash('sha256')
        .update(JSON.stringify({ command, files, tool: debianPackageVersion('libsword-utils') }))
        .digest('hex')
        .slice(0, 16);
      return path.join(sourceCacheDir(), `mod2osis-${module}-${key}.xml`);
    }
  }
  const packages = [...DEBIAN_PACKAGES, 'libsword-utils'].map(
    (p) => `${p}=${debianPackageVersion(p)}`,
  );
  const key = createHash('sha256')
    .update(JSON.stringify({ command, packages }))
    .digest('hex')
    .slice(0, 16);
  return path.join(BUILD_CACHE_DIR, `command-${key}.xml`);
}

/**
 * Runs the command to its end; its output is kept in the cache when it printed verses. Output and
 * errors go straight to files, not through pipes: the build's synchronous work would leave a pipe
 * unread and stop the command until it is done.
 */
function run(command: string[], cached: string): Promise<CommandRun> {
  const [cmd, ...args] = command;
  const started = Date.now();
  mkdirSync(path.dirname(cached), { recursive: true });
  const outFile = `${cached}.${process.pid}.out`;
  const errFile = `${cached}.${process.pid}.err`;
  const fds = [openSync(outFile, 'w'), openSync(errFile, 'w')];
  const finish = (result: CommandRun) => {
    rmSync(errFile, { force: true });
    rmSync(outFile, { force: true });
    return result;
  };
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', fds[0], fds[1]] });
    for (const fd of fds) closeSync(fd);
    // After 'error' (not installed) 'close' may follow; the first resolve stands.
    child.on('error', (e: NodeJS.ErrnoException) =>
      resolve(
        finish({
          error:
            e.code === 'ENOENT' ? new SourceUnavailableError(`\`${cmd}\` is not installed`) : e,
        }),
      ),
    );
    child.on('close', (status) => {
      if (status !== 0) {
        const stderr = existsSync(errFile) ? readFileSync(errFile, 'utf8').slice(0, 300) : '';
        return resolve(
          finish({
            error: new SourceUnavailableError(
              `\`${command.join(' ')}\` exited with ${status}: ${stderr}`,
            ),
          }),
        );
      }
      const output = readFileSync(outFile, 'utf8');
      if (!output.includes('<verse'))
        return resolve(
          finish({
            error: new SourceUnavailableError(
              `\`${command.join(' ')}\` printed no verses (is the module installed?)`,
            ),
          }),
        );
      renameSync(outFile, cached);
      resolve(finish({ output, seconds: (Date.now() - started) / 1000 }));
    });
  });
}

/** Starts the commands of these sources whose output is not cached, without waiting for them. */
export function startSourceCommands(sources: { command?: unknown }[]): void {
  for (const s of sources) {
    if (!Array.isArray(s.command) || !s.command.length) continue;
    const command = s.command as string[];
    const cached = commandCacheFile(command);
    if (!runs.has(cached) && !existsSync(cached)) runs.set(cached, run(command, cached));
  }
}

/** The command's output: from the cache, from its run in flight, or run now. */
export async function readCommandSource(
  command: string[],
  log: (msg: string) => void,
): Promise<string> {
  const cached = commandCacheFile(command);
  const inFlight = runs.get(cached);
  if (!inFlight && existsSync(cached)) {
    const shown = cached.startsWith(REPO_ROOT) ? path.relative(REPO_ROOT, cached) : cached;
    log(`  ${command.join(' ')}: cached output (${shown})`);
    return readFileSync(cached, 'utf8');
  }
  const result = await (inFlight ?? run(command, cached));
  runs.delete(cached);
  if ('error' in result) throw result.error;
  log(
    `  ${command.join(' ')}: ${(result.output.length / 1e6).toFixed(1)} MB in ${result.seconds.toFixed(1)} s`,
  );
  return result.output;
}
