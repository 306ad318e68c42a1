/**
 * KV key builders for the scripture snapshot, shared by the build script and the worker
 * (docs/kv-layout.md documents every prefix). Every key carries the snapshot id (a content hash),
 * so a new snapshot can be loaded beside the one in service; the worker reads only the keys of
 * the id it was deployed with (env.SNAPSHOT_ID), which makes the switch atomic on deploy.
 */

import { fold } from './search-text';

/**
 * Workers KV: a key is at most 512 bytes (https://developers.cloudflare.com/kv/platform/limits/).
 * The build refuses a longer key (scripts/snapshot/limits.ts), and the worker never asks KV for
 * one (src/snapshot/read.ts): a key built from a request's path or query (a topic id, a search
 * word) that is longer names nothing the snapshot holds.
 */
export const KV_MAX_KEY_BYTES = 512;

/** Whether a key is within KV's limit, in UTF-8 bytes (at most 3 per UTF-16 unit). */
export function fitsKvKey(key: string): boolean {
  return (
    key.length * 3 <= KV_MAX_KEY_BYTES || new TextEncoder().encode(key).length <= KV_MAX_KEY_BYTES
  );
}

/** All snapshot keys start with this prefix. */
export const SNAPSHOT_PREFIX = 'snap';

/** Prefix of every key of one snapshot (for listing or deleting an old snapshot). */
export function snapshotPrefix(snapshotId: string): string {
  return `${SNAPSHOT_PREFIX}:${snapshotId}:`;
}

/** The catalogue value (versions, groups, books with verse counts): `CatalogueValue`. */
export function catalogueKey(snapshotId: string): string {
  return `${snapshotPrefix(snapshotId)}catalogue`;
}

/** One chapter with its verses' text: `ChapterValue`. Example: `snap:ab12…:ch:KJV:John.3`. */
export function chapterKey(
  snapshotId: string,
  version: string,
  book: string,
  chapter: number,
): string {
  return `${snapshotPrefix(snapshotId)}ch:${version}:${book}.${chapter}`;
}

/** Keyword search metadata (`SearchMetaValue`): `snap:…:sx:meta`. */
export function searchMetaKey(snapshotId: string): string {
  return `${snapshotPrefix(snapshotId)}sx:meta`;
}

/**
 * Postings of one stem in one language (`SearchTermValue`): `snap:…:sx:t:eng:lov`, further shards
 * of a big stem `snap:…:sx:t:eng:the#1`, Spanish `snap:…:sx:t:spa:palabr`. Each language has its
 * own stems (src/snapshot/stemmers.ts); `lang` is a version's ISO 639-3 code and stems are letters
 * and digits only (src/snapshot/search-text.ts), never `:` or `#`.
 */
export function searchTermKey(snapshotId: string, lang: string, stem: string, shard = 0): string {
  return `${snapshotPrefix(snapshotId)}sx:t:${lang}:${stem}${shard ? `#${shard}` : ''}`;
}

/**
 * The vocabulary group of a form: its first letter, folded (`ángel` and `angel` are both `a`), so
 * that a query word finds the forms it could be a misspelling of whatever its accents.
 */
export function vocabInitial(form: string): string {
  const first = String.fromCodePoint(form.codePointAt(0)!);
  return fold(first) || first;
}

/** Spelling vocabulary of one language's forms whose vocabInitial is `initial` (`SearchVocabValue`): `snap:…:sx:v:spa:a`. */
export function searchVocabKey(snapshotId: string, lang: string, initial: string): string {
  return `${snapshotPrefix(snapshotId)}sx:v:${lang}:${initial}`;
}

// ---- Word study (docs/study.md) --------------------------------------

/** The tagged words of one chapter of a tagged version (`ChapterWordsValue`): `snap:…:wd:KJV:John.3`. */
export function chapterWordsKey(
  snapshotId: string,
  version: string,
  book: string,
  chapter: number,
): string {
  return `${snapshotPrefix(snapshotId)}wd:${version}:${book}.${chapter}`;
}

/**
 * The text of one block of a tagged version's chapter (`VerseTextBlockValue`, ./verse-blocks.ts):
 * the records holding its verses: `snap:…:vt:KJV:John.3.4` (John 3:16–19).
 */
export function verseTextBlockKey(
  snapshotId: string,
  version: string,
  book: string,
  chapter: number,
  block: number,
): string {
  return `${snapshotPrefix(snapshotId)}vt:${version}:${book}.${chapter}.${block}`;
}

