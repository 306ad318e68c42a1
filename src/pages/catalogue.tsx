import { bookId, chapterId, verseId } from '../catalogue/ids';
import { hasChapter } from '../catalogue/navigation';
import { findBook, type Catalogue } from '../catalogue/store';
import { chapterName, verseReference } from '../catalogue/names';
import type { BookEntry, ChapterValue, Testament, VerseEntry, VersionEntry } from '../snapshot/types';
import { Scripture } from './components/scripture';
import { htmlLang } from './lang';
import { Layout } from './layout';

/**
 * Pages of the scripture catalogue (issue 10 §1). Each takes what the route read through the
 * catalogue store (the same data modules as the XML/JSON routes) and renders it; nothing here
 * reads KV. Links are the same suffix-less paths the API's `path` fields carry.
 */

const TESTAMENT_NAMES: Record<Testament, string> = { OT: 'Old Testament', NT: 'New Testament', DEUT: 'Deuterocanonical books' };

export const versionPath = (v: VersionEntry) => `/versions/${v.id}`;
export const bookPath = (b: BookEntry) => `/books/${bookId(b)}`;
export const chapterPath = (b: BookEntry, chapter: number) => `/chapters/${chapterId(b, chapter)}`;
export const versePath = (b: BookEntry, chapter: number, verse: number) => `/verses/${verseId(b, chapter, verse)}`;

function versionOf(cat: Catalogue, book: BookEntry): VersionEntry {
  return cat.versionById.get(book.version.toLowerCase())!;
}

export function HomePage(props: { cat: Catalogue; personal: boolean }) {
  return (
    <Layout title="Read the Bible" personal={props.personal}>
      <h1>Read the Bible</h1>
      <p>
        Public-domain translations, to read here or to use through the API. Search above with a reference (<a href="/search?query=John+3%3A16">John 3:16</a>) or
        with words (<a href="/search?query=love+one+another">love one another</a>).
      </p>
      <h2>Translations</h2>
      <VersionList versions={props.cat.versions} />
      <h2>Start reading</h2>
      <ul class="plain">
        {props.cat.versions.map((v) => {
          const john = findBook(props.cat, v.id, 'John');
          const gen = findBook(props.cat, v.id, 'Gen');
          return (
            <li>
              {v.abbreviation}:{' '}
              {gen !== undefined ? <a href={chapterPath(props.cat.books[gen], 1)}>Genesis 1</a> : null}
              {gen !== undefined && john !== undefined ? ' · ' : null}
              {john !== undefined ? <a href={chapterPath(props.cat.books[john], 3)}>John 3</a> : null}
            </li>
          );
        })}
      </ul>
    </Layout>
  );
}

function VersionList(props: { versions: VersionEntry[] }) {
  return (
    <ul class="plain">
      {props.versions.map((v) => (
        <li>
          <a href={versionPath(v)}>{v.name}</a> <span class="muted">({v.abbreviation}, {v.langNameEng})</span>
        </li>
      ))}
    </ul>
  );
}

export function VersionsPage(props: { versions: VersionEntry[]; personal: boolean }) {
  return (
    <Layout title="Versions" personal={props.personal}>
      <h1>Versions</h1>
      <VersionList versions={props.versions} />
    </Layout>
  );
}

/** A version: its information, then its books by testament and, within each, by book group. */
export function VersionPage(props: { cat: Catalogue; version: VersionEntry; personal: boolean }) {
  const { cat, version } = props;
  const books = cat.books.filter((b) => b.version === version.id);
  const testaments = [...new Set(books.map((b) => b.testament))];
  return (
    <Layout title={version.name} lang={htmlLang(version.lang)} personal={props.personal}>
      <h1>{version.name}</h1>
      <p>{version.info}</p>
      <p class="muted">{version.copyright}</p>
      {testaments.map((t) => {
        const inTestament = books.filter((b) => b.testament === t);
        const groups = cat.groups.filter((g) => inTestament.some((b) => b.groupId === g.id));
        return (
          <section aria-labelledby={`t-${t}`}>
            <h2 id={`t-${t}`}>{TESTAMENT_NAMES[t]}</h2>
            {groups.map((g) => (
              <>
                <h3>
                  <a href={`/bookgroups/${g.id}`}>{g.name}</a>
                </h3>
                <ul class="columns">
                  {inTestament
                    .filter((b) => b.groupId === g.id)
                    .map((b) => (
                      <li>
                        <a href={bookPath(b)}>{b.name}</a>
                      </li>
                    ))}
                </ul>
              </>
            ))}
          </section>
        );
      })}
    </Layout>
  );
}

