/**
 * CLI: build the scripture snapshot into bulk-put files.
 *
 *   npm run snapshot:build [-- --out DIR] [--books Gen,John] [--versions KJV,ASV]
 *
 * Writes DIR/manifest.json and DIR/kv-000.json… (default DIR: data/snapshot) and prints a summary.
 * Exit code 1 with the list of problems when a source fails validation.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { DEFAULT_OUT_DIR, REPO_ROOT } from './paths';
import type { BuildOptions } from './snapshot';

const list = (s?: string) =>
  s
    ? s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : undefined;

export async function main(argv = process.argv.slice(2)): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      out: { type: 'string' },
      books: { type: 'string' },
      versions: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(
      'usage: tsx scripts/snapshot/build.ts [--out DIR] [--books Gen,John,...] [--versions KJV,ASV]',
    );
    return;
  }
  // The build's modules load after --help, which answers without them (test/node/scripts.test.ts
  // runs every script's --help: 0.45 → 0.2 s of CPU).
  const [{ computeInputsHash }, { buildSnapshot, formatApart, formatCorrections, writeSnapshot }] =
    await Promise.all([import('./inputs'), import('./snapshot')]);
  const out = path.resolve(REPO_ROOT, values.out ?? path.relative(REPO_ROOT, DEFAULT_OUT_DIR));
  const options: BuildOptions = {
    books: list(values.books),
    versions: list(values.versions),
    log: (m) => console.log(m),
  };
  const inputsHash = computeInputsHash();
  const built = await buildSnapshot(options);
  const manifest = writeSnapshot(out, built, options, inputsHash);
  const s = built.summary;
  console.log(
    `wrote ${manifest.files.length} bulk file(s) to ${path.relative(process.cwd(), out) || '.'}`,
  );
  if (s.skipped.length) console.log(`skipped (source not installed): ${s.skipped.join(', ')}`);
  console.log(
    `summary: versions ${s.versions}, books ${s.books}, chapters ${s.chapters}, verses ${s.verses}, keys ${s.keys}, bytes ${s.bytes} (${(s.bytes / 1e6).toFixed(1)} MB), seconds ${s.seconds}`,
  );
  console.log(`corrections applied: ${formatCorrections(s.corrections)}`);
  console.log(`titles and subscriptions: ${formatApart(s.apart)}`);
  console.log(`snapshot ${built.snapshotId}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((e) => {
    console.error(`snapshot build failed: ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  });
}
