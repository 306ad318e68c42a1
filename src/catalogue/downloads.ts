import type { SnapshotReader } from '../cache/snapshot-reader';
import { notFound } from '../http/errors';
import type { DocNode } from '../render/document';
import { downloadBookKey, downloadKey } from '../snapshot/keys';
import {
  DOWNLOAD_FORMATS,
  type DownloadFormat,
  type DownloadValue,
  type VersionEntry,
} from '../snapshot/types';
import { bookId } from './ids';
import { findVersion } from './lookup';
import { downloadPath } from './paths';
import { findBook, type Catalogue } from './store';

/**
 * Whole-version downloads (`/versions/{id}/download`, `/versions/{id}/checksums`;
 * docs/kv-layout.md "Downloads"). The build rendered each book of each version in both formats
 * and hashed them (scripts/snapshot/downloads.ts); the worker only joins the parts, one KV value
 * at a time, so it never holds a version (KJV: several MiB) nor renders one.
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
 * The download's bytes, pulled part by part: the head, each book's value read from KV as a stream
 * (with the separator between two), the tail. A part the snapshot lacks errors the stream (the
 * client's body is cut short, which the SHA-256 shows).
 */
export function downloadStream(
  snap: SnapshotReader,
  value: DownloadValue,
  format: DownloadFormat,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const { head, separator, tail } = value.formats[format];
  const books = value.books;
  let step = 0;
  let part: ReadableStreamDefaultReader<Uint8Array> | null = null;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        if (part) {
          const { done, value: chunk } = await part.read();
          if (!done) {
            controller.enqueue(chunk);
            return;
          }
          part = null;
        }
        const at = step++;
        if (at === 0) {
          controller.enqueue(encoder.encode(head));
          return;
        }
        if (at <= books.length) {
          const book = books[at - 1];
          if (at > 1 && separator) controller.enqueue(encoder.encode(separator));
          const stream = await snap.stream(
            downloadBookKey(snap.id, value.version, format, book.osis),
          );
          if (!stream) throw new Error(`download part missing: ${value.version} ${book.osis}`);
          part = stream.getReader();
          continue;
        }
        if (at === books.length + 1) {
          controller.enqueue(encoder.encode(tail));
          return;
        }
        controller.close();
        return;
      }
    },
    async cancel(reason) {
      await part?.cancel(reason);
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
