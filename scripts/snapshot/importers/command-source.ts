/**
 * Sources read from a command's output (`"source": {"command": ["mod2osis", "<module>"]}`): each
 * command runs once, in the background, and its output is kept in the build's cache
 * (commandCacheFile, ../build-cache.ts): `mod2osis`'s named by the SWORD module's files' hash,
 * another command's by the installed Debian packages. `mod2osis` of a module whose source is OSIS
 * is made from `mod2imp`'s entries (./sword-osis.ts: the same bytes, ~1.5 s of a core a module
 * where mod2osis took 4–8 s). buildSnapshot starts every command at once (startSourceCommands)
 * so that they run beside the imports before theirs, and each importer awaits its own output
 * (readCommandSource).
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
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEBIAN_PACKAGES, debianPackageVersion } from '../inputs';
import { buildCacheDir, noteCacheFile, touchCacheFile } from '../build-cache';
import { REPO_ROOT } from '../paths';
import { niceProcess } from '../priority';
import { loadCanon } from '../canon';
import { confValue, swordModuleConf, swordModuleHash } from './sword-module';
import { osisFromImp, type SwordModuleInfo } from './sword-osis';
import { SourceUnavailableError } from './types';

/** A command's output, and the command that made it when another did (mod2imp for mod2osis). */
type CommandRun = { output: string; seconds: number; via?: string } | { error: Error };

/** Runs started in this process, by cache file. */
const runs = new Map<string, Promise<CommandRun>>();

/** SHA-256 of ./sword-osis.ts, which makes mod2osis's document from mod2imp's entries. */
let swordOsisCodeHash: string | undefined;
const SWORD_OSIS_CODE_HASH = () =>
  (swordOsisCodeHash ??= createHash('sha256')
    .update(readFileSync(fileURLToPath(new URL('./sword-osis.ts', import.meta.url))))
    .digest('hex'));

/** Module hashes asked in this process, by module (a build asks each a few times). */
const moduleHashes = new Map<string, string | null>();

/**
 * Where the command's output is kept, in the build's cache (../build-cache.ts). `mod2osis
 * <module>`: named by the module's files' hash and the tool's version, so that a second build on
 * the machine, in any clone, reads it instead of running it again. Another command: named by the
 * installed Debian packages.
 */
export function commandCacheFile(command: string[]): string {
  const [cmd, module] = command;
  if (cmd === 'mod2osis' && module && command.length === 2) {
    if (!moduleHashes.has(module)) moduleHashes.set(module, swordModuleHash(module));
    const files = moduleHashes.get(module);
    if (files) {
      // Made from mod2imp's entries, the document is keyed by the code that makes it too.
      const maker = osisOfModule(command) ? SWORD_OSIS_CODE_HASH() : 'mod2osis';
      const key = createHash('sha256')
        .update(
          JSON.stringify({ command, files, tool: debianPackageVersion('libsword-utils'), maker }),
        )
        .digest('hex')
        .slice(0, 16);
      return path.join(buildCacheDir(), `mod2osis-${module}-${key}.xml`);
    }
  }
  const packages = [...DEBIAN_PACKAGES, 'libsword-utils'].map(
    (p) => `${p}=${debianPackageVersion(p)}`,
  );
  const key = createHash('sha256')
    .update(JSON.stringify({ command, packages }))
    .digest('hex')
    .slice(0, 16);
  return path.join(buildCacheDir(), `command-${key}.xml`);
}

/**
 * Runs the command to its end and returns what it printed. Output and errors go straight to files
 * beside `near` (the file its output will be kept in), not through pipes: the build's synchronous
 * work would leave a pipe unread and stop the command until it is done. `nice` lowers its priority
 * (../priority.ts).
 */
export function commandOutput(
  command: string[],
  near: string,
  env: NodeJS.ProcessEnv = process.env,
  nice = 0,
): Promise<{ output: string } | { error: Error }> {
  const [cmd, ...args] = command;
  mkdirSync(path.dirname(near), { recursive: true });
  const outFile = `${near}.${process.pid}.${cmd}.out`;
  const errFile = `${near}.${process.pid}.${cmd}.err`;
  const fds = [openSync(outFile, 'w'), openSync(errFile, 'w')];
  const finish = <T>(result: T) => {
    rmSync(errFile, { force: true });
    rmSync(outFile, { force: true });
    return result;
  };
  return new Promise((resolve) => {
    const child = spawn(cmd!, args, { stdio: ['ignore', fds[0], fds[1]], env });
    if (nice) niceProcess(child.pid, nice);
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
      if (status === 0) return resolve(finish({ output: readFileSync(outFile, 'utf8') }));
      const stderr = existsSync(errFile) ? readFileSync(errFile, 'utf8').slice(0, 300) : '';
      resolve(
        finish({
          error: new SourceUnavailableError(
            `\`${command.join(' ')}\` exited with ${status}: ${stderr}`,
          ),
        }),
      );
    });
  });
}

/**
 * `mod2osis <module>` of a module whose source is OSIS: its document is made from mod2imp's
 * entries (./sword-osis.ts, the same bytes at a quarter of the CPU); null for any other command.
 */
function osisOfModule(command: string[]): { module: string; info: SwordModuleInfo } | null {
  const [cmd, module] = command;
  if (cmd !== 'mod2osis' || !module || command.length !== 2) return null;
  const conf = swordModuleConf(module);
  if (!conf || confValue(conf.text, 'SourceType')?.toUpperCase() !== 'OSIS') return null;
  return {
    module,
    info: {
      name: conf.name,
      description: confValue(conf.text, 'Description') ?? '',
      lang: confValue(conf.text, 'Lang') ?? '',
      encoding: confValue(conf.text, 'Encoding') || 'UTF-8',
    },
  };
}

/** Runs the command (or mod2imp for it), and keeps its output in the cache when it printed verses. */
async function run(command: string[], cached: string): Promise<CommandRun> {
  const started = Date.now();
  let output: string | null = null;
  let via: string | undefined;
  const ofModule = osisOfModule(command);
  if (ofModule) {
    const imp = await commandOutput(['mod2imp', ofModule.module], cached);
    if ('error' in imp) return imp;
    output = osisFromImp(imp.output, ofModule.info, loadCanon());
    if (output !== null) via = 'mod2imp';
  }
  if (output === null) {
    const r = await commandOutput(command, cached);
    if ('error' in r) return r;
    output = r.output;
  }
  if (!output.includes('<verse'))
    return {
      error: new SourceUnavailableError(
        `\`${command.join(' ')}\` printed no verses (is the module installed?)`,
      ),
    };
  // Renamed when whole: a reader in another process never sees half a file.
  const partial = `${cached}.${process.pid}.partial`;
  writeFileSync(partial, output);
  renameSync(partial, cached);
  noteCacheFile(cached);
  return { output, seconds: (Date.now() - started) / 1000, via };
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
    touchCacheFile(cached);
    return readFileSync(cached, 'utf8');
  }
  const result = await (inFlight ?? run(command, cached));
  runs.delete(cached);
  if ('error' in result) throw result.error;
  log(
    `  ${command.join(' ')}${result.via ? ` (made from ${result.via})` : ''}: ${(result.output.length / 1e6).toFixed(1)} MB in ${result.seconds.toFixed(1)} s`,
  );
  return result.output;
}
