import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { Child } from 'hono/jsx';
import { notesCovering, notesOnVerses } from '../annotations/chapter-annotations';
import { noteBytes, taggingBytes } from '../annotations/documents';
import { getNote, listNotes } from '../annotations/notes';
import { listTaggings } from '../annotations/taggings';
import { bookIndexFromId, chapterById, findVersionIndex, groupIndexFromId, verseById, versionsByLanguage } from '../catalogue/lookup';
import { resolveVerseList } from '../catalogue/verse-list';
import { chapterPath, versePath } from '../catalogue/paths';
import { lastVerse, nextChapter, nextVerse, previousChapter, previousVerse } from '../catalogue/navigation';
import { chapterName, verseReference } from '../catalogue/names';
import { findBook, loadChapter, type Catalogue } from '../catalogue/store';
import { MAX_VERSES_PER_RESPONSE } from '../catalogue/verse-range';
import { catalogue } from './catalogue-context';
import { requestDatabase } from '../db/session';
import type { AppEnv } from '../env';
import { notFound } from '../http/errors';
import { fitPage, requestedPage, TEXT_LIST_PAGE, wholeNumber } from '../http/paging';
import { pathId } from './personal';
import {
  BookGroupPage,
  BookGroupsPage,
  BookPage,
  ChapterPage,
  HomePage,
  VersePage,
  VersionPage,
  VersionsPage,
  type NoteView,
  type Sibling,
} from '../pages/catalogue';
import { keywordSearch } from '../search/keyword-search';
import { lookupPassages } from './passages';
import { NotePage, NotesPage, TaggingsPage } from '../pages/personal';
import { KeywordSearchPage, PAGE_PASSAGE_VERSES, PassagesPage } from '../pages/search';
import { htmlResponse } from '../http/html';
import { inLanguage } from '../pages/in-language';
import { ConcordancePage, LEXICON_OCCURRENCES, LexiconPage } from '../pages/study';
import { concordance } from '../study/concordance';
import { lemmaPrefix } from '../study/lemmas';
import { lexiconEntry } from '../study/lexicon';
import { loadLexicon, loadStudyMeta } from '../study/store';
import { strongsLanguage } from '../snapshot/strongs';
import { chapterCommentaries, commentaryEntryPage, libraryMeta, verseCommentaries } from '../library/commentaries';
import { citedWith } from '../library/related';
import { loadLibraryMeta } from '../library/store';
import { chapterTopics, searchTopics, topicById, verseTopics } from '../library/topics';
import { CitedWithPage, CitingTopicsPage, CommentariesPage, CommentaryEntryPage, CommentaryListPage, TopicPage, TopicSearchPage } from '../pages/library';
import { queryParamNames } from '../api/table';

/**
 * The reading site (issue 10): the same URLs as the API without a suffix. The request middleware
 * decides the format (no suffix: `html`); each handler here answers only HTML requests and hands
 * every other request on (`next()`) to the XML/JSON route of the same path, which app.ts
 * registers after these. Handlers read through the same data modules as the API routes.
 */
export const pages = new Hono<AppEnv>();

type PageHandler = (c: Context<AppEnv>) => Promise<Response>;

/** Runs `handler` for HTML requests; any other format goes on to the API route. */
function html(handler: PageHandler): MiddlewareHandler<AppEnv> {
  return async function page(c, next) {
    if (c.get('format') !== 'html') return next();
    return handler(c);
  };
}


/**
 * Records the language of the page a handler is answering, as soon as the handler knows it (the
 * version in the address), so that an error page for that address speaks it too (app.ts onError).
 */
function speak(c: Context<AppEnv>, lang: string | undefined): void {
  if (lang) c.set('pageLang', lang);
}

/** The page in the language the handler recorded with speak() (src/pages/messages). */
function spoken(c: Context<AppEnv>, page: Child) {
  return inLanguage(c.get('pageLang'), page);
}

/** An HTML response of `node` in the language the handler recorded. */
function page(c: Context<AppEnv>, node: Child, status?: number, headers?: Record<string, string>) {
  return htmlResponse(spoken(c, node), status, headers);
}

/** The page speaks the language of the version its id names (`RV1909:John.3`), before any lookup can fail. */
function speakForId(c: Context<AppEnv>, cat: Catalogue, id: string): void {
  speak(c, cat.versionById.get(id.split(':')[0].toLowerCase())?.lang);
}

/**
 * A search or passages page speaks a language when everything it searches is in it: the versions
 * named (`version=RV1909`), or else the one `language` asked for (`language=spa`).
 */
