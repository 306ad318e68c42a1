import type { SnapshotReader } from '../cache/snapshot-reader';
import {
  chapterWordsKey,
  concordanceKey,
  lemmaIndexKey,
  lexiconKey,
  studyMetaKey,
  verseTextBlockKey,
  verseWordsBlockKey,
} from '../snapshot/keys';
import type {
  ChapterWordsValue,
  ConcordanceValue,
  LemmaIndexValue,
  LexiconValue,
  StudyMetaValue,
} from '../snapshot/study-types';
import type { Catalogue } from '../catalogue/store';
import { MAX_PAGE_VALUES } from '../api/limits';
import { itemsWithinReads } from '../http/paging';
import type { BookEntry, VerseEntry } from '../snapshot/types';
import {
  blockOf,
  type MarkedWord,
  type VerseTextBlockValue,
  type VerseWordsBlockValue,
} from '../snapshot/verse-blocks';

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

/** The tagged words of the verses around a page's verse, by verse number (those its blocks hold). */
export interface PageWords {
  verses: { verse: number; words: MarkedWord[] }[];
}

/**
 * Each verse of a page of results (the concordance's, the grammar search's) with its record in the
 * chapter's text and the tagged words of the verses that record spans, read from the verse blocks
 * of the tagged versions (src/snapshot/verse-blocks.ts): a block's text and words once whatever the
 * number of its verses on the page, all in bulk reads, so that a page scattered over a hundred
 * chapters reads a few KiB a verse instead of two whole chapters; and at most MAX_PAGE_VALUES
 * values: the verses past them are left out (the first verses of the page that fit, at least one),
 * and the caller's page holds as many as were read. A verse without its record is the build's fault
 * (the index and the blocks come from one snapshot): `what` names the index in the error.
 */
export async function pageVerseRecords<P extends PageVerse>(
  snap: SnapshotReader,
  cat: Catalogue,
  verses: P[],
  what: string,
): Promise<{ verse: P; entry: VerseEntry; words: PageWords | null }[]> {
  const blockKeys = (p: PageVerse, block: number) => {
    const b = cat.books[p.bookIndex];
    return [
      verseTextBlockKey(snap.id, b.version, b.osis, p.chapter, block),
      verseWordsBlockKey(snap.id, b.version, b.osis, p.chapter, block),
    ];
  };
  // A page whose verses are far apart holds as many as MAX_PAGE_VALUES values of blocks allow.
  const page = verses.slice(
    0,
    itemsWithinReads(verses, (p) => blockKeys(p, blockOf(p.verse)), MAX_PAGE_VALUES),
  );
  const read = new Map<string, VerseTextBlockValue | VerseWordsBlockValue | null>();
  const readAll = async (keys: string[]) => {
    const wanted = [...new Set(keys)].filter((k) => !read.has(k));
    const values = await snap.values<VerseTextBlockValue | VerseWordsBlockValue>(wanted);
    wanted.forEach((k, i) => read.set(k, values[i]));
  };
  await readAll(page.flatMap((p) => blockKeys(p, blockOf(p.verse))));
  const entries = page.map((p) => {
    const [text] = blockKeys(p, blockOf(p.verse));
    const entry = (read.get(text) as VerseTextBlockValue | null)?.verses.find(
      (e) => e.verse <= p.verse && p.verse <= e.lastverse,
    );
    if (!entry)
      throw new Error(
        `${what} and chapter ${p.bookIndex}.${p.chapter} disagree on verse ${p.verse}`,
      );
    return entry;
  });
  // A record over verses of several blocks (a version that joins verses) needs their words too.
  const more = page.flatMap((p, i) => {
    const keys: string[] = [];
    for (let b = blockOf(entries[i].verse); b <= blockOf(entries[i].lastverse); b++)
      keys.push(blockKeys(p, b)[1]);
    return keys;
  });
  await readAll(more);
  return page.map((p, i) => {
    const entry = entries[i];
    const verses: PageWords['verses'] = [];
    let found = false;
    for (let b = blockOf(entry.verse); b <= blockOf(entry.lastverse); b++) {
      const block = read.get(blockKeys(p, b)[1]) as VerseWordsBlockValue | null;
      if (!block) continue;
      found = true;
      for (const v of block.verses)
        if (v.verse >= entry.verse && v.verse <= entry.lastverse) verses.push(v);
    }
    return { verse: p, entry, words: found ? { verses } : null };
  });
}
