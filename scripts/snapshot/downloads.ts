/**
 * Whole-version downloads (`GET /versions/{id}/download.{xml,js}`, docs/kv-layout.md
 * "Downloads"): per version, every book the build holds chapters of, rendered at build time by the
 * worker's own renderer (src/render: the same bytes a handler's document would be) in both
 * formats, one KV value per book and format (`downloadBookKey`), and a `DownloadValue`
 * (`downloadKey`) with how they join and the SHA-256 of the whole and of each book. A KV value is
 * at most 25 MiB (./limits.ts) and the largest version's download is several times that, so the
 * worker streams the books one value at a time; a book (the largest, a Psalter, is under 1 MiB)
 * is one value.
 */
import { createHash } from 'node:crypto';
import { bookId, chapterId, verseId } from '../../src/snapshot/ids';
import { downloadBookKey, downloadKey } from '../../src/snapshot/keys';
import {
  DOWNLOAD_FORMATS,
  type DownloadFormat,
  type DownloadFormatValue,
  type DownloadSum,
  type DownloadValue,
} from '../../src/snapshot/types';
import { cdata, type DocNode } from '../../src/render/document';
import { renderJson } from '../../src/render/json';
import { elementXml, renderXml } from '../../src/render/xml';
import { noteNode } from '../../src/render/footnote-node';
import { chapterValue } from './assemble';
import { footnoteChapterValue } from './footnotes/producer';
import { utf8Bytes, type KvPair } from './limits';
import { buildsBook, type PairProducer } from './producer-types';

/** Each format's rendering of a document and of one book element in it. */
const RENDER: Record<
  DownloadFormat,
  { doc: (d: Record<string, DocNode>) => string; book: (b: DocNode) => string; separator: string }
> = {
  // Repeated elements follow each other; JSON's array items are separated by commas.
  xml: { doc: renderXml, book: (b) => elementXml('book', b), separator: '' },
  js: { doc: renderJson, book: (b) => JSON.stringify(b), separator: ',' },
};

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** How a version's head and tail frame its books: the document rendered around one placeholder book. */
function frame(format: DownloadFormat, version: DocNode): { head: string; tail: string } {
  const placeholder = { id: 'download-book-placeholder' };
  const whole = RENDER[format].doc({ download: { version, book: [placeholder] } });
  const book = RENDER[format].book(placeholder);
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
      if (ctx.downloadVersions && !ctx.downloadVersions.has(id)) continue;
      const entry = ctx.catalogue.versions.find((e) => e.id === id)!;
      const version: DocNode = {
        id,
        version_id: entry.numericId,
        name: entry.name,
        abbreviation: entry.abbreviation,
        lang: entry.lang,
        lang_name: entry.langName,
        lang_name_eng: entry.langNameEng,
        info: cdata(entry.info),
        copyright: cdata(entry.copyright),
        footnotes_copyright: entry.footnotes ? cdata(entry.footnotes.copyright) : undefined,
      };
      const irBooks = new Map(v.ir.books.map((b) => [b.osis, b]));
      const books: DownloadValue['books'] = [];
      const formats = Object.fromEntries(
        DOWNLOAD_FORMATS.map((f) => [
          f,
          {
            ...frame(f, version),
            separator: RENDER[f].separator,
            hash: createHash('sha256'),
            bytes: 0,
          },
        ]),
      ) as Record<
        DownloadFormat,
        {
          head: string;
          tail: string;
          separator: string;
          hash: ReturnType<typeof createHash>;
          bytes: number;
        }
      >;
      for (const f of DOWNLOAD_FORMATS) {
        formats[f].hash.update(formats[f].head, 'utf8');
        formats[f].bytes += utf8Bytes(formats[f].head);
      }
      for (const b of ctx.catalogue.books) {
        if (b.version !== id || !buildsBook(ctx, id, b.osis)) continue;
        const ir = irBooks.get(b.osis);
        if (!ir) continue;
        const code = { version: id, osis: b.osis };
        let verses = 0;
        const chapter = ir.chapters.map((c) => {
          const value = chapterValue(id, b.number, b.osis, c);
          const notes = v.manifest.footnotes ? (footnoteChapterValue(c)?.notes ?? []) : [];
          verses += value.verses.length;
          return {
            id: chapterId(code, c.chapter),
            chapter: c.chapter,
            verse: value.verses.map((e) => {
              const own = notes.filter((n) => n.verse === e.verse);
              return {
                id: verseId(code, c.chapter, e.verse),
                verse: e.verse,
                lastverse: e.lastverse,
                text: cdata(e.html),
                note: own.length ? own.map(noteNode) : undefined,
              };
            }),
          };
        });
        const node: DocNode = {
          id: bookId(code),
          name: b.name,
          abbr: b.osis,
          ord: b.ord,
          testament: b.testament,
          chapter,
        };
        const sums = {} as Record<DownloadFormat, DownloadSum>;
        for (const f of DOWNLOAD_FORMATS) {
          const text = RENDER[f].book(node);
          const pair: KvPair = { key: downloadBookKey(ctx.snapshotId, id, f, b.osis), value: text };
          sums[f] = { bytes: utf8Bytes(text), sha256: sha256(text) };
          if (books.length) {
            formats[f].hash.update(formats[f].separator, 'utf8');
            formats[f].bytes += utf8Bytes(formats[f].separator);
          }
          formats[f].hash.update(text, 'utf8');
          formats[f].bytes += sums[f].bytes;
          keys++;
          bytes += utf8Bytes(pair.key) + sums[f].bytes;
          yield pair;
        }
        books.push({ osis: b.osis, chapters: ir.chapters.length, verses, ...sums });
      }
      const out = {} as Record<DownloadFormat, DownloadFormatValue>;
      for (const f of DOWNLOAD_FORMATS) {
        const { head, tail, separator, hash } = formats[f];
        hash.update(tail, 'utf8');
        out[f] = {
          head,
          separator,
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
    if (!keys && !ctx.books) {
      ctx.log?.('  downloads: not built (`npm run snapshot:build -- --downloads` builds them)');
      return;
    }
    ctx.log?.(
      `  downloads: ${Object.entries(figures)
        .map(([id, f]) => {
          const { books, xml, js } = f as { books: number; xml: number; js: number };
          return `${id} ${books} books, xml ${mib(xml)} MiB, js ${mib(js)} MiB`;
        })
        .join(
          '; ',
        )}; ${keys} keys, ${mib(bytes)} MiB, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    if (ctx.figures) ctx.figures.downloads = { ...figures, keys, bytes };
  },
};
