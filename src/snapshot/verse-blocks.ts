import type { VerseEntry } from './types';
import type { ChapterWordsValue, WordValue } from './study-types';

/**
 * A page of study results (the concordance's, the grammar search's) shows up to a hundred verses,
 * which a rare number or feature scatters over as many chapters of several versions: read from
 * the chapters' values, that was a chapter's text and its tagged words per verse shown, up to 200
 * values of 7 and 25 KiB on average (a JSON parse of several MiB, 100–340 ms of CPU). So the tagged
 * versions' verses are also kept in small blocks of consecutive verses, their text (`vt:`, the
 * chapter's records) and their tagged words with what marking a page needs (`vw:`, each word's
 * text and Strong's numbers): a page reads the blocks of its verses, at most two a verse, in bulk
 * reads of a hundred keys (src/cache/snapshot-reader.ts `values`), a few KiB each. The build
 * writes them (scripts/snapshot/verse-blocks.ts, and the study producer for the words) with the
 * chapters; docs/kv-layout.md lists the keys.
 */

/** Verses a block holds: blocks of four keep a scattered page's reads at a few KiB each. */
export const VERSES_PER_BLOCK = 4;

/** The block of a verse of a chapter (verse 0, a title where a version has one, is in block 0). */
export const blockOf = (verse: number): number => Math.floor(verse / VERSES_PER_BLOCK);

/** The text of a block: every record of the chapter that holds one of the block's verses. */
export interface VerseTextBlockValue {
  verses: VerseEntry[];
}

/** A tagged word as a page of results marks it: its text and its Strong's numbers. */
export type MarkedWord = Pick<WordValue, 't' | 's'>;

/** The tagged words of a block's verses, each verse's in order (the chapter's own numbering). */
export interface VerseWordsBlockValue {
  verses: { verse: number; words: MarkedWord[] }[];
}

/** The blocks of a chapter's text, by block number, each with the records that hold one of its verses. */
export function textBlocks(records: readonly VerseEntry[]): Map<number, VerseTextBlockValue> {
  const out = new Map<number, VerseTextBlockValue>();
  for (const e of records) {
    // A record over several verses (a version that joins them) stands in each block it reaches.
    for (let b = blockOf(e.verse); b <= blockOf(e.lastverse); b++) {
      const block = out.get(b);
      if (block) block.verses.push(e);
      else out.set(b, { verses: [e] });
    }
  }
  return out;
}

/** The blocks of a chapter's tagged words, by block number. */
export function wordsBlocks(chapter: ChapterWordsValue): Map<number, VerseWordsBlockValue> {
  const out = new Map<number, VerseWordsBlockValue>();
  for (const v of chapter.verses) {
    const words = v.words.map((w): MarkedWord => (w.s ? { t: w.t, s: w.s } : { t: w.t }));
    const b = blockOf(v.verse);
    const block = out.get(b);
    if (block) block.verses.push({ verse: v.verse, words });
    else out.set(b, { verses: [{ verse: v.verse, words }] });
  }
  return out;
}
