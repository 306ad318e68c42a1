import { raw } from 'hono/html';
import { chapterName, verseReference } from '../catalogue/names';
import { chapterPath, versePath } from '../catalogue/paths';
import { findBook, type Catalogue } from '../catalogue/store';
import { pageSummary, type Page } from '../http/paging';
import type {
  CommentaryCoverage,
  CoveredEntry,
  commentaryEntryPage,
} from '../library/commentaries';
import { entryPassage, entryPath } from '../library/commentaries';
import { LIBRARY_VERSION, passageNode, type Passage } from '../library/passages';
import { passageInVersion } from '../library/version-links';
import type { CitedWithResult } from '../library/related';
import type { TopicHit, TopicsOfVerses } from '../library/topics';
import { topicPath } from '../library/topics';
import type { LibraryMetaValue, LibraryWork, TopicValue } from '../snapshot/library-types';
import { Pager } from './components/pager';
import { Layout } from './layout';
import { useMessages } from './messages';

/**
 * The reference library's pages, fed by src/library (the same modules as the API;
 * nothing here reads KV): the chapter page's margin of commentaries and topics (folded, filled by
 * public/assets/library.js from the API within the page's CSP), the commentaries on a chapter or a
 * verse, an entry's whole text, the commentaries' list, a topic, the topic search, the topics
 * citing a verse or chapter, and a verse's `cited with` list. The commentaries and topics are
 * English. The pages of a version's chapter or verse speak that version's language (the RV1909's
 * are Spanish: src/routes/site/library.tsx), write their references in it (the version's book
 * names and numbering) and mark what exists only in English `lang="en"` (the works' names and
 * text, topic names and lines, the copyright lines), as the chapter page's margin does; the other
 * pages are English. Entry and sub-topic HTML is the build's safe subset
 * (scripts/snapshot/study/lexicons/html.ts): inserted as it is.
 */

type EntryPage = Awaited<ReturnType<typeof commentaryEntryPage>>;

/** A book of the version the library's passages are numbered by (src/library/passages.ts). */
const libraryBook = (cat: Catalogue, osis: string) =>
  cat.books[findBook(cat, LIBRARY_VERSION, osis)!]!;

/**
 * A library passage (KJV) as a reader of `version` cites it: its reference in the version's book
 * names and numbering and the path of its verses there; the KJV's own, marked English on a page
 * in another language, when the version holds none of it.
 */
function PassageLink(props: {
  cat: Catalogue;
  version: string;
  passage: Passage;
  prefix?: string;
}) {
  const dataLang = useDataLang();
  const read = passageInVersion(props.cat, props.version, props.passage);
  const node = passageNode(read ?? props.passage);
  return (
    <a href={String(node.path)} lang={read ? undefined : dataLang}>
      {props.prefix ?? ''}
      {String(node.reference)}
    </a>
  );
}

/** What a list is about: a chapter or a verse of a version, its name and page. */
function subject(cat: Catalogue, bookIndex: number, chapter: number, verse: number | undefined) {
  const book = cat.books[bookIndex]!;
  return verse === undefined
    ? { book, name: chapterName(book, chapter), path: chapterPath(book, chapter) }
    : { book, name: verseReference(book, chapter, verse), path: versePath(book, chapter, verse) };
}

/** The library's text, English, inside a page of another language. */
function useDataLang(): string | undefined {
  return useMessages().lang === 'en' ? undefined : 'en';
}

/**
 * The chapter page's margin: two folds, closed by default; opening one fetches the
 * chapter's commentaries or topics (`data-src`, JSON) once. Their links to the same lists as
 * pages work without JavaScript.
 */
export function LibraryMargin(props: { chapterPath: string; crossReferences?: boolean }) {
  const t = useMessages();
  const fold = (
    kind: 'commentaries' | 'topics' | 'cross-references',
    label: string,
    none: string,
  ) => (
    <details
      class="library-fold"
      data-kind={kind}
      data-src={`${props.chapterPath}/${kind}.js${kind === 'cross-references' ? '?include=text' : ''}`}
      data-none={none}
    >
      <summary>{label}</summary>
      {kind === 'cross-references' ? null : (
        <p class="muted">
          <a href={`${props.chapterPath}/${kind}`}>{t.library.asPage}</a>
        </p>
      )}
      <p role="status" class="muted"></p>
      <div class="library-items"></div>
    </details>
  );
  return (
    <aside
      id="library"
      aria-labelledby="library-heading"
      data-loading={t.library.loading}
      data-failed={t.library.failed}
      data-introduction={t.library.introduction}
      data-whole={t.library.whole}
      data-verse-prefix={t.margin.versePrefix}
      data-open={t.library.openVerse}
      data-lang={useDataLang()}
    >
      <h2 id="library-heading">{t.library.heading}</h2>
      {fold('commentaries', t.library.commentaries, t.library.noCommentaries)}
      {fold('topics', t.library.topics, t.library.noTopics)}
      {props.crossReferences
        ? fold('cross-references', t.library.crossReferences, t.library.noCrossReferences)
        : null}
    </aside>
  );
}

