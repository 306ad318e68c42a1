/**
 * Parsing of scripture ids (docs/contract.md "Identifiers"): `KJV:John` (book), `KJV:John.3`
 * (chapter), `KJV:John.3.16` (verse). Malformed ids give null, which routes turn into a 404.
 */

/** Longest chapter is Ps 119 (176 verses), most chapters Ps (150); anything longer is malformed. */
const MAX_NUMBER_DIGITS = 4;
const NUMBER = /^[1-9]\d*$/;

export interface BookRef {
  version: string;
  book: string;
}
export interface ChapterRef extends BookRef {
  chapter: number;
}
export interface VerseRef extends ChapterRef {
  verse: number;
}

function number(text: string | undefined): number | null {
  if (text === undefined || text.length > MAX_NUMBER_DIGITS || !NUMBER.test(text)) return null;
  return Number(text);
}

function split(id: string, parts: number): string[] | null {
  const colon = id.indexOf(':');
  if (colon <= 0) return null;
  const rest = id.slice(colon + 1).split('.');
  if (rest.length !== parts || rest[0] === '') return null;
  return [id.slice(0, colon), ...rest];
}

export function parseBookId(id: string): BookRef | null {
  const p = split(id, 1);
  return p ? { version: p[0], book: p[1] } : null;
}

export function parseChapterId(id: string): ChapterRef | null {
  const p = split(id, 2);
  const chapter = p && number(p[2]);
  return p && chapter ? { version: p[0], book: p[1], chapter } : null;
}

export function parseVerseId(id: string): VerseRef | null {
  const p = split(id, 3);
  const chapter = p && number(p[2]);
  const verse = p && number(p[3]);
  return p && chapter && verse ? { version: p[0], book: p[1], chapter, verse } : null;
}

// The id builders live with the snapshot's code, which the build shares (the downloads it hashes hold ids).
import { bookId } from '../snapshot/ids';
export { bookId, chapterId, verseId, type BookCode } from '../snapshot/ids';

/**
 * The catalogue's lookup key of a book (`kjv:john`): ids are matched case-insensitively, as the
 * original service did, so the key is the lower-cased book id.
 */
export const bookLookupKey = (version: string, osis: string): string =>
  bookId({ version, osis }).toLowerCase();

/** The catalogue's lookup key of a version (`kjv`): version codes match case-insensitively too. */
export const versionLookupKey = (id: string): string => id.toLowerCase();

/** Whether two version codes name the same version (`kjv` is `KJV`). */
export const sameVersionId = (a: string, b: string): boolean =>
  versionLookupKey(a) === versionLookupKey(b);
