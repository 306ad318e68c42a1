import { Hono } from 'hono';
import { notesOnVerses } from '../../annotations/coverage/chapter-annotations';
import { noteBytes, publicNoteBytes } from '../../annotations/documents';
import { publicNotesOn } from '../../annotations/public/public-notes';
import {
  bookIndexFromId,
  chapterById,
  findVersion,
  groupIndexFromId,
  verseById,
  versionsByLanguage,
} from '../../catalogue/lookup';
import { chapterName, verseReference } from '../../catalogue/names';
import {
  lastVerse,
  nextChapter,
  nextVerse,
  previousChapter,
  previousVerse,
} from '../../catalogue/navigation';
import { chapterPath, versePath } from '../../catalogue/paths';
import { findBook, loadChapter, type Catalogue } from '../../catalogue/store';
import { chapterNotes } from '../../catalogue/footnotes';
import { withEmptySlots } from '../../catalogue/empty-slots';
import { verseLink } from '../../catalogue/resources';
import { verseCrossReferences } from '../../library/cross-references';
import { resolveVerseList } from '../../catalogue/verse-list';
import { everyShard, requestDatabase } from '../../db/session';
import type { AppEnv } from '../../env';
import { notFound } from '../../http/errors';
import { fitPage, PUBLISHED_PAGE_BYTES } from '../../http/paging';
import { loadLibraryMeta } from '../../library/store';
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
  type PublicNoteView,
  type Sibling,
} from '../../pages/catalogue';
import { loadStudyMeta } from '../../study/store';
import { verseGreekDifferences } from '../../study/greek-differences';
import { catalogue } from '../catalogue-context';
import { html, page, personal, speakForId } from './page';

/**
 * The reading site's catalogue: the home page, versions, book groups, books, the reading page of
 * a chapter and the page of a verse (src/pages/catalogue.tsx), from the data modules the API reads.
 */
export const cataloguePages = new Hono<AppEnv>();

/** A sibling link; siblings roll over into the next version as in the API, which the name then says. */
function sibling(
  cat: Catalogue,
  from: string,
  bookIndex: number,
  path: string,
  name: string,
): Sibling {
  const version = cat.books[bookIndex].version;
  return { path, name: version === from ? name : `${name} (${version})` };
}

function chapterSibling(
  cat: Catalogue,
  from: string,
  pos: { bookIndex: number; chapter: number } | null,
): Sibling | null {
  if (!pos) return null;
  const b = cat.books[pos.bookIndex];
  return sibling(
    cat,
    from,
    pos.bookIndex,
    chapterPath(b, pos.chapter),
    chapterName(b, pos.chapter),
  );
}

function verseSibling(
  cat: Catalogue,
  from: string,
  pos: { bookIndex: number; chapter: number; verse: number } | null,
): Sibling | null {
  if (!pos) return null;
  const b = cat.books[pos.bookIndex];
  return sibling(
    cat,
    from,
    pos.bookIndex,
    versePath(b, pos.chapter, pos.verse),
    verseReference(b, pos.chapter, pos.verse),
  );
}

cataloguePages.get(
  '/',
  html(async (c) => page(c, <HomePage cat={await catalogue(c)} personal={personal(c)} />)),
);

cataloguePages.get(
  '/versions',
  html(async (c) => {
    const cat = await catalogue(c);
    return page(
      c,
      <VersionsPage
        versions={versionsByLanguage(cat, c.req.query('language'))}
        personal={personal(c)}
      />,
    );
  }),
);

const versionPage = html(async (c) => {
  const cat = await catalogue(c);
  speakForId(c, cat, c.req.param('version_id')!);
  return page(
    c,
    <VersionPage
      cat={cat}
      version={findVersion(cat, c.req.param('version_id')!)}
      personal={personal(c)}
    />,
  );
});
cataloguePages.get('/versions/:version_id', versionPage);
cataloguePages.get('/versions/:version_id/books', versionPage);

cataloguePages.get(
  '/bookgroups',
  html(async (c) => page(c, <BookGroupsPage cat={await catalogue(c)} personal={personal(c)} />)),
);

