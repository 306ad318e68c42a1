import { BULK_READ_KEYS, type SnapshotReader } from '../cache/snapshot-reader';
import { notFound } from '../http/errors';
import type { DocNode } from '../render/document';
import { DOWNLOAD_RENDER, downloadBookNode, type DownloadChapter } from '../render/download';
import { chapterKey, downloadKey, footnotesKey } from '../snapshot/keys';
import {
  DOWNLOAD_FORMATS,
  type ChapterValue,
  type DownloadFormat,
  type DownloadValue,
  type FootnoteChapterValue,
  type VersionEntry,
} from '../snapshot/types';
import { bookId } from './ids';
import { findVersion } from './lookup';
import { downloadPath } from './paths';
import { findBook, type Catalogue } from './store';

/**
 * Whole-version downloads (`/versions/{id}/download`, `/versions/{id}/checksums`;
 * docs/kv-layout.md "Downloads"). A download is rendered when it is asked for, book by book, from
 * the chapter values every request reads and the translators' notes, by the code the build renders
 * it with to hash it (src/render/download.ts, scripts/snapshot/downloads.ts): the build keeps only
 * its checksums and how its books join (`DownloadValue`), not a second copy of every version. The
 * worker holds one book at a time, and reads the chapters a hundred at a time (KV's bulk read: one
 * of the 1,000 operations a request may make, https://developers.cloudflare.com/kv/platform/limits/).
 */

export interface Download {
  version: VersionEntry;
  value: DownloadValue;
}

/** A version's download (404 for an unknown version, in the request's format). */
export async function loadDownload(
  snap: SnapshotReader,
  cat: Catalogue,
  versionId: string,
): Promise<Download> {
  const version = findVersion(cat, versionId);
  const value = await snap.value<DownloadValue>(downloadKey(snap.id, version.id));
  if (!value) throw notFound(`This snapshot holds no download of ${version.id}`);
  return { version, value };
}

/** The strong ETag of a download: its bytes' SHA-256, the same in every isolate and snapshot. */
export function downloadETag(value: DownloadValue, format: DownloadFormat): string {
  return `"sha256-${value.formats[format].sha256}"`;
}

/**
 * The download's bytes, book by book: the head, each book rendered from its chapters (with the
 * separator between two), the tail. The chapter and note values are read in document order, a
 * hundred keys a read, the next read under way while a book is rendered; none is kept in the
 * isolate (a download would push out what requests read). A value the snapshot lacks errors the
 * stream (the client's body is cut short, which the SHA-256 shows).
 */
export function downloadStream(
  snap: SnapshotReader,
  cat: Catalogue,
  { version, value }: Download,
  format: DownloadFormat,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const { head, separator, tail } = value.formats[format];
  const books = value.books.map((b) => {
    const at = findBook(cat, version.id, b.osis);
    if (at === undefined) throw new Error(`download: ${version.id} has no book ${b.osis}`);
    const withNotes = new Set(b.notes ?? []);
    const chapters = Array.from({ length: b.chapters }, (_, i) => ({
      chapter: chapterKey(snap.id, version.id, b.osis, i + 1),
      notes: withNotes.has(i + 1) ? footnotesKey(snap.id, version.id, b.osis, i + 1) : null,
    }));
    return { entry: cat.books[at]!, chapters };
  });
  // Every key in document order, a read's worth at a time.
  const all = books.flatMap((b) =>
    b.chapters.flatMap((c) => (c.notes ? [c.chapter, c.notes] : [c.chapter])),
  );
  const batches: string[][] = [];
  for (let i = 0; i < all.length; i += BULK_READ_KEYS)
    batches.push(all.slice(i, i + BULK_READ_KEYS));
  const read = new Map<string, unknown>();
  let nextBatch = 0;
  let pending: Promise<Map<string, unknown>> | null = null;
  const readNext = () => {
    pending = nextBatch < batches.length ? snap.readMany(batches[nextBatch++]!) : null;
  };
  /** The value of each key, reading batches as they are needed (and one ahead); not kept. */
  const take = async <T>(key: string): Promise<T> => {
    while (!read.has(key)) {
      if (!pending) throw new Error(`download part missing: ${key}`);
      const got = await pending;
      readNext();
      for (const [k, v] of got) read.set(k, v);
    }
    const v = read.get(key);
    read.delete(key);
    if (v === null) throw new Error(`download part missing: ${key}`);
    return v as T;
  };
  let step = 0;
  return new ReadableStream<Uint8Array>({
    start() {
      readNext();
    },
    async pull(controller) {
      const at = step++;
      if (at === 0) return controller.enqueue(encoder.encode(head));
      if (at <= books.length) {
        const { entry, chapters } = books[at - 1]!;
        const parts: DownloadChapter[] = [];
        for (const c of chapters)
          parts.push({
            value: await take<ChapterValue>(c.chapter),
            notes: c.notes ? (await take<FootnoteChapterValue>(c.notes)).notes : [],
          });
        const text = DOWNLOAD_RENDER[format].book(downloadBookNode(version.id, entry, parts));
        return controller.enqueue(encoder.encode(at > 1 ? separator + text : text));
      }
      if (at === books.length + 1) return controller.enqueue(encoder.encode(tail));
      controller.close();
    },
  });
}

/** The `checksums` root: the download's bytes and SHA-256 per format, then each book's. */
export function checksumsDocument(cat: Catalogue, { version, value }: Download): DocNode {
  const sums = (s: Record<DownloadFormat, { bytes: number; sha256: string }>) =>
    DOWNLOAD_FORMATS.map((format) => ({
      format,
      bytes: s[format].bytes,
      sha256: s[format].sha256,
    }));
  return {
    version: version.id,
    download: DOWNLOAD_FORMATS.map((format) => ({
      format,
      path: downloadPath(version, format),
      bytes: value.formats[format].bytes,
      sha256: value.formats[format].sha256,
    })),
    book: value.books.map((b) => {
      const index = findBook(cat, version.id, b.osis);
      return {
        id: bookId({ version: version.id, osis: b.osis }),
        name: index === undefined ? b.osis : cat.books[index].name,
        chapters: b.chapters,
        verses: b.verses,
        checksum: sums(b),
      };
    }),
    summary: {
      books: value.books.length,
      chapters: value.books.reduce((n, b) => n + b.chapters, 0),
      verses: value.books.reduce((n, b) => n + b.verses, 0),
    },
  };
}
