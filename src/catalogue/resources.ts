import type { SlotEntry } from './empty-slots';
import { verseHtml } from './headings';
import { cdata, type DocNode } from '../render/document';
import { formatTimestamp } from '../render/timestamp';
import type { BookEntry, BookGroupEntry, VerseEntry, VersionEntry } from '../snapshot/types';
import { bookId, chapterId, verseId } from './ids';
import { chapterName, verseReference } from './names';
import { lastVerse, nextChapter, nextVerse, previousChapter, previousVerse } from './navigation';
import { bookPath, chapterPath, groupPath, versePath, versionPath } from './paths';
import { versionOf, type Catalogue } from './store';

/**
 * Catalogue resources as documents (docs/contract.md "Resources and their fields"). Paths in links have no
 * suffix (docs/contract.md); links carry `path`, `name`, `id` in that order.
 */

function link(path: string, name: string, id: string | number): DocNode {
  return { path, name, id };
}

export const versionLink = (v: VersionEntry) => ({ version: link(versionPath(v), v.name, v.id) });
export const bookLink = (b: BookEntry) => ({ book: link(bookPath(b), b.name, bookId(b)) });
export const chapterLink = (b: BookEntry, chapter: number) => ({
  chapter: link(chapterPath(b, chapter), chapterName(b, chapter), chapterId(b, chapter)),
});
export const verseLink = (b: BookEntry, chapter: number, verse: number) => ({
  verse: link(
    versePath(b, chapter, verse),
    verseReference(b, chapter, verse),
    verseId(b, chapter, verse),
  ),
});
const groupLink = (g: BookGroupEntry) => ({ bookgroup: link(groupPath(g), g.name, g.id) });

/** Stable integer per verse/chapter: version, book number, chapter and verse in fixed fields. */
function auditId(version: VersionEntry, book: BookEntry, chapter: number, verse = 0): number {
  return ((version.numericId * 100 + book.number) * 1000 + chapter) * 1000 + verse;
}

export function versionResource(cat: Catalogue, index: number): DocNode {
  const v = cat.versions[index];
  const next = cat.versions[index + 1];
  const previous = cat.versions[index - 1];
  return {
    id: v.id,
    version_id: v.numericId,
    name: v.name,
    abbreviation: v.abbreviation,
    lang: v.lang,
    lang_name: v.langName,
    lang_name_eng: v.langNameEng,
    info: cdata(v.info),
    updated_at: formatTimestamp(cat.value.builtAt),
    next: next ? versionLink(next) : undefined,
    previous: previous ? versionLink(previous) : undefined,
    copyright: cdata(v.copyright),
  };
}

export function groupResource(cat: Catalogue, index: number): DocNode {
  const g = cat.groups[index];
  const next = cat.groups[index + 1];
  const previous = cat.groups[index - 1];
  return {
    id: g.id,
    name: g.name,
    ord: g.ord,
    abbr: g.abbr,
    next: next ? groupLink(next) : undefined,
    previous: previous ? groupLink(previous) : undefined,
  };
}

export function bookResource(cat: Catalogue, index: number): DocNode {
  const b = cat.books[index];
  const version = versionOf(cat, b);
  const last = b.chapters.length;
  const next = cat.books[index + 1];
  const previous = cat.books[index - 1];
  return {
    id: bookId(b),
    version_id: version.numericId,
    name: b.name,
    abbr: b.osis,
    ord: b.ord,
    book_group_id: b.groupId,
    testament: b.testament,
    osis_end: verseId(b, last, lastVerse(b, last)),
    parent: versionLink(version),
    next: next ? bookLink(next) : undefined,
    previous: previous ? bookLink(previous) : undefined,
    copyright: cdata(version.copyright),
  };
}

/** A chapter; `text` (the verses' HTML) only on show. */
export function chapterResource(
  cat: Catalogue,
  bookIndex: number,
  chapter: number,
  text?: string,
): DocNode {
  const b = cat.books[bookIndex];
  const version = versionOf(cat, b);
  const next = nextChapter(cat, { bookIndex, chapter });
  const previous = previousChapter(cat, { bookIndex, chapter });
  return {
    id: chapterId(b, chapter),
    auditid: auditId(version, b, chapter),
    label: '',
    chapter,
    osis_end: verseId(b, chapter, lastVerse(b, chapter)),
    text: text === undefined ? undefined : cdata(text),
    parent: bookLink(b),
    next: next ? chapterLink(cat.books[next.bookIndex], next.chapter) : undefined,
    previous: previous ? chapterLink(cat.books[previous.bookIndex], previous.chapter) : undefined,
    copyright: cdata(version.copyright),
  };
}

/**
 * A verse; an empty slot listed among a chapter's verses (./empty-slots.ts withEmptySlots) is
 * one too, with `empty` saying why and its text saying so.
 */
export function verseResource(
  cat: Catalogue,
  bookIndex: number,
  chapter: number,
  entry: VerseEntry | SlotEntry,
  headings = false,
): DocNode {
  const b = cat.books[bookIndex];
  const version = versionOf(cat, b);
  const pos = { bookIndex, chapter, verse: entry.verse };
  const next = nextVerse(cat, { ...pos, verse: entry.lastverse });
  const previous = previousVerse(cat, pos);
  return {
    id: verseId(b, chapter, entry.verse),
    auditid: auditId(version, b, chapter, entry.verse),
    verse: entry.verse,
    lastverse: entry.lastverse,
    osis_end: verseId(b, chapter, entry.lastverse),
    label: entry.label,
    reference: verseReference(b, chapter, entry.verse, entry.lastverse),
    text: cdata(verseHtml(entry, headings)),
    empty: 'empty' in entry ? cdata(entry.empty) : undefined,
    parent: chapterLink(b, chapter),
    next: next ? verseLink(cat.books[next.bookIndex], next.chapter, next.verse) : undefined,
    previous: previous
      ? verseLink(cat.books[previous.bookIndex], previous.chapter, previous.verse)
      : undefined,
    copyright: cdata(version.copyright),
  };
}
