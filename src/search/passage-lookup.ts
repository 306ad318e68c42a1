import { verseHtml } from '../catalogue/headings';
import type { SnapshotReader } from '../cache/snapshot-reader';
import { rangeName } from '../catalogue/names';
import { loadCatalogue, loadChapter, type Catalogue } from '../catalogue/store';
import { chapterVersesPath, MAX_VERSES_PER_RESPONSE, verseCount } from '../catalogue/verse-range';
import { badRequest, notFound } from '../http/errors';
import { cdata, type DocNode } from '../render/document';
import { MAX_PAGE_VALUES } from '../api/limits';
import { lastVerse } from '../catalogue/navigation';
import type { BookEntry, VerseEntry, VersionEntry } from '../snapshot/types';
import { selectVersions } from './filters';
import { emptyRangeReason, emptySlotPassage, passagesOf, type Passage } from './passages';
import { bookNamesOf } from './book-names';
import { loadReferenceParser, MAX_REFERENCE_LENGTH, parseReferences } from './references';

/**
 * Passage lookup as a whole (docs/search.md): the `q[]` values
 * and versions in, one found passage per reference per version out, with its first verses. The
 * API route renders `passagesDocument`; the passages page renders the same result. A passage
 * longer than the verse bound comes as consecutive parts (src/catalogue/verse-range.ts).
 */

/** Verses shown in `text_preview` (docs/contract.md: "at most the first three verses"). */
export const PREVIEW_VERSES = 3;
/** Most `q` values and most references per request (each costs chapter reads). */
const MAX_QUERIES = 20;
const MAX_REFERENCES = 50;
/**
 * Most passages per response, so that the API's previews stay within the verse bound (no
 * response carries an unbounded number of verses; 166 × 3 ≤ 500). 50 one-book references in
 * three versions (150) fit; `Gen 1 - Rev 22` in every version does not.
 */
const MAX_PASSAGES = Math.floor(MAX_VERSES_PER_RESPONSE / PREVIEW_VERSES);
/**
 * Verses of the longest chapter (Psalm 119): a request whose passages hold more counts against
 * the caller's passage limit, as one passage over several chapters does (`Ps 119` sixteen times
 * over is 2,816 verses of work for a page, though each passage is one chapter).
 */
export const LONG_PASSAGE_VERSES = 176;

export interface FoundPassage {
  version: VersionEntry;
  book: BookEntry;
  passage: Passage;
  /** The first PREVIEW_VERSES verses (or `verses` of them when asked for). */
  verses: { chapter: number; entry: VerseEntry }[];
}

export interface PassageLookup {
  cat: Catalogue;
  queries: string[];
  found: FoundPassage[];
  /** Verses the passages hold in all, and how many were read (fewer when a bound cut them). */
  verses: number;
  read: number;
}

/** The names of a reference in the query: `q[]`, `q[0]`, `q[1]` … and plain `q`. */
export const REFERENCE_PARAM = /^q(\[\d*\])?$/;

/** Every `q[]`, `q[0]`, `q[1]` … and plain `q` value, in the order they were given. */
function referenceQueries(url: string): string[] {
  const params = new URL(url).searchParams;
  const out: string[] = [];
  for (const [name, value] of params) if (REFERENCE_PARAM.test(name)) out.push(value);
  return out;
}

/** The passage's verses in order, at most `max` (reads the passage's chapters as needed). */
export async function passageVerses(
  snap: SnapshotReader,
  book: BookEntry,
  p: Passage,
  max: number,
): Promise<{ chapter: number; entry: VerseEntry }[]> {
  const out: { chapter: number; entry: VerseEntry }[] = [];
  for (let ch = p.startChapter; ch <= p.endChapter && out.length < max; ch++) {
    const value = await loadChapter(snap, book, ch);
    for (const entry of value?.verses ?? []) {
      if (ch === p.startChapter && entry.lastverse < p.startVerse) continue;
      if (ch === p.endChapter && entry.verse > p.endVerse) break;
      out.push({ chapter: ch, entry });
      if (out.length >= max) break;
    }
  }
  return out;
}

