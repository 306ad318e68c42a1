import { versionMapOf } from '../catalogue/empty-slots';
import { chapterPath, versePath } from '../catalogue/paths';
import { hasChapter, hasVerse, lastVerse } from '../catalogue/navigation';
import { findBook, type Catalogue } from '../catalogue/store';
import { versesHolding, type VerseAt } from '../catalogue/versification';
import { LIBRARY_VERSION, passagePath, type Passage } from './passages';

/**
 * The library's links in the version being read (docs/library.md "The markup"). The sources cite
 * the KJV's verses, and the build writes their links so (scripts/snapshot/library/links.ts
 * `spanHref`: `/verses/KJV:Ps.51.5`, `/chapters/KJV:Ps.23`,
 * `/chapters/KJV:Num.21/verses?start=6&end=9`, a note's `/verses/KJV:Matt.6.33/commentaries`). On
 * a chapter or verse of another version, a commentary's links lead into that version, to the
 * verses that hold the cited text (through the versification map: KJV Ps 51:5 is the WLC's
 * Ps 51:7), so that following one does not change the version being read. A link into a book the
 * version lacks (the WLC has no New Testament) or to text it does not hold stays on the KJV.
 */

/** A link the build writes, in HTML (`&` as `&amp;`). */
const KJV_HREF = new RegExp(`href="(/(?:verses|chapters)/${LIBRARY_VERSION}:[^"]*)"`, 'g');
const KJV_PATH = new RegExp(
  `^/(verses|chapters)/${LIBRARY_VERSION}:([1-4]?[A-Za-z]+)\\.(\\d{1,3})(?:\\.(\\d{1,3}))?(?:/verses\\?start=(\\d{1,3})&end=(\\d{1,3})(?:&end_chapter=(\\d{1,3}))?)?(/commentaries)?$`,
);

/**
 * The passage of `version` that holds the text of a KJV passage (`kjv`, a passage of the
 * library's: src/library/passages.ts): its book and its verses through the versification map,
 * from the first verse holding any of the passage's text to the last (KJV Jonah 1:17 is the
 * RV1909's Jonah 2:1), or the same whole chapters. Null when the version lacks the book or holds
 * none of the text.
 */
export function passageInVersion(cat: Catalogue, version: string, kjv: Passage): Passage | null {
  if (version === LIBRARY_VERSION) return kjv;
  const index = findBook(cat, version, kjv.book.osis);
  if (index === undefined) return null;
  const book = cat.books[index]!;
  // Whole chapters are those chapters of the version, as a reader cites them (the WLC's Psalm 23
  // numbers its title as verse 1, and is still Psalm 23).
  if (
    kjv.startVerse === 1 &&
    kjv.endVerse === lastVerse(kjv.book, kjv.endChapter) &&
    hasChapter(book, kjv.startChapter) &&
    hasChapter(book, kjv.endChapter)
  )
    return { ...kjv, book, endVerse: lastVerse(book, kjv.endChapter) };
  // The KJV's verses of the passage, each to the version's verses holding it (a few dozen at most).
  const map = versionMapOf(version);
  const held: VerseAt[] = [];
  for (let k = kjv.startChapter; k <= kjv.endChapter; k++) {
    const to = k === kjv.endChapter ? kjv.endVerse : lastVerse(kjv.book, k);
    for (let n = k === kjv.startChapter ? kjv.startVerse : 1; n <= to; n++) {
      for (const p of versesHolding(map, book.osis, k, n))
        if (hasVerse(book, p.chapter, p.verse)) held.push(p);
    }
  }
  if (!held.length) return null;
  held.sort((a, b) => a.chapter - b.chapter || a.verse - b.verse);
  const from = held[0]!;
  const upTo = held[held.length - 1]!;
  return {
    book,
    startChapter: from.chapter,
    startVerse: from.verse,
    endChapter: upTo.chapter,
    endVerse: upTo.verse,
  };
}

/** The path in `version` of a path the library writes in the KJV; the path itself when it has none there. */
export function pathInVersion(cat: Catalogue, version: string, kjvPath: string): string {
  if (version === LIBRARY_VERSION) return kjvPath;
  const m = KJV_PATH.exec(kjvPath);
  if (!m) return kjvPath;
  const [, kind, osis, c, v, start, end, endChapter, commentaries] = m;
  const index = findBook(cat, version, osis!);
  const kjvIndex = findBook(cat, LIBRARY_VERSION, osis!);
  if (index === undefined || kjvIndex === undefined) return kjvPath;
  const book = cat.books[index]!;
  const chapter = Number(c);
  // A whole chapter is that chapter of the version (as in passageInVersion).
  if (kind === 'chapters' && !start)
    return hasChapter(book, chapter) ? chapterPath(book, chapter) : kjvPath;
  const held = passageInVersion(cat, version, {
    book: cat.books[kjvIndex]!,
    startChapter: chapter,
    startVerse: Number(v ?? start),
    endChapter: endChapter ? Number(endChapter) : chapter,
    endVerse: Number(v ?? end),
  });
  if (!held) return kjvPath;
  if (commentaries) return `${versePath(book, held.startChapter, held.startVerse)}/commentaries`;
  return passagePath(held);
}

/** The library HTML `html` with its KJV links in `version` (pathInVersion). */
export function linksInVersion(cat: Catalogue, version: string, html: string): string {
  if (version === LIBRARY_VERSION || !html.includes(`/${LIBRARY_VERSION}:`)) return html;
  return html.replace(KJV_HREF, (whole, href: string) => {
    const kjvPath = href.replaceAll('&amp;', '&');
    const path = pathInVersion(cat, version, kjvPath);
    return path === kjvPath ? whole : `href="${path.replaceAll('&', '&amp;')}"`;
  });
}

/** An entry's text in each version it was read in, kept while its chapter value is (src/library/store.ts). */
const textsByVersion = new WeakMap<{ h: string }, Map<string, string>>();

/** The text (`h`) of a library value with its links in `version`, rewritten once per value and version. */
export function textInVersion(cat: Catalogue, version: string, value: { h: string }): string {
  if (version === LIBRARY_VERSION) return value.h;
  let texts = textsByVersion.get(value);
  if (!texts) {
    texts = new Map();
    textsByVersion.set(value, texts);
  }
  let text = texts.get(version);
  if (text === undefined) {
    text = linksInVersion(cat, version, value.h);
    texts.set(version, text);
  }
  return text;
}
