/**
 * Value shapes of the build-time KV snapshot. The build (scripts/snapshot) writes these and the
 * worker (src/catalogue) reads them; both import this file, so the two can never drift apart.
 * The key layout is in ./keys.ts and documented in docs/kv-layout.md.
 */

export type Testament = 'OT' | 'NT' | 'DEUT';

/** The testaments in canonical order: the one list the filters, the pages and the OpenAPI schema use. */
export const TESTAMENTS: readonly Testament[] = ['OT', 'NT', 'DEUT'];

/** One translation, as listed by /versions.xml. */
export interface VersionEntry {
  /** Textual version code, e.g. `KJV` (the id in every book, chapter and verse id). */
  id: string;
  /** Internal numeric key (spec: book `version_id`). */
  numericId: number;
  name: string;
  abbreviation: string;
  /** ISO 639-3 code, e.g. `eng`. */
  lang: string;
  langName: string;
  langNameEng: string;
  copyright: string;
  info: string;
  /** OSIS ids of the version's books in the version's own order. */
  books: string[];
  /** The version's translators' notes (`fn:` values), when the snapshot holds them. */
  footnotes?: { count: number; copyright: string };
}

/**
 * The kinds of translators' notes the service names, where the source says which (data/footnote-kinds.json
 * maps a note's opening words to one): another rendering, the original's literal words, a
 * difference between manuscripts, an explanation, a pointer to other verses.
 */
export const FOOTNOTE_KINDS = [
  'alternative',
  'literal',
  'textual',
  'explanation',
  'cross-reference',
] as const;
export type FootnoteKind = (typeof FOOTNOTE_KINDS)[number];

/** One translators' note in a chapter's `fn:` value. */
export interface FootnoteValue {
  verse: number;
  /** On the verse's title (a Psalm's), not its text. */
  title?: true;
  /** Code points of the verse's plain text (or title) before the note: it follows them. */
  offset: number;
  /** The words the note is on: the source's own (the KJV's margin), else the word before `offset`. */
  anchor: string;
  kind?: FootnoteKind;
  text: string;
}

/** A chapter's translators' notes, in verse order and each verse's in the order of their places. */
export interface FootnoteChapterValue {
  notes: FootnoteValue[];
}

/** One of the nine book groups (data/canon.json). */
export interface BookGroupEntry {
  id: number;
  abbr: string;
  name: string;
  ord: number;
}

/** One book of one version. */
export interface BookEntry {
  version: string;
  /** OSIS normative abbreviation, e.g. `John`. */
  osis: string;
  name: string;
  /**
   * Other names and abbreviations of the book in the version's language, which references may use
   * (`Jn`, `Évangile selon Jean`: the \h, \toc1 and \toc3 of a source added by version:add,
   * data/book-names.json `otherNames`). Omitted when there are none.
   */
  otherNames?: string[];
  /** 1-based position in the version's own book order. */
  ord: number;
  /** Book number used in markup classes (`v43_3_16`): data/canon.json `number`. */
  number: number;
  testament: Testament;
  groupId: number;
  /** Highest verse number of each chapter; index 0 is chapter 1. */
  chapters: number[];
  /**
   * Verse numbers below a chapter's highest that have no text (versification gaps the build
   * allowed, e.g. WEB Luke 17:36), keyed by chapter number. Omitted when there are none.
   */
  missing?: Record<string, number[]>;
}

/** The whole catalogue: one KV value, read once per isolate and kept in memory. */
export interface CatalogueValue {
  snapshotId: string;
  /** ISO timestamp of the build. */
  builtAt: string;
  versions: VersionEntry[];
  groups: BookGroupEntry[];
  /** Every version's books: versions in service order, each version's books in its own order. */
  books: BookEntry[];
}

/** One verse record inside a chapter value. */
export interface VerseEntry {
  verse: number;
  /** Last verse number this record covers (differs from `verse` where a translation merges verses). */
  lastverse: number;
  /** May be empty. */
  label: string;
  /** Spec HTML: span and sup with position classes, paragraph starts, supplied words, Psalm titles. */
  html: string;
  /**
   * The section headings before the verse (a USFM source's \s#, \ms#), as HTML: one
   * `<h3 class="heading">` each, escaped by the build. Not part of `html`, so the verse's text and
   * keyword search are the same with or without them; the API adds them on request
   * (`include_headings=true`), the pages always. Omitted when there are none.
   */
  headings?: string;
}