function speakForVersions(c: Context<AppEnv>, cat: Catalogue, versions: string | undefined, language: string | undefined): void {
  const named = (versions ?? '').split(',').map((v) => cat.versionById.get(v.trim().toLowerCase())?.lang);
  const langs = new Set(named.filter((l) => l !== undefined));
  if (langs.size === 1 && !named.includes(undefined)) return speak(c, [...langs][0]);
  const asked = (language ?? '').split(',').filter((l) => l.trim());
  if (!versions && asked.length === 1) speak(c, asked[0].trim().toLowerCase());
}
/** Personal links and pages exist in API version 1 only (spec "Versioning" 5). */
const personal = (c: Context<AppEnv>) => c.get('apiVersion') === 1;

/** A sibling link; siblings roll over into the next version as in the API, which the name then says. */
function sibling(cat: Catalogue, from: string, bookIndex: number, path: string, name: string): Sibling {
  const version = cat.books[bookIndex].version;
  return { path, name: version === from ? name : `${name} (${version})` };
}

function chapterSibling(cat: Catalogue, from: string, pos: { bookIndex: number; chapter: number } | null): Sibling | null {
  if (!pos) return null;
  const b = cat.books[pos.bookIndex];
  return sibling(cat, from, pos.bookIndex, chapterPath(b, pos.chapter), chapterName(b, pos.chapter));
}

function verseSibling(cat: Catalogue, from: string, pos: { bookIndex: number; chapter: number; verse: number } | null): Sibling | null {
  if (!pos) return null;
  const b = cat.books[pos.bookIndex];
  return sibling(cat, from, pos.bookIndex, versePath(b, pos.chapter, pos.verse), verseReference(b, pos.chapter, pos.verse));
}

pages.get(
  '/',
  html(async (c) => page(c, <HomePage cat={await catalogue(c)} personal={personal(c)} />)),
);

pages.get(
  '/versions',
  html(async (c) => {
    const cat = await catalogue(c);
    return page(c, <VersionsPage versions={versionsByLanguage(cat, c.req.query('language'))} personal={personal(c)} />);
  }),
);

const versionPage = html(async (c) => {
  const cat = await catalogue(c);
  speakForId(c, cat, c.req.param('id')!);
  return page(c, <VersionPage cat={cat} version={cat.versions[findVersionIndex(cat, c.req.param('id')!)]} personal={personal(c)} />);
});
pages.get('/versions/:id', versionPage);
pages.get('/versions/:id/books', versionPage);

pages.get(
  '/bookgroups',
  html(async (c) => page(c, <BookGroupsPage cat={await catalogue(c)} personal={personal(c)} />)),
);

const groupPage = html(async (c) => {
  const cat = await catalogue(c);
  return page(c, <BookGroupPage cat={cat} groupIndex={groupIndexFromId(cat, c.req.param('id')!)} personal={personal(c)} />);
});
pages.get('/bookgroups/:id', groupPage);
pages.get('/bookgroups/:id/books', groupPage);

const bookPage = html(async (c) => {
  const cat = await catalogue(c);
  speakForId(c, cat, c.req.param('id')!);
  return page(c, <BookPage cat={cat} bookIndex={bookIndexFromId(cat, c.req.param('id')!)} personal={personal(c)} />);
});
pages.get('/books/:id', bookPage);
pages.get('/books/:id/chapters', bookPage);

/** The reading page; `?parallel=ASV` adds a second version side by side. */
pages.get(
  '/chapters/:id',
  html(async (c) => {
    const cat = await catalogue(c);
    const id = c.req.param('id')!;
    speakForId(c, cat, id);
    const { bookIndex, chapter, value } = await chapterById(c.get('snapshot'), cat, id);
    const book = cat.books[bookIndex];
    let parallel: { bookIndex: number; value: NonNullable<typeof value> } | null = null;
    const other = c.req.query('parallel');
    if (other) {
      const version = cat.versions[findVersionIndex(cat, other)];
      const i = findBook(cat, version.id, book.osis);
      const otherValue = i === undefined ? null : await loadChapter(c.get('snapshot'), cat.books[i], chapter);
      if (i === undefined || !otherValue) throw notFound(`${version.abbreviation} has no ${book.name} ${chapter}`);
      parallel = { bookIndex: i, value: otherValue };
    }
    // Whether the version's words carry Strong's numbers: the interlinear view (issue 21 §6). The
    // study meta is one small value, kept per isolate (src/study/store.ts).
    const study = await loadStudyMeta(c.get('snapshot'));
    const tagged = !!study?.tagged.some((t) => t.version === book.version);
    // Whether the reference library's margin is offered (issue 22 §4): its meta, one small value kept per isolate.
    const library = !!(await loadLibraryMeta(c.get('snapshot')));
    const pos = { bookIndex, chapter };
    return page(c, 
      <ChapterPage
        cat={cat}
        bookIndex={bookIndex}
        chapter={chapter}
        value={value}
        previous={chapterSibling(cat, book.version, previousChapter(cat, pos))}
        next={chapterSibling(cat, book.version, nextChapter(cat, pos))}
        parallel={parallel}
        personal={personal(c)}
        tagged={tagged}
        library={library}
      />,
    );
  }),
);

