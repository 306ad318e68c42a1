import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * How long the slowest files take (seconds, in a full `npm test` on the 2-core build machine,
 * 27 November 2026), for a run that has no durations of its own to order them by: a fresh clone,
 * CI. Without them vitest orders by file size, and the Workers tests' two longest files (a D1
 * filled to every quota; rate limits reached request by request) started last, leaving one
 * workerd busy alone.
 */
const EXPECTED_SECONDS: Record<string, number> = {
  'test/annotations/quotas.test.ts': 5.4,
  'test/http/rate-limits.test.ts': 1.5,
  'test/annotations/reserved-keys.test.ts': 1.2,
  'test/annotations/export-import.test.ts': 0.8,
  'test/annotations/taggings.test.ts': 0.8,
  'test/annotations/notes.test.ts': 0.6,
  // Mostly waiting on the scripts' processes (two wrangler runs), beside the browser files.
  'test/node/scripts.test.ts': 17,
  'test/browser/accessibility-study.test.ts': 14,
  'test/browser/library.test.ts': 9,
  'test/browser/study.test.ts': 8,
  'test/browser/site.test.ts': 6,
  'test/node/local-kv.test.ts': 4.4,
  // Its sources' readings come from the fixture build (scripts/snapshot/readings-cache.ts).
  'test/node/study-sources.test.ts': 2.2,
};

/**
 * Vitest's order, but the files of each group longest first: by their last durations, else by
 * the hints above. Vitest's own order on a fresh clone is by file size, and the slowest files
 * started when the other workers had little left to run (a tail of 10–15 s on a 36 s group).
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
    // Array.prototype.sort is stable: what ties keeps vitest's order.
    return base.sort((a, b) => group(a) - group(b) || seconds(b) - seconds(a));
  }
}
