/**
 * Importer `usfm` (and `usx`): a folder of USFM files (`.usfm`, `.sfm`; one book each), of USX
 * files (`.usx`, USFM's XML form, read into the same tokens by ./usx-lex.ts) or one file, read
 * with ./usfm-book.ts. Adding a USFM translation is configuration in data/versions.json:
 *
 *   "source": { "format": "usfm", "path": "debian:bibledit-cloud-data:/usr/share/bibledit-cloud/demo" }
 *
 * (`path` as ../paths.ts resolveSourcePath reads it: a Debian package's path, a path relative to
 * the repository, a file inside node_modules.) data/source-fixes.json's
 * corrections of the version apply to the text of their verse's book file, before it is read.
 * Books come out in canon order
 * whatever the files are called; peripheral books (front matter, glossary: USFM's FRT, GLO …) are
 * skipped. A book in two files, a file that is not UTF-8 and every error of usfm-book.ts stop the
 * import with the file and line. Markers the reader does not know are counted and reported.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Canon } from '../canon';
import type { VersionIR } from '../ir';
import { resolveSourcePath } from '../paths';
import { cachedReading } from '../readings-cache';
import { SourceUnavailableError, type Importer } from './types';
import { checkVerseSources, parseUsfmTokens, type UsfmBook, type UsfmCounts } from './usfm-book';
import { decodeUtf8, lexUsfm, SourceLineError } from './usfm-lex';
import { lexUsx } from './usx-lex';

const USFM_FILE = /\.(usfm|sfm|usx)$/i;

export interface UsfmSource {
  ir: VersionIR;
  /** The books read, in canon order (peripheral books left out). */
  books: UsfmBook[];
  /** The files skipped as peripheral (front matter, glossary …). */
  peripheral: string[];
  counts: UsfmCounts;
  unhandled: Record<string, number>;
}

/** The files of a source path: the file itself, or a folder's `.usfm`, `.sfm` and `.usx` files by name. */
export function usfmFiles(source: string): string[] {
  if (!existsSync(source)) throw new SourceUnavailableError(`${source} does not exist`);
  if (!statSync(source).isDirectory()) return [source];
  const files = readdirSync(source)
    .filter((f) => USFM_FILE.test(f))
    .sort()
    .map((f) => path.join(source, f));
  if (!files.length) throw new Error(`${source}: no .usfm, .sfm or .usx files`);
  return files;
}

/**
 * A source of at least this many bytes has its parse kept between processes
 * (../readings-cache.ts): a whole Bible's USFM (the WEB's demo/, 4.5 MB) parses in seconds, and
 * `version:add`, the test fixture's build and the tests each read it again. A smaller source (a
 * few books, the tests' own sources) parses faster than its reading is found, and kept it would
 * push a whole Bible's reading out of the cache.
 */
const KEPT_PARSE_BYTES = 1_000_000;

/**
 * `correct` is given each book's text with its OSIS id before it is read: the corrections of
 * data/source-fixes.json apply to the whole file, as to an OSIS document (corrections.ts). They
 * apply before the parse is looked for in the cache, which is keyed by the texts as corrected.
 */
export function readUsfm(
  source: string,
  canon: Canon,
  correct?: (osis: string, text: string) => string,
): UsfmSource {
  const texts = usfmFiles(source).map((file) => {
    let text = decodeUtf8(readFileSync(file), file);
    const usx = /\.usx$/i.test(file);
    const code = (usx ? /<book\b[^>]*\bcode="([^"]+)"/ : /\\id\s+(\S+)/).exec(text)?.[1];
    const osis = code ? canon.resolve(code) : undefined;
    if (correct && osis) text = correct(osis, text);
    return { file, usx, text };
  });
  const bytes = texts.reduce((n, t) => n + t.text.length, 0);
  if (bytes < KEPT_PARSE_BYTES) return parseUsfmFiles(texts, canon);
  return cachedReading(
    'usfm',
    () => parseUsfmFiles(texts, canon),
    undefined,
    undefined,
    [],
    texts.map((t) => `${t.file}\0${t.text}`).join('\0'),
  );
}

