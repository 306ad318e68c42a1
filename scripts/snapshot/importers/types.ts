/** The importer interface: a source config in, the neutral intermediate form (../ir.ts) out. */
import type { Canon } from '../canon';
import type { VersionCorrections } from '../corrections';
import type { VersionIR } from '../ir';
import type { SourceConfig } from '../manifest';

export interface ImportContext {
  canon: Canon;
  /**
   * Corrections of this version's raw strings (data/source-fixes.json, data/asv-errata.json);
   * importers call corrections.apply(verseId, raw) on each raw verse string before parsing.
   */
  corrections: VersionCorrections;
  /** Version id being imported (for messages). */
  version: string;
  log: (msg: string) => void;
  /**
   * What a producer running in a worker thread read of this source already, by name (the tagged
   * texts the word study reads: ../off-thread.ts); null when no worker shares it.
   */
  shared?: (name: string) => Promise<unknown> | null;
}

/** Thrown when an optional source is not installed; the build skips the version with a warning. */
export class SourceUnavailableError extends Error {}

export type Importer = (source: SourceConfig, ctx: ImportContext) => Promise<VersionIR>;

/** Collects verses in source order into books and chapters. */
export class VersionCollector {
  readonly ir: VersionIR = { books: [] };
  private byOsis = new Map<string, VersionIR['books'][number]>();

  book(osis: string) {
    let b = this.byOsis.get(osis);
    if (!b) {
      b = { osis, chapters: [] };
      this.byOsis.set(osis, b);
      this.ir.books.push(b);
    }
    return b;
  }

  chapter(osis: string, n: number) {
    const b = this.book(osis);
    let c = b.chapters[b.chapters.length - 1];
    if (!c || c.chapter !== n) {
      c = b.chapters.find((x) => x.chapter === n) ?? { chapter: n, verses: [] };
      if (!b.chapters.includes(c)) b.chapters.push(c);
    }
    return c;
  }
}

/** Map a source book name/id to OSIS through the canon table; unknown names are kept as-is so validation reports them. */
export function mapBook(
  ctx: ImportContext,
  name: string,
  bookMap?: Record<string, string>,
): string {
  return bookMap?.[name] ?? ctx.canon.resolve(name) ?? name;
}