const groupPage = html(async (c) => {
  const cat = await catalogue(c);
  return page(
    c,
    <BookGroupPage
      cat={cat}
      groupIndex={groupIndexFromId(cat, c.req.param('bookgroup_id')!)}
      personal={personal(c)}
    />,
  );
});
cataloguePages.get('/bookgroups/:bookgroup_id', groupPage);
cataloguePages.get('/bookgroups/:bookgroup_id/books', groupPage);

const bookPage = html(async (c) => {
  const cat = await catalogue(c);
  speakForId(c, cat, c.req.param('book_id')!);
  return page(
    c,
    <BookPage
      cat={cat}
      bookIndex={bookIndexFromId(cat, c.req.param('book_id')!)}
      personal={personal(c)}
    />,
  );
});
cataloguePages.get('/books/:book_id', bookPage);
cataloguePages.get('/books/:book_id/chapters', bookPage);

/** The reading page; `?parallel=ASV` adds a second version side by side. */
cataloguePages.get(
  '/chapters/:chapter_id',
  html(async (c) => {
    const cat = await catalogue(c);
    const id = c.req.param('chapter_id')!;
    speakForId(c, cat, id);
    const { bookIndex, chapter, value } = await chapterById(c.get('snapshot'), cat, id);
    const book = cat.books[bookIndex];
    let parallel: { bookIndex: number; value: NonNullable<typeof value> } | null = null;
    const other = c.req.query('parallel');
    if (other) {
      const version = findVersion(cat, other);
      const i = findBook(cat, version.id, book.osis);
      const otherValue =
        i === undefined ? null : await loadChapter(c.get('snapshot'), cat.books[i], chapter);
      if (i === undefined || !otherValue)
        throw notFound(`${version.abbreviation} has no ${book.name} ${chapter}`);
      // Its empty slots where they stand, as in the column of the version read.
      const verses = withEmptySlots(cat, cat.books[i], chapter, otherValue.verses);
      parallel = { bookIndex: i, value: { ...otherValue, verses } };
    }
    // Whether the version's words carry Strong's numbers: the interlinear view. The
    // study meta is one small value, kept per isolate (src/study/store.ts).
    const study = await loadStudyMeta(c.get('snapshot'));
    const tagged = !!study?.tagged.some((t) => t.version === book.version);
    // Whether the reference library's margin is offered: its meta, one small value kept per isolate.
    const libraryMeta = await loadLibraryMeta(c.get('snapshot'));
    const library = !!libraryMeta;
    // The translators' notes: one more read, only for a version that has them.
    const footnotes = await chapterNotes(c.get('snapshot'), cat, book, chapter);
    const pos = { bookIndex, chapter };
    return page(
      c,
      <ChapterPage
        cat={cat}
        bookIndex={bookIndex}
        chapter={chapter}
        value={{ ...value, verses: withEmptySlots(cat, book, chapter, value.verses) }}
        previous={chapterSibling(cat, book.version, previousChapter(cat, pos))}
        next={chapterSibling(cat, book.version, nextChapter(cat, pos))}
        parallel={parallel}
        personal={personal(c)}
        tagged={tagged}
        library={library}
        crossReferences={!!libraryMeta?.crossReferences}
        footnotes={footnotes}
      />,
    );
  }),
);

/**
 * A chapter's verse list (`?start=16&end=18`, `end_chapter`) as a page is the passage it names:
 * a redirect to the passages page, which shows it with the passage machinery of the API.
 */
cataloguePages.get(
  '/chapters/:chapter_id/verses',
  html(async (c) => {
    const cat = await catalogue(c);
    speakForId(c, cat, c.req.param('chapter_id')!);
    // The same checks as the API's verse list (a bad number is the same 400).
    const list = resolveVerseList(cat, c.req.param('chapter_id')!, (name) => c.req.query(name));
    const { chapter, endChapter } = list;
    const book = cat.books[list.bookIndex];
    const start = list.start ?? 1;
    const end = list.end ?? lastVerse(book, endChapter);
    const reference =
      endChapter === chapter
        ? `${book.osis} ${chapter}:${start}-${end}`
        : `${book.osis} ${chapter}:${start}-${endChapter}:${end}`;
    return c.redirect(
      `/passages?version=${encodeURIComponent(book.version)}&q[]=${encodeURIComponent(reference)}`,
      302,
    );
  }),
);

