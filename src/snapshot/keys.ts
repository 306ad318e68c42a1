/**
 * KV key builders for the scripture snapshot, shared by the build script and the worker
 * (docs/kv-layout.md documents every prefix). Every key carries the snapshot id (a content hash),
 * so a new snapshot can be loaded beside the one in service; the worker reads only the keys of
 * the id it was deployed with (env.SNAPSHOT_ID), which makes the switch atomic on deploy.
 */

import { fold } from './search-text';

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
export function chapterKey(snapshotId: string, version: string, book: string, chapter: number): string {
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