/** The request's references resolved on the catalogue, before any chapter is read. */
export interface PassageResolution {
  cat: Catalogue;
  queries: string[];
  resolved: { passage: Passage; version: VersionEntry }[];
  /** Verses the passages hold in all (by the catalogue). */
  verses: number;
  /**
   * Whether a passage runs over more than one chapter (`Gen 1-3`, `Rom 1:1-3:20`), or the passages
   * hold more verses than the longest chapter: the handler then counts the request against the
   * caller's passage limit before reading.
   */
  long: boolean;
}

/**
 * Resolves the request's references (`q[]` of `url`) in the versions (`ALL`, a comma list or
 * nothing = every version) on the catalogue alone, so that an over-long answer is refused, and a
 * long one known, before any chapter read. Pure of HTTP: what is found, never what to enforce
 * (the route applies the rate limit).
 */
export function resolvePassages(
  snap: SnapshotReader,
  url: string,
  versionsParam: string | undefined,
): Promise<PassageResolution> {
  return resolveReferences(snap, referenceQueries(url), versionsParam);
}

/**
 * resolvePassages for references given as strings (the MCP tool `lookup_passage`, src/mcp/): the
 * same bounds and the same errors as the route's `q[]`.
 */
export async function resolveReferences(
  snap: SnapshotReader,
  queries: string[],
  versionsParam: string | undefined,
): Promise<PassageResolution> {
  if (!queries.length)
    throw badRequest('q[] is required: give a passage reference, e.g. ?q[]=john+3:16');
  if (queries.length > MAX_QUERIES)
    throw badRequest(`Too many references (at most ${MAX_QUERIES} q[] values)`);
  for (const q of queries)
    if (q.length > MAX_REFERENCE_LENGTH)
      throw badRequest(`A reference is too long (at most ${MAX_REFERENCE_LENGTH} characters)`);
  const cat = await loadCatalogue(snap);
  const versions = selectVersions(cat, versionsParam);
  // References are read in the versions' languages first (`Job 1` with RV1909 is read as Spanish),
  // then in the service's other languages (`Juan 3:16` with KJV): src/search/references.ts.
  const languages = versions.map((v) => v.lang);
  await loadReferenceParser();
  const ranges = queries.flatMap((q) => parseReferences(q, languages, bookNamesOf(cat)));
  if (ranges.length > MAX_REFERENCES)
    throw badRequest(`Too many references (at most ${MAX_REFERENCES})`);
  // A verse a version's numbering leaves empty resolves to the verse holding its text, or to the
  // reason there is none; a lookup that finds nothing but such reasons is a 404.
  const emptySlotReasons: string[] = [];
  const resolved = ranges.flatMap((range) =>
    versions.flatMap((version) => {
      const empty = emptySlotPassage(cat, version, range);
      if (empty && 'reason' in empty) emptySlotReasons.push(empty.reason);
      if (empty) return 'passage' in empty ? [{ passage: empty.passage, version }] : [];
      // A range the version leaves wholly empty (the SBLGNT's John 7:53-8:11, or 8:1-11 of it)
      // is no passage, and says why, as one empty verse does: not an empty passage whose path
      // is a 404.
      const passages = passagesOf(cat, version, range).filter(
        (p) => verseCount(cat.books[p.bookIndex], p) > 0,
      );
      if (!passages.length) {
        const reason = emptyRangeReason(cat, version, range);
        if (reason) emptySlotReasons.push(reason);
      }
      return passages.map((passage) => ({ passage, version }));
    }),
  );
  if (!resolved.length && emptySlotReasons.length) throw notFound(emptySlotReasons.join('; '));
  if (resolved.length > MAX_PASSAGES) {
    throw badRequest(
      `Too many passages (${resolved.length}; at most ${MAX_PASSAGES} per response): ask for fewer references or name the versions`,
    );
  }
  const verses = resolved.reduce(
    (n, { passage }) => n + verseCount(cat.books[passage.bookIndex], passage),
    0,
  );
  return {
    cat,
    queries,
    resolved,
    verses,
    long:
      verses > LONG_PASSAGE_VERSES ||
      resolved.some(({ passage }) => passage.endChapter > passage.startChapter),
  };
}

