import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the plain closing line `N passed, N failed, N skipped` that CI reads to count tests
 * (vitest's own summary is not in a form CI recognises). Runs in Node, not in workerd. Under
 * scripts/test.ts (two Vitest processes, one line for both) the counts go as JSON to the file
 * VITEST_SUMMARY_FILE names instead.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      let failedHere = 0;
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failedHere++;
        else skipped++;
      }
      // A file that failed outside its tests (its import, a beforeAll hook: its tests are then
      // reported as skipped) counts once as failed, so that the line never says 0 failed for it.
      failed += failedHere || (mod.state() === 'failed' ? 1 : 0);
    }
    const file = process.env.VITEST_SUMMARY_FILE;
    if (file) writeFileSync(file, JSON.stringify({ passed, failed, skipped }));
    else console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
