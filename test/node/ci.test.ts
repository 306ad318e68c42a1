import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT } from '../../scripts/snapshot/paths';

/** docs/development.md's "CI" section says what .ci/run installs and runs. */
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

it("names every Debian package and npm script .ci/run uses in docs/development.md's CI section", () => {
  const ci = read('.ci/run');
  const docs = read('docs/development.md');
  const start = docs.indexOf('\n## CI\n');
  expect(start).toBeGreaterThan(0);
  const section = docs.slice(start, docs.indexOf('\n## ', start + 1));
  const packages = /^DEBIAN_PACKAGES=\(([^)]*)\)/m.exec(ci)?.[1].split(/\s+/).filter(Boolean) ?? [];
  const scripts = [...ci.matchAll(/^npm run (\S+)/gm)].map((m) => m[1]);
  expect(packages).toContain('chromium-headless-shell');
  expect(scripts).toContain('typecheck');
  expect(packages.filter((p) => !section.includes(`\`${p}\``))).toEqual([]);
  expect(scripts.filter((s) => !section.includes(`\`npm run ${s}\``))).toEqual([]);
});
