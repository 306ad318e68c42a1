/**
 * The commentaries of the library: each module's entries with the passage each covers
 * (data/library.json `covers`), its text in the safe HTML subset and the references it cites.
 *
 * Keys are `Book C:V` in the KJV's numbering. `Book C:0` holds what precedes verse 1 of chapter C:
 * the chapter's introduction (MHCC Leviticus 19, the Scofield book introductions of Judges,
 * Matthew…); `Book 0:0` what precedes chapter 1: the book's introduction (MHCC Obadiah, Spurgeon's
 * Preface before Psalm 1). Both are served with the chapter they precede, as `introduction`
 * entries (verse 0) covering that chapter; most introductions are in the entry of verse 1, as
 * the modules put them. The `[ Testament N Heading ]` keys must hold only milestones (the build
 * checks it: text there would be lost).
 */
import { loadCanon } from '../canon';
import { tidy, type Html } from '../study/lexicons/html';
import type { KjvVerses } from '../study/lexicons/kjv-verses';
import { entryLinker, type RefTally } from './links';
import { markupBlocks, paragraphs } from './markup';
import type { Span } from './references';
import { parseImp, type ModuleConfig } from './sources';
import type { ListedReference } from './unresolved';

export interface CommentaryEntry {
  commentary: string;
  book: string;
  chapter: number;
  verse: number;
  /** The last verse covered (same chapter); an introduction: the chapter's last verse. */
  endVerse: number;
  /** Verse 0: the introduction of the book (key `Book 0:0`) or of the chapter (`Book C:0`). */
  introduction?: 'book' | 'chapter';
  /** `p` blocks of the safe subset, tidied. */
  html: Html[];
  /** The references the entry cites (resolved), in order. */
  cites: Span[];
}

export interface CommentaryRead {
  config: ModuleConfig & { covers?: 'section' | 'verse' };
  /** The module's keys as mod2imp printed them. */
  keys: number;
  entries: CommentaryEntry[];
  tally: RefTally;
}

const KEY = /^(.+) (\d+):(\d+)$/;

/** Whether markup has words (anything but tags and space). */
const hasWords = (markup: string): boolean => /\S/.test(markup.replace(/<[^>]*>/g, ''));

export function readCommentary(
  config: CommentaryRead['config'],
  imp: string,
  kjv: KjvVerses,
  tally: RefTally,
  listed: Map<string, ListedReference>,
): CommentaryRead {
  const canon = loadCanon();
  const raw = parseImp(imp);
  const keyed: {
    book: string;
    chapter: number;
    verse: number;
    body: string;
    key: string;
    introduction?: 'book' | 'chapter';
  }[] = [];
  for (const e of raw) {
    const m = KEY.exec(e.key);
    const book = m ? canon.resolve(m[1]!) : undefined;
    if (!m || !book) {
      // Headings of the testaments: milestones only.
      if (hasWords(e.body))
        throw new Error(
          `${config.module}: text under the key "${e.key}", which the library does not serve`,
        );
      continue;
    }
    let chapter = Number(m[2]);
    const verse = Number(m[3]);
    let introduction: 'book' | 'chapter' | undefined;
    if (verse === 0) {
      introduction = chapter === 0 ? 'book' : 'chapter';
      chapter ||= 1;
      if (!kjv.lastVerse(book, chapter))
        throw new Error(`${config.module}: key "${e.key}" is not a chapter of the KJV`);
    } else if (!kjv.hasVerse(book, chapter, verse))
      throw new Error(`${config.module}: key "${e.key}" is not a verse of the KJV`);
    keyed.push({ book, chapter, verse, body: e.body, key: e.key, introduction });
  }
  const entries: CommentaryEntry[] = [];
  keyed.forEach((k, i) => {
    const last = kjv.lastVerse(k.book, k.chapter);
    let endVerse = k.verse;
    if (k.introduction) endVerse = last;
    else if (config.covers !== 'verse') {
      // The section runs to the verse before the next verse key of its chapter.
      const next = keyed.slice(i + 1).find((n) => !n.introduction);
      endVerse = next && next.book === k.book && next.chapter === k.chapter ? next.verse - 1 : last;
    }
    const cites: Span[] = [];
    const link = entryLinker(config.id, k.key, kjv, tally, k.book, cites, listed);
    const html = tidy(paragraphs(markupBlocks(k.body, { link })));
    if (!html.length) return;
    entries.push({
      commentary: config.id,
      book: k.book,
      chapter: k.chapter,
      verse: k.verse,
      endVerse,
      html,
      cites,
      ...(k.introduction ? { introduction: k.introduction } : {}),
    });
  });
  return { config, keys: raw.length, entries, tally };
}