/**
 * Reads the first `verses` verses of each resolved passage (the API's preview: three), and of all
 * together at most `total` (the passages page: MAX_VERSES_PER_RESPONSE); passages past that bound
 * are found but read no verse.
 */
export async function readPassages(
  snap: SnapshotReader,
  resolution: PassageResolution,
  verses = PREVIEW_VERSES,
  total = Infinity,
): Promise<PassageLookup> {
  const { cat, queries, resolved } = resolution;
  const found: FoundPassage[] = [];
  let read = 0;
  const chaptersRead = new Set<string>();
  for (const { passage, version } of resolved) {
    const book = cat.books[passage.bookIndex];
    const wanted = Math.min(verses, total - read);
    // The chapters it reads, past MAX_PAGE_VALUES in all: then it is found but not read, and says so.
    const chapters = wanted > 0 ? chaptersToRead(book, passage, wanted) : [];
    const more = chapters.filter((c) => !chaptersRead.has(`${passage.bookIndex}.${c}`));
    if (more.length && chaptersRead.size && chaptersRead.size + more.length > MAX_PAGE_VALUES) {
      found.push({ version, book, passage: { ...passage, note: UNREAD_NOTE }, verses: [] });
      continue;
    }
    for (const c of more) chaptersRead.add(`${passage.bookIndex}.${c}`);
    const list = wanted > 0 ? await passageVerses(snap, book, passage, wanted) : [];
    read += list.length;
    found.push({ version, book, passage, verses: list });
  }
  return { cat, queries, found, verses: resolution.verses, read };
}

/**
 * What a passage past the chapters one request reads says: each chapter read costs the request
 * (161 one-verse passages in as many chapters, 23 references in every version, read 161 values),
 * so a request reads at most MAX_PAGE_VALUES chapters; a passage past them is found, with its
 * path, and none of its verses.
 */
export const UNREAD_NOTE = `Not read: one request reads at most ${MAX_PAGE_VALUES} chapters; its path gives its verses`;

/** The chapters passageVerses reads for the first `max` verses of a passage, by the catalogue. */
function chaptersToRead(book: BookEntry, p: Passage, max: number): number[] {
  const out: number[] = [];
  let count = 0;
  for (let ch = p.startChapter; ch <= p.endChapter && count < max; ch++) {
    out.push(ch);
    count += verseCount(book, {
      startChapter: ch,
      startVerse: ch === p.startChapter ? p.startVerse : 1,
      endChapter: ch,
      endVerse: ch === p.endChapter ? p.endVerse : lastVerse(book, ch),
    });
  }
  return out;
}

/** The root of the API's `search` document for passages; paths carry the request's suffix. */
export function passagesDocument(
  lookup: PassageLookup,
  format: 'xml' | 'js',
  headings = false,
): DocNode {
  return {
    result: {
      type: 'passages',
      passages: {
        passage: lookup.found.map((f) => ({
          display: rangeName(f.book, f.passage),
          version: f.version.id,
          ...(f.passage.note ? { note: f.passage.note } : {}),
          path: chapterVersesPath(f.book, f.passage, format),
          text_preview: cdata(
            f.verses
              .slice(0, PREVIEW_VERSES)
              .map((v) => verseHtml(v.entry, headings))
              .join(''),
          ),
          copyright: cdata(f.version.copyright),
        })),
      },
    },
  };
}
