/**
 * The reference library's sources: the SWORD modules of data/library.json, installed
 * from Debian and read at build time with `mod2imp` (libsword-utils); nothing of their text is
 * committed. A module whose `.conf` names the wrong driver (`modDrv`: MHCC says zCom4, its index
 * has the 10-byte entries of plain zCom, and read as zCom4 it yields hundreds of MB of misread
 * text) is read through a private copy of the SWORD configuration: a folder holding `mods.d/` with
 * the corrected `.conf` and `modules` linked to the system's modules, selected with SWORD_PATH.
 *
 * The output of mod2imp is cached in the user's cache, ../paths.ts BUILD_CACHE_DIR (as mod2osis output is,
 * ../importers/osis.ts), keyed by the module, the driver and the installed package versions.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEBIAN_PACKAGES, debianPackageVersion } from '../inputs';
import { buildCacheDir, noteCacheFile, touchCacheFile } from '../build-cache';
import { DATA_DIR, REPO_ROOT } from '../paths';
import { readingKept } from '../readings-cache';
import { commandOutput } from '../importers/command-source';
import { BACKGROUND_NICE } from '../priority';
import { dataFile } from '../data-files';
import { confValue } from '../importers/sword-module';

/** The system's SWORD folder (Debian's sword packages install under it). */
export const SWORD_DIR = '/usr/share/sword';

export interface ModuleConfig {
  /** The id the service names it by (`MHCC`, `Scofield`, `TDavid`, `Nave`). */
  id: string;
  /** The SWORD module name. */
  module: string;
  /** The Debian package that installs it. */
  package: string;
  name: string;
  author: string;
  year: number;
  /** ISO 639-3. */
  lang: string;
  /** The driver to read it with when its .conf names the wrong one. */
  modDrv?: string;
  expect: Record<string, number>;
}

export interface LibraryConfig {
  commentaries: ModuleConfig[];
  topics: ModuleConfig;
}

export function loadLibraryConfig(file = dataFile(DATA_DIR, 'library')): LibraryConfig {
  return JSON.parse(readFileSync(file, 'utf8')) as LibraryConfig;
}

/** Every module of the library, commentaries first. */
export function libraryModules(config = loadLibraryConfig()): ModuleConfig[] {
  return [...config.commentaries, config.topics];
}

/** The module's .conf file as installed (lower-case module name, SWORD's convention). */
export function confFile(m: ModuleConfig): string {
  return path.join(SWORD_DIR, 'mods.d', `${m.module.toLowerCase()}.conf`);
}

/** Whether the module and the reader are installed. */
export function moduleInstalled(m: ModuleConfig): boolean {
  return existsSync(confFile(m)) && debianPackageVersion('libsword-utils') !== 'absent';
}

/**
 * A SWORD_PATH whose mods.d holds the module's .conf with `ModDrv` set to `modDrv`, and whose
 * `modules` is the system's (the .conf's DataPath is relative to it).
 */
