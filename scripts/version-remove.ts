/**
 * `npm run version:remove -- ID [--data DIR]`
 *
 * Removes a version: its entry in data/versions.json, its empty slots in
 * data/versification-gaps.json, and its language's book names in data/book-names.json when no
 * other version of the language is left: what `npm run version:add` writes. A version other data
 * files still name (its corrections, its numbering map, its Psalm titles) is refused with the
 * list of those files, which are edited by hand: each entry there carries a reason a person wrote.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DATA_FILES } from './snapshot/data-files';
import { removeBookNames, removeGaps, removeMap, removeVersion } from './versions/data-edits';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = 'usage: npm run version:remove -- ID [--data DIR]';
/** The files this command edits; any other data file naming the version stops it. */
const EDITED: string[] = [DATA_FILES.versions, DATA_FILES.versificationGaps, DATA_FILES.bookNames];
/** The verse map, which version:add writes (each reason marked MAP_MARK) and a person may too. */
const MAP = DATA_FILES.versificationMap;

export class UsageError extends Error {}

export function removeVersionFrom(data: string, id: string): string[] {
  const read = (f: string) => readFileSync(path.join(data, f), 'utf8');
  const versions = JSON.parse(read(DATA_FILES.versions)) as {
    versions: { id: string; lang: string }[];
  };
  const entry = versions.versions.find((v) => v.id === id);
  if (!entry)
    throw new UsageError(
      `no version ${id} in data/versions.json (it has ${versions.versions.map((v) => v.id).join(', ')})`,
    );
  const naming = readdirSync(data)
    .filter((f) => f.endsWith('.json') && !EDITED.includes(f))
    .filter((f) => read(f).includes(`"${id}"`))
    .filter((f) => f !== MAP || removeMap(read(MAP), id) === false);
  if (naming.length)
    throw new UsageError(
      `${id} is also named in ${naming.map((f) => `data/${f}`).join(', ')}: remove its entries there by hand first (each has its reason)`,
    );
  const changed: string[] = [];
  const write = (f: string, text: string | null) => {
    if (text === null) return;
    writeFileSync(path.join(data, f), text);
    changed.push(`data/${f}`);
  };
  // All edits are computed before any file is written: a failure leaves every file as it was.
  const nextVersions = removeVersion(read(DATA_FILES.versions), id);
  const nextGaps = removeGaps(read(DATA_FILES.versificationGaps), id);
  const lastOfLanguage = !versions.versions.some((v) => v.id !== id && v.lang === entry.lang);
  const nextNames = lastOfLanguage ? removeBookNames(read(DATA_FILES.bookNames), entry.lang) : null;
  const nextMap = existsSync(path.join(data, MAP)) ? removeMap(read(MAP), id) : null;
  write(DATA_FILES.versions, nextVersions);
  write(DATA_FILES.versificationGaps, nextGaps);
  write(DATA_FILES.bookNames, nextNames);
  if (nextMap) write(MAP, nextMap);
  return changed;
}

export function main(argv = process.argv.slice(2)): void {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { data: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) return console.log(USAGE);
  if (positionals.length !== 1) throw new UsageError(`give one version ID\n${USAGE}`);
  const data = path.resolve(values.data ?? path.join(REPO_ROOT, 'data'));
  const changed = removeVersionFrom(data, positionals[0]!);
  console.log(`removed ${positionals[0]}: ${changed.join(', ')}`);
  console.log('next: `npm run snapshot:build` (or `npm run dev`, which rebuilds a stale snapshot)');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    main();
  } catch (e) {
    console.error(`version:remove failed: ${e instanceof Error ? e.message : e}`);
    process.exit(e instanceof UsageError ? 2 : 1);
  }
}
