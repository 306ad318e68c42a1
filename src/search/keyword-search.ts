import type { SnapshotReader } from '../cache/snapshot-reader';
import { verseResource } from '../catalogue/resources';
import { itemsWithinReads, pageSummary, requestedPage, type Page } from '../http/paging';
import { loadCatalogue, loadChapter, readPerChapter, type Catalogue } from '../catalogue/store';
import { badRequest } from '../http/errors';
import type { DocNode } from '../render/document';
import type { Postings } from '../snapshot/postings-codec';
import type { Testament, VerseEntry, VersionEntry } from '../snapshot/types';
import { vocabInitial } from '../snapshot/keys';
import { stemmerFor, type Stemmer } from '../snapshot/stemmers';
import { DEFAULT_LIMIT, MAX_LIMIT, MAX_PAGE_VALUES } from '../api/limits';
import { mergeResults, search, type Precision, type SortOrder } from './engine';
import { searchScope } from './filters';
import { highlight } from './highlight';
import {
  bookDocRange,
  languageRanges,
  loadPostings,
  loadSearchMeta,
  loadVocabulary,
  locateDoc,
  type SearchMeta,
} from './index-store';
import { excludeForms, keywordClauses, stemClauses, type Clause } from './keyword-query';
import { similarWords, suggestQueries } from './spelling';

/**
 * Keyword search as a whole (docs/search.md): the
 * query parameters in, the `search` document out; the route only renders it. Served from the
 * snapshot's inverted index: one KV read per term (cached per isolate) plus the chapters of the
 * verses on the page, never a scan of verse text.
 */

/** The request's query parameters by name (`c.req.query`). */
export type QueryParams = (name: string) => string | undefined;

export function oneOf<T extends string>(
  value: string | undefined,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  if (value === undefined || value === '') return fallback;
  const v = value.toLowerCase() as T;
  if (!allowed.includes(v)) throw badRequest(`${name} must be one of ${allowed.join(', ')}`);
  return v;
}

/**
 * Documents one language's run may match: the scope's books (all when the scope is everything)
 * within the language's doc ranges; null when that is every document of the index.
 */
function allowedDocs(
  meta: SearchMeta,
  books: number[],
  everything: boolean,
  lang: string,
): Uint8Array | null {
  const ranges = languageRanges(meta, lang);
  const wholeIndex = ranges.length === 1 && ranges[0][0] === 0 && ranges[0][1] === meta.value.docs;
  if (everything && wholeIndex) return null;
  const inLanguage = new Uint8Array(meta.value.docs);
  for (const [from, to] of ranges) inLanguage.fill(1, from, to);
  if (everything) return inLanguage;
  const allowed = new Uint8Array(meta.value.docs);
  for (const i of books) {
    const [from, to] = bookDocRange(meta, i);
    for (let d = from; d < to; d++) allowed[d] = inLanguage[d];
  }
  return allowed;
}

/** One language's part of a search: its stemmed clauses, their postings and what matched. */
interface LanguageRun {
  lang: string;
  stemmer: Stemmer;
  clauses: Clause[];
  postings: Map<string, Postings>;
  found: ReturnType<typeof search>;
}

/**
 * Spelling suggestions (`spelling=yes`, nothing found): for every word no language's index knows,
 * words close to it from the vocabularies of the languages searched (Spanish words for Spanish
 * versions), each language's candidates best first, in the order of the versions searched.
 */
async function spellingSuggestions(
  snap: SnapshotReader,
  clauses: Clause[],
  runs: LanguageRun[],
): Promise<string[]> {
  const forms = clauses.flatMap((cl) => cl.terms.map((t) => t.form));
  const known = (form: string) =>
    runs.some((r) =>
      r.clauses.some((cl) =>
        cl.terms.some((t) => t.form === form && r.postings.get(t.stem)?.docs.length),
      ),
    );
  const unknown = [...new Set(forms.filter((f) => !known(f)))];
  if (!unknown.length) return [];
  const candidates = new Map<string, string[]>();
  for (const form of unknown) {
    const initial = vocabInitial(form);
    const found: string[] = [];
    for (const r of runs) {
      const vocab = await loadVocabulary(snap, r.lang, initial);
      if (vocab) for (const w of similarWords(form, vocab)) if (!found.includes(w)) found.push(w);
    }
    candidates.set(form, found);
  }
  return suggestQueries(forms, candidates);
}