/** One chapter of one version with all its verses' text: one KV value. */
export interface ChapterValue {
  version: string;
  book: string;
  chapter: number;
  /** Verses that have text, in order. */
  verses: VerseEntry[];
}

// ---- Keyword search index (docs/kv-layout.md "Search index"; src/search/) ----------------------

/**
 * Search documents are verse records numbered 0… in service order: versions in order, each
 * version's books in its own order (the catalogue's `books` order), chapters, then the records of
 * the chapter value. So doc order is canonical order and ties in relevance break canonically.
 */
export interface SearchMetaValue {
  /**
   * Format version of the index values (2: stems and vocabularies per language; 3: forms keep
   * their accents, vocabularies grouped by folded initial).
   */
  format: 3;
  /** Number of documents (verse records) in the index, all languages. */
  docs: number;
  /**
   * Each document's language: per language (a version's ISO 639-3 `lang`), its doc
   * ranges [start, end) (one per version of that language, in doc order), its document count
   * (BM25 idf) and average length in word positions (BM25). A query is stemmed per language and
   * matched only against that language's stems and documents.
   */
  languages: Record<string, SearchLanguageMeta>;
  /**
   * First doc id of every chapter of every catalogue book, flattened in catalogue order (book 0's
   * chapters 1…n, then book 1's, …), plus a final entry equal to `docs`. A chapter that was not
   * indexed (fixture builds) has no docs: its start equals the next start.
   */
  chapterStarts: number[];
  /** BM25 parameters the impacts were computed with. */
  k1: number;
  b: number;
}

export interface SearchLanguageMeta {
  ranges: [number, number][];
  docs: number;
  avgLength: number;
}

/**
 * Postings of one stem (one shard of them). Encoding of `p` (base64 of bytes), per document in
 * doc order: varint(doc − previous doc; the first is relative to `base`), 1 byte impact (BM25
 * term-frequency part, quantized 0–255 over 0…k1+1), varint(tf), tf × varint(position delta),
 * then, only when the stem has more than one form: varint(k), k × varint(form id).
 */
export interface SearchTermValue {
  /** Surface forms (normal form) of the stem; a form id is an index here. First shard only. */
  forms?: string[];
  /** Documents containing the stem, over the whole index (for idf). First shard only. */
  df?: number;
  /** Number of shards (first shard only); shard n > 0 is at `searchTermKey(…, n)`. */
  shards?: number;
  /** Doc id the first delta of this shard is relative to. */
  base: number;
  /** Documents in this shard. */
  count: number;
  p: string;
}

/** Spelling vocabulary: every form starting with one character, with its document frequency. */
export interface SearchVocabValue {
  forms: string[];
  freqs: number[];
}

/** The formats a whole-version download is written in, by their suffix (`.xml`, `.js`). */
export const DOWNLOAD_FORMATS = ['xml', 'js'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

/** Bytes and SHA-256 (hex) of a download, or of one book's part of it, in one format. */
export interface DownloadSum {
  bytes: number;
  sha256: string;
}

/**
 * A version's whole download in one format: its bytes are `head`, then each book's element
 * (rendered when the download is asked for: src/catalogue/downloads.ts) with `separator` between
 * two books, then `tail`; `bytes` and `sha256` are those of the whole.
 */
export interface DownloadFormatValue extends DownloadSum {
  head: string;
  separator: string;
  tail: string;
}

/**
 * A version's download (`downloadKey`): the books it holds, in the version's order, with each
 * book's part's size and SHA-256 per format, and how the parts join into the whole per format.
 * The books are those the snapshot holds chapters of (all of them but in the test fixture);
 * `notes` are the chapters with translators' notes (`footnotesKey`), which the download reads too.
 */
export interface DownloadValue {
  version: string;
  books: ({ osis: string; chapters: number; verses: number; notes?: number[] } & Record<
    DownloadFormat,
    DownloadSum
  >)[];
  formats: Record<DownloadFormat, DownloadFormatValue>;
}