/**
 * A chapter's verse list (`?start=16&end=18`, `end_chapter`) as a page is the passage it names:
 * a redirect to the passages page, which shows it with the passage machinery of the API.
 */
pages.get(
  '/chapters/:id/verses',
  html(async (c) => {
    const cat = await catalogue(c);
    speakForId(c, cat, c.req.param('id')!);
    // The same checks as the API's verse list (a bad number is the same 400).
    const list = resolveVerseList(cat, c.req.param('id')!, (name) => c.req.query(name));
    const { chapter, endChapter } = list;
    const book = cat.books[list.bookIndex];
    const start = list.start ?? 1;
    const end = list.end ?? lastVerse(book, endChapter);
    const reference = endChapter === chapter ? `${book.osis} ${chapter}:${start}-${end}` : `${book.osis} ${chapter}:${start}-${endChapter}:${end}`;
    return c.redirect(`/passages?version=${encodeURIComponent(book.version)}&q[]=${encodeURIComponent(reference)}`, 302);
  }),
);

/** Notes the verse page shows at most (then how many more, and a link to the chapter's). */
const VERSE_PAGE_NOTES = 50;

/**
 * One verse; in API version 1 with the caller's notes on it (from any version) and a note form. Those notes make the
 * page personal: it is sent `private, no-store`, which the scripture cache keeps
 * (src/middleware/scripture-cache.ts).
 */
pages.get(
  '/verses/:id',
  html(async (c) => {
    const cat = await catalogue(c);
    const id = c.req.param('id')!;
    speakForId(c, cat, id);
    const { bookIndex, chapter, entry } = await verseById(c.get('snapshot'), cat, id);
    const book = cat.books[bookIndex];
    let notes: NoteView[] | null = null;
    let notesTotal: number | undefined;
    if (personal(c)) {
      // The caller's notes on this verse, written on any version; the first page of them, as
      // many as fit a response.
      const verses = Array.from({ length: entry.lastverse - entry.verse + 1 }, (_, i) => entry.verse + i);
      const wanted = { offset: 0, limit: VERSE_PAGE_NOTES };
      const found = fitPage(wanted, await notesOnVerses(requestDatabase(c), c.get('user').id, cat, bookIndex, chapter, verses, wanted), noteBytes).list;
      notes = found.items.map((n) => ({ id: n.note.id, title: n.note.title, content: n.note.content }));
      notesTotal = found.total;
    }
    const pos = { bookIndex, chapter, verse: entry.verse };
    return page(c, 
      <VersePage
        cat={cat}
        bookIndex={bookIndex}
        chapter={chapter}
        entry={entry}
        previous={verseSibling(cat, book.version, previousVerse(cat, pos))}
        next={verseSibling(cat, book.version, nextVerse(cat, { ...pos, verse: entry.lastverse }))}
        notes={notes}
        notesTotal={notesTotal}
        library={!!(await loadLibraryMeta(c.get('snapshot')))}
      />,
      200,
      notes ? { 'Cache-Control': 'private, no-store' } : {},
    );
  }),
);

// Personal pages: the guard of app.ts (v1 only, `private, no-store`) runs before these.
pages.get(
  '/user/notes',
  html(async (c) => {
    const wanted = requestedPage((name) => c.req.query(name), TEXT_LIST_PAGE);
    const fitted = fitPage(wanted, await listNotes(requestDatabase(c), c.get('user').id, wanted), noteBytes);
    return page(c, <NotesPage notes={fitted.list.items} page={fitted.page} total={fitted.list.total} />);
  }),
);

pages.get(
  '/user/taggings',
  html(async (c) => {
    const wanted = requestedPage((name) => c.req.query(name));
    const fitted = fitPage(wanted, await listTaggings(requestDatabase(c), c.get('user').id, undefined, wanted), taggingBytes);
    return page(c, <TaggingsPage taggings={fitted.list.items} page={fitted.page} total={fitted.list.total} />);
  }),
);

