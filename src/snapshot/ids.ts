/**
 * The ONE builder of scripture ids (docs/contract.md "Identifiers"), used wherever an id is
 * written: by the worker (src/catalogue/ids.ts re-exports it) and by the build, whose
 * whole-version downloads carry the same ids as the API's resources (scripts/snapshot/downloads.ts).
 */

/** What the id builders need of a book: its version id and OSIS code (`BookEntry` has both). */
export interface BookCode {
  version: string;
  osis: string;
}

export const bookId = (b: BookCode): string => `${b.version}:${b.osis}`;
export const chapterId = (b: BookCode, chapter: number): string => `${bookId(b)}.${chapter}`;
export const verseId = (b: BookCode, chapter: number, verse: number): string =>
  `${chapterId(b, chapter)}.${verse}`;
