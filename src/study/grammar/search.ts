import type { SnapshotReader } from '../../cache/snapshot-reader';
import { bookId } from '../../catalogue/ids';
import { verseResource } from '../../catalogue/resources';
import { loadCatalogue, type Catalogue } from '../../catalogue/store';
import { badRequest, echo, notFound } from '../../http/errors';
import { pageSummary, requestedPage, type Page } from '../../http/paging';
import type { DocNode } from '../../render/document';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../../api/limits';
import type { KeywordHit, QueryParams } from '../../search/keyword-search';
import { grammarIndexKey, snapshotPrefix } from '../../snapshot/keys';
import { verseOfNumber } from '../../snapshot/verse-codes';
import type { WordValue } from '../../snapshot/study-types';
import type { Testament, VersionEntry } from '../../snapshot/types';
import { requestedNumbers, taggedScope } from '../concordance';
import { lemmaNumbers } from '../lemmas';
import { markTaggedWords } from '../mark';
import { loadStudyMeta, pageVerseRecords, type PageWords } from '../store';
import {
  decodeGrammarIndex,
  type GrammarIndex,
  type GrammarIndexValue,
} from '../../snapshot/grammar-index';
import {
  ANSWERS,
  answers,
  BITS,
  FEATURES,
  SHIFT,
  VALUES,
  codesOf,
  vocabularyWord,
  type FeatureName,
} from '../../snapshot/grammar-vocabulary';

/**
 * Grammar search: `GET /verses?tense=aorist&voice=passive&mood=participle` lists the verses
 * where one word (an OSHB morpheme) has every feature asked for, and the `strongs` or `lemma`
 * given, with the concordance's answer (docs/study.md "Grammar search"). One scan of each
 * version's packed index (`gm:`, kept per isolate) counts the verses, the words and the verses per
 * book; then the verse blocks of the page's verses are read for their text (src/study/store.ts
 * pageVerseRecords), the matching words in `<em>`.
 */

/**
 * The query parameters a grammar search reads: its page's links carry these alone (as the
 * concordance's: CONCORDANCE_PARAMS).
 */
export const GRAMMAR_PARAMS: readonly string[] = [
  ...FEATURES,
  'strongs',
  'lemma',
  'version',
  'language',
  'testament',
  'book',
  'offset',
  'limit',
];

/** One feature asked for and the codes it accepts (several for `form=infinitive`). */
export interface GrammarFilter {
  name: FeatureName;
  /** The value as the vocabulary writes it. */
  value: string;
  codes: number[];
}

export interface GrammarRequest {
  filters: GrammarFilter[];
  /** Strong's numbers, normalized, of one language; or, instead: */
  numbers?: string[];
  lemma?: string;
  version?: string;
  language?: string;
  testament?: string;
  book?: string;
  page: Page;
}

export interface GrammarResult {
  cat: Catalogue;
  filters: GrammarFilter[];
  numbers?: string[];
  lemma?: string;
  offset: number;
  limit: number;
  /** Verses with a matching word. */
  total: number;
  /** Matching words (OSHB morphemes; KJV: Greek words and Strong's tense numbers). */
  occurrences: number;
  versions: VersionEntry[];
  testaments: Testament[];
  perBook: [string, number][];
  hits: KeywordHit[];
}

/** Whether a query asks for grammar: any of the features. */
export function isGrammarQuery(q: QueryParams): boolean {
  return FEATURES.some((f) => q(f) !== undefined);
}

/** The features of the query, read in the vocabulary (400 for a value it lacks). */
export function requestedFilters(q: QueryParams): GrammarFilter[] {
  const out: GrammarFilter[] = [];
  for (const name of FEATURES) {
    const given = q(name);
    if (given === undefined) continue;
    const codes = codesOf(name, given);
    if (!codes)
      throw badRequest(
        `Unknown ${name} ${echo(given)}: one of ${VALUES[name].join(', ')} (docs/study.md "Grammar search")`,
      );
    out.push({ name, value: vocabularyWord(given), codes });
  }
  return out;
}

