import type { BookEntry } from '../snapshot/types';
import { isWholeChapters, type VerseRange } from './verse-range';

/**
 * Human names of chapters and verses, the one place every `name`, `reference` and passage
 * `display` is built from (docs/contract.md "Verse": `reference` such as `<book_name> <chapter>:<verse>`).
 */

/**
 * `John 3`. A one-chapter book whose name already ends in its number is just its name: WEB's
 * `AddPs` is "Psalm 151", so its chapter is "Psalm 151", not "Psalm 151 1", and its verses read
 * "Psalm 151:1". One-chapter books named without a number keep it (`Jude 1:9`).
 */
export function chapterName(b: BookEntry, chapter: number): string {
  if (b.chapters.length === 1 && /\d$/.test(b.name)) return b.name;
  return `${b.name} ${chapter}`;
}

/** Human reference, e.g. `John 3:16` or `Isaiah 8:3-4` for a merged record. */
export function verseReference(
  b: BookEntry,
  chapter: number,
  verse: number,
  lastverse = verse,
): string {
  return `${chapterName(b, chapter)}:${verse}${lastverse !== verse ? `-${lastverse}` : ''}`;
}

/**
 * A range of one book as a reader writes it (passage `display`): `John 3:16`, `John 3:16-18`,
 * `John 3`, `John 3-5`, `Genesis 1:1-2:3`, `Psalm 151:1-3`.
 */
export function rangeName(b: BookEntry, r: VerseRange): string {
  const first = chapterName(b, r.startChapter);
  if (isWholeChapters(b, r))
    return r.startChapter === r.endChapter ? first : `${first}-${r.endChapter}`;
  if (r.startChapter === r.endChapter)
    return r.startVerse === r.endVerse
      ? `${first}:${r.startVerse}`
      : `${first}:${r.startVerse}-${r.endVerse}`;
  return `${first}:${r.startVerse}-${r.endChapter}:${r.endVerse}`;
}
