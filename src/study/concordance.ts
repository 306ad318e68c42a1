import type { SnapshotReader } from '../cache/snapshot-reader';
import { bookId } from '../catalogue/ids';
import { loadCatalogue, type Catalogue } from '../catalogue/store';
import { badRequest, notFound } from '../http/errors';
import { pageSummary, requestedPage, type Page } from '../http/paging';
import type { DocNode } from '../render/document';
import { verseResource } from '../catalogue/resources';
import { searchScope, type SearchScope } from '../search/filters';
import { DEFAULT_LIMIT, MAX_LIMIT, MAX_NUMBERS, RENDERINGS_LISTED } from '../api/limits';
import { oneOf, type KeywordHit, type QueryParams } from '../search/keyword-search';
import { decodeVerseNumbers, verseOfNumber } from '../snapshot/verse-codes';
import type { Testament, VersionEntry } from '../snapshot/types';
import type { StudyMetaValue } from '../snapshot/study-types';
import { markRenderings } from './mark';
import { lemmaNumbers } from './lemmas';
import { loadConcordance, loadStudyMeta, pageVerseRecords } from './store';
import { normalizeStrongs } from '../snapshot/strongs';

/**
 * The concordance: `GET /verses?strongs=G25` lists every verse where the number
 * occurs, in the tagged versions searched, in canonical order, with the words that render it in
 * `<em>`. Filters and paging are keyword search's (`version`, `language`, `testament`, `book`,
 * `start`, `limit`). Served from the snapshot: one value per version and number (`cc:`) holds the
 * verse list, its counts per book and per rendering, so the most frequent numbers cost the same
 * one read; then the verse blocks of the page's verses, with their tagged words, for the text.
 */

export interface ConcordanceResult {
  cat: Catalogue;
  /** The numbers searched, normalized (one, or several: a list given, or the numbers a lemma heads). */
  numbers: string[];
  /** The lemma asked for (`lemma=`), as given; absent for a search by number. */
  lemma?: string;
  offset: number;
  limit: number;
  total: number;
  versions: VersionEntry[];
  testaments: Testament[];
  /** Words tagged with the numbers in the versions searched (the whole versions; KJV: English phrases). */
  words: number;
  /** Original-language words tagged with the numbers in the versions searched (the whole versions). */
  occurrences: number;
  /** Verses per book within the filters: [book id, count]. */
  perBook: [string, number][];
  /**
   * Renderings in the whole versions searched: [version, text, count], each version's most
   * frequent first, every one the snapshot holds (the API's summary gives the first
   * RENDERINGS_LISTED of each version unless `allRenderings`).
   */
  renderings: [string, string, number][];
  /** `renderings=all`: the summary lists every rendering, the page shows them all. */
  allRenderings: boolean;
  hits: KeywordHit[];
}

/** `strongs=`: one number or a comma-separated list of one language's numbers, normalized, each once. */
export function requestedNumbers(given: string): string[] {
  const parts = given
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const numbers = [...new Set(parts.map(normalizeStrongs))];
  if (!parts.length || numbers.includes(null))
    throw badRequest(
      "strongs must be Strong's numbers, comma-separated: H and a number for Hebrew, G for Greek (H157, G25)",
    );
  if (numbers.length > MAX_NUMBERS)
    throw badRequest(`strongs takes at most ${MAX_NUMBERS} numbers`);
  if (new Set(numbers.map((n) => n![0])).size > 1)
    throw badRequest('strongs takes numbers of one language: Hebrew (H) or Greek (G), not both');
  return numbers as string[];
}

/** A concordance asked for: numbers (normalized, of one language) or a lemma, the search filters and a page. */
export interface ConcordanceRequest {
  /** Strong's numbers, normalized (`G25`), of one language; or, instead: */
  numbers?: string[];
  /** a Hebrew or Greek dictionary form, whose homographs' numbers are searched. */
  lemma?: string;
  /** Every rendering in the summary (`renderings=all`), not the most frequent only. */
  allRenderings?: boolean;
  /** Versions (comma-separated; none: every version tagged with numbers of the language), and keyword search's filters. */
  version?: string;
  language?: string;
  testament?: string;
  book?: string;
  page: Page;
}

/**
 * The query parameters a concordance reads (below): its page's links carry these alone, not the
 * keyword search's parameters that `/verses` also lists (`exclude`, `precision`, …), which the
 * concordance ignores and ~80 links would each copy.
 */
