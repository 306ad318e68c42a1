/**
 * Pair producers: each turns the imported versions into KV pairs. The builder runs every producer
 * in PRODUCERS; a new kind of key (e.g. the search index) is one more entry there.
 */
import type { CatalogueValue } from '../../src/snapshot/types';
import { catalogueKey, chapterKey } from '../../src/snapshot/keys';
import { chapterValue, versionEntries } from './assemble';
import { searchIndexProducer } from './search-index';
import { studyProducer } from './study/producer';
import { libraryProducer } from './library/producer';
import { footnotesProducer } from './footnotes/producer';
import { textBlockPairs } from './verse-blocks';
import { downloadsProducer } from './downloads';
import { buildsBook, type PairProducer, type ProducerContext } from './producer-types';

export type { PairProducer, ProducedPair, ProducerContext } from './producer-types';

export function buildCatalogue(
  ctx: Pick<ProducerContext, 'snapshotId' | 'versions' | 'canon'>,
): CatalogueValue {
  const versions = [];
  const books = [];
  for (const v of ctx.versions) {
    const { entry, books: b } = versionEntries(v, ctx.canon);
    versions.push(entry);
    books.push(...b);
  }
  return { snapshotId: ctx.snapshotId, builtAt: '', versions, groups: ctx.canon.groups, books };
}

/** `catalogueKey(sid)` -> CatalogueValue. */
export const catalogueProducer: PairProducer = {
  name: 'catalogue',
  *produce(ctx) {
    yield {
      key: catalogueKey(ctx.snapshotId),
      value: JSON.stringify(ctx.catalogue),
      finalize: (snapshotId, builtAt) => JSON.stringify({ ...ctx.catalogue, snapshotId, builtAt }),
    };
  },
};

/**
 * `chapterKey(sid, version, book, n)` -> ChapterValue, for every chapter of every version, and a
 * tagged version's verse text blocks (./verse-blocks.ts).
 */
export const chapterProducer: PairProducer = {
  name: 'chapters',
  *produce(ctx) {
    for (const v of ctx.versions) {
      for (const b of v.ir.books) {
        if (!buildsBook(ctx, v.manifest.id, b.osis)) continue;
        const number = ctx.canon.byOsis.get(b.osis)!.number;
        for (const c of b.chapters) {
          const value = chapterValue(v.manifest.id, number, b.osis, c);
          yield {
            key: chapterKey(ctx.snapshotId, v.manifest.id, b.osis, c.chapter),
            value: JSON.stringify(value),
          };
          // A tagged version's verses in blocks too, for the pages of study results.
          if (v.manifest.words) yield* textBlockPairs(ctx.snapshotId, value);
        }
      }
    }
  },
};

export const PRODUCERS: PairProducer[] = [
  catalogueProducer,
  chapterProducer,
  footnotesProducer,
  searchIndexProducer,
  studyProducer,
  libraryProducer,
  downloadsProducer,
];
