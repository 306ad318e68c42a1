import { parseVerseId } from '../catalogue/ids';
import { versesIn } from '../catalogue/navigation';
import type { Catalogue } from '../catalogue/store';
import { versionMapOf } from '../catalogue/empty-slots';
import { coveredVerses, referenceSpan } from '../catalogue/versification';
import type { Database } from '../db/client';
import { listNotes, type NoteWithReferences } from './notes';
import type { ReferenceRow } from './references';
import { listTaggings, type TaggingWithReferences } from './taggings';

/**
 * The caller's notes and taggings on one chapter, in any version (issue 11 §2): a reference
 * written on KJV John 3:16 shows on ASV and WEB John 3 as well, matched verse by verse through
 * the KJV slots of data/versification-map.json (src/catalogue/versification.ts).
 */


export interface ChapterAnnotation {
  kind: 'note' | 'tagging';
  /** The version of the first of its references that falls on this chapter. */
  writtenIn: string;
  /** Verse numbers of this chapter (in its version's numbering) that it covers, ascending. */
  verses: number[];
  note?: NoteWithReferences;
  tagging?: TaggingWithReferences;
}

function coverage(cat: Catalogue, bookIndex: number, chapter: number, references: ReferenceRow[]): { writtenIn: string; verses: number[] } | null {
  const book = cat.books[bookIndex];
  const target = versionMapOf(book.version);
  const verses = versesIn(book, chapter);
  const covered = new Set<number>();
  let writtenIn: string | null = null;
  for (const r of references) {
    const start = parseVerseId(r.start);
    const end = parseVerseId(r.end);
    if (!start || !end || start.book !== end.book) continue;
    const span = referenceSpan(versionMapOf(start.version), start.book, start, end);
    const hit = coveredVerses(target, book, chapter, verses, span);
    if (!hit.length) continue;
    writtenIn ??= start.version;
    for (const v of hit) covered.add(v);
  }
  return writtenIn ? { writtenIn, verses: [...covered].sort((a, b) => a - b) } : null;
}

/** The caller's annotations on the chapter, by first verse covered (notes before taggings). */
export async function chapterAnnotations(db: Database, userId: number, cat: Catalogue, bookIndex: number, chapter: number): Promise<ChapterAnnotation[]> {
  // All of the caller's notes and taggings (bounded by the account's quotas), then those on the chapter.
  const [{ items: notes }, { items: taggings }] = await Promise.all([listNotes(db, userId), listTaggings(db, userId)]);
  const out: ChapterAnnotation[] = [];
  for (const note of notes) {
    const c = coverage(cat, bookIndex, chapter, note.references);
    if (c) out.push({ kind: 'note', ...c, note });
  }
  for (const tagging of taggings) {
    const c = coverage(cat, bookIndex, chapter, tagging.references);
    if (c) out.push({ kind: 'tagging', ...c, tagging });
  }
  return out.sort((a, b) => a.verses[0] - b.verses[0] || (a.kind === b.kind ? 0 : a.kind === 'note' ? -1 : 1));
}
