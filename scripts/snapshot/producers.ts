/**
 * Pair producers: each turns the imported versions into KV pairs. The builder runs every producer
 * in PRODUCERS; a new kind of key (e.g. the search index, issue 3) is one more entry there.
 */
import type { CatalogueValue } from '../../src/snapshot/types';
import { catalogueKey, chapterKey } from '../../src/snapshot/keys';
import type { Canon } from './canon';
import { chapterValue, versionEntries, type ImportedVersion } from './assemble';
import type { KvPair } from './limits';
import { searchIndexProducer } from './search-index';
import type { Stemmer } from '../../src/snapshot/stemmers';

export interface ProducerContext {
  /** Placeholder snapshot id; keys are rewritten to the real content-hash id afterwards. */
  snapshotId: string;
  canon: Canon;
  versions: ImportedVersion[];
  /** Fixture mode: only these books get chapter (and other per-book) keys; the catalogue stays complete. */
  books?: Set<string>;
  /** The catalogue (built once, shared by producers). */
  catalogue: CatalogueValue;
  /** The stemmer of every version language (loaded before producers run; they are synchronous). */
  stemmers: Map<string, Stemmer>;
}

/** A pair whose value depends on the final snapshot id or build time (excluded from the content hash). */
export interface ProducedPair extends KvPair {
  finalize?: (snapshotId: string, builtAt: string) => string;
}

export interface PairProducer {
  name: string;
  produce(ctx: ProducerContext): Iterable<ProducedPair>;
}

export function buildCatalogue(ctx: Omit<ProducerContext, 'catalogue' | 'stemmers'>): CatalogueValue {
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

/** `chapterKey(sid, version, book, n)` -> ChapterValue, for every chapter of every version. */
export const chapterProducer: PairProducer = {
  name: 'chapters',
  *produce(ctx) {
    for (const v of ctx.versions) {
      for (const b of v.ir.books) {
        if (ctx.books && !ctx.books.has(b.osis)) continue;
        const number = ctx.canon.byOsis.get(b.osis)!.number;
        for (const c of b.chapters) {
          yield { key: chapterKey(ctx.snapshotId, v.manifest.id, b.osis, c.chapter), value: JSON.stringify(chapterValue(v.manifest.id, number, b.osis, c)) };
        }
      }
    }
  },
};

export const PRODUCERS: PairProducer[] = [
  catalogueProducer,
  chapterProducer,
  searchIndexProducer,
];