export function BookGroupsPage(props: { cat: Catalogue; personal: boolean }) {
  return (
    <Layout title="Book groups" personal={props.personal}>
      <h1>Book groups</h1>
      <ul class="plain">
        {props.cat.groups.map((g) => (
          <li>
            <a href={`/bookgroups/${g.id}`}>{g.name}</a> <span class="muted">({g.abbr})</span>
          </li>
        ))}
      </ul>
    </Layout>
  );
}

/** A group's books across versions, one list per version (spec: membership differs per version). */
export function BookGroupPage(props: { cat: Catalogue; groupIndex: number; personal: boolean }) {
  const { cat } = props;
  const group = cat.groups[props.groupIndex];
  return (
    <Layout title={group.name} personal={props.personal}>
      <h1>{group.name}</h1>
      {cat.versions.map((v) => {
        const books = cat.books.filter((b) => b.version === v.id && b.groupId === group.id);
        if (!books.length) return null;
        return (
          <section aria-labelledby={`v-${v.id}`}>
            <h2 id={`v-${v.id}`}>{v.name}</h2>
            <ul class="columns" lang={htmlLang(v.lang)}>
              {books.map((b) => (
                <li>
                  <a href={bookPath(b)}>{b.name}</a>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </Layout>
  );
}

/** A book: its chapters as links. */
export function BookPage(props: { cat: Catalogue; bookIndex: number; personal: boolean }) {
  const book = props.cat.books[props.bookIndex];
  const version = versionOf(props.cat, book);
  return (
    <Layout title={`${book.name} (${version.abbreviation})`} lang={htmlLang(version.lang)} personal={props.personal}>
      <p class="muted">
        <a href={versionPath(version)}>{version.name}</a>
      </p>
      <h1>{book.name}</h1>
      <h2>Chapters</h2>
      <ul class="chapters">
        {book.chapters.map((_, i) => (
          <li>
            <a href={chapterPath(book, i + 1)} aria-label={`${book.name} ${i + 1}`}>
              {i + 1}
            </a>
          </li>
        ))}
      </ul>
    </Layout>
  );
}

export interface Sibling {
  path: string;
  name: string;
}

function Pager(props: { previous?: Sibling | null; next?: Sibling | null; label: string }) {
  return (
    <nav class="pager" aria-label={props.label}>
      {props.previous ? (
        <a href={props.previous.path} rel="prev">
          ← {props.previous.name}
        </a>
      ) : (
        <span />
      )}
      {props.next ? (
        <a href={props.next.path} rel="next">
          {props.next.name} →
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** Verse HTML of a chapter, each verse wrapped with an anchor id (`#v16`) for links. */
export function chapterHtml(value: ChapterValue): string {
  return value.verses.map((v) => `<span id="v${v.verse}">${v.html}</span>`).join(' ');
}

/** Versions that have this chapter, for the "read in" bar and the parallel view. */
export function chapterInVersions(cat: Catalogue, book: BookEntry, chapter: number): { version: VersionEntry; bookIndex: number }[] {
  const out: { version: VersionEntry; bookIndex: number }[] = [];
  for (const version of cat.versions) {
    const i = findBook(cat, version.id, book.osis);
    if (i !== undefined && hasChapter(cat.books[i], chapter)) out.push({ version, bookIndex: i });
  }
  return out;
}

export interface ChapterPageProps {
  cat: Catalogue;
  bookIndex: number;
  chapter: number;
  value: ChapterValue;
  previous: Sibling | null;
  next: Sibling | null;
  /** The second column of the parallel view, when one was asked for. */
  parallel?: { bookIndex: number; value: ChapterValue } | null;
  personal: boolean;
}

/** The reading page: the chapter's text, its siblings, other versions and a parallel view. */
export function ChapterPage(props: ChapterPageProps) {
  const { cat, chapter } = props;
  const book = cat.books[props.bookIndex];
  const version = versionOf(cat, book);
  const others = chapterInVersions(cat, book, chapter).filter((o) => o.version.id !== version.id);
  const parallelBook = props.parallel ? cat.books[props.parallel.bookIndex] : null;
  const parallelVersion = parallelBook ? versionOf(cat, parallelBook) : null;
  const title = chapterName(book, chapter);
  return (
    <Layout
      title={`${title} (${version.abbreviation})`}
      lang={htmlLang(version.lang)}
      links={{ prev: props.previous?.path, next: props.next?.path }}
      scripts={props.personal && !props.parallel ? ['chapter-annotations.js'] : []}
      personal={props.personal}
    >
      <p class="muted">
        <a href={versionPath(version)}>{version.name}</a> › <a href={bookPath(book)}>{book.name}</a>
      </p>
      <h1>{title}</h1>
      {others.length ? (
        <div class="versions-bar">
          <span>Read in:</span>
          <ul class="chapters">
            {others.map((o) => (
              <li>
                <a href={chapterPath(cat.books[o.bookIndex], chapter)} title={o.version.name}>
                  {o.version.abbreviation}
                </a>
              </li>
            ))}
          </ul>
          <form method="get" action={chapterPath(book, chapter)}>
            <label for="parallel">Side by side with </label>
            <select id="parallel" name="parallel">
              {others.map((o) => (
                <option value={o.version.id} selected={parallelVersion?.id === o.version.id}>
                  {o.version.abbreviation}
                </option>
              ))}
            </select>{' '}
            <button type="submit">Compare</button>
          </form>
        </div>
      ) : null}
      {props.parallel && parallelBook && parallelVersion ? (
        <div class="parallel">
          <section aria-labelledby="col-a">
            <h2 id="col-a">{version.abbreviation}</h2>
            <Scripture html={chapterHtml(props.value)} />
          </section>
          <section aria-labelledby="col-b" lang={htmlLang(parallelVersion.lang)}>
            <h2 id="col-b">
              <a href={chapterPath(parallelBook, chapter)}>{parallelVersion.abbreviation}</a>
            </h2>
            <Scripture html={chapterHtml(props.parallel.value)} />
          </section>
        </div>
      ) : props.personal ? (
        <div class="reading">
          <Scripture html={chapterHtml(props.value)} />
          <aside id="my-annotations" aria-labelledby="my-annotations-heading" data-src={`${chapterPath(book, chapter)}/annotations.js`} lang="en">
            <h2 id="my-annotations-heading">My notes and tags</h2>
            <p role="status" class="muted">
              Shown with JavaScript; they are also on <a href="/user/notes">my notes</a>.
            </p>
            <ul></ul>
          </aside>
        </div>
      ) : (
        <Scripture html={chapterHtml(props.value)} />
      )}
      <Pager previous={props.previous} next={props.next} label="Chapters" />
      <p class="meta">{version.copyright}</p>
    </Layout>
  );
}

export interface NoteView {
  id: number;
  title: string;
  content: string;
}

export interface VersePageProps {
  cat: Catalogue;
  bookIndex: number;
  chapter: number;
  entry: VerseEntry;
  previous: Sibling | null;
  next: Sibling | null;
  /** The caller's notes on this verse; null under API version 2 (no personal content). */
  notes: NoteView[] | null;
}

/** One verse, with the caller's notes on it and a form to add one (v1). */
export function VersePage(props: VersePageProps) {
  const { cat, chapter, entry } = props;
  const book = cat.books[props.bookIndex];
  const version = versionOf(cat, book);
  const reference = verseReference(book, chapter, entry.verse, entry.lastverse);
  const id = verseId(book, chapter, entry.verse);
  return (
    <Layout
      title={`${reference} (${version.abbreviation})`}
      lang={htmlLang(version.lang)}
      links={{ prev: props.previous?.path, next: props.next?.path }}
      scripts={props.notes ? ['note-form.js'] : []}
      personal={props.notes !== null}
    >
      <p class="muted">
        <a href={versionPath(version)}>{version.name}</a> › <a href={bookPath(book)}>{book.name}</a> ›{' '}
        <a href={`${chapterPath(book, chapter)}#v${entry.verse}`}>Chapter {chapter}</a>
      </p>
      <h1>{reference}</h1>
      <Scripture html={entry.html} />
      <Pager previous={props.previous} next={props.next} label="Verses" />
      <p class="meta">{version.copyright}</p>
      {props.notes ? (
        <section aria-labelledby="notes-heading" lang="en">
          <h2 id="notes-heading">My notes on this verse</h2>
          <div id="my-notes">
            {props.notes.length ? (
              props.notes.map((n) => (
                <article class="note">
                  <h3>
                    <a href={`/notes/${n.id}`}>{n.title}</a>
                  </h3>
                  <p>{n.content}</p>
                </article>
              ))
            ) : (
              <p id="no-notes" class="muted">
                No notes yet.
              </p>
            )}
          </div>
          <h2 id="add-note">Add a note</h2>
          <form class="note-form" data-verse={id} aria-labelledby="add-note">
            <label for="note-title">Title</label>
            <input id="note-title" name="title" required maxlength={255} />
            <label for="note-content">Note</label>
            <textarea id="note-content" name="content" rows={4} maxlength={10000}></textarea>
            <button type="submit" disabled>
              Save note
            </button>
            <p role="status" class="muted">
              Saving needs JavaScript; the note goes to <code>POST /notes.js</code>.
            </p>
          </form>
        </section>
      ) : null}
    </Layout>
  );
}