/** The library's links on a verse page: its commentaries, topics and `cited with` list. */
export function VerseLibraryLinks(props: { versePath: string }) {
  const t = useMessages();
  return (
    <p class="library-links">
      <span>{t.library.heading}:</span>{' '}
      <a href={`${props.versePath}/commentaries`}>{t.library.commentaries}</a> ·{' '}
      <a href={`${props.versePath}/topics`}>{t.library.topics}</a> ·{' '}
      <a href={`${props.versePath}/related`}>{t.library.citedWith}</a>
    </p>
  );
}

function Works(props: { works: LibraryWork[] }) {
  const t = useMessages();
  const dataLang = useDataLang();
  if (!props.works.length) return null;
  return (
    <section class="meta" aria-labelledby="sources">
      <h2 id="sources">{t.library.sources}</h2>
      {props.works.map((w) => (
        <p lang={dataLang}>
          <b>{w.name}</b>: {w.copyright}
        </p>
      ))}
    </section>
  );
}

function Entry(props: { cat: Catalogue; version: string; entry: CoveredEntry; name: string }) {
  const t = useMessages();
  const dataLang = useDataLang();
  const { entry } = props;
  const { value } = entry;
  // The source's passage (KJV numbering), as a reader of the version cites it and links to it.
  const passage = entryPassage(props.cat, entry);
  return (
    <article class="commentary-entry" id={`${value.c}-${entry.chapter}-${value.v}`}>
      <h2>
        <span lang={dataLang}>{props.name}</span> ·{' '}
        {passage ? (
          <PassageLink
            cat={props.cat}
            version={props.version}
            passage={passage}
            prefix={value.i ? `${t.library.introduction}: ` : ''}
          />
        ) : null}
      </h2>
      <div class="library-text" lang={dataLang}>
        {raw(entry.html)}
      </div>
      {value.p ? (
        <p>
          <a href={entryPath(value.c, entry.book, entry.chapter, value.v)}>{t.library.whole}</a>
        </p>
      ) : null}
    </article>
  );
}

/** The commentaries on a chapter or a verse (`/chapters/{id}/commentaries`, `/verses/{id}/commentaries`). */
export function CommentariesPage(props: {
  cat: Catalogue;
  coverage: CommentaryCoverage;
  personal: boolean;
}) {
  const t = useMessages();
  const { cat, coverage } = props;
  const {
    book,
    name,
    path: back,
  } = subject(cat, coverage.bookIndex, coverage.chapter, coverage.verse);
  const meta = coverage.meta!;
  const names = new Map(meta.commentaries.map((w) => [w.id, w.name]));
  const used = new Set(coverage.entries.map((e) => e.value.c));
  return (
    <Layout title={t.library.commentariesOn(name)} personal={props.personal}>
      <p class="muted">
        <a href={back}>{name}</a> ({book.version})
      </p>
      <h1>{t.library.commentariesOn(name)}</h1>
      {coverage.entries.length ? (
        coverage.entries.map((e) => (
          <Entry
            cat={cat}
            version={book.version}
            entry={e}
            name={names.get(e.value.c) ?? e.value.c}
          />
        ))
      ) : (
        <p>{t.library.noCommentaries}</p>
      )}
      <Works works={meta.commentaries.filter((w) => used.has(w.id))} />
    </Layout>
  );
}

