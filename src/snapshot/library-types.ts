/**
 * Value shapes of the reference library in the snapshot (keys in ./keys.ts, layout in
 * docs/library.md). The build (scripts/snapshot/library) writes them and
 * the worker (src/library) reads them.
 *
 * Everything is in the KJV's numbering, the numbering every source of the library writes: a
 * request on another version reaches these values through the versification map
 * (src/catalogue/versification.ts). A passage is written in OSIS as its source wrote it:
 * `John.3.16`, a range `Rom.5.6-Rom.5.8`, whole chapters `Exod.32` or `Gen.1-Gen.3`. HTML is the
 * build's safe subset (`p b i ol li span[lang] a[href]`), its links to /verses, /chapters and
 * /topics of the KJV.
 */

/** A work of the library as the lists and copyright lines give it. */
export interface LibraryWork {
  /** `MHCC`, `Scofield`, `TDavid`, `Nave`. */
  id: string;
  name: string;
  author: string;
  /** The year of the edition the module transcribes (data/library.json says which). */
  year: number;
  /** ISO 639-3. */
  lang: string;
  /** The license as the module's .conf states it, and where the text comes from. */
  copyright: string;
  /** Commentaries: entries with text; Nave: topics. */
  count: number;
}

/** The library's own facts (`lib`): the works, for lists, copyright lines and /status. */
export interface LibraryMetaValue {
  commentaries: LibraryWork[];
  /** Nave's Topical Bible; null in a build without it. */
  topics: LibraryWork | null;
  /** The bytes of HTML an entry carries in a chapter value; a longer one is cut and paged in `ce:` values. */
  previewBytes: number;
  /** The passages a verse's `cited with` list keeps (`r` of VerseIndexValue), most frequent first. */
  citedWithTop: number;
  /** The cross-references' source (`count`: its references); null in a build without it. */
  crossReferences: LibraryWork | null;
}

/** One commentary entry as a chapter value holds it. */
export interface CommentaryEntryValue {
  /** The commentary's id (`MHCC`). */
  c: string;
  /** First verse covered; 0 for an introduction (of the chapter, or of the book before chapter 1). */
  v: number;
  /** Last verse covered (same chapter). */
  e: number;
  /** An introduction: of the `book` or of the `chapter`. */
  i?: 'book' | 'chapter';
  /** The entry's HTML, cut at `previewBytes` (with the truncation mark) when `p` is set. */
  h: string;
  /** When cut: the number of pages (`ce:` values) the whole entry runs to. */
  p?: number;
}

/** A chapter's commentary entries (`lc:`): every entry of every commentary that covers a verse of it. */
export interface CommentaryChapterValue {
  book: string;
  chapter: number;
  /** Introductions first, then by first verse, then in the commentaries' order. */
  entries: CommentaryEntryValue[];
}

/** One page of a long entry (`ce:`). */
export interface CommentaryPageValue {
  c: string;
  book: string;
  chapter: number;
  verse: number;
  page: number;
  pages: number;
  html: string;
}

/** A verse's place in the topics and its `cited with` list. */
export interface VerseIndexEntry {
  /** Indices into the chapter's `lines`: the sub-topics that cite the verse. */
  t?: number[];
  /** Cited with: [passage, units, from topics, from commentaries], most often first. */
  r?: [string, number, number, number][];
  /** How many passages are cited with the verse in all (`r` keeps the first `citedWithTop`). */
  n?: number;
}

/** A chapter's verses in the topics and their `cited with` lists (`lv:`). */
export interface VerseIndexValue {
  book: string;
  chapter: number;
  /** The topics of the chapter's lines: [id, name]. */
  topics: [string, string][];
  /** The sub-topics citing a verse of the chapter: [index into topics, sub-topic index, its text (plain, cut at 160 characters)]. */
  lines: [number, number, string][];
  /** By verse number (KJV). */
  verses: Record<string, VerseIndexEntry>;
}

/** One sub-topic of a topic. */
export interface SubTopicValue {
  /** 0: a line of the topic; 1: an item under the line before. */
  d: number;
  /** Inline HTML (no block element). */
  h: string;
  /** The passages it cites, in order. */
  r: string[];
}

/** A topic of Nave's (`tp:`). */
export interface TopicValue {
  id: string;
  name: string;
  subtopics: SubTopicValue[];
  /** Topics it links to, then topics linking to it: [id, name], each once. */
  related: [string, string][];
  /** How many of `related` are its own links (the rest link to it). */
  see: number;
}

/** Every topic's name for the topic search (`lib:topics`): [id, name, the name's stems joined by spaces]. */
export interface TopicNamesValue {
  topics: [string, string, string][];
}

/**
 * One verse's cross-references, in the order the build gives them (docs/library.md
 * "Cross-references"): those pointing both ways first, then by the units citing the verse and the
 * target together, most first, then canonical order.
 */
export interface CrossReferenceVerseValue {
  /** The targets as KJV verse codes (src/snapshot/verse-codes.ts: book ord × 1,000,000 + chapter × 1,000 + verse). */
  x: number[];
  /** How many of the first `x` point both ways (the target's list names the verse); absent: none. */
  b?: number;
  /** The citing units (a Nave's sub-topic, a commentary entry) that cite the verse and each target together; absent at the end: 0. */
  c?: number[];
}

/** A KJV chapter's cross-references (`xr:`), by verse number; a verse without any is absent. */
export interface CrossReferenceChapterValue {
  book: string;
  chapter: number;
  verses: Record<string, CrossReferenceVerseValue>;
}
