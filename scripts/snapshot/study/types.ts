import type { LexiconValue } from '../../../src/snapshot/study-types';

/**
 * What the study sources give the build, once read: the tagged words of a verse and
 * the lexicon entries. The readers in this folder turn the Debian packages' files into these
 * records; the producers turn the records into KV values (src/snapshot/study-types.ts).
 *
 * Strong's numbers are written one way everywhere: a letter and the number without zero padding
 * (`H7225`, `G25`; the sources write `H07225`, `G0025`, `strong:H0430`), by `normalizeStrongs`
 * (src/snapshot/strongs.ts); a letter suffix is written lower case (`H1254a`).
 */

/** A morphology code with the scheme that reads it (src/study/morphology). */
export interface MorphCode {
  scheme: 'robinson' | 'strongMorph' | 'oshb' | 'morphgnt';
  code: string;
}

/** One word (or phrase) of a tagged text, in the order of the text. */
export interface TaggedWord {
  /**
   * The word as printed. KJV: the English phrase one tag covers ("In the beginning"), or '' for a
   * Greek word the KJV does not render. Hebrew: the pointed word with its morpheme slashes
   * removed. Greek (TR): the Textus Receptus word.
   */
  text: string;
  /** Strong's numbers, normalized (`H7225`); empty when the source gives none. */
  strongs: string[];
  /** Lemmas where the source has them: OSHB `lemma` as written (`b/7225`); KJV NT the TR words (`lemma.TR:`). */
  lemma?: string[];
  /** Morphology codes, one per code the source gives, in its order. */
  morph?: MorphCode[];
  /** KJV NT: 1-based positions of the Greek words it translates in the TR's word order (`src`). */
  src?: number[];
  /** KJV: a word the translators supplied (`transChange type="added"`, italic in print). */
  added?: boolean;
  /** KJV: a word of a Psalm's title, which opens verse 1 (printed before the verse, apart). */
  title?: boolean;
  /**
   * KJV: the indexes of `strongs` whose original word (Hebrew or Greek) an earlier tagged word
   * renders already: one Greek word rendered by two English phrases (both name its place in the
   * Textus Receptus), one Hebrew word split over two (`type="x-split-N"`). The concordance counts
   * an original word once (`occurrences`).
   */
  repeats?: number[];
  /** KJV: the word holds a divine name (`<divineName>`), printed in small capitals: LORD, GOD. */
  divineName?: boolean;
  /** What follows the word before the next one (spaces, punctuation, maqaf `־`, sof pasuq `׃`). */
  after?: string;
}

/** The tagged words of one verse, numbered as the source numbers it. */
export interface TaggedVerse {
  /** OSIS book id (`Gen`, `John`). */
  book: string;
  chapter: number;
  verse: number;
  words: TaggedWord[];
  /**
   * What the edition prints before the verse that is not verse text: headings, in their own
   * language (the SBLGNT's are English), and a passage it gives no verse number, after the first
   * `at` headings (Mark 16's Intermediate Ending, before 16:9: ./sblgnt.ts readUnnumbered).
   */
  before?: { headings: string[]; lang: string; unnumbered?: { at: number; text: string } };
}

/**
 * One entry of a Strong's lexicon with what the other lexicons link to it, as the readers give it:
 * the snapshot's `LexiconValue` (src/snapshot/study-types.ts, where each field is described)
 * before the build adds the language and the occurrences. `fuller` names its two sources.
 */
export type LexiconEntry = Omit<LexiconValue, 'lang' | 'occurrences' | 'fuller'> & {
  fuller?: { source: 'BDB' | 'Abbott-Smith'; id: string; headword: string; html: string }[];
};
