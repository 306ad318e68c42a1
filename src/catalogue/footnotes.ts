import type { SnapshotReader } from '../cache/snapshot-reader';
import { echo, notFound } from '../http/errors';
import { cdata, type DocNode } from '../render/document';
import { noteNode } from '../render/footnote-node';
import type { BookEntry, FootnoteValue, VersionEntry } from '../snapshot/types';
import { lacksVerse } from './empty-slots';
import { parseVerseId } from './ids';
import { chapterFromId, findBookIndex, verseFromId } from './lookup';
import { hasVerse } from './navigation';
import { chapterLink, verseLink } from './resources';
import { loadFootnotes, versionOf, type Catalogue } from './store';

/**
 * The translators' notes (docs/footnotes.md): a version's own footnotes and margin notes, per
 * verse, each at its place in the verse's plain text. A sub-resource of the verse and the chapter,
 * so the v1 contract's `text` stays as it was. A version the snapshot holds no notes for is a 404
 * that names the versions that have them; a verse or chapter without notes is an empty list.
 */

export interface VerseFootnotes {
  verse: number;
  notes: FootnoteValue[];
}

export interface FootnotesResult {
  bookIndex: number;
  chapter: number;
  /** Set for a verse's list; absent for a chapter's. */
  verse?: number;
  verses: VerseFootnotes[];
  version: VersionEntry & { footnotes: NonNullable<VersionEntry['footnotes']> };
}

/** The version of a book, which must have notes. */
function versionWithNotes(cat: Catalogue, bookIndex: number): FootnotesResult['version'] {
  const version = versionOf(cat, cat.books[bookIndex]!);
  if (!version.footnotes) {
    const withNotes = cat.versions.filter((v) => v.footnotes).map((v) => v.id);
    throw notFound(
      `The ${version.id} has no translators' notes in this service` +
        (withNotes.length ? ` (versions with notes: ${withNotes.join(', ')})` : ''),
    );
  }
  return version as FootnotesResult['version'];
}

/**
 * The notes of a chapter of `book`'s version, for the reading pages: none without a read when the
 * version has no notes; `verses` keeps those of a verse record (`[first, last]`).
 */
export async function chapterNotes(
  snap: SnapshotReader,
  cat: Catalogue,
  book: BookEntry,
  chapter: number,
  verses?: [number, number],
): Promise<FootnoteValue[]> {
  if (!versionOf(cat, book).footnotes) return [];
  const notes = (await loadFootnotes(snap, book, chapter))?.notes ?? [];
  return verses ? notes.filter((n) => n.verse >= verses[0] && n.verse <= verses[1]) : notes;
}

/** Groups a chapter's notes by verse, in verse order (the build writes them so). */
function byVerse(notes: FootnoteValue[]): VerseFootnotes[] {
  const out: VerseFootnotes[] = [];
  for (const n of notes) {
    const last = out[out.length - 1];
    if (last?.verse === n.verse) last.notes.push(n);
    else out.push({ verse: n.verse, notes: [n] });
  }
  return out;
}

/**
 * GET /verses/{verse_id}/footnotes. A slot the version leaves without text answers with its notes
 * when it has some (the WEB's Acts 8:37: "TR adds …" says why the verse is not there); otherwise
 * it is the verse lookup's 404.
 */
export async function verseFootnotes(
  snap: SnapshotReader,
  cat: Catalogue,
  id: string,
): Promise<FootnotesResult> {
  // The verse lookup's own 404 (it says why a slot is empty), where there is nothing to answer.
  const unknown = (): never => {
    verseFromId(cat, id);
    throw notFound(`Unknown verse: ${echo(id)}`);
  };
  const ref = parseVerseId(id) ?? unknown();
  const bookIndex = findBookIndex(cat, ref.version, ref.book);
  const book = cat.books[bookIndex]!;
  const held = hasVerse(book, ref.chapter, ref.verse);
  if (!held && !lacksVerse(book, ref.chapter, ref.verse)) unknown();
  const version = versionWithNotes(cat, bookIndex);
  const value = await loadFootnotes(snap, book, ref.chapter);
  const verses = byVerse(value?.notes.filter((n) => n.verse === ref.verse) ?? []);
  if (!held && !verses.length) unknown();
  return { bookIndex, chapter: ref.chapter, verse: ref.verse, verses, version };
}

/** GET /chapters/{chapter_id}/footnotes: every note of the chapter, from one read. */
export async function chapterFootnotes(
  snap: SnapshotReader,
  cat: Catalogue,
  id: string,
): Promise<FootnotesResult> {
  const { bookIndex, chapter } = chapterFromId(cat, id);
  const version = versionWithNotes(cat, bookIndex);
  const value = await loadFootnotes(snap, cat.books[bookIndex]!, chapter);
  return { bookIndex, chapter, verses: byVerse(value?.notes ?? []), version };
}

/**
 * The `footnotes` root: the chapter (a chapter's request), the version, and `verse`, each verse
 * with its notes in the order of their places: one for a verse's request, every verse that has
 * notes for a chapter's, as the cross-references are laid out.
 */
export function footnotesDocument(cat: Catalogue, r: FootnotesResult): DocNode {
  const book = cat.books[r.bookIndex]!;
  return {
    chapter: r.verse === undefined ? chapterLink(book, r.chapter).chapter : undefined,
    version: r.version.id,
    verse: r.verses.map((v) => ({
      ...verseLink(book, r.chapter, v.verse).verse,
      note: v.notes.map(noteNode),
    })),
    summary: {
      verses: r.verses.length,
      total: r.verses.reduce((n, v) => n + v.notes.length, 0),
      in_version: r.version.footnotes.count,
    },
    copyright: cdata(r.version.footnotes.copyright),
  };
}