function parseUsfmFiles(
  texts: { file: string; usx: boolean; text: string }[],
  canon: Canon,
): UsfmSource {
  const books: UsfmBook[] = [];
  const peripheral: string[] = [];
  const byOsis = new Map<string, UsfmBook>();
  for (const { file, usx, text } of texts) {
    checkVerseSources(text, file, usx);
    const book = parseUsfmTokens(usx ? lexUsx(text, file) : lexUsfm(text), file, canon);
    if (!book.osis) {
      peripheral.push(`${path.basename(file)} (${book.meta.code})`);
      continue;
    }
    const other = byOsis.get(book.osis);
    if (other)
      throw new SourceLineError(
        file,
        1,
        `\\id ${book.meta.code} again: the book is already in ${other.file}`,
      );
    byOsis.set(book.osis, book);
    books.push(book);
  }
  books.sort((a, b) => canon.position(a.osis!) - canon.position(b.osis!));
  const counts = {} as UsfmCounts;
  const unhandled: Record<string, number> = {};
  for (const b of books) {
    for (const [k, n] of Object.entries(b.counts))
      counts[k as keyof UsfmCounts] = (counts[k as keyof UsfmCounts] ?? 0) + n;
    for (const [k, n] of Object.entries(b.unhandled)) unhandled[k] = (unhandled[k] ?? 0) + n;
  }
  const sourceLines = new Map<string, string>();
  for (const b of books)
    for (const [cv, line] of b.verseLines) sourceLines.set(`${b.osis}.${cv}`, `${b.file}:${line}`);
  return {
    ir: { books: books.map((b) => ({ osis: b.osis!, chapters: b.chapters })), sourceLines },
    books,
    peripheral,
    counts,
    unhandled,
  };
}

/** A source path as configured (../paths.ts resolveSourcePath); a missing one is unavailable. */
export function usfmSourcePath(p: string): string {
  return resolveSourcePath(p, (m) => new SourceUnavailableError(m));
}

/** The counts and markers left unhandled, as the build log says them. */
export function describeUsfm(s: UsfmSource): string[] {
  const c = s.counts;
  const lines = [
    `  ${s.books.length} books, ${c.verses} \\v, ${c.footnotes} \\f, ${c.crossrefs} \\x, ${c.titles} titles (\\d), ${c.headings} section headings (\\s#, \\ms#), ${c.speakers} speakers (\\sp, not kept)`,
  ];
  if (s.peripheral.length) lines.push(`  skipped as peripheral: ${s.peripheral.join(', ')}`);
  if (c.headingNotes)
    lines.push(`  ${c.headingNotes} notes in section headings, kept at the next verse's start`);
  if (c.notesDropped) lines.push(`  ${c.notesDropped} notes outside any verse not kept`);
  if (c.textOutsideVerses)
    lines.push(`  ${c.textOutsideVerses} runs of words outside any verse not kept`);
  if (c.titlesUnplaced)
    lines.push(`  ${c.titlesUnplaced} titles with no verse after them not kept`);
  const un = Object.entries(s.unhandled).sort((a, b) => b[1] - a[1]);
  if (un.length)
    lines.push(
      `  markers not handled (words kept): ${un.map(([m, n]) => `\\${m} ×${n}`).join(', ')}`,
    );
  return lines;
}

export const importUsfm: Importer = async (source, ctx) => {
  if (!source.path) throw new Error(`${ctx.version}: usfm source needs "path"`);
  const ids = ctx.corrections.ids();
  const read = readUsfm(usfmSourcePath(source.path), ctx.canon, (osis, text) => {
    for (const id of ids) if (id.startsWith(`${osis}.`)) text = ctx.corrections.apply(id, text);
    return text;
  });
  for (const line of describeUsfm(read)) ctx.log(line);
  return read.ir;
};
