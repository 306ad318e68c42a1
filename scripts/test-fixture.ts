/**
 * Run by `npm test` before vitest: builds the fixture snapshot with the real build code (only
 * the FIXTURE_BOOKS get chapter values; the catalogue is complete), unless it is up to date.
 */
import { FIXTURE_BOOKS, FIXTURE_DIR } from './fixture';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(
    `usage: tsx scripts/test-fixture.ts\n  builds the test fixture snapshot into ${FIXTURE_DIR} unless it is up to date (run by npm test)`,
  );
  process.exit(0);
}
// Imported after --help, which then answers without loading the build (test/node/scripts.test.ts).
import('./lib/prepare')
  .then(({ ensureSnapshot }) => ensureSnapshot(FIXTURE_DIR, { books: FIXTURE_BOOKS }))
  .catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
