/**
 * `npm run bench:startup -- BEFORE_DIR AFTER_DIR [--pairs N]`: the start-up figures of two builds
 * of the worker (each folder as `npx wrangler deploy --dry-run --outdir DIR` writes it), measured
 * alternately, a pair at a time, so that the machine's load weighs on both alike (docs/speed.md
 * "Cold start"): module evaluation in Node's vm (the figure `npm run bench` prints), and Node's
 * `import()` of the bundle, as written and as an ES module (scripts/bench/isolate.ts). Medians of
 * N pairs (default 5), with the load average after each pair.
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import {
  EVALUATION_BUDGET_MS,
  IMPORT_BUDGET_MS,
  measureModuleEvaluation,
  measureModuleImport,
} from './isolate';
import { median } from './measure';

const args = process.argv.slice(2);
if (
  args.includes('--help') ||
  args.includes('-h') ||
  args.filter((a) => !a.startsWith('--')).length < 2
) {
  console.log(
    'usage: npm run bench:startup -- BEFORE_DIR AFTER_DIR [--pairs N]\n' +
      '  each DIR from `npx wrangler deploy --dry-run --outdir DIR`; medians of N alternating pairs (default 5)',
  );
  process.exit(args.includes('--help') || args.includes('-h') ? 0 : 2);
}
const pairsAt = args.indexOf('--pairs');
const pairs = pairsAt >= 0 ? Number(args[pairsAt + 1]) : 5;
const dirs = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--pairs').slice(0, 2);
const builds = dirs.map((dir) => ({
  bundle: path.join(dir, 'index.js'),
  evaluate: [] as number[],
  imported: [] as number[],
  importedAsModule: [] as number[],
}));
const loads: number[] = [];
for (let p = 0; p < pairs; p++) {
  for (const b of builds) {
    b.evaluate.push(...measureModuleEvaluation(b.bundle, 1).evaluate);
    b.imported.push(...measureModuleImport(b.bundle, 1));
    b.importedAsModule.push(...measureModuleImport(b.bundle, 1, true));
  }
  loads.push(loadavg()[0]);
}
const ms = (xs: number[]) =>
  `${median(xs).toFixed(1)} ms (${xs.map((x) => x.toFixed(0)).join(', ')})`;
for (const [i, b] of builds.entries())
  console.log(
    `${i ? 'after ' : 'before'} ${b.bundle}: module evaluation ${ms(b.evaluate)} [budget ${EVALUATION_BUDGET_MS}]; ` +
      `import() ${ms(b.imported)} [budget ${IMPORT_BUDGET_MS}]; as an ES module ${ms(b.importedAsModule)}`,
  );
console.log(
  `medians of ${pairs} alternating pairs; load average after each pair: ${loads.map((l) => l.toFixed(1)).join(' ')}`,
);