/**
 * What a grammar search asks, read from its parameters (400 for what cannot be one): the one
 * reading of GET /verses and of the MCP tool grammar_search, which give their own page.
 */
export function grammarAsked(q: QueryParams): Omit<GrammarRequest, 'page'> {
  const lemma = q('lemma');
  if (q('keyword') !== undefined)
    throw badRequest('Give keyword or grammatical filters (pos, tense, …), not both');
  if (lemma !== undefined && q('strongs') !== undefined)
    throw badRequest('Give strongs or lemma, not both');
  if (lemma !== undefined && !lemma.trim()) throw badRequest('lemma must not be empty');
  const strongs = q('strongs');
  return {
    filters: requestedFilters(q),
    ...(strongs === undefined ? {} : { numbers: requestedNumbers(strongs) }),
    ...(lemma === undefined ? {} : { lemma }),
    version: q('version'),
    language: q('language'),
    testament: q('testament'),
    book: q('book'),
  };
}

/** GET /verses?pos=…&tense=…: the query read as a GrammarRequest (400 for what cannot be one). */
export function grammar(snap: SnapshotReader, q: QueryParams): Promise<GrammarResult> {
  return grammarOf(snap, {
    ...grammarAsked(q),
    page: requestedPage(q, { fallback: DEFAULT_LIMIT, max: MAX_LIMIT }),
  });
}

/**
 * The grammar indexes decoded, by key, resident: outside the isolate's cache of values
 * (src/cache/isolate.ts), where a run of other reads (the chapters' words of a whole book) pushed
 * them out and the next search paid their read and decoding again (130 ms instead of 20). The data
 * bounds them: one per tagged version of the snapshot served, about 10 MiB together decoded.
 */
const residentIndexes = new Map<string, Promise<GrammarIndex | null>>();

/** A version's grammar index, decoded once per isolate; null when the snapshot has none. */
function loadGrammarIndex(snap: SnapshotReader, version: string): Promise<GrammarIndex | null> {
  const key = grammarIndexKey(snap.id, version);
  let index = residentIndexes.get(key);
  if (!index) {
    // Another snapshot's (a test's, or before a deploy reached this isolate) are not kept.
    for (const other of residentIndexes.keys())
      if (!other.startsWith(snapshotPrefix(snap.id))) residentIndexes.delete(other);
    index = snap
      .read<GrammarIndexValue>(key)
      .then((read) => read && decodeGrammarIndex(read.value));
    residentIndexes.set(key, index);
    // A failed read keeps nothing: the next search tries again.
    index.catch(() => residentIndexes.delete(key));
  }
  return index;
}

/** The scan's test of one packed field: the field's shift and width, and the codes accepted as bits. */
interface FieldTest {
  shift: number;
  mask: number;
  accepted: number;
}

/** One book's range of the index to scan, with the catalogue's book. */
interface Range {
  version: VersionEntry;
  index: GrammarIndex;
  bookIndex: number;
  start: number;
  end: number;
}

const schemeName = (scheme: string): string =>
  ({
    robinson: "Robinson's",
    morphgnt: "MorphGNT's",
    oshb: "the OSHB's",
    strongMorph: "Strong's tense",
  })[scheme] ?? scheme;

/** What a scheme's parsing gives, in words: `stem, form (perfect, imperfect, …)`. */
function saysOf(scheme: string): string {
  const can = Object.hasOwn(ANSWERS, scheme) ? Object.entries(ANSWERS[scheme]) : [];
  if (!can.length) return 'no feature the search reads';
  return can.map(([f, v]) => (v === 'all' ? f : `${f} (${v.join(', ')})`)).join(', ');
}

