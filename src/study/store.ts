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
import type { BookEntry } from '../snapshot/types';

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