function privateSwordPath(m: ModuleConfig, modDrv: string): string {
  const dir = path.join(tmpdir(), `scripture-edge-sword-${m.module.toLowerCase()}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'mods.d'), { recursive: true });
  const conf = readFileSync(confFile(m), 'utf8');
  if (!/^ModDrv=/m.test(conf)) throw new Error(`${confFile(m)} has no ModDrv line`);
  writeFileSync(
    path.join(dir, 'mods.d', path.basename(confFile(m))),
    conf.replace(/^ModDrv=.*$/m, `ModDrv=${modDrv}`),
  );
  symlinkSync(path.join(SWORD_DIR, 'modules'), path.join(dir, 'modules'));
  return dir;
}

/**
 * Where the module's mod2imp output is kept (the build's cache, ../build-cache.ts), named by the
 * module, the driver and the installed package versions.
 */
function impCacheFile(m: ModuleConfig): string {
  // The inputs hash (../inputs.ts) must see the package's version, or a new module would not rebuild.
  if (!DEBIAN_PACKAGES.includes(m.package))
    throw new Error(`${m.package} is not in DEBIAN_PACKAGES (scripts/snapshot/inputs.ts)`);
  const packages = [m.package, 'libsword-utils'].map((p) => `${p}=${debianPackageVersion(p)}`);
  const key = createHash('sha256')
    .update(JSON.stringify({ module: m.module, modDrv: m.modDrv ?? null, packages }))
    .digest('hex')
    .slice(0, 16);
  return path.join(buildCacheDir(), `imp-${m.module}-${key}.txt`);
}

/** Keeps what mod2imp printed for the module, after checking it printed entries. */
function keepImp(
  m: ModuleConfig,
  output: string,
  cached: string,
  started: number,
  log: (msg: string) => void,
): string {
  if (!output.startsWith('$$$'))
    throw new Error(`mod2imp ${m.module} printed no entries (is ${m.package} installed?)`);
  log(
    `  mod2imp ${m.module}${m.modDrv ? ` (read as ${m.modDrv})` : ''}: ${(output.length / 1e6).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  mkdirSync(path.dirname(cached), { recursive: true });
  writeFileSync(cached, output);
  noteCacheFile(cached);
  return output;
}

/**
 * The module as `mod2imp` prints it (`$$$key` lines, each followed by its markup), from the cache
 * when the same packages were read before (or prefetchModuleImps ran it).
 */
export function readModuleImp(m: ModuleConfig, log: (msg: string) => void = () => {}): string {
  const cached = impCacheFile(m);
  if (existsSync(cached)) {
    log(`  mod2imp ${m.module}: cached output (${path.relative(REPO_ROOT, cached)})`);
    touchCacheFile(cached);
    return readFileSync(cached, 'utf8');
  }
  const started = Date.now();
  const swordPath = m.modDrv ? privateSwordPath(m, m.modDrv) : undefined;
  try {
    const r = spawnSync('mod2imp', [m.module], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      env: swordPath ? { ...process.env, SWORD_PATH: swordPath } : process.env,
    });
    if (r.error) throw r.error;
    if (r.status !== 0)
      throw new Error(`mod2imp ${m.module} exited with ${r.status}: ${r.stderr.slice(0, 300)}`);
    return keepImp(m, r.stdout, cached, started, log);
  } finally {
    if (swordPath) rmSync(swordPath, { recursive: true, force: true });
  }
}

/**
 * Runs mod2imp for every installed module of the library whose output is not kept, all at once
 * (four processes of 1–4 s each, where readModuleImp runs them one after another), so that
 * readModuleImp then reads them from the cache. Nothing when the library's reading is kept.
 */
export async function prefetchModuleImps(log: (msg: string) => void = () => {}): Promise<void> {
  if (readingKept('library')) return;
  const wanted = libraryModules()
    .filter(moduleInstalled)
    .filter((m) => !existsSync(impCacheFile(m)));
  await Promise.all(
    wanted.map(async (m) => {
      const cached = impCacheFile(m);
      const started = Date.now();
      const swordPath = m.modDrv ? privateSwordPath(m, m.modDrv) : undefined;
      try {
        // Needed only when the library is produced, after the imports (../priority.ts).
        const r = await commandOutput(
          ['mod2imp', m.module],
          cached,
          swordPath ? { ...process.env, SWORD_PATH: swordPath } : process.env,
          BACKGROUND_NICE,
        );
        if ('error' in r) throw new Error(`mod2imp ${m.module}: ${r.error.message}`);
        keepImp(m, r.output, cached, started, log);
      } finally {
        if (swordPath) rmSync(swordPath, { recursive: true, force: true });
      }
    }),
  );
}

export interface ImpEntry {
  key: string;
  body: string;
}

/** `$$$key` lines and the markup after each (an entry's markup may run over several lines). */
export function parseImp(text: string): ImpEntry[] {
  const out: ImpEntry[] = [];
  let current: ImpEntry | null = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('$$$')) {
      current = { key: line.slice(3).trim(), body: '' };
      out.push(current);
    } else if (current) current.body += (current.body ? '\n' : '') + line;
  }
  for (const e of out) e.body = e.body.trim();
  return out;
}

/**
 * The module's license line from its .conf: the build refuses a module whose DistributionLicense
 * is not Public Domain (the service serves only public-domain text).
 */
export function moduleLicense(m: ModuleConfig): { license: string; version: string } {
  const conf = readFileSync(confFile(m), 'utf8');
  const license = confValue(conf, 'DistributionLicense') ?? '';
  if (!/^public domain$/i.test(license))
    throw new Error(
      `${m.module}: DistributionLicense is "${license}", not Public Domain (${confFile(m)})`,
    );
  return { license, version: confValue(conf, 'Version') ?? '' };
}
