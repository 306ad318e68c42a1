import { LruCache } from '../cache/lru';
import type { Catalogue } from '../catalogue/store';
import { commentaryChapterKey, commentaryPageKey, libraryMetaKey, topicKey, topicNamesKey, verseIndexKey } from '../snapshot/keys';
import type { CommentaryChapterValue, CommentaryPageValue, LibraryMetaValue, TopicNamesValue, TopicValue, VerseIndexValue } from '../snapshot/library-types';
import { readSnapshotJson, type ReadCounter } from '../snapshot/read';

/**
 * Reads the reference library's values (issue 22; keys in src/snapshot/keys.ts), each kept per
 * isolate in a small LRU as chapters are (src/catalogue/store.ts), so that a chapter's
 * commentaries, its topics and its page read KV once between them. A miss (a chapter no entry
 * covers, a topic that does not exist, a snapshot built without the library) is null.
 */

/** Chapter values run to ~45 KB (John 6's verse index), most to a few KB: 200 of each kind. */
const commentaryChapters = new LruCache<CommentaryChapterValue | null>(200);
const verseIndexes = new LruCache<VerseIndexValue | null>(200);
/** A page of a long entry is ~32 KB. */
const pages = new LruCache<CommentaryPageValue | null>(50);
/** Topics run from a few hundred bytes to 290 KB (JESUS, THE CHRIST): weighed by their sub-topics. */
const topics = new LruCache<TopicValue | null>(20_000, (t) => 1 + (t?.subtopics.length ?? 0));
/** The meta and the topic names (~180 KB), once per isolate and snapshot. */
const meta = new LruCache<LibraryMetaValue | null>(2);
const names = new LruCache<TopicNamesValue | null>(2);

async function cached<T>(cache: LruCache<T | null>, env: Env, reads: ReadCounter, key: string): Promise<T | null> {
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const value = await readSnapshotJson<T>(env.SNAPSHOT, reads, key);
  cache.set(key, value);
  return value;
}

export function loadLibraryMeta(env: Env, reads: ReadCounter, cat: Catalogue): Promise<LibraryMetaValue | null> {
  return cached(meta, env, reads, libraryMetaKey(cat.value.snapshotId));
}

export function loadTopicNames(env: Env, reads: ReadCounter, cat: Catalogue): Promise<TopicNamesValue | null> {
  return cached(names, env, reads, topicNamesKey(cat.value.snapshotId));
}

/** The commentary entries of a KJV chapter. */
export function loadCommentaryChapter(env: Env, reads: ReadCounter, cat: Catalogue, book: string, chapter: number): Promise<CommentaryChapterValue | null> {
  return cached(commentaryChapters, env, reads, commentaryChapterKey(cat.value.snapshotId, book, chapter));
}

export function loadCommentaryPage(env: Env, reads: ReadCounter, cat: Catalogue, commentary: string, book: string, chapter: number, verse: number, page: number): Promise<CommentaryPageValue | null> {
  return cached(pages, env, reads, commentaryPageKey(cat.value.snapshotId, commentary, book, chapter, verse, page));
}

/** The topics and `cited with` lists of a KJV chapter's verses. */
export function loadVerseIndex(env: Env, reads: ReadCounter, cat: Catalogue, book: string, chapter: number): Promise<VerseIndexValue | null> {
  return cached(verseIndexes, env, reads, verseIndexKey(cat.value.snapshotId, book, chapter));
}

export function loadTopic(env: Env, reads: ReadCounter, cat: Catalogue, id: string): Promise<TopicValue | null> {
  return cached(topics, env, reads, topicKey(cat.value.snapshotId, id));
}
