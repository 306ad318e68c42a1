import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * How long the slowest files take (seconds, in a full `npm test` on the 2-core build machine,
 * 29 November 2026), for a run that has no durations of its own to order them by: a fresh clone,
 * CI. Without them vitest orders by file size, and a long file that starts last leaves the other
 * workers idle at the end (the Workers tests' D1 filled to every quota; `version:add`'s runs).
 * Kept to the files over about a second; the rest keep vitest's order after them.
 */
const EXPECTED_SECONDS: Record<string, number> = {
  'test/annotations/personal/quotas.test.ts': 11,
  'test/routes/bounds.test.ts': 10,
  'test/routes/hostile-params.test.ts': 5,
  'test/catalogue/downloads.test.ts': 1.9,
  'test/annotations/personal/export-import.test.ts': 1.8,
  'test/mcp/bounds.test.ts': 1.7,
  'test/annotations/reserved-keys.test.ts': 1.7,
  'test/http/rate-limits.test.ts': 1.3,
  'test/annotations/personal/notes.test.ts': 1.3,
  'test/annotations/personal/taggings.test.ts': 1.3,
  // The node project: mostly waiting on the scripts' processes, chromium and the site.
  'test/node/version-add.test.ts': 36,
  'test/browser/library.test.ts': 27,
  'test/node/user-keys.test.ts': 24,
  'test/node/version-add-web.test.ts': 20,
  'test/node/scripts.test.ts': 19,
  'test/node/grammar-sources.test.ts': 16,
  'test/browser/site.test.ts': 14,
  'test/browser/margin.test.ts': 13,
  'test/browser/accessibility-study.test.ts': 12,
  'test/node/study-sources.test.ts': 11,
  'test/browser/public-notes.test.ts': 10,
  'test/browser/study.test.ts': 8,
  'test/node/osis-kjv.test.ts': 8,
  'test/node/off-thread.test.ts': 7,
  'test/node/local-kv.test.ts': 6.5,
  'test/browser/tagger.test.ts': 5,
  'test/browser/fonts.test.ts': 3,
  'test/node/cross-references.test.ts': 3,
  'test/node/cold-start.test.ts': 3,
  'test/browser/accessibility.test.ts': 2.5,
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
