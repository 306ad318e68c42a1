import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../scripts/snapshot/paths';

/**
 * docs/architecture.md "Layout" names every folder of src/ and test/, every script, every file of
 * the build's own folder, the bench and the scripts' library, every data file and every asset of
 * the reading site: a file added without a line there fails here.
 */

const doc = readFileSync(path.join(REPO_ROOT, 'docs', 'architecture.md'), 'utf8');
const layout = doc.split('## Layout')[1]?.split('```')[1] ?? '';

/** The entries of a folder of the repository that the layout must name. */
const entries = (folder: string, keep: (name: string, isDir: boolean) => boolean) =>
  readdirSync(path.join(REPO_ROOT, folder), { withFileTypes: true })
    .filter((e) => keep(e.name, e.isDirectory()))
    .map((e) => (e.isDirectory() ? `${e.name}/` : e.name));

const sources = (name: string, isDir: boolean) => isDir || /\.tsx?$/.test(name);

describe('docs/architecture.md "Layout"', () => {
  it.each([
    ['src', sources],
    ['scripts', sources],
    ['scripts/snapshot', sources],
    ['scripts/bench', sources],
    ['scripts/lib', sources],
    ['scripts/versions', sources],
    ['test', (_: string, isDir: boolean) => isDir && !_.startsWith('.')],
    ['data', (name: string) => name.endsWith('.json')],
    ['public/assets', (name: string, isDir: boolean) => !isDir],
  ] as const)('names every entry of %s/', (folder, keep) => {
    expect(layout.length).toBeGreaterThan(0);
    const unnamed = entries(folder, keep).filter(
      // A folder may be named with a part of it (`fixtures/usfm/`); a file whole.
      (name) =>
        !new RegExp(
          `(?<![\\w.-])${name.replace(/[.]/g, '\\.')}${name.endsWith('/') ? '' : '(?![\\w-])'}`,
        ).test(layout),
    );
    expect(unnamed, folder).toEqual([]);
  });
});
