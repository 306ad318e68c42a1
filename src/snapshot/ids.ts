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

/**
 * A version id: a capital letter, then 1 to 15 letters or digits. It is a KV key's part and the
 * key of every per-version table of data/ (gaps, map, Psalm titles, corrections), which are plain
 * JSON objects: starting with a capital, no id can be a name every object already has
 * (`constructor`, `toString`, `__proto__`), which such a table would answer for a version that
 * has no entry.
 */
export const VERSION_ID = /^[A-Z][A-Za-z0-9]{1,15}$/;

/**
 * A version id as a request may give it: any case, the lookup folds it (`kjv`). Written without
 * a flag, so that a JSON Schema `pattern` made from its source says the same.
 */
export const ASKED_VERSION_ID = new RegExp(VERSION_ID.source.replace('^[A-Z]', '^[A-Za-z]'));
