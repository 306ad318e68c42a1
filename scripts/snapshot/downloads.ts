/**
 * Whole-version downloads (`GET /versions/{id}/download.{xml,js}`, docs/kv-layout.md
 * "Downloads"): per version, a `DownloadValue` (`downloadKey`) with the books the build holds
 * chapters of, the SHA-256 and size of each book's element and of the whole in both formats, and
 * the head, separator and tail that join the books. The worker renders the books when a download
 * is asked for, from the chapter and note values, with the code this renders them with
 * (src/render/download.ts), so that its bytes are the ones hashed here: no version is stored a
 * second time. The head and tail are the renderer's own output around one placeholder book.
 */
import { createHash } from 'node:crypto';
import { downloadKey } from '../../src/snapshot/keys';
import {
  DOWNLOAD_FORMATS,
  type DownloadFormat,
  type DownloadFormatValue,
  type DownloadSum,
  type DownloadValue,
} from '../../src/snapshot/types';
import type { DocNode } from '../../src/render/document';
import { DOWNLOAD_RENDER, downloadBookNode, downloadVersionNode } from '../../src/render/download';
import { chapterValue } from './assemble';
import { footnoteChapterValue } from './footnotes/producer';
import { utf8Bytes } from './limits';
import { buildsBook, type PairProducer } from './producer-types';

/** How a version's head and tail frame its books: the document rendered around one placeholder book. */
function frame(format: DownloadFormat, version: DocNode): { head: string; tail: string } {
  const placeholder = { id: 'download-book-placeholder' };
  const whole = DOWNLOAD_RENDER[format].doc({ download: { version, book: [placeholder] } });
  const book = DOWNLOAD_RENDER[format].book(placeholder);
  const at = whole.indexOf(book);
  if (at < 0 || whole.indexOf(book, at + 1) >= 0)
    throw new Error(`downloads: the ${format} frame does not hold the placeholder book once`);
  return { head: whole.slice(0, at), tail: whole.slice(at + book.length) };
}

export const downloadsProducer: PairProducer = {
  name: 'downloads',
  *produce(ctx) {
    const started = Date.now();
    const figures: Record<string, unknown> = {};
    let keys = 0;
    let bytes = 0;
    for (const v of ctx.versions) {
      const id = v.manifest.id;
      const entry = ctx.catalogue.versions.find((e) => e.id === id)!;
      const version = downloadVersionNode(entry);
      const irBooks = new Map(v.ir.books.map((b) => [b.osis, b]));
      const books: DownloadValue['books'] = [];
      const formats = Object.fromEntries(
        DOWNLOAD_FORMATS.map((f) => [
          f,
          { ...frame(f, version), hash: createHash('sha256'), bytes: 0 },
        ]),
      ) as Record<
        DownloadFormat,
        { head: string; tail: string; hash: ReturnType<typeof createHash>; bytes: number }
      >;
      for (const f of DOWNLOAD_FORMATS) {
        formats[f].hash.update(formats[f].head, 'utf8');
        formats[f].bytes += utf8Bytes(formats[f].head);
      }
      for (const b of ctx.catalogue.books) {
        if (b.version !== id || !buildsBook(ctx, id, b.osis)) continue;
        const ir = irBooks.get(b.osis);
        if (!ir) continue;
        // The chapters as their values are (the chapters and footnotes producers write them; a
        // chapter without notes has no footnotes value).
        const noted = ir.chapters.map((c) =>
          v.manifest.footnotes ? footnoteChapterValue(c) : null,
        );
        const chapters = ir.chapters.map((c, i) => ({
          value: chapterValue(id, b.number, b.osis, c),
          notes: noted[i]?.notes ?? [],
        }));
        const node = downloadBookNode(id, b, chapters);
        const sums = {} as Record<DownloadFormat, DownloadSum>;
        for (const f of DOWNLOAD_FORMATS) {
          const text = DOWNLOAD_RENDER[f].book(node);
          sums[f] = { bytes: utf8Bytes(text), sha256: sha256(text) };
          if (books.length) {
            formats[f].hash.update(DOWNLOAD_RENDER[f].separator, 'utf8');
            formats[f].bytes += utf8Bytes(DOWNLOAD_RENDER[f].separator);
          }
          formats[f].hash.update(text, 'utf8');
          formats[f].bytes += sums[f].bytes;
        }
        // The chapters whose notes value the worker reads with them.
        const notes = ir.chapters.filter((_, i) => noted[i]).map((c) => c.chapter);
        books.push({
          osis: b.osis,
          chapters: ir.chapters.length,
          verses: chapters.reduce((n, c) => n + c.value.verses.length, 0),
          ...(notes.length ? { notes } : {}),
          ...sums,
        });
      }
      const out = {} as Record<DownloadFormat, DownloadFormatValue>;
      for (const f of DOWNLOAD_FORMATS) {
        const { head, tail, hash } = formats[f];
        hash.update(tail, 'utf8');
        out[f] = {
          head,
          separator: DOWNLOAD_RENDER[f].separator,
          tail,
          bytes: formats[f].bytes + utf8Bytes(tail),
          sha256: hash.digest('hex'),
        };
      }
      const value: DownloadValue = { version: id, books, formats: out };
      const pair = { key: downloadKey(ctx.snapshotId, id), value: JSON.stringify(value) };
      keys++;
      bytes += utf8Bytes(pair.key) + utf8Bytes(pair.value);
      figures[id] = { books: books.length, xml: out.xml.bytes, js: out.js.bytes };
      yield pair;
    }
    const mib = (n: number) => (n / 1024 / 1024).toFixed(1);
    ctx.log?.(
      `  downloads (their checksums): ${Object.entries(figures)
        .map(([id, f]) => {
          const { books, xml, js } = f as { books: number; xml: number; js: number };
          return `${id} ${books} books, xml ${mib(xml)} MiB, js ${mib(js)} MiB`;
        })
        .join(
          '; ',
        )}; ${keys} keys, ${(bytes / 1024).toFixed(0)} KiB, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    if (ctx.figures) ctx.figures.downloads = { ...figures, keys, bytes };
  },
};

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