export const CONCORDANCE_PARAMS = [
  'strongs',
  'lemma',
  'renderings',
  'version',
  'language',
  'testament',
  'book',
  'offset',
  'limit',
] as const;

/** GET /verses?strongs=… or ?lemma=…: the query parameters read as a ConcordanceRequest (400 for what cannot be one). */
export function concordance(snap: SnapshotReader, q: QueryParams): Promise<ConcordanceResult> {
  const lemma = q('lemma');
  if (q('keyword') !== undefined)
    throw badRequest(`Give keyword or ${lemma === undefined ? 'strongs' : 'lemma'}, not both`);
  if (lemma !== undefined && q('strongs') !== undefined)
    throw badRequest('Give strongs or lemma, not both');
  if (lemma !== undefined && !lemma.trim()) throw badRequest('lemma must not be empty');
  const page = requestedPage(q, { fallback: DEFAULT_LIMIT, max: MAX_LIMIT });
  const filters = {
    allRenderings: oneOf(q('renderings'), 'renderings', ['top', 'all'], 'top') === 'all',
    version: q('version'),
    language: q('language'),
    testament: q('testament'),
    book: q('book'),
    page,
  };
  return concordanceOf(
    snap,
    lemma === undefined
      ? { numbers: requestedNumbers(q('strongs') ?? ''), ...filters }
      : { lemma, ...filters },
  );
}

/**
 * What a study search reads: the versions asked for (no `version`: every tagged version, of
 * `prefix`'s language when given) that carry tagged words, within the request's other filters;
 * `tagged`: every tagged version, for the message when none is searched.
 */
export function taggedScope(
  cat: Catalogue,
  meta: StudyMetaValue,
  request: { version?: string; language?: string; testament?: string; book?: string },
  prefix?: 'H' | 'G',
): { scope: SearchScope; versions: VersionEntry[]; tagged: string[] } {
  const tagged = new Set(
    meta.tagged.filter((t) => !prefix || t.prefixes.includes(prefix)).map((t) => t.version),
  );
  const scope = searchScope(cat, {
    version: request.version ?? [...tagged].join(','),
    language: request.language,
    testament: request.testament,
    book: request.book,
  });
  return { scope, versions: scope.versions.filter((v) => tagged.has(v.id)), tagged: [...tagged] };
}

/** The concordance of numbers or of a lemma (the Strong's page asks for its number's first KJV verses so). */
export async function concordanceOf(
  snap: SnapshotReader,
  request: ConcordanceRequest,
): Promise<ConcordanceResult> {
  const {
    lemma,
    page: { offset, limit },
  } = request;
  const cat = await loadCatalogue(snap);
  const meta = await loadStudyMeta(snap);
  if (!meta)
    throw notFound(
      'This snapshot was built without the study sources (Debian bibledit-cloud-data)',
    );
  const { prefix, numbers } = request.numbers
    ? { prefix: request.numbers[0][0] as 'H' | 'G', numbers: request.numbers }
    : await lemmaNumbers(snap, cat, lemma ?? '');
  // No `version` means every version tagged with numbers of this language.
  const { scope, versions, tagged } = taggedScope(cat, meta, request, prefix);
  if (!versions.length) {
    const which = prefix === 'H' ? 'Hebrew' : 'Greek';
    throw badRequest(
      `No version searched carries ${which} Strong's numbers; these do: ${tagged.join(', ')}`,
    );
  }
  const inScope = new Set(scope.books);
  const values = await Promise.all(
    versions.map((v) => Promise.all(numbers.map((n) => loadConcordance(snap, v.id, n)))),
  );

  // Every verse in scope, canonical within each version, versions in service order; a verse
  // where several of the numbers occur is listed once. They are counted (per book, in all), and
  // only those of the page become verses: 20 frequent numbers name 40,000 verses.
  const page: { bookIndex: number; chapter: number; verse: number }[] = [];
  let total = 0;
  const perBook = new Map<number, number>();
  let words = 0;
  let occurrences = 0;
  const renderings: [string, string, number][] = [];
  versions.forEach((v, i) => {
    const present = values[i].filter((value) => value !== null);
    if (!present.length) return;
    for (const value of present) {
      words += value.words;
      occurrences += value.occurrences;
    }
    const codes = verseNumbersOf(present.map((value) => value.refs));
    for (const [text, count] of mergedRenderings(present.map((value) => value.renderings)))
      renderings.push([v.id, text, count]);
    const byOrd = new Map<number, number>();
    cat.books.forEach((b, index) => {
      if (b.version === v.id) byOrd.set(b.ord, index);
    });
    for (let k = 0; k < codes.length; k++) {
      const bookIndex = byOrd.get(Math.floor(codes[k] / 1_000_000));
      if (bookIndex === undefined || !inScope.has(bookIndex)) continue;
      if (total >= offset && total < offset + limit) {
        const { chapter, verse } = verseOfNumber(codes[k]);
        page.push({ bookIndex, chapter, verse });
      }
      total++;
      perBook.set(bookIndex, (perBook.get(bookIndex) ?? 0) + 1);
    }
  });

  // Each verse's record and its tagged words (to mark the renderings); a page whose verses are
  // far apart holds those whose blocks it read (src/study/store.ts).
  const hits: KeywordHit[] = [];
  const records = await pageVerseRecords(snap, cat, page, 'concordance');
  for (const { verse: f, entry, words: tagged } of records) {
    const verseWords = tagged ? tagged.verses.flatMap((v) => v.words) : [];
    hits.push({
      bookIndex: f.bookIndex,
      chapter: f.chapter,
      entry: { ...entry, html: markRenderings(entry.html, verseWords, numbers) },
    });
  }
  return {
    cat,
    numbers,
    ...(lemma === undefined ? {} : { lemma }),
    offset,
    limit: records.length < page.length ? records.length : limit,
    total,
    versions,
    testaments: scope.testaments,
    words,
    occurrences,
    allRenderings: request.allRenderings ?? false,
    perBook: [...perBook].map(([i, n]) => [bookId(cat.books[i]), n]),
    renderings,
    hits,
  };
}

