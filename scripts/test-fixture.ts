/**
 * Run by `npm test` before vitest: builds the fixture snapshot with the real build code (only
 * the FIXTURE_BOOKS get chapter values; the catalogue is complete), unless it is up to date, from
 * the fixture's copy of data/ with the versions of FIXTURE_VERSIONS added.
 */
import { FIXTURE_BOOKS, FIXTURE_DIR } from './fixture';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(
    `usage: tsx scripts/test-fixture.ts\n  builds the test fixture snapshot into ${FIXTURE_DIR} unless it is up to date (run by npm test)`,
  );
  process.exit(0);
}
// Imported after --help, which then answers without loading the build (test/node/scripts.test.ts).
// The build reads the fixture's copy of data/, with its added versions (FIXTURE_VERSIONS): set
// before the build modules are imported, which read SCRIPTURE_DATA_DIR once (paths.ts).
import('./lib/fixture-data')
  .then(async ({ ensureFixtureData }) => {
    process.env.SCRIPTURE_DATA_DIR = ensureFixtureData();
    const [
      { ensureSnapshot },
      { isSnapshotFresh },
      { MANIFEST_FILE },
      { computeInputsHash },
      cache,
    ] = await Promise.all([
      import('./lib/prepare'),
      import('./snapshot/snapshot'),
      import('./snapshot/snapshot-manifest'),
      import('./snapshot/inputs'),
      import('./lib/fixture-cache'),
    ]);
    const options = { books: FIXTURE_BOOKS };
    // A fixture made before from the same inputs and options, in this clone or another, is
    // copied in (./lib/fixture-cache.ts); ensureSnapshot then finds it up to date.
    const key = JSON.stringify({ inputs: computeInputsHash(), options });
    if (
      !isSnapshotFresh(FIXTURE_DIR, options) &&
      cache.restoreFolder('fixture-snapshot', key, FIXTURE_DIR, MANIFEST_FILE)
    )
      console.log(`the fixture snapshot kept from an earlier run of the same inputs`);
    await ensureSnapshot(FIXTURE_DIR, options);
    cache.keepFolder('fixture-snapshot', key, FIXTURE_DIR);
  })
  .catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
