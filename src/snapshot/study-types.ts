/**
 * Value shapes of the word-study part of the snapshot (keys in ./keys.ts, layout in
 * docs/study.md). The build (scripts/snapshot/study) writes them and the worker
 * (src/study) reads them. Strong's numbers are normalized everywhere: `H7225`, `G25`.
 */

/**
 * The morphology schemes, named as the tags name them (`robinson:V-AAI-3S`, `strongMorph:TH8804`,
 * `oshb:HVqp3ms`), and MorphGNT's parsing of the SBL Greek New Testament (`morphgnt:V-3AAI-S--`):
 * the one list, which the chapters' words, the grammar index, the decoders
 * (src/study/morphology) and what each scheme can answer of a grammar search
 * (src/study/grammar/schemes.ts) are keyed by.
 */
export const MORPH_SCHEMES = ['robinson', 'strongMorph', 'oshb', 'morphgnt'] as const;
export type MorphScheme = (typeof MORPH_SCHEMES)[number];

/**
 * One word (or the phrase one tag covers) of a tagged text, with short keys: a chapter of the
 * Hebrew Bible holds hundreds of these and the value is read per request.
 */
export interface WordValue {
  /** Text as printed ('' for a Greek word the KJV leaves untranslated). */
  t: string;
  /** Strong's numbers. */
  s?: string[];

  /** Lemmas where the source has them (OSHB lemma as written; the KJV NT's Textus Receptus words). */
  l?: string[];
  /** Morphology codes in the chapter's `scheme` (`V-AAI-3S`, `TH8804`, `HVqp3ms`). */
  m?: string[];
  /** KJV NT: positions of the Greek words it renders in the Textus Receptus's order. */
  g?: number[];
  /** 1 when the translators supplied the word (italic in print). */
  a?: 1;
  /** 1 for a word of a Psalm's title, which opens verse 1 (KJV). */
  h?: 1;
  /** What follows the word (punctuation, maqaf, sof pasuq, '' at the end); absent: one space. */
  x?: string;
}

/** The tagged words of one chapter, per verse in the version's own numbering. */
export interface ChapterWordsValue {
  version: string;
  book: string;
  chapter: number;
  /** The morphology scheme of every `m` code of the chapter (one per text and testament). */
  scheme?: MorphScheme;
  /**
   * The lexicon's headword of every number the chapter's words carry, written once per chapter:
   * the original word beside an English one (interlinear view) without a lexicon read per word.
   */
  heads: Record<string, string>;
  verses: { verse: number; words: WordValue[] }[];
}

/** A Strong's lexicon entry with the fuller entries linked to it. */
export interface LexiconValue {
  /** `H157`, `G25` (normalized: ./strongs.ts). */
  number: string;
  /** `hbo` (Hebrew and Aramaic) or `grc`. */
  lang: string;
  /** The original-language word (pointed Hebrew, accented Greek). */
  word: string;
  /** Transliteration and pronunciation as Strong's gives them. */
  transliteration?: string;
  pronunciation?: string;
  /** Strong's derivation note (plain text; numbers it names are in `related`). */
  derivation?: string;
  /** Strong's definition (plain text). */
  definition: string;
  /** Strong's "KJV:" renderings note (plain text). */
  kjvRenderings?: string;
  /** Other Strong's numbers this entry names (derivation, see-also), normalized, no duplicates. */
  related: string[];
  /** Brown-Driver-Briggs or Abbott-Smith, in the safe HTML subset (p, b, i, ol, li, span lang, a href). */
  fuller: { source: string; id: string; headword: string; html: string }[];
  /**
   * Which tagged versions use the number, and how often: tagged words, original-language words
   * (`occurrences`, as ConcordanceValue's) and verses.
   */
  occurrences: { version: string; words: number; occurrences: number; verses: number }[];
}

/**
 * Where one number occurs in one version. `refs` is base64 of varints: per verse in canonical
 * order, the delta of its code from the previous one (code = book ord × 1,000,000 + chapter ×
 * 1,000 + verse, book ord being the book's 1-based position in the version's own order), so the
 * most frequent numbers (tens of thousands of verses) stay one small value.
 */
export interface ConcordanceValue {
  version: string;
  number: string;
  /**
   * Tagged words carrying the number, each once: in the KJV its English phrases (an original word
   * rendered by two phrases counts twice, and a Greek word the KJV leaves untranslated once).
   */
  words: number;
  /**
   * Original-language words tagged with the number: in the WLC and TR their words, in the KJV
   * the Hebrew and Greek words its phrases render, each once (G2316: 1,343 where `words` is 1,362).
   */
  occurrences: number;
  /** Verses holding at least one. */
  verses: number;
  refs: string;
  /** Verses per book, in the version's book order: [OSIS id, count]. */
  perBook: [string, number][];
  /**
   * How the number is rendered, every rendering with its count, most frequent first: the tagged
   * word's text as printed (KJV "I love", "the LORD"; the Hebrew without cantillation), renderings
   * that differ only in case counted together under their most frequent form.
   */
  renderings: [string, number][];
}

/** What the study layer holds, for /status, the OpenAPI text and the pages. */
export interface StudyMetaValue {
  /** Versions whose words carry Strong's numbers, in service order, with the number languages they tag. */
  tagged: { version: string; prefixes: ('H' | 'G')[] }[];
  /** Each source with its license, as the build found it in the files. */
  sources: { name: string; license: string; feeds: string }[];
  /** Numbers in the Strong's ranges with no lexicon entry (never assigned). */
  gaps: string[];
  /** The copyright of the Hebrew (`hbo`) and the Greek (`grc`) lexicon entries: their sources and licenses. */
  lexiconCopyright: Record<'hbo' | 'grc', string>;
}

/**
 * The headwords of one language's lexicon entries, folded as keyword search folds words (no
 * vowel points, cantillation, accents or case: src/snapshot/search-text.ts `fold`): headword →
 * the numbers it heads, normalized and sorted (homographs have several: אהב heads H157 and H158).
 * Strong's own word and the BDB or Abbott-Smith headwords linked to it all count.
 */
export type LemmaIndexValue = Record<string, string[]>;