/** One page of an entry's whole text (`/commentaries/{commentary}/{verse_id}`). */
export function CommentaryEntryPage(props: { cat: Catalogue; page: EntryPage; personal: boolean }) {
  const t = useMessages();
  const p = props.page;
  const path = entryPath(p.work.id, p.book, p.chapter, p.entry.v);
  const kjv = libraryBook(props.cat, p.book);
  const passage = passageNode({
    book: kjv,
    startChapter: p.chapter,
    startVerse: p.entry.i ? 1 : p.entry.v,
    endChapter: p.chapter,
    endVerse: p.entry.e,
  });
  const title = `${p.work.name}: ${String(passage.reference)}`;
  return (
    <Layout
      title={p.pages > 1 ? `${title} (${t.library.entryPage(p.page, p.pages)})` : title}
      personal={props.personal}
      links={{
        prev: p.page > 1 ? `${path}?page=${p.page - 1}` : undefined,
        next: p.page < p.pages ? `${path}?page=${p.page + 1}` : undefined,
      }}
    >
      <p class="muted">
        <a href={String(passage.path)}>{String(passage.reference)}</a> ·{' '}
        <a href={`${chapterPath(kjv, p.chapter)}/commentaries`}>{t.library.chapterEntries}</a>
      </p>
      <h1>{title}</h1>
      {p.pages > 1 ? <p class="muted">{t.library.entryPage(p.page, p.pages)}</p> : null}
      <div class="library-text">{raw(p.html)}</div>
      <Pager
        previous={
          p.page > 1
            ? { path: `${path}?page=${p.page - 1}`, name: t.library.entryPage(p.page - 1, p.pages) }
            : null
        }
        next={
          p.page < p.pages
            ? { path: `${path}?page=${p.page + 1}`, name: t.library.entryPage(p.page + 1, p.pages) }
            : null
        }
        label={t.library.entryPage(p.page, p.pages)}
      />
      <p class="meta">{p.work.copyright}</p>
    </Layout>
  );
}

/** `/commentaries`: which commentaries there are. */
export function CommentaryListPage(props: { meta: LibraryMetaValue; personal: boolean }) {
  const t = useMessages();
  return (
    <Layout title={t.library.commentaryList} personal={props.personal}>
      <h1>{t.library.commentaryList}</h1>
      <ul>
        {props.meta.commentaries.map((w) => (
          <li>
            <b>{w.name}</b>, {w.author}, {w.year} <span class="muted">({w.id})</span>
          </li>
        ))}
      </ul>
      <Works works={props.meta.commentaries} />
    </Layout>
  );
}

/** Previous and next pages of a list paged with `offset` and `limit` on `base` (`/topics?q=love`). */
function ListPager(props: { base: string; page: Page; total: number; label: string }) {
  const t = useMessages();
  const { page, total } = props;
  const join = props.base.includes('?') ? '&' : '?';
  const at = (offset: number) => ({
    path: `${props.base}${join}offset=${offset}&limit=${page.limit}`,
    name: t.search.page(Math.floor(offset / page.limit) + 1),
  });
  const previous = page.offset > 0 ? at(Math.max(0, page.offset - page.limit)) : null;
  const next = page.offset + page.limit < total ? at(page.offset + page.limit) : null;
  return previous || next ? <Pager previous={previous} next={next} label={props.label} /> : null;
}

