import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { REPO_ROOT } from '../../scripts/snapshot/paths';

/**
 * A file whose name says it must not be committed (a helper's brief, a scratch note) is never
 * tracked: .gitignore ignores `*do-not-commit*`, and this test fails when one is tracked anyway
 * (added with `git add -f`, or before the rule), in `npm test` as in CI (docs/development.md).
 */
const DO_NOT_COMMIT = /do-not-commit/i;

/** The paths git tracks (its index), or null outside a git checkout (a tarball of the source). */
function trackedFiles(): string[] | null {
  try {
    return execFileSync('git', ['ls-files', '-z'], { cwd: REPO_ROOT, encoding: 'utf8' })
      .split('\0')
      .filter(Boolean);
  } catch {
    return null;
  }
}

it('tracks no file whose name says it must not be committed', (ctx) => {
  const tracked = trackedFiles();
  if (tracked === null) return ctx.skip();
  expect(tracked).toContain('package.json');
  expect(tracked.filter((f) => DO_NOT_COMMIT.test(f))).toEqual([]);
});
