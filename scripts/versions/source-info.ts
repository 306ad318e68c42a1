/**
 * What a source says about itself, for `npm run version:add`: its format (a USFM or USX folder or
 * file, read by one importer; OSIS XML), the version's id, name, language and copyright where the source writes them, its
 * books with their names and abbreviations, and its counts (which the entry pins).
 *
 * USFM: the \id line's words after the code (`\id GEN World English Bible (WEB)`: the name, and
 * the id in brackets), each book's \toc2 (else \h, \toc1, \mt) and \toc3. It has no language and
 * no copyright of its own. OSIS: the header's `<work>` (`<title>`, `<language>`, `<rights>`) and
 * `osisText@osisIDWork`, `@xml:lang` (a two-letter code made ISO 639-3 by ./language-code.ts).
 */
import { readFileSync, statSync } from 'node:fs';
import { iso639_3 } from './language-code';
import type { Canon } from '../snapshot/canon';
import { parseOsisVerses } from '../snapshot/importers/osis';
import type { ImportContext } from '../snapshot/importers/types';
import { readUsfm, usfmFiles } from '../snapshot/importers/usfm';
import type { VersionIR } from '../snapshot/ir';

export type SourceFormat = 'usfm' | 'osis';

export interface SourceBook {
  osis: string;
  /** The book's name as the source writes it (USFM \toc2, \h …), when it does. */
  name?: string;
  /** Its abbreviation (USFM \toc3), when the source gives one. */
  abbreviation?: string;
  /**
   * Every other name the source gives the book (USFM \h, \toc1, \toc2, \mt, and \toc3), for
   * the references read in its language: data/book-names.json `otherNames`.
   */
  otherNames: string[];
}

export interface SourceInfo {
  format: SourceFormat;
  id?: string;
  /** Where the source gives its id (file and line), for messages about it. */
  idAt?: string;
  name?: string;
  language?: string;
  copyright?: string;
  books: SourceBook[];
  ir: VersionIR;
  /** Lines that say what was read (counts, markers not handled). */
  report: string[];
}

export function detectFormat(source: string): SourceFormat {
  if (statSync(source).isDirectory() || /\.(usfm|sfm|usx)$/i.test(source)) return 'usfm';
  const head = readFileSync(source, 'utf8').slice(0, 4096);
  if (/<osis[\s>]/.test(head)) return 'osis';
  throw new Error(
    `${source}: neither USFM or USX (.usfm, .sfm, .usx, or a folder of them) nor OSIS XML`,
  );
}

export function readSourceInfo(source: string, canon: Canon): SourceInfo {
  const format = detectFormat(source);
  return format === 'usfm' ? usfmInfo(source, canon) : osisInfo(source, canon);
}

function usfmInfo(source: string, canon: Canon): SourceInfo {
  usfmFiles(source);
  const read = readUsfm(source, canon);
  const idBook = read.books.find((b) => b.meta.idText.length);
  const idText = idBook?.meta.idText ?? '';
  const bracketed = /^(.*?)\s*\(([A-Za-z0-9]+)\)\s*$/.exec(idText);
  const { counts } = read;
  return {
    format: 'usfm',
    ...(bracketed
      ? { id: bracketed[2], name: bracketed[1], idAt: `${idBook!.file}:${idBook!.idLine}` }
      : idText
        ? { name: idText }
        : {}),
    books: read.books.map((b) => ({
      osis: b.osis!,
      ...pick('name', b.meta.toc2 ?? b.meta.h ?? b.meta.toc1 ?? b.meta.mt),
      ...pick('abbreviation', b.meta.toc3),
      otherNames: [b.meta.h, b.meta.toc1, b.meta.toc2, b.meta.mt, b.meta.toc3].filter(
        (n, i, all): n is string => !!n && all.indexOf(n) === i,
      ),
    })),
    ir: read.ir,
    report: [
      `${read.books.length} books, ${counts.verses} verses, ${counts.footnotes} footnotes, ${counts.crossrefs} cross-references, ${counts.titles} titles (\\d)`,
      ...(Object.keys(read.unhandled).length
        ? [
            `markers not handled (their words kept): ${Object.entries(read.unhandled)
              .map(([m, n]) => `\\${m} ×${n}`)
              .join(', ')}`,
          ]
        : []),
    ],
  };
}

function osisInfo(source: string, canon: Canon): SourceInfo {
  const xml = readFileSync(source, 'utf8');
  const head = xml.slice(0, 20000);
  const tag = (name: string) =>
    new RegExp(`<${name}[^>]*>([^<]*)</${name}>`).exec(head)?.[1]?.trim() || undefined;
  const work = /<osisText[^>]*osisIDWork="([^"]+)"/.exec(head)?.[1];
  const xmlLang = iso639_3(/<osisText[^>]*xml:lang="([^"]+)"/.exec(head)?.[1]);
  const language = tag('language');
  const ctx = { canon, version: work ?? 'new', log: () => {} } as unknown as ImportContext;
  const ir = parseOsisVerses(xml, ctx);
  const unknown = ir.books.filter((b) => !canon.byOsis.has(b.osis)).map((b) => b.osis);
  if (unknown.length)
    throw new Error(`${source}: books the canon does not know: ${unknown.join(', ')}`);
  return {
    format: 'osis',
    ...pick('id', work),
    ...pick('idAt', work && `${source} (osisText osisIDWork)`),
    ...pick('name', tag('title')),
    ...pick('language', xmlLang ?? iso639_3(language)),
    ...pick('copyright', tag('rights')),
    books: ir.books.map((b) => ({ osis: b.osis, otherNames: [] })),
    ir,
    report: [`${ir.books.length} books`],
  };
}

function pick<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value ? ({ [key]: value } as Record<K, string>) : {};
}
