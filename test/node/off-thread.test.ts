import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_DIR, readSnapshotPairs } from '../../scripts/fixture';
import { loadManifest } from '../../scripts/snapshot/manifest';
import { produceOffThread, type OffThreadContext } from '../../scripts/snapshot/off-thread';
import { readSnapshotManifest } from '../../scripts/snapshot/snapshot-manifest';
import { catalogueKey } from '../../src/snapshot/keys';
import type { CatalogueValue } from '../../src/snapshot/types';

// The build runs the word study and the reference library in worker threads beside the imports
// and the search index (scripts/snapshot/off-thread.ts, docs/speed.md "The first npm run dev"): their pairs,
// skipped ids and figures must be the ones the same producer makes on the main thread. The
// fixture build runs the study in a worker too (so the study tests check a worker's pairs) and
// the library on the main thread: here a worker's library is compared with it, on the test
// fixture's scope (its catalogue, its `library:` chapters).

const fixture = readSnapshotPairs(FIXTURE_DIR);
const options = readSnapshotManifest(FIXTURE_DIR)?.options.books ?? [];
const scope = (prefix: string) =>
  new Set(options.filter((b) => b.startsWith(prefix)).map((b) => b.slice(prefix.length)));
const catalogue = JSON.parse(
  fixture.pairs.find((p) => p.key === catalogueKey(fixture.snapshotId))!.value,
) as CatalogueValue;
const listed = new Set(catalogue.versions.map((v) => v.id));
const ctx: OffThreadContext = {
  snapshotId: '________________',
  books: new Set(options.filter((b) => !b.includes(':'))),
  // `WLC:Jonah`: a version built for these books only (scripts/snapshot/snapshot.ts).
  versionBooks: options
    .map((b) => b.split(':'))
    .filter(([v, book]) => book && !['words', 'library', 'downloads'].includes(v!))
    .reduce(
      (m, [v, book]) => m.set(v!, (m.get(v!) ?? new Set()).add(book!)),
      new Map<string, Set<string>>(),
    ),
  studyBooks: scope('words:'),
  libraryChapters: scope('library:'),
  manifests: loadManifest(path.join(FIXTURE_DIR, '..', 'data', 'versions.json')).filter((m) =>
    listed.has(m.id),
  ),
};

/** A key without its snapshot's id, and the kind of value it names (`wd`, `lc`, …). */
const unprefixed = (key: string) => key.split(':').slice(2).join(':');
const kindOf = (key: string) => unprefixed(key).split(':')[0]!;

/**
 * The fixture's pairs by key without the id: the fixture build (scripts/fixture.ts) runs the
 * library on the main thread, so these are what it makes there, read instead of made again.
 */
const onMainThread = new Map(fixture.pairs.map((p) => [unprefixed(p.key), p.value]));

describe('a producer run off-thread', () => {
  it.each(['library'])(
    '%s: the same pairs as the fixture build made on the main thread',
    async (name) => {
      // The worker reads its sources first, then waits for the catalogue the imports make.
      const run = produceOffThread(name, ctx);
      run.giveCatalogue(catalogue);
      const worker = await run.done;
      expect(worker.pairs.length).toBeGreaterThan(10);
      for (const p of worker.pairs)
        expect(onMainThread.get(unprefixed(p.key)), p.key).toBe(p.value);
      // And none missing: the fixture holds as many values of each kind the worker made.
      const kinds = new Set(worker.pairs.map((p) => kindOf(p.key)));
      const expected = fixture.pairs.filter((p) => kinds.has(kindOf(p.key)));
      expect(worker.pairs.length).toBe(expected.length);
    },
    60_000,
  );

  it('refuses a producer that reads the imported text', () => {
    expect(() => produceOffThread('search-index', ctx)).toThrow(/cannot run off-thread/);
  });
});