/** A topic (`/topics/{id}`): its sub-topics (paged), related topics, copyright. */
export function TopicPage(props: {
  topic: TopicValue;
  meta: LibraryMetaValue;
  page: Page;
  personal: boolean;
}) {
  const t = useMessages();
  const { topic, page } = props;
  const subtopics = topic.subtopics.slice(page.offset, page.offset + page.limit);
  const summary = pageSummary(page, topic.subtopics.length);
  return (
    <Layout title={topic.name} personal={props.personal}>
      <p class="muted">
        <a href="/topics">{t.library.topicSearch}</a>
      </p>
      <h1>{topic.name}</h1>
      <ol class="subtopics" start={summary.start}>
        {subtopics.map((s) => (
          <li class={s.d ? 'sub' : undefined}>{raw(s.h)}</li>
        ))}
      </ol>
      <ListPager
        base={topicPath(topic.id)}
        page={page}
        total={topic.subtopics.length}
        label={t.library.subtopicPages}
      />
      {topic.related.length ? (
        <section aria-labelledby="related">
          <h2 id="related">{t.library.related}</h2>
          <ul class="chapters">
            {topic.related.map(([id, name], i) => (
              <li>
                <a
                  href={topicPath(id)}
                  title={t.library.relatedLink(i < topic.see ? 'see' : 'see-from')}
                >
                  {name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p class="meta">{props.meta.topics?.copyright}</p>
    </Layout>
  );
}

/** The topic search (`/topics?q=`): a form and the names found, paged. */
export function TopicSearchPage(props: {
  query: string;
  hits: TopicHit[];
  total: number;
  page: Page;
  personal: boolean;
}) {
  const t = useMessages();
  return (
    <Layout
      title={props.query ? `${t.library.topicSearch}: ${props.query}` : t.library.topicSearch}
      personal={props.personal}
    >
      <h1>{t.library.topicSearch}</h1>
      <form method="get" action="/topics" role="search" aria-label={t.library.topicSearch}>
        <label for="topic-q">{t.search.words}</label>{' '}
        <input id="topic-q" type="search" name="q" value={props.query} />{' '}
        <button type="submit">{t.search.submit}</button>
      </form>
      <p role="status">
        {props.total ? t.library.topicsFound(props.total) : t.library.noTopicFound}
      </p>
      <ul class="plain">
        {props.hits.map((h) => (
          <li>
            <a href={topicPath(h.id)}>{h.name}</a>
          </li>
        ))}
      </ul>
      <ListPager
        base={props.query ? `/topics?q=${encodeURIComponent(props.query)}` : '/topics'}
        page={props.page}
        total={props.total}
        label={t.search.resultPages}
      />
    </Layout>
  );
}

/** The topics citing a verse or the verses of a chapter (`/verses/{id}/topics`, `/chapters/{id}/topics`). */
export function CitingTopicsPage(props: {
  cat: Catalogue;
  found: TopicsOfVerses;
  personal: boolean;
}) {
  const t = useMessages();
  const dataLang = useDataLang();
  const { cat, found } = props;
  const { book, name, path: back } = subject(cat, found.bookIndex, found.chapter, found.verse);
  return (
    <Layout title={t.library.topicsCiting(name)} personal={props.personal}>
      <p class="muted">
        <a href={back}>{name}</a> ({book.version})
      </p>
      <h1>{t.library.topicsCiting(name)}</h1>
      {found.topics.length ? (
        <ul class="topic-list">
          {found.topics.map((x) => (
            <li>
              <a href={topicPath(x.id)} lang={dataLang}>
                {x.name}
              </a>
              {found.verse === undefined ? (
                <span class="muted">
                  {' '}
                  ({t.margin.versePrefix}{' '}
                  {x.verses.map((v, i) => (
                    <>
                      {i ? ', ' : ''}
                      <a href={`${back}#v${v}`}>{v}</a>
                    </>
                  ))}
                  )
                </span>
              ) : null}
              <ul lang={dataLang}>
                {x.lines.map((l) => (
                  <li class="muted">{l.text}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t.library.noTopics}</p>
      )}
      <p class="meta" lang={dataLang}>
        {found.meta.topics?.copyright}
      </p>
    </Layout>
  );
}

/** A verse's `cited with` list (`/verses/{id}/related`), saying what it is. */
export function CitedWithPage(props: {
  cat: Catalogue;
  result: CitedWithResult;
  personal: boolean;
}) {
  const t = useMessages();
  const { cat, result } = props;
  const book = cat.books[result.bookIndex]!;
  const name = verseReference(book, result.chapter, result.verse);
  return (
    <Layout title={t.library.citedWithTitle(name)} personal={props.personal}>
      <p class="muted">
        <a href={versePath(book, result.chapter, result.verse)}>{name}</a> ({book.version})
      </p>
      <h1>{t.library.citedWithTitle(name)}</h1>
      <p>{t.library.citedWithBasis}</p>
      <p class="muted">{t.library.citedShown(result.items.length, result.total)}</p>
      <ol>
        {result.items.map((i) => {
          return (
            <li>
              <PassageLink cat={cat} version={book.version} passage={i.passage} />{' '}
              <span class="muted">{t.library.citedCount(i.units, i.topics, i.commentaries)}</span>
            </li>
          );
        })}
      </ol>
    </Layout>
  );
}

/** The keyword search page's box of topics whose names hold the words searched. */
export function MatchingTopics(props: { query: string; hits: TopicHit[]; total: number }) {
  const t = useMessages();
  if (!props.hits.length) return null;
  return (
    <aside class="matching-topics" aria-labelledby="matching-topics">
      <h2 id="matching-topics">{t.library.matchingTopics}</h2>
      <ul class="chapters" lang={useDataLang()}>
        {props.hits.map((h) => (
          <li>
            <a href={topicPath(h.id)}>{h.name}</a>
          </li>
        ))}
      </ul>
      {props.total > props.hits.length ? (
        <p>
          <a href={`/topics?q=${encodeURIComponent(props.query)}`}>{t.library.allMatchingTopics}</a>
        </p>
      ) : null}
    </aside>
  );
}