/**
 * A stemmer that stems each word once for the page it highlights: 100 verses repeat their words
 * (`the` thousands of times), and stemming is most of highlighting's work after tokenizing
 * (docs/speed.md "The heaviest requests").
 */
function remembered(stemmer: Stemmer): Stemmer {
  const stems = new Map<string, string>();
  return (term) => {
    let stem = stems.get(term);
    if (stem === undefined) stems.set(term, (stem = stemmer(term)));
    return stem;
  };
}

/** One verse on the page of results, its HTML with the matched words in `<em>`. */
export interface KeywordHit {
  bookIndex: number;
  chapter: number;
  entry: VerseEntry;
}

/** What a keyword search found: the API document and the search page are both made from it. */
export interface KeywordSearchResult {
  cat: Catalogue;
  query: string;
  offset: number;
  limit: number;
  total: number;
  sort: SortOrder;
  versions: VersionEntry[];
  testaments: Testament[];
  suggestions: string[];
  hits: KeywordHit[];
}

/**
 * A keyword search asked for, as the data module takes it: the HTTP handlers read it from their
 * query (`keywordQuery`), the MCP's search_text builds it from its arguments.
 */
export interface KeywordQuery {
  /** The words as given (the summary's `query`), and their clauses (`keywordClauses`). */
  keyword: string;
  clauses: Clause[];
  /** Folded terms whose verses are left out (`excludeForms`); none by default. */
  exclude?: string[];
  precision?: Precision;
  sort?: SortOrder;
  /** Spelling suggestions when nothing is found. */
  spelling?: boolean;
  /** Versions (comma-separated, `ALL` or none: every version), and the search filters. */
  version?: string;
  language?: string;
  testament?: string;
  book?: string;
  page: Page;
}

/** GET /verses?keyword=…: the query parameters read as a KeywordQuery (400 for what cannot be one). */
export function keywordQuery(q: QueryParams): KeywordQuery {
  const keyword = q('keyword');
  const clauses = keywordClauses(keyword);
  const exclude = excludeForms(q('exclude'));
  const precision = oneOf<Precision>(q('precision'), 'precision', ['all', 'any'], 'all');
  const sort = oneOf<SortOrder>(
    q('sort_order'),
    'sort_order',
    ['relevance', 'canonical'],
    'relevance',
  );
  const spelling = (q('spelling') ?? '').toLowerCase() === 'yes';
  const page = requestedPage(q, { fallback: DEFAULT_LIMIT, max: MAX_LIMIT });
  return {
    keyword: keyword!,
    clauses,
    exclude,
    precision,
    sort,
    spelling,
    version: q('version'),
    language: q('language'),
    testament: q('testament'),
    book: q('book'),
    page,
  };
}

/** Runs GET /verses?keyword=… (all parameters as the original took them). */
export async function keywordSearch(
  snap: SnapshotReader,
  q: QueryParams,
): Promise<KeywordSearchResult> {
  return keywordSearchOf(snap, keywordQuery(q));
}

