/**
 * The test fixture's data folder: a copy of data/ with the versions of FIXTURE_VERSIONS added by
 * `npm run version:add`, run as a user runs it (its own process: the build modules read their
 * data folder once, when first imported). Made again only when data/, a fixture source or the
 * code that adds a version changed (a stamp of their contents), so that a fresh fixture costs
 * nothing here.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { FIXTURE_DATA_DIR, FIXTURE_VERSIONS } from '../fixture';
import { keepFolder, restoreFolder } from './fixture-cache';
import { fileURLToPath } from 'node:url';

// Not from scripts/snapshot/paths.ts: importing it would fix the build's data folder before the
// caller points SCRIPTURE_DATA_DIR at this one.
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const STAMP = '.fixture-stamp';

function filesUnder(p: string): string[] {
  if (!existsSync(p)) return [];
  if (!statSync(p).isDirectory()) return [p];
  return readdirSync(p)
    .filter((f) => f !== 'snapshot')
    .sort()
    .flatMap((f) => filesUnder(path.join(p, f)));
}

function stampOf(): string {
  const h = createHash('sha256');
  const inputs = [
    'data',
    'scripts/version-add.ts',
    'scripts/versions',
    'scripts/snapshot/importers',
    // The data files' names, which version:add writes by.
    'scripts/snapshot/data-files.ts',
    ...FIXTURE_VERSIONS.map((v) => v.source),
  ].flatMap((p) => filesUnder(path.resolve(REPO_ROOT, p)));
  h.update(JSON.stringify(FIXTURE_VERSIONS));
  for (const f of inputs) h.update(`${path.relative(REPO_ROOT, f)}\0`).update(readFileSync(f));
  return h.digest('hex');
}

/** Makes the fixture's data folder unless it is up to date; returns its absolute path. */
export function ensureFixtureData(): string {
  const dir = path.join(REPO_ROOT, FIXTURE_DATA_DIR);
  const stamp = stampOf();
  if (existsSync(path.join(dir, STAMP)) && readFileSync(path.join(dir, STAMP), 'utf8') === stamp) {
    keepFolder('fixture-data', stamp, dir);
    return dir;
  }
  // Made before from the same inputs, in this clone or another (./fixture-cache.ts).
  if (restoreFolder('fixture-data', stamp, dir, STAMP)) {
    console.log(`the fixture's copy of data/ kept from an earlier run of the same inputs`);
    return dir;
  }
  console.log(`adding the fixture's versions to a copy of data/ in ${FIXTURE_DATA_DIR}…`);
  rmSync(dir, { recursive: true, force: true });
  const data = path.join(REPO_ROOT, 'data');
  cpSync(data, dir, {
    recursive: true,
    filter: (f) => path.relative(data, f).split(path.sep)[0] !== 'snapshot',
  });
  // REQUIRE_VERSIONS as scripts/lib/prepare.ts reads it (not imported from there: it loads the
  // build, which would read its data folder before SCRIPTURE_DATA_DIR names this one).
  const required = (process.env.REQUIRE_VERSIONS ?? '').split(',').map((s) => s.trim());
  for (const { source, args, optional, id } of FIXTURE_VERSIONS) {
    if (optional && !existsSync(path.resolve(REPO_ROOT, source))) {
      if (id && required.includes(id))
        throw new Error(
          `${id} is required (REQUIRE_VERSIONS) but its source ${source} is not installed: apt-get install bibledit-cloud-data`,
        );
      console.log(`  WARNING: ${id ?? source} not added, its source ${source} is not installed`);
      continue;
    }
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/version-add.ts', source, ...args, '--data', dir],
      { cwd: REPO_ROOT, encoding: 'utf8' },
    );
    if (run.status !== 0)
      throw new Error(`version:add ${source} failed:\n${run.stdout}${run.stderr}`);
    const added = /^added .*$/m.exec(run.stdout)?.[0];
    console.log(`  ${added ?? `added ${source}`}`);
  }
  writeFileSync(path.join(dir, STAMP), stamp);
  keepFolder('fixture-data', stamp, dir);
  return dir;
}
