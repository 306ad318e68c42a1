import { maxSlotDisplacement } from '../../catalogue/empty-slots';

/**
 * Which stored references a page must read: those whose own verses (start_position,
 * end_position: chapter × 1000 + verse in the version they were written in, src/db/schema.ts)
 * overlap a window of one book. The window is the verses shown, widened by what the
 * versification map can move (src/annotations/coverage/coverage-index.ts reads both sides as KJV slots): the
 * shown verses' slots lie within maxSlotDisplacement of their own numbers, and a reference's
 * span of slots within as much of its own first and last verse, so a reference that covers a
 * shown verse in any version lies within twice that of it (docs/annotations.md "How references
 * are read"). A window is read through the index `(user_id, book, start_position, end_position)`.
 */
export interface ReferenceWindow {
  /** OSIS code (a reference never spans books, and the map moves verses within a book). */
  book: string;
  /** The smallest end_position a reference may have to be read. */
  from: number;
  /** The largest start_position a reference may have to be read. */
  to: number;
}

/** Beyond every position: a book whose map moves a verse into another book is read whole. */
const WHOLE_BOOK_END = 1_000_000_000;

/** The window of verses `first`..`last` of a chapter of `book` (OSIS) in any version's numbering. */
export function versesWindow(
  book: string,
  chapter: number,
  first: number,
  last: number,
): ReferenceWindow {
  const margin = 2 * maxSlotDisplacement(book);
  if (!Number.isFinite(margin)) return { book, from: 0, to: WHOLE_BOOK_END };
  return {
    book,
    from: Math.max(0, chapter * 1000 + first - margin),
    to: chapter * 1000 + last + margin,
  };
}

/** The window of a whole chapter (a verse number is below 1000: src/annotations/coverage/coverage-index.ts). */
export function chapterWindow(book: string, chapter: number): ReferenceWindow {
  return versesWindow(book, chapter, 0, 999);
}

/** One window per book, spanning the book's windows (fewer statements, each one index range). */
export function mergeWindows(windows: readonly ReferenceWindow[]): ReferenceWindow[] {
  const byBook = new Map<string, ReferenceWindow>();
  for (const w of windows) {
    const seen = byBook.get(w.book);
    if (seen)
      byBook.set(w.book, {
        book: w.book,
        from: Math.min(seen.from, w.from),
        to: Math.max(seen.to, w.to),
      });
    else byBook.set(w.book, { ...w });
  }
  return [...byBook.values()];
}
