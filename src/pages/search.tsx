import { verseReference } from '../catalogue/names';
import type { Catalogue } from '../catalogue/store';
import type { KeywordSearchResult } from '../search/keyword-search';
import type { PassageLookup } from '../search/passage-lookup';
import { rangeName } from '../catalogue/names';
import type { Testament } from '../snapshot/types';
import { chapterPath, versePath } from './catalogue';
import { Scripture } from './components/scripture';
import { htmlLang } from './lang';
import { Layout } from './layout';

/**
 * Search pages (issue 10 §1): keyword results with the matched words highlighted (the `<em>` of
 * the API's verse text) and paging; passages found by reference. Fed by src/search, the same
 * modules as /verses.xml?keyword=… and /passages.xml.
 */

/** The current search's query string with some parameters changed (paging, spelling). */
function searchHref(params: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(params);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) next.delete(k);
    else next.set(k, v);
  }
  return `/verses?${next.toString()}`;
}

const TESTAMENTS: [Testament, string][] = [
  ['OT', 'Old Testament'],
  ['NT', 'New Testament'],
  ['DEUT', 'Deuterocanon'],
];

function Filters(props: { cat: Catalogue; params: URLSearchParams }) {
  const { params } = props;
  return (
    <form method="get" action="/verses" class="versions-bar" aria-label="Search options">
      <label for="kw">Words</label>
      <input id="kw" type="search" name="keyword" value={params.get('keyword') ?? ''} />
      <label for="kw-version">Version</label>
      <select id="kw-version" name="version">
        <option value="">All</option>
        {props.cat.versions.map((v) => (
          <option value={v.id} selected={params.get('version') === v.id}>
            {v.abbreviation}
          </option>
        ))}
      </select>
      <label for="kw-testament">Part</label>
      <select id="kw-testament" name="testament">
        <option value="">Whole Bible</option>
        {TESTAMENTS.map(([t, name]) => (
          <option value={t} selected={params.get('testament') === t}>
            {name}
          </option>
        ))}
      </select>
      <label for="kw-sort">Order</label>
      <select id="kw-sort" name="sort_order">
        <option value="relevance">Best match</option>
        <option value="canonical" selected={params.get('sort_order') === 'canonical'}>
          Bible order
        </option>
      </select>
      <button type="submit">Search</button>
    </form>
  );
}

export function KeywordSearchPage(props: { result: KeywordSearchResult; params: URLSearchParams; personal: boolean }) {
  const { result, params } = props;
  const { cat } = result;
  const first = result.offset + 1;
  const last = Math.min(result.offset + result.limit, result.total);
  const previousOffset = result.offset > 0 ? Math.max(0, result.offset - result.limit) : null;
  const nextOffset = last < result.total ? result.offset + result.limit : null;
  const page = Math.floor(result.offset / result.limit) + 1;
  return (
    <Layout title={`Search: ${result.query}`} query={result.query} personal={props.personal}>
      <h1>Search: {result.query}</h1>
      <Filters cat={cat} params={params} />
      <p role="status">
        {result.total
          ? `${result.total} verse${result.total === 1 ? '' : 's'} found; showing ${first}–${last} (page ${page}).`
          : 'No verses found.'}{' '}
        <span class="muted">Searched: {result.versions.map((v) => v.abbreviation).join(', ')}.</span>
      </p>
      {result.suggestions.length ? (
        <p>
          Did you mean{' '}
          {result.suggestions.map((s, i) => (
            <>
              {i ? ', ' : ''}
              <a href={searchHref(params, { keyword: s, offset: null, spelling: null })}>{s}</a>
            </>
          ))}
          ?
        </p>
      ) : null}
      <ol class="plain" start={first}>
        {result.hits.map((h) => {
          const book = cat.books[h.bookIndex];
          const version = cat.versionById.get(book.version.toLowerCase())!;
          return (
            <li class="result">
              <h2>
                <a href={versePath(book, h.chapter, h.entry.verse)}>{verseReference(book, h.chapter, h.entry.verse, h.entry.lastverse)}</a>{' '}
                <span class="muted">
                  {version.abbreviation} · <a href={`${chapterPath(book, h.chapter)}#v${h.entry.verse}`}>chapter</a>
                </span>
              </h2>
              <Scripture html={h.entry.html} lang={htmlLang(version.lang)} />
            </li>
          );
        })}
      </ol>
      {previousOffset !== null || nextOffset !== null ? (
        <nav class="pager" aria-label="Result pages">
          {previousOffset !== null ? (
            <a href={searchHref(params, { offset: String(previousOffset) })} rel="prev">
              ← Page {page - 1}
            </a>
          ) : (
            <span />
          )}
          {nextOffset !== null ? (
            <a href={searchHref(params, { offset: String(nextOffset) })} rel="next">
              Page {page + 1} →
            </a>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </Layout>
  );
}

/** Verses of one passage shown on the passages page; a longer passage ends with a link to read on. */
export const PAGE_PASSAGE_VERSES = 200;

export function PassagesPage(props: { lookup: PassageLookup; personal: boolean }) {
  const { lookup } = props;
  const query = lookup.queries.join('; ');
  return (
    <Layout title={query} query={query} personal={props.personal}>
      <h1>{query}</h1>
      {lookup.found.length ? null : <p role="status">No passage found for this reference.</p>}
      {lookup.found.map((f, i) => {
        const html = f.verses.map((v) => v.entry.html).join(' ');
        const last = f.verses[f.verses.length - 1];
        const complete = !last || (last.chapter === f.passage.endChapter && last.entry.lastverse >= f.passage.endVerse);
        return (
          <section class="result" aria-labelledby={`p-${i}`} lang={htmlLang(f.version.lang)}>
            <h2 id={`p-${i}`}>
              {rangeName(f.book, f.passage)} <span class="muted">({f.version.abbreviation})</span>
            </h2>
            {f.passage.note ? <p class="muted">{f.passage.note}</p> : null}
            <Scripture html={html} />
            <p class="meta">
              <a href={`${chapterPath(f.book, f.passage.startChapter)}#v${f.passage.startVerse}`}>
                {complete ? 'Read in context' : 'Continue reading'}: {f.book.name} {f.passage.startChapter}
              </a>
            </p>
          </section>
        );
      })}
    </Layout>
  );
}
