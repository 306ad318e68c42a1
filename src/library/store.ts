import type { SnapshotReader } from '../cache/snapshot-reader';
import {
  commentaryChapterKey,
  commentaryPageKey,
  crossReferencesKey,
  libraryMetaKey,
  topicKey,
  verseIndexKey,
} from '../snapshot/keys';
import type {
  CommentaryChapterValue,
  CommentaryPageValue,
  CrossReferenceChapterValue,
  LibraryMetaValue,
  TopicValue,
  VerseIndexValue,
} from '../snapshot/library-types';

/**
 * Reads the reference library's values (keys in src/snapshot/keys.ts), kept in the isolate by the
 * request's reader (src/cache/snapshot-reader.ts), so that a chapter's commentaries, its topics and
 * its page read KV once between them. A miss (a chapter no entry covers, a topic that does not
 * exist, a snapshot built without the library) is null.
 */

export function loadLibraryMeta(snap: SnapshotReader): Promise<LibraryMetaValue | null> {
  return snap.value(libraryMetaKey(snap.id));
}

/** The commentary entries of a KJV chapter. */
export function loadCommentaryChapter(
  snap: SnapshotReader,
  book: string,
  chapter: number,
): Promise<CommentaryChapterValue | null> {
  return snap.value(commentaryChapterKey(snap.id, book, chapter));
}

export function loadCommentaryPage(
  snap: SnapshotReader,
  commentary: string,
  book: string,
  chapter: number,
  verse: number,
  page: number,
): Promise<CommentaryPageValue | null> {
  return snap.value(commentaryPageKey(snap.id, commentary, book, chapter, verse, page));
}

/** The topics and `cited with` lists of a KJV chapter's verses. */
export function loadVerseIndex(
  snap: SnapshotReader,
  book: string,
  chapter: number,
): Promise<VerseIndexValue | null> {
  return snap.value(verseIndexKey(snap.id, book, chapter));
}

export function loadTopic(snap: SnapshotReader, id: string): Promise<TopicValue | null> {
  return snap.value(topicKey(snap.id, id));
}

/** The cross-references of a KJV chapter's verses. */
export function loadCrossReferences(
  snap: SnapshotReader,
  book: string,
  chapter: number,
): Promise<CrossReferenceChapterValue | null> {
  return snap.value(crossReferencesKey(snap.id, book, chapter));
}
