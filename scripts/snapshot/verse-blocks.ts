/**
 * The verse blocks of the tagged versions (src/snapshot/verse-blocks.ts): what a page of study
 * results reads instead of whole chapters. The text blocks are made here from each chapter's value
 * as the chapter producer builds it (./producers.ts), the words blocks by the study producer from
 * each chapter's tagged words (./study/producer.ts), so that neither renders or reads the other's
 * part again.
 */
import { verseTextBlockKey, verseWordsBlockKey } from '../../src/snapshot/keys';
import type { ChapterWordsValue } from '../../src/snapshot/study-types';
import type { ChapterValue } from '../../src/snapshot/types';
import { textBlocks, wordsBlocks } from '../../src/snapshot/verse-blocks';
import type { ProducedPair } from './producer-types';

/** The `vt:` pairs of one chapter's text. */
export function* textBlockPairs(snapshotId: string, chapter: ChapterValue): Iterable<ProducedPair> {
  for (const [block, value] of textBlocks(chapter.verses))
    yield {
      key: verseTextBlockKey(snapshotId, chapter.version, chapter.book, chapter.chapter, block),
      value: JSON.stringify(value),
    };
}

/** The `vw:` pairs of one chapter's tagged words. */
export function* wordsBlockPairs(
  snapshotId: string,
  chapter: ChapterWordsValue,
): Iterable<ProducedPair> {
  for (const [block, value] of wordsBlocks(chapter))
    yield {
      key: verseWordsBlockKey(snapshotId, chapter.version, chapter.book, chapter.chapter, block),
      value: JSON.stringify(value),
    };
}
