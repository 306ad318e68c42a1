import { verseReference } from '../catalogue/names';
import { versionOf, type Catalogue } from '../catalogue/store';
import type { KeywordSearchResult } from '../search/keyword-search';
import type { PassageLookup } from '../search/passage-lookup';
import { chapterName, rangeName } from '../catalogue/names';
import { TESTAMENTS } from '../snapshot/types';
import { chapterPath, versePath } from '../catalogue/paths';
import { paragraphs, Scripture } from './components/scripture';
import { htmlLang, textDirection } from './lang';
import { Layout } from './layout';
import { useMessages } from './messages';
import { pageNumbers, ResultPager, versesHref } from './components/result-pages';
import type { TopicHit } from '../library/topics';
import { MatchingTopics } from './library';

/**
 * Search pages: keyword results with the matched words highlighted (the `<em>` of
 * the API's verse text) and paging; passages found by reference. Fed by src/search, the same
 * modules as /verses.xml?keyword=… and /passages.xml.
 */

function Filters(props: { cat: Catalogue; params: URLSearchParams }) {
  const t = useMessages();
  const { params } = props;
  return (
    <form method="get" action="/verses" class="versions-bar" aria-label={t.search.options}>
      <label for="kw">{t.search.words}</label>
      <input id="kw" type="search" name="keyword" value={params.get('keyword') ?? ''} />
      <label for="kw-version">{t.search.version}</label>
      <select id="kw-version" name="version">
        <option value="">{t.search.allVersions}</option>
        {props.cat.versions.map((v) => (
          <option value={v.id} selected={params.get('version') === v.id}>
            {v.abbreviation}
          </option>
        ))}
      </select>
      <label for="kw-testament">{t.search.part}</label>
      <select id="kw-testament" name="testament">
        <option value="">{t.search.wholeBible}</option>
        {TESTAMENTS.map((testament) => (
          <option value={testament} selected={params.get('testament') === testament}>
            {t.search.testaments[testament]}
          </option>
        ))}
      </select>
      <label for="kw-sort">{t.search.order}</label>
      <select id="kw-sort" name="sort_order">
        <option value="relevance">{t.search.bestMatch}</option>
        <option value="canonical" selected={params.get('sort_order') === 'canonical'}>
          {t.search.bibleOrder}
        </option>
      </select>
      <button type="submit">{t.search.submit}</button>
    </form>
  );
}

export function KeywordSearchPage(props: {
  result: KeywordSearchResult;
  params: URLSearchParams;
  personal: boolean;
  /** The topics whose names hold the words searched, when the snapshot has Nave's. */
  topics?: { hits: TopicHit[]; total: number } | null;
}) {
  const t = useMessages();
  const { result, params } = props;
  const { cat } = result;
  const { first, last, page } = pageNumbers(result);
  return (
    <Layout title={t.search.title(result.query)} query={result.query} personal={props.personal}>
      <h1>{t.search.title(result.query)}</h1>
      <Filters cat={cat} params={params} />
      <p role="status">
        {result.total ? t.search.found(result.total, first, last, page) : t.search.none}{' '}
        <span class="muted">
          {t.search.searched(result.versions.map((v) => v.abbreviation).join(', '))}
        </span>
      </p>
      {props.topics ? (
        <MatchingTopics query={result.query} hits={props.topics.hits} total={props.topics.total} />
      ) : null}
      {result.suggestions.length ? (
        <p>
          {t.search.didYouMean[0]}
          {result.suggestions.map((s, i) => (
            <>
              {i ? ', ' : ''}
              <a href={versesHref(params, { keyword: s, offset: null, spelling: null })}>{s}</a>
            </>
          ))}
          {t.search.didYouMean[1]}
        </p>
      ) : null}
      <ol class="plain" start={first}>
        {result.hits.map((h) => {
          const book = cat.books[h.bookIndex];
          const version = versionOf(cat, book);
          return (
            <li class="result">
              <h2>
                <a href={versePath(book, h.chapter, h.entry.verse)}>
                  {verseReference(book, h.chapter, h.entry.verse, h.entry.lastverse)}
                </a>{' '}
                <span class="muted">
                  {version.abbreviation} ·{' '}
                  <a href={`${chapterPath(book, h.chapter)}#v${h.entry.verse}`}>
                    {t.search.chapterLink}
                  </a>
                </span>
              </h2>
              <Scripture
                html={h.entry.html}
                lang={htmlLang(version.lang)}
                dir={textDirection(version.lang)}
              />
            </li>
          );
        })}
      </ol>
      <ResultPager result={result} params={params} />
    </Layout>
  );
}

/** Verses of one passage shown on the passages page; a longer passage ends with a link to read on. */
export const PAGE_PASSAGE_VERSES = 200;

export function PassagesPage(props: { lookup: PassageLookup; personal: boolean }) {
  const t = useMessages();
  const { lookup } = props;
  const query = lookup.queries.join('; ');
  return (
    <Layout title={query} query={query} personal={props.personal}>
      <h1>{query}</h1>
      {lookup.found.length ? null : <p role="status">{t.passages.none}</p>}
      {lookup.read < lookup.verses && lookup.found.some((f) => !f.verses.length) ? (
        <p class="muted">{t.passages.cut(lookup.read, lookup.verses)}</p>
      ) : null}
      {lookup.found.map((f, i) => {
        const html = paragraphs(f.verses.map((v) => v.entry.html));
        const last = f.verses[f.verses.length - 1];
        const complete =
          !last ||
          (last.chapter === f.passage.endChapter && last.entry.lastverse >= f.passage.endVerse);
        return (
          <section class="result" aria-labelledby={`p-${i}`} lang={htmlLang(f.version.lang)}>
            <h2 id={`p-${i}`}>
              {rangeName(f.book, f.passage)} <span class="muted">({f.version.abbreviation})</span>
            </h2>
            {f.passage.note ? <p class="muted">{f.passage.note}</p> : null}
            <Scripture html={html} />
            <p class="meta">
              <a href={`${chapterPath(f.book, f.passage.startChapter)}#v${f.passage.startVerse}`}>
                {complete ? t.passages.readInContext : t.passages.continueReading}:{' '}
                {chapterName(f.book, f.passage.startChapter)}
              </a>
            </p>
          </section>
        );
      })}
    </Layout>
  );
}
