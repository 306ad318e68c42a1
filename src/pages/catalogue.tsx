import { ANONYMOUS_AUTHOR } from '../api/limits';
import { verseId } from '../catalogue/ids';
import { bookPath, chapterPath, groupPath, versePath, versionPath } from '../catalogue/paths';
import { hasChapter } from '../catalogue/navigation';
import { findBook, versionOf, type Catalogue } from '../catalogue/store';
import { chapterName, verseReference } from '../catalogue/names';
import type {
  BookEntry,
  ChapterValue,
  FootnoteValue,
  VerseEntry,
  VersionEntry,
} from '../snapshot/types';
import { paragraphs, Scripture } from './components/scripture';
import { FootnoteList } from './components/footnote-list';
import { markedNotes, withFootnoteMarks, type MarkedNote } from './components/footnote-marks';
import { Pager, type Sibling } from './components/pager';
import { GreekDifferencesSection, InterlinearControls, type GreekDifferenceView } from './study';
import { LibraryMargin, VerseLibraryLinks } from './library';
import { htmlLang, textDirection } from './lang';
import { Layout } from './layout';
import { messagesFor, useMessages } from './messages';

/**
 * Pages of the scripture catalogue. Each takes what the route read through the
 * catalogue store (the same data modules as the XML/JSON routes) and renders it; nothing here
 * reads KV. Links are the same suffix-less paths the API's `path` fields carry.
 */

/**
 * The service's descriptions of a version (data/versions.json): its `info` is English, its
 * `copyright` in the language of the version's pages (Spanish for the RV1909; English where the
 * version's language has no interface table: docs/translations.md). Each is marked with its
 * language on a page in another.
 */
function VersionNote(props: { text: string; class: string; lang: string }) {
  const t = useMessages();
  return (
    <p class={props.class} lang={props.lang === t.lang ? undefined : props.lang}>
      {props.text}
    </p>
  );
}

/** The language a version's copyright line is written in: that of the version's pages. */
const copyrightLang = (version: VersionEntry) => messagesFor(version.lang).lang;

