import type { SnapshotReader } from '../cache/snapshot-reader';
import { versionMapOf } from '../catalogue/empty-slots';
import { chapterFromId, verseFromId } from '../catalogue/lookup';
import { versesIn } from '../catalogue/navigation';
import { chapterLink, verseLink } from '../catalogue/resources';
import { findBook, type Catalogue } from '../catalogue/store';
import { coveredVerses } from '../catalogue/versification';
import { echo, notFound } from '../http/errors';
import { cdata, type DocNode } from '../render/document';
import type {
  CommentaryEntryValue,
  LibraryMetaValue,
  LibraryWork,
} from '../snapshot/library-types';
import {
  kjvChaptersOf,
  LIBRARY_VERSION,
  libraryChapterId,
  parsePassage,
  passageNode,
  type Passage,
} from './passages';
import { loadCommentaryChapter, loadCommentaryPage, loadLibraryMeta } from './store';
import { passageInVersion, textInVersion } from './version-links';
import { versePosition } from '../snapshot/verse-positions';

/**
 * The commentaries of the reference library: which there are, and the entries of
 * every commentary that cover a chapter or a verse of any version. Entries are keyed in the KJV's
 * numbering (src/snapshot/library-types.ts); a request on another version reaches them through
 * the versification map (the KJV chapters its verses stand for: one read, two where the numbering
 * crosses a chapter), and each entry says which verses of the requested chapter it covers, in
 * that version's numbering. An entry longer than the chapter value's preview is cut, with the
 * path of its whole (paged: GET /commentaries/{id}/{verse_id}?page=N).
 */

/** One entry covering (some of) the requested verses. */
export interface CoveredEntry {
  value: CommentaryEntryValue;
  /** The KJV chapter it is in. */
  book: string;
  chapter: number;
  /** The requested chapter's verses it covers (that version's numbering). */
  verses: number[];
  /** Its text (the preview when cut), its links in the requested version (./version-links.ts). */
  html: string;
}

export interface CommentaryCoverage {
  bookIndex: number;
  chapter: number;
  verse?: number;
  entries: CoveredEntry[];
  meta: LibraryMetaValue | null;
}

/** The meta, or the 404 of a snapshot built without the library. */
export async function libraryMeta(snap: SnapshotReader): Promise<LibraryMetaValue> {
  const meta = await loadLibraryMeta(snap);
  if (!meta)
    throw notFound(
      'This snapshot was built without the reference library (Debian sword-comm-mhcc, sword-comm-scofield, sword-comm-tdavid, sword-dict-naves)',
    );
  return meta;
}

/** The entries covering `verses` of a version's chapter: introductions only on a chapter request. */
async function covering(
  snap: SnapshotReader,
  cat: Catalogue,
  bookIndex: number,
  chapter: number,
  verses: number[],
  introductions: boolean,
): Promise<CoveredEntry[]> {
  const book = cat.books[bookIndex]!;
  const map = versionMapOf(book.version);
  const kjvChapters = kjvChaptersOf(map, book, chapter, verses);
  const values = await Promise.all(
    kjvChapters.map((k) => loadCommentaryChapter(snap, k.book, k.chapter)),
  );
  const out: CoveredEntry[] = [];
  kjvChapters.forEach((k, i) => {
    for (const value of values[i]?.entries ?? []) {
      if (value.i && !introductions) continue;
      const from = value.i ? 1 : value.v;
      const span = {
        book: k.book,
        from: versePosition(k.chapter, from),
        to: versePosition(k.chapter, value.e),
      };
      const covered = coveredVerses(map, book, chapter, verses, span);
      if (covered.length)
        out.push({
          value,
          book: k.book,
          chapter: k.chapter,
          verses: covered,
          html: textInVersion(cat, book.version, value),
        });
    }
  });
  return out;
}

/** GET /chapters/{id}/commentaries: every entry covering a verse of the chapter. */
export async function chapterCommentaries(
  snap: SnapshotReader,
  cat: Catalogue,
  id: string,
): Promise<CommentaryCoverage> {
  const { bookIndex, chapter } = chapterFromId(cat, id);
  const meta = await libraryMeta(snap);
  const entries = await covering(
    snap,
    cat,
    bookIndex,
    chapter,
    versesIn(cat.books[bookIndex]!, chapter),
    true,
  );
  return { bookIndex, chapter, entries, meta };
}

/** GET /verses/{id}/commentaries: the entries covering the verse (a section, a note, a Psalm). */
export async function verseCommentaries(
  snap: SnapshotReader,
  cat: Catalogue,
  id: string,
): Promise<CommentaryCoverage> {
  const { bookIndex, chapter, verse } = verseFromId(cat, id);
  const meta = await libraryMeta(snap);
  const entries = await covering(snap, cat, bookIndex, chapter, [verse], false);
  return { bookIndex, chapter, verse, entries, meta };
}

const workNode = (w: LibraryWork): DocNode => ({
  id: w.id,
  name: w.name,
  author: w.author,
  year: w.year,
  lang: w.lang,
  entries: w.count,
  copyright: cdata(w.copyright),
});

/** GET /commentaries: the commentaries with their authors, years, languages and copyright. */
export function commentaryListDocument(meta: LibraryMetaValue): DocNode {
  return { commentary: meta.commentaries.map(workNode) };
}

/** The address of an entry's whole text: by its commentary and first verse (KJV; verse 0 an introduction). */
export const entryPath = (commentary: string, book: string, chapter: number, verse: number) =>
  `/commentaries/${commentary}/${LIBRARY_VERSION}:${book}.${chapter}.${verse}`;