pages.get(
  '/notes/:id',
  html(async (c) => {
    // The API's own lookup of the id (src/routes/personal.ts pathId), and the same 404.
    const item = await getNote(requestDatabase(c), c.get('user').id, pathId(c, 'note'));
    if (!item) throw notFound('No such note');
    return page(c, <NotePage item={item} />);
  }),
);

/**
 * A Strong's number's lexicon page (issue 21 §6): the entry, the fuller lexicons' entries, where
 * it occurs and its first KJV verses. English, as the lexicons are; a bad number is the API's 404.
 */
pages.get(
  '/strongs/:number',
  html(async (c) => {
    const cat = await catalogue(c);
    const snap = c.get('snapshot');
    const entry = await lexiconEntry(snap, cat, c.req.param('number')!);
    const meta = await loadStudyMeta(snap);
    const prefix = entry.number[0] as 'H' | 'G';
    const kjv = entry.occurrences.find((o) => o.version === 'KJV');
    const kjvTagged = !!meta?.tagged.some((t) => t.version === 'KJV' && t.prefixes.includes(prefix));
    const query: Record<string, string> = { strongs: entry.number, version: 'KJV', limit: String(LEXICON_OCCURRENCES) };
    const occurrences = kjv?.verses && kjvTagged ? await concordance(snap, (name) => query[name]) : null;
    const copyright = meta?.lexiconCopyright[strongsLanguage(entry.number)] ?? '';
    return page(c, <LexiconPage entry={entry} copyright={copyright} occurrences={occurrences} personal={personal(c)} />);
  }),
);

/** The search's parameters that `/verses` takes (from the route table when first asked: it is imported by modules this one imports). */
let searchParams: ReadonlySet<string> | undefined;

/**
 * The query a results page builds its links from (paging, books, suggestions; ~80 links): the
 * parameters the search reads, never what else a client put in the URL, which every link would
 * otherwise copy (a 64 KB query made a 17.7 MB page).
 */
function searchQuery(c: Context<AppEnv>): URLSearchParams {
  const out = new URLSearchParams();
  searchParams ??= queryParamNames('/verses');
  for (const name of searchParams) {
    const value = c.req.query(name);
    if (value !== undefined) out.set(name, value);
  }
  return out;
}

/**
 * The concordance of a Strong's number (`/verses?strongs=G25`, issue 21 §6): its verses with the
 * rendering words marked, counts per book and per rendering, paged as keyword search. In API
 * version 1 the reader's notes on the verses shown are marked, which makes the page personal: it
 * is sent `private, no-store` whether or not any note is found, as the verse page is, since the
 * scripture cache keeps a public page per URL (not per reader) and would serve one reader's page
 * to another (src/middleware/scripture-cache.ts).
 */
async function concordancePage(c: Context<AppEnv>): Promise<Response> {
  const cat = await catalogue(c);
  const snap = c.get('snapshot');
  const result = await concordance(snap, (name) => c.req.query(name));
  // One number: its entry heads the page; several (a list, or a lemma's homographs) are links.
  const [entry, meta] = await Promise.all([result.numbers.length === 1 ? loadLexicon(snap, result.numbers[0]) : null, loadStudyMeta(snap)]);
  const prefix = result.numbers[0]?.[0] ?? lemmaPrefix(result.lemma ?? '');
  const tagged = (meta?.tagged ?? []).filter((t) => prefix && t.prefixes.includes(prefix as 'H' | 'G')).map((t) => t.version);
  let notes: number[] | null = null;
  if (personal(c)) {
    notes = await notesCovering(requestDatabase(c), c.get('user').id, cat, result.hits.map((h) => ({ bookIndex: h.bookIndex, chapter: h.chapter, verse: h.entry.verse, lastverse: h.entry.lastverse })));
  }
  return page(
    c,
    <ConcordancePage result={result} entry={entry} tagged={tagged} params={searchQuery(c)} notes={notes} personal={personal(c)} />,
    200,
    notes ? { 'Cache-Control': 'private, no-store' } : {},
  );
}

/** Keyword search results, highlighted, with paging (`offset`, `limit` as in the API); with `strongs` or `lemma`, the concordance. */
pages.get(
  '/verses',
  html(async (c) => {
    if (c.req.query('strongs') !== undefined || c.req.query('lemma') !== undefined) return concordancePage(c);
    speakForVersions(c, await catalogue(c), c.req.query('version'), c.req.query('language'));
    const result = await keywordSearch(c.get('snapshot'), (name) => c.req.query(name));
    return page(c, <KeywordSearchPage result={result} params={searchQuery(c)} personal={personal(c)} topics={await topicsNamed(c, result.query)} />);
  }),
);