export async function grammarOf(
  snap: SnapshotReader,
  request: GrammarRequest,
): Promise<GrammarResult> {
  const { filters, lemma, page } = request;
  if (!filters.length) throw badRequest('Give at least one grammatical filter (pos, tense, …)');
  const cat = await loadCatalogue(snap);
  const meta = await loadStudyMeta(snap);
  if (!meta)
    throw notFound(
      'This snapshot was built without the study sources (Debian bibledit-cloud-data)',
    );
  const searched =
    request.numbers || lemma !== undefined
      ? request.numbers
        ? { prefix: request.numbers[0][0] as 'H' | 'G', numbers: request.numbers }
        : await lemmaNumbers(snap, cat, lemma ?? '')
      : undefined;
  const { scope, versions, tagged } = taggedScope(cat, meta, request, searched?.prefix);
  if (!versions.length) {
    const numbers = searched
      ? ` and ${searched.prefix === 'H' ? 'Hebrew' : 'Greek'} Strong's numbers`
      : '';
    throw badRequest(
      `No version searched has parsed words${numbers}; these do: ${tagged.join(', ')}`,
    );
  }
  const indexes = await Promise.all(versions.map((v) => loadGrammarIndex(snap, v.id)));

  // The books in scope whose parsing answers every filter; the first filter one cannot answer
  // names the 400 when none can.
  const inScope = new Set(scope.books);
  const ranges: Range[] = [];
  let unanswered: { filter: GrammarFilter; version: string; scheme: string } | undefined;
  versions.forEach((version, i) => {
    const index = indexes[i];
    if (!index) return;
    for (const b of index.books) {
      const bookIndex = cat.books.findIndex((e) => e.version === version.id && e.osis === b.osis);
      if (bookIndex < 0 || !inScope.has(bookIndex)) continue;
      const missing = filters.find((f) => !answers(b.scheme, f.name, f.value));
      if (missing) unanswered ??= { filter: missing, version: version.id, scheme: b.scheme };
      else ranges.push({ version, index, bookIndex, start: b.start, end: b.end });
    }
  });
  if (!ranges.length && unanswered) {
    const { filter, version, scheme } = unanswered;
    throw badRequest(
      `${filter.name}=${filter.value} cannot be asked of ${version} here: its words carry ${schemeName(scheme)} parsing, which gives ${saysOf(scheme)}`,
    );
  }

  const tests: FieldTest[] = [];
  let stemCodes: Set<number> | undefined;
  for (const f of filters) {
    if (f.name === 'stem') stemCodes = new Set(f.codes);
    else
      tests.push({
        shift: SHIFT[f.name],
        mask: (1 << BITS[f.name]) - 1,
        accepted: f.codes.reduce((bits, c) => bits | (1 << c), 0),
      });
  }
  const stems = stemCodes
    ? Uint8Array.from({ length: VALUES.stem.length + 1 }, (_, c) => (stemCodes!.has(c) ? 1 : 0))
    : undefined;
  const numberMatch = new Map<GrammarIndex, Uint8Array>();
  if (searched)
    for (const index of new Set(ranges.map((r) => r.index)))
      numberMatch.set(
        index,
        Uint8Array.from(index.numbers, (set) =>
          set.some((n) => searched.numbers.includes(n)) ? 1 : 0,
        ),
      );

  // The scan: entries are in canonical order, so a verse's matches follow each other.
  let total = 0;
  let occurrences = 0;
  const perBook = new Map<number, number>();
  const pageVerses: { range: Range; code: number; words: Set<number> }[] = [];
  const { offset, limit } = page;
  for (const range of ranges) {
    const { index } = range;
    const { features, verse, word, number } = index;
    const numbers = numberMatch.get(index);
    let lastVerse = -1;
    let current: Set<number> | undefined;
    for (let k = range.start; k < range.end; k++) {
      const packed = features[k];
      let ok = true;
      for (let t = 0; t < tests.length; t++) {
        const test = tests[t];
        if (((test.accepted >>> ((packed >>> test.shift) & test.mask)) & 1) === 0) {
          ok = false;
          break;
        }
      }
      if (!ok || (stems && !stems[index.stems[k]]) || (numbers && !numbers[number[k]])) continue;
      occurrences++;
      const v = verse[k];
      if (v !== lastVerse) {
        lastVerse = v;
        current = undefined;
        if (total >= offset && total < offset + limit) {
          current = new Set();
          pageVerses.push({ range, code: index.verses[v], words: current });
        }
        total++;
        perBook.set(range.bookIndex, (perBook.get(range.bookIndex) ?? 0) + 1);
      }
      current?.add(word[k]);
    }
  }

  const hits: KeywordHit[] = [];
  const found = pageVerses.map((p) => ({
    bookIndex: p.range.bookIndex,
    ...verseOfNumber(p.code),
    matched: p.words,
  }));
  // A page whose verses are far apart holds those whose blocks it read (src/study/store.ts).
  const records = await pageVerseRecords(snap, cat, found, 'grammar index');
  for (const { verse: p, entry, words } of records) {
    const { bookIndex, chapter, verse } = p;
    const { list, hit } = taggedWordsOf(words, entry.verse, entry.lastverse, verse, p.matched);
    hits.push({
      bookIndex,
      chapter,
      entry: { ...entry, html: markTaggedWords(entry.html, list, (_, i) => hit.has(i)) },
    });
  }
  return {
    cat,
    filters,
    ...(searched && lemma === undefined ? { numbers: searched.numbers } : {}),
    ...(lemma === undefined ? {} : { lemma }),
    offset,
    limit: records.length < found.length ? records.length : limit,
    total,
    occurrences,
    versions: [...new Set(ranges.map((r) => r.version))],
    testaments: scope.testaments,
    perBook: [...perBook].map(([i, n]) => [bookId(cat.books[i]), n]),
    hits,
  };
}

