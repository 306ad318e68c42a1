import type { SnapshotReader } from '../cache/snapshot-reader';
import {
  chapterWordsKey,
  concordanceKey,
  lemmaIndexKey,
  lexiconKey,
  studyMetaKey,
} from '../snapshot/keys';
import type {
  ChapterWordsValue,
  ConcordanceValue,
  LemmaIndexValue,
  LexiconValue,
  StudyMetaValue,
} from '../snapshot/study-types';
import { loadChapter, readPerChapter, type Catalogue } from '../catalogue/store';
import type { BookEntry, VerseEntry } from '../snapshot/types';

/**
 * Reads the word-study values of the snapshot (keys in src/snapshot/keys.ts), kept in the isolate
 * by the request's reader (src/cache/snapshot-reader.ts): a chapter's words are read once for its
 * words resource, its interlinear page and the concordance pages that show it. A miss (a version
 * without tagged words, a number no lexicon has) is null, never an error.
 */

export function loadChapterWords(
  snap: SnapshotReader,
  book: BookEntry,
  chapter: number,
): Promise<ChapterWordsValue | null> {
  return snap.value(chapterWordsKey(snap.id, book.version, book.osis, chapter));
}

export function loadLexicon(snap: SnapshotReader, number: string): Promise<LexiconValue | null> {
  return snap.value(lexiconKey(snap.id, number));
}

export function loadConcordance(
  snap: SnapshotReader,
  version: string,
  number: string,
): Promise<ConcordanceValue | null> {
  return snap.value(concordanceKey(snap.id, version, number));
}

/** The study layer's facts; null in a snapshot built without the study sources. */
export function loadStudyMeta(snap: SnapshotReader): Promise<StudyMetaValue | null> {
  return snap.value(studyMetaKey(snap.id));
}

/** One language's headword index (search by lemma); null in a snapshot without it. */
export function loadLemmaIndex(
  snap: SnapshotReader,
  prefix: 'H' | 'G',
): Promise<LemmaIndexValue | null> {
  return snap.value(lemmaIndexKey(snap.id, prefix));
}

/** A verse of a page of study results: where it is, and what the page found in it. */
export interface PageVerse {
  bookIndex: number;
  chapter: number;
  verse: number;
}

/**
 * Each verse of a page of results (the concordance's, the grammar search's) with its record in the
 * chapter's text and the chapter's tagged words, each chapter read once whatever the number of its
 * verses on the page. A verse the chapter lacks is the build's fault (the index and the chapter
 * values come from one snapshot): `what` names the index in the error.
 */
export async function pageVerseRecords<P extends PageVerse>(
  snap: SnapshotReader,
  cat: Catalogue,
  page: P[],
  what: string,
): Promise<{ verse: P; entry: VerseEntry; words: ChapterWordsValue | null }[]> {
  const chapterOf = readPerChapter(page, (p) => {
    const book = cat.books[p.bookIndex];
    return Promise.all([
      loadChapter(snap, book, p.chapter),
      loadChapterWords(snap, book, p.chapter),
    ]);
  });
  const out = [];
  for (const p of page) {
    const [text, words] = await chapterOf(p);
    const entry = text?.verses.find((e) => e.verse <= p.verse && p.verse <= e.lastverse);
    if (!entry)
      throw new Error(
        `${what} and chapter ${p.bookIndex}.${p.chapter} disagree on verse ${p.verse}`,
      );
    out.push({ verse: p, entry, words });
  }
  return out;
}