const passagesPage = (versions: (c: Context<AppEnv>) => string | undefined) =>
  html(async (c) => {
    speakForVersions(c, await catalogue(c), versions(c), undefined);
    const lookup = await lookupPassages(c, versions(c), PAGE_PASSAGE_VERSES, MAX_VERSES_PER_RESPONSE);
    return page(c, <PassagesPage lookup={lookup} personal={personal(c)} />);
  });
pages.get('/passages', passagesPage((c) => c.req.query('version')));
pages.get('/:versions/passages', passagesPage((c) => c.req.param('versions')));

/**
 * The topics whose names hold a keyword search's words (issue 22 §4), whole as the search reads
 * them (not the start of a word, as the topic search box reads its last), the first few for the
 * results page; null when the snapshot has no topics or the words are none a name could hold.
 */
async function topicsNamed(c: Context<AppEnv>, query: string) {
  if (!query.trim()) return null;
  try {
    return await searchTopics(c.get('snapshot'), query.replace(/"/g, ' '), { offset: 0, limit: SEARCH_PAGE_TOPICS }, false);
  } catch {
    // A snapshot without topics, or a query no name could hold (no words, too long), finds no
    // topic; the verses answer it.
    return null;
  }
}

/** Topics shown beside a keyword search's verses. */
const SEARCH_PAGE_TOPICS = 12;

// The reference library's pages (issue 22 §4; src/pages/library.tsx). English, as their sources are.
pages.get(
  '/commentaries',
  html(async (c) => {
    await catalogue(c); // the snapshot served, or its 503
    return page(c, <CommentaryListPage meta={await libraryMeta(c.get('snapshot'))} personal={personal(c)} />);
  }),
);

pages.get(
  '/commentaries/:commentary/:entry',
  html(async (c) => {
    const cat = await catalogue(c);
    const found = await commentaryEntryPage(c.get('snapshot'), cat, c.req.param('commentary')!, c.req.param('entry')!, wholeNumber(c.req.query('page'), 'page', 1, 1));
    return page(c, <CommentaryEntryPage cat={cat} page={found} personal={personal(c)} />);
  }),
);

pages.get(
  '/chapters/:id/commentaries',
  html(async (c) => {
    const cat = await catalogue(c);
    return page(c, <CommentariesPage cat={cat} coverage={await chapterCommentaries(c.get('snapshot'), cat, c.req.param('id')!)} personal={personal(c)} />);
  }),
);

pages.get(
  '/verses/:id/commentaries',
  html(async (c) => {
    const cat = await catalogue(c);
    return page(c, <CommentariesPage cat={cat} coverage={await verseCommentaries(c.get('snapshot'), cat, c.req.param('id')!)} personal={personal(c)} />);
  }),
);

pages.get(
  '/topics',
  html(async (c) => {
    await catalogue(c); // the snapshot served, or its 503
    const wanted = requestedPage((name) => c.req.query(name));
    const query = c.req.query('q') ?? '';
    const found = await searchTopics(c.get('snapshot'), query, wanted);
    return page(c, <TopicSearchPage query={found.query} hits={found.hits} total={found.total} page={wanted} personal={personal(c)} />);
  }),
);

pages.get(
  '/topics/:id',
  html(async (c) => {
    const cat = await catalogue(c);
    const { topic, meta } = await topicById(c.get('snapshot'), cat, c.req.param('id')!);
    return page(c, <TopicPage topic={topic} meta={meta} page={requestedPage((name) => c.req.query(name))} personal={personal(c)} />);
  }),
);

pages.get(
  '/verses/:id/topics',
  html(async (c) => {
    const cat = await catalogue(c);
    return page(c, <CitingTopicsPage cat={cat} found={await verseTopics(c.get('snapshot'), cat, c.req.param('id')!)} personal={personal(c)} />);
  }),
);

pages.get(
  '/chapters/:id/topics',
  html(async (c) => {
    const cat = await catalogue(c);
    return page(c, <CitingTopicsPage cat={cat} found={await chapterTopics(c.get('snapshot'), cat, c.req.param('id')!)} personal={personal(c)} />);
  }),
);

pages.get(
  '/verses/:id/related',
  html(async (c) => {
    const cat = await catalogue(c);
    return page(c, <CitedWithPage cat={cat} result={await citedWith(c.get('snapshot'), cat, c.req.param('id')!)} personal={personal(c)} />);
  }),
);
