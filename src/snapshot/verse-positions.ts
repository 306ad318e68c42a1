/**
 * A verse's position in its book: chapter × 1000 + verse, one number that orders a book's verses
 * (no chapter has 1,000 verses: the bound the verse codes rely on too, ./verse-codes.ts). The
 * numbering across versions keys its slots by it (src/catalogue/versification.ts), the coverage of
 * annotations compares spans by it, and D1 stores each reference's first and last as one
 * (`start_position`, `end_position`: src/db/schema.ts builds that SQL from VERSES_PER_CHAPTER).
 */

/** Room for a chapter's verses in a position. */
export const VERSES_PER_CHAPTER = 1_000;

/** The position of `verse` of `chapter`. */
export const versePosition = (chapter: number, verse: number): number =>
  chapter * VERSES_PER_CHAPTER + verse;

/** The chapter and verse of a position (versePosition's inverse). */
export const verseAtPosition = (position: number): { chapter: number; verse: number } => ({
  chapter: Math.floor(position / VERSES_PER_CHAPTER),
  verse: position % VERSES_PER_CHAPTER,
});