/** The passage an entry comments on, in the KJV (the library's numbering); null if the catalogue lacks it. */
export function entryPassage(cat: Catalogue, e: CoveredEntry): Passage | null {
  const { value } = e;
  return parsePassage(
    cat,
    `${e.book}.${e.chapter}.${value.i ? 1 : value.v}-${e.book}.${e.chapter}.${value.e}`,
  );
}

/** An entry of the commentaries on a chapter or verse of `version`. */
function entryNode(
  cat: Catalogue,
  meta: LibraryMetaValue,
  version: string,
  e: CoveredEntry,
): DocNode {
  const { value } = e;
  const passage = entryPassage(cat, e);
  // The same passage in the version read (its book names and numbering), for a reader of it.
  const read =
    passage && version !== LIBRARY_VERSION ? passageInVersion(cat, version, passage) : null;
  return {
    id: `${value.c}:${e.book}.${e.chapter}.${value.v}`,
    commentary: value.c,
    name: meta.commentaries.find((w) => w.id === value.c)?.name ?? value.c,
    introduction: value.i,
    passage: passage ? passageNode(passage) : undefined,
    in_version: read ? passageNode(read) : undefined,
    verses: { verse: e.verses },
    text: cdata(e.html),
    truncated: value.p ? 'true' : undefined,
    whole: value.p
      ? { path: entryPath(value.c, e.book, e.chapter, value.v), pages: value.p }
      : undefined,
  };
}

/** The `commentaries` root of a chapter or verse: the resource, its entries, and the works they come from. */
export function commentariesDocument(cat: Catalogue, c: CommentaryCoverage): DocNode {
  const book = cat.books[c.bookIndex]!;
  const meta = c.meta!;
  const used = new Set(c.entries.map((e) => e.value.c));
  return {
    ...(c.verse === undefined ? chapterLink(book, c.chapter) : verseLink(book, c.chapter, c.verse)),
    entry: c.entries.map((e) => entryNode(cat, meta, book.version, e)),
    work: meta.commentaries.filter((w) => used.has(w.id)).map(workNode),
  };
}

const ENTRY_ID = new RegExp(
  `^${LIBRARY_VERSION}:([1-4]?[A-Za-z]+)\\.(\\d{1,3})\\.(\\d{1,3})$`,
  'i',
);

/**
 * GET /commentaries/{commentary}/{verse_id}?page=N: one page of an entry's whole text, by the
 * entry's address (its commentary and first verse in the KJV, as `whole.path` gives it).
 */
export async function commentaryEntryPage(
  snap: SnapshotReader,
  cat: Catalogue,
  commentary: string,
  id: string,
  page: number,
) {
  const meta = await libraryMeta(snap);
  const work = meta.commentaries.find((w) => w.id.toLowerCase() === commentary.toLowerCase());
  if (!work)
    throw notFound(
      `Unknown commentary: ${echo(commentary)} (the commentaries: ${meta.commentaries.map((w) => w.id).join(', ')})`,
    );
  const m = ENTRY_ID.exec(id);
  if (!m)
    throw notFound(
      `Malformed entry address: ${echo(id)} (expected the ${LIBRARY_VERSION} verse its entry starts at, e.g. ${LIBRARY_VERSION}:Ps.23.1)`,
    );
  const [book, chapter, verse] = [m[1]!, Number(m[2]), Number(m[3])];
  const bookIndex = findBook(cat, LIBRARY_VERSION, book);
  const osis = bookIndex === undefined ? book : cat.books[bookIndex]!.osis;
  const value = await loadCommentaryChapter(snap, osis, chapter);
  const entry = value?.entries.find((e) => e.c === work.id && e.v === verse);
  if (!entry) throw notFound(`${work.id} has no entry at ${echo(id)}`);
  const pages = entry.p ?? 1;
  if (page > pages) throw notFound(`${work.id} ${echo(id)} has ${pages} page(s)`);
  const html = entry.p
    ? (await loadCommentaryPage(snap, work.id, osis, chapter, verse, page))?.html
    : entry.h;
  if (html === undefined)
    throw notFound(`${work.id} ${echo(id)}: page ${page} is missing from the snapshot`);
  return { work, meta, book: osis, chapter, entry, page, pages, html };
}

/** The `commentary` root of one page of an entry. */
export function entryPageDocument(
  cat: Catalogue,
  p: Awaited<ReturnType<typeof commentaryEntryPage>>,
): DocNode {
  const passage = parsePassage(
    cat,
    `${p.book}.${p.chapter}.${p.entry.i ? 1 : p.entry.v}-${p.book}.${p.chapter}.${p.entry.e}`,
  );
  const path = entryPath(p.work.id, p.book, p.chapter, p.entry.v);
  return {
    entry: [
      {
        id: `${p.work.id}:${p.book}.${p.chapter}.${p.entry.v}`,
        commentary: p.work.id,
        name: p.work.name,
        introduction: p.entry.i,
        passage: passage ? passageNode(passage) : undefined,
        chapter: { path: `/chapters/${libraryChapterId(p.book, p.chapter)}/commentaries` },
        page: p.page,
        pages: p.pages,
        text: cdata(p.html),
        next: p.page < p.pages ? { path: `${path}?page=${p.page + 1}` } : undefined,
        previous: p.page > 1 ? { path: `${path}?page=${p.page - 1}` } : undefined,
        path,
        copyright: cdata(p.work.copyright),
      },
    ],
  };
}