/** Notes the verse page shows at most (then how many more, and a link to the chapter's). */
const VERSE_PAGE_NOTES = 50;

/**
 * One verse; in API version 1 with the caller's notes on it (from any version) and a note form. Those notes make the
 * page personal: it is sent `private, no-store`, which the scripture cache keeps
 * (src/middleware/scripture-cache.ts).
 */
cataloguePages.get(
  '/verses/:verse_id',
  html(async (c) => {
    const cat = await catalogue(c);
    const id = c.req.param('verse_id')!;
    speakForId(c, cat, id);
    const { bookIndex, chapter, entry } = await verseById(c.get('snapshot'), cat, id);
    const book = cat.books[bookIndex];
    let notes: NoteView[] | null = null;
    let notesTotal: number | undefined;
    let publicNotes: PublicNoteView[] | null = null;
    let publicNotesTotal: number | undefined;
    if (personal(c)) {
      // The caller's notes on this verse, written on any version; the first page of them, as
      // many as fit a response.
      const verses = Array.from(
        { length: entry.lastverse - entry.verse + 1 },
        (_, i) => entry.verse + i,
      );
      const wanted = { offset: 0, limit: VERSE_PAGE_NOTES };
      // The reader's own notes and, newest first, others' public notes on the verse
      // (docs/public-notes.md "Reading"; the reader's own are left out of those): two queries
      // of one D1 session, side by side.
      const db = requestDatabase(c);
      const reader = c.get('user').id;
      const [own, published] = await Promise.all([
        notesOnVerses(
          db,
          reader,
          cat,
          bookIndex,
          chapter,
          verses,
          wanted,
          PUBLISHED_PAGE_BYTES / 2,
        ),
        publicNotesOn(
          everyShard(c),
          reader,
          cat,
          bookIndex,
          chapter,
          verses,
          wanted,
          true,
          PUBLISHED_PAGE_BYTES / 2,
        ),
      ]);
      // Each list gets half of a page's bytes of others' text (PUBLISHED_PAGE_BYTES), so that
      // the two together stay within it.
      const found = fitPage(wanted, own, noteBytes, PUBLISHED_PAGE_BYTES / 2).list;
      notes = found.items.map((n) => ({
        id: n.note.id,
        title: n.note.title,
        content: n.note.content,
        public: n.note.public === 1,
        moderated: n.note.moderation,
      }));
      notesTotal = found.total;
      const others = fitPage(wanted, published, publicNoteBytes, PUBLISHED_PAGE_BYTES / 2).list;
      publicNotes = others.items.map((n) => ({
        id: n.id,
        author: n.anonymous ? null : n.author,
        title: n.title,
        content: n.content,
        writtenIn: n.writtenIn,
      }));
      publicNotesTotal = others.total;
    }
    const snap = c.get('snapshot');
    const footnotes = await chapterNotes(snap, cat, book, chapter, [entry.verse, entry.lastverse]);
    const libraryMeta = await loadLibraryMeta(snap);
    // Every cross-reference of the verse, as links (the chapter page's margin shows their text).
    const crossReferences = libraryMeta?.crossReferences
      ? (await verseCrossReferences(snap, cat, id, undefined)).verses.flatMap((v) =>
          v.targets.map(
            (t) =>
              verseLink(cat.books[t.bookIndex]!, t.chapter, t.verse).verse as {
                id: string;
                name: string;
                path: string;
              },
          ),
        )
      : undefined;
    const greekDifferences = await verseGreekDifferences(snap, cat, id);
    const pos = { bookIndex, chapter, verse: entry.verse };
    return page(
      c,
      <VersePage
        cat={cat}
        bookIndex={bookIndex}
        chapter={chapter}
        entry={entry}
        previous={verseSibling(cat, book.version, previousVerse(cat, pos))}
        next={verseSibling(cat, book.version, nextVerse(cat, { ...pos, verse: entry.lastverse }))}
        notes={notes}
        notesTotal={notesTotal}
        publicNotes={publicNotes}
        publicNotesTotal={publicNotesTotal}
        library={!!libraryMeta}
        footnotes={footnotes}
        crossReferences={crossReferences}
        greekDifferences={greekDifferences}
      />,
      200,
      notes ? { 'Cache-Control': 'private, no-store' } : {},
    );
  }),
);