/** The keyword search of a query (the search page and the MCP's search_text alike). */
export async function keywordSearchOf(
  snap: SnapshotReader,
  query: KeywordQuery,
): Promise<KeywordSearchResult> {
  const { keyword, clauses, exclude = [], precision = 'all', sort = 'relevance' } = query;
  const spelling = query.spelling ?? false;
  const { offset, limit } = query.page;

  const cat = await loadCatalogue(snap);
  const scope = searchScope(cat, query);
  const meta = await loadSearchMeta(snap, cat);

  // One run per language of the versions searched: the query is stemmed with that
  // language's stemmer and matched against that language's stems and documents only.
  const languages = [...new Set(scope.versions.map((v) => v.lang))].filter(
    (l) => meta.value.languages[l],
  );
  const runs: LanguageRun[] = await Promise.all(
    languages.map(async (lang) => {
      const stemmer = await stemmerFor(lang);
      const stemmed = stemClauses(clauses, stemmer);
      const excluded = [...new Set(exclude.map(stemmer))];
      const stems = [
        ...new Set([...stemmed.flatMap((cl) => cl.terms.map((t) => t.stem)), ...excluded]),
      ];
      const loaded = await Promise.all(stems.map((s) => loadPostings(snap, lang, s)));
      const postings = new Map(stems.map((s, i) => [s, loaded[i]]));
      const found = search({
        docCount: meta.value.docs,
        idfDocs: meta.value.languages[lang].docs,
        k1: meta.value.k1,
        clauses: stemmed,
        postings,
        exclude: excluded,
        allowed: allowedDocs(meta, scope.books, scope.everything, lang),
        precision,
        sort,
        want: offset + limit,
      });
      return { lang, stemmer, clauses: stemmed, postings, found };
    }),
  );
  const { total, docs } = mergeResults(
    runs.map((r) => r.found),
    sort,
    offset + limit,
  );

  const page = Array.from(
    docs.subarray(Math.min(offset, docs.length), Math.min(offset + limit, docs.length)),
  );
  const all = page.map((d) => locateDoc(meta, d));
  // A page whose verses are far apart holds as many as MAX_PAGE_VALUES chapters' values allow.
  const located = all.slice(
    0,
    itemsWithinReads(all, (l) => [`${l.bookIndex}.${l.chapter}`], MAX_PAGE_VALUES),
  );
  const chapterOf = readPerChapter(located, (p) =>
    loadChapter(snap, cat.books[p.bookIndex], p.chapter),
  );
  const versionLang = new Map(cat.versions.map((v) => [v.id, v.lang]));
  const highlighting = new Map(
    runs.map((r) => [
      r.lang,
      {
        stemmer: remembered(r.stemmer),
        stems: new Set(r.clauses.flatMap((cl) => cl.terms.map((t) => t.stem))),
      },
    ]),
  );
  const hits: KeywordHit[] = [];
  for (const l of located) {
    const value = await chapterOf(l);
    const entry = value?.verses[l.record];
    if (!entry) throw new Error(`search index and chapter ${l.bookIndex}.${l.chapter} disagree`);
    const h = highlighting.get(versionLang.get(cat.books[l.bookIndex].version)!)!;
    hits.push({
      bookIndex: l.bookIndex,
      chapter: l.chapter,
      entry: { ...entry, html: highlight(entry.html, h.stems, h.stemmer) },
    });
  }

  const suggestions = spelling && total === 0 ? await spellingSuggestions(snap, clauses, runs) : [];
  return {
    cat,
    query: keyword,
    offset,
    limit: located.length < all.length ? located.length : limit,
    total,
    sort,
    versions: scope.versions,
    testaments: scope.testaments,
    suggestions,
    hits,
  };
}

/** The root of the `search` response document (docs/search.md). */
export function keywordSearchDocument(r: KeywordSearchResult): DocNode {
  return {
    result: {
      type: 'verses',
      summary: {
        query: r.query,
        ...pageSummary(r, r.total),
        sort: r.sort,
        versions: r.versions.map((v) => v.id).join(','),
        testaments: r.testaments.join(','),
      },
      spelling: r.suggestions.length ? { suggestion: r.suggestions } : null,
      verses: { verse: r.hits.map((h) => verseResource(r.cat, h.bookIndex, h.chapter, h.entry)) },
    },
  };
}