/**
 * The renderings of several numbers counted together, most frequent first (equal counts in the
 * order met): renderings that differ only in case are one, written in the form the most of them
 * print (each value lists every rendering so grouped already). Ten of the most frequent Hebrew
 * numbers hold 7,500 KJV renderings: about 3 ms on the 2-core build machine, a sort by count only.
 */
function mergedRenderings(lists: [string, number][][]): [string, number][] {
  if (lists.length === 1) return lists[0];
  const index = new Map<string, number>();
  /** Per rendering: the form shown, the count, the count of the form shown. */
  const merged: [string, number, number][] = [];
  for (const list of lists)
    for (const [text, count] of list) {
      const key = text.toLowerCase();
      const at = index.get(key);
      if (at === undefined) {
        index.set(key, merged.length);
        merged.push([text, count, count]);
      } else {
        const m = merged[at];
        m[1] += count;
        if (count > m[2]) {
          m[0] = text;
          m[2] = count;
        }
      }
    }
  return merged.sort((a, b) => b[1] - a[1]).map(([text, count]) => [text, count]);
}

/** The verse codes of several lists, ascending, each once. */
function verseNumbersOf(lists: string[]): Int32Array {
  if (lists.length === 1) return decodeVerseNumbers(lists[0]);
  const decoded = lists.map(decodeVerseNumbers);
  const all = new Int32Array(decoded.reduce((n, d) => n + d.length, 0));
  let o = 0;
  for (const d of decoded) {
    all.set(d, o);
    o += d.length;
  }
  all.sort();
  let kept = 0;
  for (let k = 0; k < all.length; k++) if (k === 0 || all[k] !== all[k - 1]) all[kept++] = all[k];
  return all.subarray(0, kept);
}

/** The first RENDERINGS_LISTED renderings of each version. */
function listedRenderings(all: [string, string, number][]): [string, string, number][] {
  const seen = new Map<string, number>();
  return all.filter(([version]) => {
    const k = (seen.get(version) ?? 0) + 1;
    seen.set(version, k);
    return k <= RENDERINGS_LISTED;
  });
}

/** The `search` root of a concordance: keyword search's shape, with the counts in the summary. */
export function concordanceDocument(r: ConcordanceResult): DocNode {
  return {
    result: {
      type: 'verses',
      summary: {
        strongs: r.numbers.join(','),
        ...(r.lemma === undefined ? {} : { lemma: r.lemma }),
        ...pageSummary(r, r.total),
        words: r.words,
        occurrences: r.occurrences,
        versions: r.versions.map((v) => v.id).join(','),
        testaments: r.testaments.join(','),
        book: r.perBook.map(([id, count]) => ({ id, count })),
        rendering: (r.allRenderings ? r.renderings : listedRenderings(r.renderings)).map(
          ([version, text, count]) => ({
            version,
            text,
            count,
          }),
        ),
      },
      verses: { verse: r.hits.map((h) => verseResource(r.cat, h.bookIndex, h.chapter, h.entry)) },
    },
  };
}
