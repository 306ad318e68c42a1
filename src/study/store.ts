import { LruCache } from '../cache/lru';
import type { Catalogue } from '../catalogue/store';
import { chapterWordsKey, concordanceKey, lemmaIndexKey, lexiconKey, studyMetaKey } from '../snapshot/keys';
import { readSnapshotJson, type ReadCounter } from '../snapshot/read';
import type { ChapterWordsValue, ConcordanceValue, LemmaIndexValue, LexiconValue, StudyMetaValue } from '../snapshot/study-types';
import type { BookEntry } from '../snapshot/types';

/**
 * Reads the word-study values of the snapshot (issue 21; keys in src/snapshot/keys.ts), each kept
 * per isolate in a small LRU as chapters are (src/catalogue/store.ts): a chapter's words are read
 * once for its words resource, its interlinear page and the concordance pages that show it.
 * A miss (a version without tagged words, a number no lexicon has) is null, never an error.
 */

/** A Hebrew chapter's words are ~60 KB of JSON (Ps 119 ~250 KB); 60 of them stay well under 16 MB. */
const chapterWords = new LruCache<ChapterWordsValue | null>(60);
const lexicon = new LruCache<LexiconValue | null>(500);
/** Concordance values of frequent numbers run to tens of KB; 100 of them. */
const concordance = new LruCache<ConcordanceValue | null>(100);
const meta = new LruCache<StudyMetaValue | null>(2);
/** The two headword indexes (~140 KB of JSON each). */
const lemmas = new LruCache<LemmaIndexValue | null>(2);

async function cached<T>(cache: LruCache<T | null>, env: Env, reads: ReadCounter, key: string): Promise<T | null> {
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const value = await readSnapshotJson<T>(env.SNAPSHOT, reads, key);
  cache.set(key, value);
  return value;
}

export function loadChapterWords(env: Env, reads: ReadCounter, cat: Catalogue, book: BookEntry, chapter: number): Promise<ChapterWordsValue | null> {
  return cached(chapterWords, env, reads, chapterWordsKey(cat.value.snapshotId, book.version, book.osis, chapter));
}

export function loadLexicon(env: Env, reads: ReadCounter, cat: Catalogue, number: string): Promise<LexiconValue | null> {
  return cached(lexicon, env, reads, lexiconKey(cat.value.snapshotId, number));
}

export function loadConcordance(env: Env, reads: ReadCounter, cat: Catalogue, version: string, number: string): Promise<ConcordanceValue | null> {
  return cached(concordance, env, reads, concordanceKey(cat.value.snapshotId, version, number));
}

/** The study layer's facts; null in a snapshot built without the study sources. */
export function loadStudyMeta(env: Env, reads: ReadCounter, cat: Catalogue): Promise<StudyMetaValue | null> {
  return cached(meta, env, reads, studyMetaKey(cat.value.snapshotId));
}

/** One language's headword index (search by lemma); null in a snapshot without it. */
export function loadLemmaIndex(env: Env, reads: ReadCounter, cat: Catalogue, prefix: 'H' | 'G'): Promise<LemmaIndexValue | null> {
  return cached(lemmas, env, reads, lemmaIndexKey(cat.value.snapshotId, prefix));
}
