import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * How long the slowest node and browser files take (seconds, README "How long `npm test`
 * takes"), for a run that has no durations of its own to order them by: a fresh clone, CI.
 * They wait on other processes (wrangler, workerd, chromium) more than they compute.
 */
const EXPECTED_SECONDS: Record<string, number> = {
  'test/browser/accessibility-study.test.ts': 18,
  'test/node/scripts.test.ts': 10,
  'test/node/local-kv.test.ts': 10,
  'test/browser/library.test.ts': 10,
  'test/node/study-sources.test.ts': 9,
  'test/browser/study.test.ts': 8,
  'test/browser/site.test.ts': 8,
};

/**
 * Vitest's order, but the files of the node and browser group longest first across its two
 * projects. Vitest runs a group's projects one after another by name and orders by duration only
 * within a project: the browser files all went first, and the two slowest node files started
 * when the other workers had little left to run (a tail of 10–15 s on a 36 s group).
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const root = this.ctx.config.root;
    const seconds = (spec: TestSpecification) => {
      const file = relative(root, spec.moduleId);
      const known = this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`);
      return known ? known.duration / 1000 : (EXPECTED_SECONDS[file] ?? 0);
    };
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
    // Array.prototype.sort is stable: what ties keeps vitest's order (the Workers group's own).
    return base.sort((a, b) => group(a) - group(b) || (group(a) === 0 ? 0 : seconds(b) - seconds(a)));
  }
}
