import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_DIR, readSnapshotPairs } from '../../scripts/fixture';
import { loadCanon } from '../../scripts/snapshot/canon';
import { loadManifest } from '../../scripts/snapshot/manifest';
import { produceOffThread, type OffThreadContext } from '../../scripts/snapshot/off-thread';
import { PRODUCERS } from '../../scripts/snapshot/producers';
import { readSnapshotManifest } from '../../scripts/snapshot/snapshot-manifest';
import type { ProducerContext } from '../../scripts/snapshot/producer-types';
import { catalogueKey } from '../../src/snapshot/keys';
import type { CatalogueValue } from '../../src/snapshot/types';

// The build runs the word study and the reference library in worker threads beside the search
// index (scripts/snapshot/off-thread.ts, docs/speed.md "The first npm run dev"): their pairs,
// skipped ids and figures must be the ones the same producer makes on the main thread. Run on
// the test fixture's scope (its catalogue, its `words:` and `library:` chapters).

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
  catalogue,
  books: new Set(options.filter((b) => !b.includes(':'))),
  studyBooks: scope('words:'),
  libraryChapters: scope('library:'),
  manifests: loadManifest(path.join(FIXTURE_DIR, '..', 'data', 'versions.json')).filter((m) =>
    listed.has(m.id),
  ),
};

/** The producer on this thread, with the same context as the worker's. */
function inThread(name: string) {
  const producer = PRODUCERS.find((p) => p.name === name)!;
  const skipped: string[] = [];
  const figures: Record<string, unknown> = {};
  const { manifests, ...rest } = ctx;
  const full: ProducerContext = {
    ...rest,
    canon: loadCanon(),
    versions: manifests.map((manifest) => ({
      manifest,
      get ir(): never {
        throw new Error('no text');
      },
    })),
    stemmers: new Map(),
    skipped,
    figures,
  };
  const pairs = [...producer.produce(full)].map((p) => ({ key: p.key, value: p.value }));
  return { pairs, skipped, figures };
}

/** Figures that time the producer's own run. */
const untimed = (figures: Record<string, unknown>) =>
  JSON.parse(JSON.stringify(figures), (k, v: unknown) => (/[mM]illiseconds$/.test(k) ? 0 : v));

describe('a producer run off-thread', () => {
  it.each(['study', 'library'])(
    '%s: the same pairs as on the main thread',
    async (name) => {
      const worker = await produceOffThread(name, ctx);
      const here = inThread(name);
      expect(worker.pairs.length).toBeGreaterThan(10);
      expect(worker.pairs).toEqual(here.pairs);
      expect(worker.skipped).toEqual(here.skipped);
      expect(untimed(worker.figures)).toEqual(untimed(here.figures));
    },
    60_000,
  );

  it('refuses a producer that reads the imported text', () => {
    expect(() => produceOffThread('search-index', ctx)).toThrow(/cannot run off-thread/);
  });
});