/** The tagged words of the same block (`VerseWordsBlockValue`): `snap:…:vw:KJV:John.3.4`. */
export function verseWordsBlockKey(
  snapshotId: string,
  version: string,
  book: string,
  chapter: number,
  block: number,
): string {
  return `${snapshotPrefix(snapshotId)}vw:${version}:${book}.${chapter}.${block}`;
}

/** One Strong's lexicon entry (`LexiconValue`), by normalized number: `snap:…:lx:H157`, `snap:…:lx:G25`. */
export function lexiconKey(snapshotId: string, number: string): string {
  return `${snapshotPrefix(snapshotId)}lx:${number}`;
}

/** Where one Strong's number occurs in one tagged version (`ConcordanceValue`): `snap:…:cc:KJV:G25`. */
export function concordanceKey(snapshotId: string, version: string, number: string): string {
  return `${snapshotPrefix(snapshotId)}cc:${version}:${number}`;
}

/**
 * The grammar index of one tagged version (`GrammarIndexValue`, ./grammar-index.ts):
 * every word's (or morpheme's) packed features, verse and Strong's numbers: `snap:…:gm:WLC`.
 */
export function grammarIndexKey(snapshotId: string, version: string): string {
  return `${snapshotPrefix(snapshotId)}gm:${version}`;
}

/** The study layer's own facts (`StudyMetaValue`: tagged versions, sources, gaps): `snap:…:study`. */
export function studyMetaKey(snapshotId: string): string {
  return `${snapshotPrefix(snapshotId)}study`;
}

/**
 * The lexicon's headwords of one language (`LemmaIndexValue`): folded headword → the numbers whose
 * Strong's or fuller entry has it, for search by lemma (`/verses?lemma=ἀγαπάω`): `snap:…:lm:G`.
 */
export function lemmaIndexKey(snapshotId: string, prefix: 'H' | 'G'): string {
  return `${snapshotPrefix(snapshotId)}lm:${prefix}`;
}

// ---- Reference library (docs/library.md) ----------------------

/** The library's works and settings (`LibraryMetaValue`): `snap:…:lib`. */
export function libraryMetaKey(snapshotId: string): string {
  return `${snapshotPrefix(snapshotId)}lib`;
}

/** Every topic's name and stems, for the topic search (`TopicNamesValue`): `snap:…:lib:topics`. */
export function topicNamesKey(snapshotId: string): string {
  return `${snapshotPrefix(snapshotId)}lib:topics`;
}

/** The commentary entries covering a KJV chapter (`CommentaryChapterValue`): `snap:…:lc:John.3`. */
export function commentaryChapterKey(snapshotId: string, book: string, chapter: number): string {
  return `${snapshotPrefix(snapshotId)}lc:${book}.${chapter}`;
}

/**
 * One page of a commentary entry too long for its chapter value (`CommentaryPageValue`), by the
 * entry's first verse (0: an introduction) and the page from 1: `snap:…:ce:TDavid:Ps.119.1:3`.
 */
export function commentaryPageKey(
  snapshotId: string,
  commentary: string,
  book: string,
  chapter: number,
  verse: number,
  page: number,
): string {
  return `${snapshotPrefix(snapshotId)}ce:${commentary}:${book}.${chapter}.${verse}:${page}`;
}

/** A KJV chapter's verses in Nave's topics and their `cited with` lists (`VerseIndexValue`): `snap:…:lv:John.3`. */
export function verseIndexKey(snapshotId: string, book: string, chapter: number): string {
  return `${snapshotPrefix(snapshotId)}lv:${book}.${chapter}`;
}

/** A KJV chapter's cross-references (`CrossReferenceChapterValue`): `snap:…:xr:John.3`. */
export function crossReferencesKey(snapshotId: string, book: string, chapter: number): string {
  return `${snapshotPrefix(snapshotId)}xr:${book}.${chapter}`;
}

/** A version's chapter's translators' notes (`FootnoteChapterValue`): `snap:…:fn:WEB:Gen.1`. */
export function footnotesKey(
  snapshotId: string,
  version: string,
  book: string,
  chapter: number,
): string {
  return `${snapshotPrefix(snapshotId)}fn:${version}:${book}.${chapter}`;
}

/** One topic of Nave's by its id (`TopicValue`): `snap:…:tp:jesus-the-christ`. */
export function topicKey(snapshotId: string, id: string): string {
  return `${snapshotPrefix(snapshotId)}tp:${id}`;
}

/**
 * A version's whole download: `DownloadValue` (its books, their checksums, and how they join).
 * Example: `snap:ab12…:dl:KJV`.
 */
export function downloadKey(snapshotId: string, version: string): string {
  return `${snapshotPrefix(snapshotId)}dl:${version}`;
}
