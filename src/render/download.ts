/**
 * The document of a whole-version download (`/versions/{id}/download`, docs/kv-layout.md
 * "Downloads"): its `version` element, each `book` element, and each format's writing of them.
 * The build renders every download with it to hash it (scripts/snapshot/downloads.ts), and the
 * worker to send it (src/catalogue/downloads.ts): the bytes sent are the bytes hashed.
 */
import { cdata, type DocNode } from './document';
import { noteNode } from './footnote-node';
import { renderJson } from './json';
import { elementXml, renderXml } from './xml';
import { bookId, chapterId, verseId } from '../snapshot/ids';
import type {
  BookEntry,
  ChapterValue,
  DownloadFormat,
  FootnoteValue,
  VersionEntry,
} from '../snapshot/types';

/** Each format's rendering of a whole download and of one book element in it. */
export const DOWNLOAD_RENDER: Record<
  DownloadFormat,
  { doc: (d: Record<string, DocNode>) => string; book: (b: DocNode) => string; separator: string }
> = {
  // Repeated elements follow each other; JSON's array items are separated by commas.
  xml: { doc: renderXml, book: (b) => elementXml('book', b), separator: '' },
  js: { doc: renderJson, book: (b) => JSON.stringify(b), separator: ',' },
};

/** The `version` element of a download: the version's catalogue entry. */
export function downloadVersionNode(entry: VersionEntry): DocNode {
  return {
    id: entry.id,
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
}

/** One chapter as a download holds it: its value and the translators' notes on it. */
export interface DownloadChapter {
  value: ChapterValue;
  notes: FootnoteValue[];
}

/**
 * A `book` element of a download: every chapter with its verses' HTML as `/verses/{id}` gives it
 * and their notes as `/verses/{id}/footnotes` writes them (a note on a slot left empty is not in it).
 */
export function downloadBookNode(
  version: string,
  book: Pick<BookEntry, 'osis' | 'name' | 'ord' | 'testament'>,
  chapters: DownloadChapter[],
): DocNode {
  const code = { version, osis: book.osis };
  return {
    id: bookId(code),
    name: book.name,
    abbr: book.osis,
    ord: book.ord,
    testament: book.testament,
    chapter: chapters.map(({ value, notes }) => ({
      id: chapterId(code, value.chapter),
      chapter: value.chapter,
      verse: value.verses.map((e) => {
        const own = notes.filter((n) => n.verse === e.verse);
        return {
          id: verseId(code, value.chapter, e.verse),
          verse: e.verse,
          lastverse: e.lastverse,
          text: cdata(e.html),
          note: own.length ? own.map(noteNode) : undefined,
        };
      }),
    })),
  };
}
