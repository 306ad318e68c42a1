/**
 * Turns imported versions into the contract's values (src/snapshot/types.ts): BookEntry for the
 * catalogue and ChapterValue per chapter, with verse HTML from markup.ts.
 */
import type { BookEntry, ChapterValue, VersionEntry } from '../../src/snapshot/types';
import { groupId, type Canon } from './canon';
import type { BookIR, ChapterIR, VersionIR } from './ir';
import { versionEntry, type ManifestVersion } from './manifest';
import { renderHeadings, renderVerse } from './markup';

export interface ImportedVersion {
  manifest: ManifestVersion;
  ir: VersionIR;
}

export function highestVerse(c: ChapterIR): number {
  return Math.max(0, ...c.verses.filter((v) => v.tokens.length).map((v) => v.lastverse ?? v.verse));
}

export function bookEntry(
  version: string,
  lang: string,
  b: BookIR,
  ord: number,
  canon: Canon,
): BookEntry {
  const cb = canon.byOsis.get(b.osis);
  if (!cb) throw new Error(`${version}: unknown book ${b.osis}`);
  const chapters = b.chapters.map(highestVerse);
  const missing: Record<string, number[]> = {};
  for (const c of b.chapters) {
    const covered = new Set<number>();
    for (const v of c.verses)
      if (v.tokens.length) for (let n = v.verse; n <= (v.lastverse ?? v.verse); n++) covered.add(n);
    const max = highestVerse(c);
    const gaps: number[] = [];
    for (let n = 1; n < max; n++) if (!covered.has(n)) gaps.push(n);
    if (gaps.length) missing[String(c.chapter)] = gaps;
  }
  return {
    version,
    osis: b.osis,
    name: canon.nameIn(lang, b.osis),
    ...otherNamesOf(canon, lang, b.osis),
    ord,
    number: cb.number,
    testament: cb.testament,
    groupId: groupId(canon, cb),
    chapters,
    ...(Object.keys(missing).length ? { missing } : {}),
  };
}

/** A book's other names in the version's language, when data/book-names.json gives any. */
function otherNamesOf(canon: Canon, lang: string, osis: string): Pick<BookEntry, 'otherNames'> {
  const names = canon.otherNamesIn(lang, osis);
  return names.length ? { otherNames: names } : {};
}

export function versionEntries(
  v: ImportedVersion,
  canon: Canon,
): { entry: VersionEntry; books: BookEntry[] } {
  const books = v.ir.books.map((b, i) =>
    bookEntry(v.manifest.id, v.manifest.lang, b, i + 1, canon),
  );
  const entry = versionEntry(
    v.manifest,
    books.map((b) => b.osis),
  );
  const notes = countNotes(v.ir);
  if (notes && v.manifest.footnotes)
    entry.footnotes = { count: notes, copyright: v.manifest.footnotes.copyright };
  return { entry, books };
}

/** The translators' notes a version's text carries. */
export function countNotes(ir: VersionIR): number {
  let n = 0;
  for (const b of ir.books)
    for (const c of b.chapters) for (const v of c.verses) n += v.notes?.length ?? 0;
  return n;
}

export function chapterValue(
  version: string,
  bookNumber: number,
  book: string,
  c: ChapterIR,
): ChapterValue {
  return {
    version,
    book,
    chapter: c.chapter,
    verses: c.verses
      .filter((v) => v.tokens.length)
      .map((v) => ({
        verse: v.verse,
        lastverse: v.lastverse ?? v.verse,
        label: '',
        html: renderVerse(bookNumber, c.chapter, v),
        ...(v.headings
          ? { headings: renderHeadings(v.headings, v.headingsLang, v.unnumbered) }
          : {}),
      })),
  };
}