/**
 * The tagged words of the verses a text entry spans (one verse, or several the version joins),
 * and which of them match: the index's word positions count within the verse `at`.
 */
function taggedWordsOf(
  chapter: PageWords | null,
  first: number,
  last: number,
  at: number,
  matched: Set<number>,
): { list: WordValue[]; hit: Set<number> } {
  const list: WordValue[] = [];
  const hit = new Set<number>();
  for (const v of chapter?.verses ?? []) {
    if (v.verse < first || v.verse > last) continue;
    if (v.verse === at) for (const i of matched) hit.add(list.length + i);
    list.push(...v.words);
  }
  return { list, hit };
}

/**
 * What a count of a Hebrew text searched is a count of: the OSHB's main text, the written text
 * (Ketiv), its Qere being a note (scripts/snapshot/study/oshb.ts; docs/study.md "Ketiv and Qere").
 */
function hebrewReading(versions: VersionEntry[]): string | undefined {
  const hebrew = versions.filter((v) => v.lang === 'hbo').map((v) => v.id);
  if (!hebrew.length) return undefined;
  return `${hebrew.join(', ')}: the written text (Ketiv) is searched and counted; the Qere, which the Open Scriptures Hebrew Bible gives in its notes, is not`;
}

/** The `search` root of a grammar search: the concordance's shape, the filters in the summary. */
export function grammarDocument(r: GrammarResult): DocNode {
  const reading = hebrewReading(r.versions);
  return {
    result: {
      type: 'verses',
      summary: {
        ...Object.fromEntries(r.filters.map((f) => [f.name, f.value])),
        ...(r.numbers ? { strongs: r.numbers.join(',') } : {}),
        ...(r.lemma === undefined ? {} : { lemma: r.lemma }),
        ...pageSummary(r, r.total),
        occurrences: r.occurrences,
        ...(reading ? { reading } : {}),
        versions: r.versions.map((v) => v.id).join(','),
        testaments: r.testaments.join(','),
        book: r.perBook.map(([id, count]) => ({ id, count })),
      },
      verses: { verse: r.hits.map((h) => verseResource(r.cat, h.bookIndex, h.chapter, h.entry)) },
    },
  };
}