export function HomePage(props: { cat: Catalogue; personal: boolean }) {
  const t = useMessages();
  const example = (text: string) => (
    <a href={`/search?query=${encodeURIComponent(text)}`}>{text}</a>
  );
  return (
    <Layout title={t.home.title} personal={props.personal}>
      <h1>{t.home.title}</h1>
      <p>
        {t.home.intro[0]}
        {example(t.home.referenceExample)}
        {t.home.intro[1]}
        {example(t.home.wordsExample)}
        {t.home.intro[2]}
      </p>
      <h2>{t.home.translations}</h2>
      <VersionList versions={props.cat.versions} />
      <h2>{t.home.startReading}</h2>
      <ul class="plain">
        {props.cat.versions.map((v) => {
          const john = findBook(props.cat, v.id, 'John');
          const gen = findBook(props.cat, v.id, 'Gen');
          return (
            <li>
              {v.abbreviation}:{' '}
              {gen !== undefined ? (
                <a href={chapterPath(props.cat.books[gen], 1)}>
                  {chapterName(props.cat.books[gen], 1)}
                </a>
              ) : null}
              {gen !== undefined && john !== undefined ? ' · ' : null}
              {john !== undefined ? (
                <a href={chapterPath(props.cat.books[john], 3)}>
                  {chapterName(props.cat.books[john], 3)}
                </a>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Layout>
  );
}

function VersionList(props: { versions: VersionEntry[] }) {
  const t = useMessages();
  return (
    <ul class="plain">
      {props.versions.map((v) => (
        <li>
          <a href={versionPath(v)}>{v.name}</a>{' '}
          <span class="muted">
            ({v.abbreviation}, {t.versionListLanguage(v)})
          </span>
        </li>
      ))}
    </ul>
  );
}

export function VersionsPage(props: { versions: VersionEntry[]; personal: boolean }) {
  const t = useMessages();
  return (
    <Layout title={t.site.versions} personal={props.personal}>
      <h1>{t.site.versions}</h1>
      <VersionList versions={props.versions} />
    </Layout>
  );
}

/** A version: its information, then its books by testament and, within each, by book group. */
export function VersionPage(props: { cat: Catalogue; version: VersionEntry; personal: boolean }) {
  const t = useMessages();
  const { cat, version } = props;
  const books = cat.books.filter((b) => b.version === version.id);
  const testaments = [...new Set(books.map((b) => b.testament))];
  return (
    <Layout title={version.name} lang={htmlLang(version.lang)} personal={props.personal}>
      <h1>{version.name}</h1>
      <VersionNote class="info" text={version.info} lang="en" />
      <VersionNote class="muted" text={version.copyright} lang={copyrightLang(version)} />
      {testaments.map((testament) => {
        const inTestament = books.filter((b) => b.testament === testament);
        const groups = cat.groups.filter((g) => inTestament.some((b) => b.groupId === g.id));
        return (
          <section aria-labelledby={`t-${testament}`}>
            <h2 id={`t-${testament}`}>{t.testaments[testament]}</h2>
            {groups.map((g) => (
              <>
                <h3>
                  <a href={groupPath(g)}>{t.groups[g.abbr] ?? g.name}</a>
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
  const t = useMessages();
  return (
    <Layout title={t.site.bookGroups} personal={props.personal}>
      <h1>{t.site.bookGroups}</h1>
      <ul class="plain">
        {props.cat.groups.map((g) => (
          <li>
            <a href={groupPath(g)}>{g.name}</a> <span class="muted">({g.abbr})</span>
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
  const t = useMessages();
  const book = props.cat.books[props.bookIndex];
  const version = versionOf(props.cat, book);
  return (
    <Layout
      title={`${book.name} (${version.abbreviation})`}
      lang={htmlLang(version.lang)}
      personal={props.personal}
    >
      <p class="muted">
        <a href={versionPath(version)}>{version.name}</a>
      </p>
      <h1>{book.name}</h1>
      <h2>{t.book.chapters}</h2>
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

export type { Sibling } from './components/pager';

/**
 * Verse HTML of a chapter in its paragraphs (a paragraph mark starts one; the verses between
 * flow inline), each verse wrapped with an anchor id (`#v16`) for links.
 */
export function chapterHtml(value: ChapterValue, marks: MarkedNote[] = []): string {
  return paragraphs(
    value.verses.map(
      (v) => `<span id="v${v.verse}">${withFootnoteMarks(v.html, marksOfVerse(marks, v))}</span>`,
    ),
    value.verses.map((v) => v.headings),
  );
}

/** The marks of the notes on a verse record (a merged record holds several verses). */
function marksOfVerse(marks: MarkedNote[], v: VerseEntry): MarkedNote[] {
  return marks.filter((m) => m.note.verse >= v.verse && m.note.verse <= v.lastverse);
}

/** Versions that have this chapter, for the "read in" bar and the parallel view. */
export function chapterInVersions(
  cat: Catalogue,
  book: BookEntry,
  chapter: number,
): { version: VersionEntry; bookIndex: number }[] {
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
  /** Whether the version's words carry Strong's numbers: the interlinear view. */
  tagged?: boolean;
  /** Whether the snapshot has the reference library: its margin of commentaries and topics. */
  library?: boolean;
  /** The translators' notes of the chapter (its version's, when it has them). */
  footnotes?: FootnoteValue[];
  /** Whether the library holds the cross-references: their fold in the margin. */
  crossReferences?: boolean;
}

/** The reading page: the chapter's text, its siblings, other versions and a parallel view. */
export function ChapterPage(props: ChapterPageProps) {
  const t = useMessages();
  const { cat, chapter } = props;
  const book = cat.books[props.bookIndex];
  const version = versionOf(cat, book);
  const others = chapterInVersions(cat, book, chapter).filter((o) => o.version.id !== version.id);
  const parallelBook = props.parallel ? cat.books[props.parallel.bookIndex] : null;
  const parallelVersion = parallelBook ? versionOf(cat, parallelBook) : null;
  const title = chapterName(book, chapter);
  const interlinear = !!props.tagged && !props.parallel;
  // The notes' marks in the single-column reading (the parallel view shows the text alone).
  const marks = props.parallel ? [] : markedNotes(props.footnotes ?? []);
  return (
    <Layout
      title={`${title} (${version.abbreviation})`}
      lang={htmlLang(version.lang)}
      links={{ prev: props.previous?.path, next: props.next?.path }}
      scripts={[
        ...(props.personal && !props.parallel ? ['chapter-annotations.js'] : []),
        ...(interlinear ? ['interlinear.js'] : []),
        ...(props.library && !props.parallel ? ['library.js'] : []),
        ...(marks.length ? ['footnotes.js'] : []),
      ]}
      personal={props.personal}
    >
      <p class="muted">
        <a href={versionPath(version)}>{version.name}</a> › <a href={bookPath(book)}>{book.name}</a>
      </p>
      <h1>{title}</h1>
      {others.length ? (
        <div class="versions-bar">
          <span>{t.chapter.readIn}</span>
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
            <label for="parallel">{t.chapter.sideBySide}</label>
            <select id="parallel" name="parallel">
              {others.map((o) => (
                <option value={o.version.id} selected={parallelVersion?.id === o.version.id}>
                  {o.version.abbreviation}
                </option>
              ))}
            </select>{' '}
            <button type="submit">{t.chapter.compare}</button>
          </form>
        </div>
      ) : null}
      {interlinear ? (
        <InterlinearControls cat={cat} bookIndex={props.bookIndex} chapter={chapter} />
      ) : null}
      {props.parallel && parallelBook && parallelVersion ? (
        <div class="parallel">
          <section aria-labelledby="col-a">
            <h2 id="col-a">{version.abbreviation}</h2>
            <Scripture html={chapterHtml(props.value)} dir={textDirection(version.lang)} />
          </section>
          <section aria-labelledby="col-b" lang={htmlLang(parallelVersion.lang)}>
            <h2 id="col-b">
              <a href={chapterPath(parallelBook, chapter)}>{parallelVersion.abbreviation}</a>
            </h2>
            <Scripture
              html={chapterHtml(props.parallel.value)}
              dir={textDirection(parallelVersion.lang)}
            />
          </section>
        </div>
      ) : props.personal || props.library ? (
        <div class="reading">
          <Scripture html={chapterHtml(props.value, marks)} dir={textDirection(version.lang)} />
          <div class="margin">
            {props.personal ? (
              <aside
                id="my-annotations"
                aria-labelledby="my-annotations-heading"
                data-src={`${chapterPath(book, chapter)}/annotations.js`}
                data-none={t.margin.none}
                data-failed={t.margin.failed}
                data-verse-prefix={t.margin.versePrefix}
                data-more={t.margin.more}
                data-all={`${chapterPath(book, chapter)}/annotations`}
              >
                <h2 id="my-annotations-heading">{t.margin.heading}</h2>
                <p role="status" class="muted">
                  {t.margin.noScript[0]}
                  <a href="/user/notes">{t.margin.noScript[1]}</a>
                  {t.margin.noScript[2]}
                </p>
                <ul></ul>
              </aside>
            ) : null}
            {props.personal ? (
              // Others' public notes, under the reader's own, folded (docs/public-notes.md "Reading"),
              // fetched by the same script: the page stays the same for every reader.
              <aside
                id="public-notes"
                aria-labelledby="public-notes-heading"
                data-src={`${chapterPath(book, chapter)}/public-notes.js`}
                data-none={t.publicNotes.none}
                data-failed={t.publicNotes.failed}
                data-verse-prefix={t.margin.versePrefix}
                data-by={t.publicNotes.by('')}
                data-anonymous={t.publicNotes.anonymous}
                data-anonymous-author={ANONYMOUS_AUTHOR}
              >
                <details>
                  <summary id="public-notes-heading">{t.publicNotes.heading}</summary>
                  <p role="status" class="muted"></p>
                  <ul></ul>
                </details>
              </aside>
            ) : null}
            {props.library ? (
              <LibraryMargin
                chapterPath={chapterPath(book, chapter)}
                crossReferences={props.crossReferences}
              />
            ) : null}
          </div>
        </div>
      ) : (
        <Scripture html={chapterHtml(props.value, marks)} dir={textDirection(version.lang)} />
      )}
      <FootnoteList marks={marks} />
      <Pager previous={props.previous} next={props.next} label={t.chapter.pagerChapters} />
      <VersionNote class="meta" text={version.copyright} lang={copyrightLang(version)} />
    </Layout>
  );
}

export interface NoteView {
  id: number;
  title: string;
  content: string;
  /** Published (docs/public-notes.md); its moderation state, if any. */
  public?: boolean;
  moderated?: string | null;
}

/** Another reader's public note: the author's display name (null: anonymous), never more of them. */
export interface PublicNoteView {
  id: number;
  author: string | null;
  title: string;
  content: string;
  writtenIn: string;
}

export interface VersePageProps {
  cat: Catalogue;
  bookIndex: number;
  chapter: number;
  entry: VerseEntry;
  previous: Sibling | null;
  next: Sibling | null;
  /** The caller's notes on this verse (the first of them); null under API version 2 (no personal content). */
  notes: NoteView[] | null;
  /** How many notes the caller has on this verse, when more than `notes`. */
  notesTotal?: number;
  /** Others' public notes on this verse (the newest of them); null under API version 2. */
  publicNotes?: PublicNoteView[] | null;
  /** How many public notes of others there are on this verse. */
  publicNotesTotal?: number;
  /** Whether the snapshot has the reference library: links to the verse's commentaries, topics and `cited with` list. */
  library?: boolean;
  /** The translators' notes on the verse record (its version's, when it has them). */
  footnotes?: FootnoteValue[];
  /** Every cross-reference of the verse (the Treasury's), when the snapshot has them. */
  crossReferences?: { id: string; name: string; path: string }[];
  /** On a TR or SBLGNT verse: where the other edition differs (src/study/greek-differences.ts). */
  greekDifferences?: { other: string; apiPath: string; differences: GreekDifferenceView[] };
}

/** One verse, with the caller's notes on it and a form to add one (v1). */
export function VersePage(props: VersePageProps) {
  const t = useMessages();
  const { cat, chapter, entry } = props;
  const book = cat.books[props.bookIndex];
  const version = versionOf(cat, book);
  const reference = verseReference(book, chapter, entry.verse, entry.lastverse);
  const id = verseId(book, chapter, entry.verse);
  const marks = markedNotes(props.footnotes ?? []);
  return (
    <Layout
      title={`${reference} (${version.abbreviation})`}
      lang={htmlLang(version.lang)}
      links={{ prev: props.previous?.path, next: props.next?.path }}
      scripts={[
        ...(props.notes ? ['note-form.js'] : []),
        ...(props.publicNotes?.length ? ['report.js'] : []),
        ...(marks.length ? ['footnotes.js'] : []),
      ]}
      personal={props.notes !== null}
    >
      <p class="muted">
        <a href={versionPath(version)}>{version.name}</a> › <a href={bookPath(book)}>{book.name}</a>{' '}
        › <a href={`${chapterPath(book, chapter)}#v${entry.verse}`}>{t.chapter.name(chapter)}</a>
      </p>
      <h1>{reference}</h1>
      <Scripture
        html={(entry.headings ?? '') + withFootnoteMarks(entry.html, marks)}
        dir={textDirection(version.lang)}
      />
      {props.library ? (
        <VerseLibraryLinks versePath={versePath(book, chapter, entry.verse)} />
      ) : null}
      <FootnoteList marks={marks} />
      {props.greekDifferences ? <GreekDifferencesSection {...props.greekDifferences} /> : null}
      {props.crossReferences ? (
        <section class="cross-references" aria-labelledby="cross-references-heading">
          <h2 id="cross-references-heading">{t.library.crossReferences}</h2>
          <p class="muted">
            {t.library.crossReferenceCount(props.crossReferences.length)}{' '}
            <cite lang="en">The Treasury of Scripture Knowledge</cite>
          </p>
          {props.crossReferences.length ? (
            <ul class="chapters">
              {props.crossReferences.map((r) => (
                <li>
                  <a href={r.path}>{r.name}</a>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
      <Pager previous={props.previous} next={props.next} label={t.chapter.pagerVerses} />
      <VersionNote class="meta" text={version.copyright} lang={copyrightLang(version)} />
      {props.notes ? (
        <section aria-labelledby="notes-heading">
          <h2 id="notes-heading">{t.verseNotes.heading}</h2>
          <div id="my-notes">
            {props.notes.length ? (
              props.notes.map((n) => (
                <article class="note">
                  <h3>
                    <a href={`/notes/${n.id}`}>
                      <bdi>{n.title}</bdi>
                    </a>
                    {n.public ? (
                      <span class="muted">
                        {' '}
                        ({t.verseNotes.publicMark}
                        {n.moderated ? `: ${t.moderation.states[n.moderated] ?? n.moderated}` : ''})
                      </span>
                    ) : null}
                  </h3>
                  <p dir="auto">{n.content}</p>
                </article>
              ))
            ) : (
              <p id="no-notes" class="muted">
                {t.verseNotes.none}
              </p>
            )}
          </div>
          {props.notesTotal !== undefined && props.notesTotal > props.notes.length ? (
            <p class="muted">
              {t.verseNotes.more(props.notes.length, props.notesTotal)}{' '}
              <a href={`${chapterPath(book, chapter)}/annotations`}>{t.verseNotes.allOnChapter}</a>
            </p>
          ) : null}
          <h2 id="add-note">{t.verseNotes.add}</h2>
          <form
            class="note-form"
            data-verse={id}
            aria-labelledby="add-note"
            data-saving={t.verseNotes.saving}
            data-saved={t.verseNotes.saved}
            data-not-saved={t.verseNotes.notSaved}
            data-unreachable={t.verseNotes.unreachable}
            data-public-mark={t.verseNotes.publicMark}
          >
            <label for="note-title">{t.verseNotes.title}</label>
            <input id="note-title" name="title" required maxlength={255} />
            <label for="note-content">{t.verseNotes.note}</label>
            <textarea id="note-content" name="content" rows={4} maxlength={10000}></textarea>
            <label class="check">
              <input type="checkbox" name="public" value="1" /> {t.verseNotes.publish}
            </label>
            <button type="submit" disabled>
              {t.verseNotes.save}
            </button>
            <p role="status" class="muted">
              {t.verseNotes.noScript[0]}
              <code>POST /notes.js</code>
              {t.verseNotes.noScript[1]}
            </p>
          </form>
        </section>
      ) : null}
      {props.publicNotes ? (
        <PublicNotesSection notes={props.publicNotes} total={props.publicNotesTotal} />
      ) : null}
    </Layout>
  );
}

/**
 * Others' public notes on a verse (docs/public-notes.md "Reading"): the reader's text as plain
 * text, isolated (<bdi>, dir=auto), as every note of the site; a URL in it stays text, never a
 * link, so a public note cannot send readers anywhere or carry markup.
 */
function PublicNotesSection(props: { notes: PublicNoteView[]; total?: number }) {
  const t = useMessages();
  return (
    <section class="public-notes" aria-labelledby="public-notes-heading">
      <h2 id="public-notes-heading">{t.publicNotes.heading}</h2>
      {props.notes.length ? null : <p class="muted">{t.publicNotes.none}</p>}
      {props.notes.map((n) => (
        <article class="note" aria-labelledby={`public-note-${n.id}`}>
          <h3 id={`public-note-${n.id}`}>
            <bdi>{n.title}</bdi>
          </h3>
          <p class="muted">
            {n.author === null ? t.publicNotes.by(t.publicNotes.anonymous) : null}
            {n.author !== null ? (
              <>
                {t.publicNotes.by('')}
                <bdi>{n.author}</bdi>
              </>
            ) : null}{' '}
            ({n.writtenIn})
          </p>
          <p dir="auto">{n.content}</p>
          <details>
            <summary>{t.publicNotes.report}</summary>
            <form
              class="report-form"
              data-note={String(n.id)}
              data-sending={t.publicNotes.sending}
              data-sent={t.publicNotes.sent}
              data-not-sent={t.publicNotes.notSent}
            >
              <label for={`report-${n.id}`}>{t.publicNotes.reason}</label>
              <input id={`report-${n.id}`} name="reason" required maxlength={500} />
              <button type="submit" disabled>
                {t.publicNotes.send}
              </button>
              <p role="status" class="muted"></p>
            </form>
          </details>
        </article>
      ))}
      {props.total !== undefined && props.total > props.notes.length ? (
        <p class="muted">{t.publicNotes.more(props.notes.length, props.total)}</p>
      ) : null}
    </section>
  );
}
