import { chapterId, verseId } from '../catalogue/ids';
import { chapterVersesPath } from '../catalogue/verse-range';
import { chapterPath, versePath } from '../catalogue/paths';
import { rangeName } from '../catalogue/names';
import { findBook, type Catalogue } from '../catalogue/store';
import { slotsOf, type VersionMap } from '../catalogue/versification';
import { versesIn } from '../catalogue/navigation';
import type { DocNode } from '../render/document';
import type { BookEntry } from '../snapshot/types';
import { verseAtPosition } from '../snapshot/verse-positions';

/**
 * The passages of the reference library as our verse resources. The values write them
 * in OSIS in the KJV's numbering (src/snapshot/library-types.ts): `John.3.16`, `Rom.5.6-Rom.5.8`,
 * `Exod.32`, `Gen.1-Gen.3`; here each becomes a `passage` with its reference as a reader writes it
 * (`Romans 5:6-8`), its first and last verse ids and the path of our resource that shows exactly
 * it (a verse, a chapter, or a chapter's verse list), as the build's links do.
 */

/** The version every source of the library numbers its verses by (the pivot of the versification map). */
export const LIBRARY_VERSION = 'KJV';

export interface Passage {
  book: BookEntry;
  startChapter: number;
  startVerse: number;
  endChapter: number;
  endVerse: number;
}

const OSIS = /^([1-4]?[A-Za-z]+)\.(\d+)(?:\.(\d+))?(?:-\1\.(\d+)(?:\.(\d+))?)?$/;

/** An OSIS passage of the values as a passage of the KJV; null for one the catalogue lacks. */
export function parsePassage(cat: Catalogue, osis: string): Passage | null {
  const m = OSIS.exec(osis);
  if (!m) return null;
  const index = findBook(cat, LIBRARY_VERSION, m[1]!);
  if (index === undefined) return null;
  const book = cat.books[index]!;
  const startChapter = Number(m[2]);
  const endChapter = m[4] === undefined ? startChapter : Number(m[4]);
  const last = versesIn(book, endChapter);
  if (!last.length) return null;
  const startVerse = m[3] === undefined ? 1 : Number(m[3]);
  const endVerse =
    m[3] === undefined
      ? last[last.length - 1]!
      : m[4] === undefined
        ? startVerse
        : Number(m[5] ?? last[last.length - 1]);
  return { book, startChapter, startVerse, endChapter, endVerse };
}

/** Where our resources show exactly the passage. */
export function passagePath(p: Passage): string {
  const range = {
    startChapter: p.startChapter,
    startVerse: p.startVerse,
    endChapter: p.endChapter,
    endVerse: p.endVerse,
  };
  if (p.startChapter === p.endChapter && p.startVerse === p.endVerse)
    return versePath(p.book, p.startChapter, p.startVerse);
  const path = chapterVersesPath(p.book, range, 'xml').replace('/verses.xml', '/verses');
  return path === `${chapterPath(p.book, p.startChapter)}/verses`
    ? chapterPath(p.book, p.startChapter)
    : path;
}

/** The `passage` node: reference, first and last verse, path. */
export function passageNode(p: Passage): DocNode {
  return {
    reference: rangeName(p.book, {
      startChapter: p.startChapter,
      startVerse: p.startVerse,
      endChapter: p.endChapter,
      endVerse: p.endVerse,
    }),
    start: verseId(p.book, p.startChapter, p.startVerse),
    end: verseId(p.book, p.endChapter, p.endVerse),
    path: passagePath(p),
  };
}

/** The passage node of an OSIS passage, or null when the catalogue lacks it. */
export function osisPassageNode(cat: Catalogue, osis: string): DocNode | null {
  const p = parsePassage(cat, osis);
  return p ? passageNode(p) : null;
}

/** A KJV chapter's id (`KJV:John.3`). */
export const libraryChapterId = (book: string, chapter: number) =>
  chapterId({ version: LIBRARY_VERSION, osis: book }, chapter);

/**
 * The KJV chapters a version's chapter (or some of its verses) stands for, through the
 * versification map: usually its own number, sometimes two (WLC Joel 3 is KJV Joel 2:28-32; RV1909
 * Jonah 2 holds the KJV's Jonah 1:17), each with the KJV verses of it the request covers.
 */
export function kjvChaptersOf(
  map: VersionMap,
  book: BookEntry,
  chapter: number,
  verses: number[],
): { book: string; chapter: number; verses: Set<number> }[] {
  const out = new Map<string, { book: string; chapter: number; verses: Set<number> }>();
  for (const v of verses) {
    for (const s of slotsOf(map, book.osis, chapter, v)) {
      const at = verseAtPosition(s.n);
      const key = `${s.book}.${at.chapter}`;
      let entry = out.get(key);
      if (!entry) out.set(key, (entry = { book: s.book, chapter: at.chapter, verses: new Set() }));
      entry.verses.add(at.verse);
    }
  }
  return [...out.values()];
}
