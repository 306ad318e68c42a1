/**
 * The shapes every pair producer shares (scripts/snapshot/producers.ts runs them; the search
 * index, scripts/snapshot/search-index.ts, is one): their own module, so that the producer list
 * and a producer never import each other (no import circles).
 */
import type { CatalogueValue } from '../../src/snapshot/types';
import type { Stemmer } from '../../src/snapshot/stemmers';
import type { ImportedVersion } from './assemble';
import type { Canon } from './canon';
import type { KvPair } from './limits';

export interface ProducerContext {
  /** Placeholder snapshot id; keys are rewritten to the real content-hash id afterwards. */
  snapshotId: string;
  canon: Canon;
  versions: ImportedVersion[];
  /** Fixture mode: only these books get chapter (and other per-book) keys; the catalogue stays complete. */
  books?: Set<string>;
  /** Fixture mode, per version: a version listed here gets keys for these books only (`WLC:Jonah`). */
  versionBooks?: Map<string, Set<string>>;
  /**
   * Fixture mode: the tagged words (and so the concordance and lexicon) of these books (`John`) and
   * chapters (`Ps.3`) only (`words:John`, `words:Ps.3`).
   */
  studyBooks?: Set<string>;
  /**
   * Fixture mode: the reference library's per-chapter values of these KJV books
   * (`John`) and chapters (`Ps.23`) only (`library:John`, `library:Ps.23`), and the topics citing them.
   */
  libraryChapters?: Set<string>;
  /** The build's log (the library's figures, a skipped module's warning). */
  log?: (msg: string) => void;
  /** The build summary's `skipped`: a producer whose optional source is missing adds its id. */
  skipped?: string[];
  /** A producer's figures for the build summary (`summary.figures[name]`). */
  figures?: Record<string, unknown>;
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

/** Whether a version's book gets its per-book keys (chapters, search docs, words) in this build. */
export function buildsBook(
  ctx: Pick<ProducerContext, 'books' | 'versionBooks'>,
  version: string,
  osis: string,
): boolean {
  const own = ctx.versionBooks?.get(version);
  if (own) return own.has(osis);
  return !ctx.books || ctx.books.has(osis);
}
