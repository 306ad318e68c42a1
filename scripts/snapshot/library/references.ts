/**
 * The library's scripture references → spans of KJV verses. The sources write them two
 * ways, both read by one grammar:
 * - OSIS (Nave, MHCC, TDavid): `Exod.6.16-Exod.6.20`, `1Chr.24` (a whole chapter), `Ps.150.6`;
 * - the older SWORD abbreviations of the Scofield notes: `mt 19:4-6`, `lu 17:26-29 lu 17:32`,
 *   `de 28:1-de 30:9`, `ge 1`, and `Scofield:Mt 6:33` (a link to the note on that verse); an
 *   item without a book (`Rev 4:1 11:1`, or `4:24` alone) is in the book named before it.
 * Every source names its verses in the KJV's numbering (the modules' .conf files give no other
 * versification). A reference resolves when every verse it names is a verse of the KJV; otherwise
 * it is a problem with its reason, which the build lists (data/library-unresolved.json).
 */
import { loadCanon } from '../canon';
import type { KjvVerses } from '../study/lexicons/kjv-verses';

/**
 * The book abbreviations of the Scofield notes (the Online Bible's, as crosswalk.com wrote them)
 * that the canon table does not know; `jud` is Judges there (its references say so: `jud 6:24`
 * is "Judges 6:24"), `jude` is Jude.
 */
const SWORD_ABBREVIATIONS: Record<string, string> = {
  ge: 'Gen',
  ex: 'Exod',
  le: 'Lev',
  nu: 'Num',
  de: 'Deut',
  jos: 'Josh',
  jud: 'Judg',
  ru: 'Ruth',
  '1sa': '1Sam',
  '2sa': '2Sam',
  '1ki': '1Kgs',
  '2ki': '2Kgs',
  '1ch': '1Chr',
  '2ch': '2Chr',
  '1chr': '1Chr',
  ezr: 'Ezra',
  ne: 'Neh',
  es: 'Esth',
  est: 'Esth',
  ps: 'Ps',
  psa: 'Ps',
  pr: 'Prov',
  ec: 'Eccl',
  so: 'Song',
  is: 'Isa',
  isa: 'Isa',
  jer: 'Jer',
  la: 'Lam',
  eze: 'Ezek',
  da: 'Dan',
  ho: 'Hos',
  joe: 'Joel',
  am: 'Amos',
  ob: 'Obad',
  jon: 'Jonah',
  mic: 'Mic',
  na: 'Nah',
  hab: 'Hab',
  zep: 'Zeph',
  hag: 'Hag',
  zec: 'Zech',
  mal: 'Mal',
  mt: 'Matt',
  mr: 'Mark',
  lu: 'Luke',
  joh: 'John',
  ac: 'Acts',
  ro: 'Rom',
  '1co': '1Cor',
  '2co': '2Cor',
  ga: 'Gal',
  eph: 'Eph',
  php: 'Phil',
  col: 'Col',
  '1th': '1Thess',
  '2th': '2Thess',
  '1ti': '1Tim',
  '2ti': '2Tim',
  tit: 'Titus',
  phm: 'Phlm',
  heb: 'Heb',
  jas: 'Jas',
  '1pe': '1Pet',
  '2pe': '2Pet',
  '1jo': '1John',
  '1jn': '1John',
  '2jo': '2John',
  '3jo': '3John',
  jude: 'Jude',
  re: 'Rev',
  // Only in the words of references (MHCC's "Jr 50:1-3,8", TDavid's "Psalm 16:8-11").
  jr: 'Jer',
  psalm: 'Ps',
};

/** A passage of the KJV: from chapter:verse to endChapter:endVerse of one book. */
export interface Span {
  book: string;
  chapter: number;
  verse: number;
  endChapter: number;
  endVerse: number;
  /** Written as whole chapters (`1Chr.24`, `ge 1`): shown and counted as chapters, not verses. */
  chapters?: boolean;
}

export type Resolution = { spans: Span[]; note: boolean; book: string } | { problem: string };

/** The last chapter a resolution named with a verse (for a bare verse number after it), if any. */
export function lastVerseChapter(r: Resolution): number | undefined {
  if ('problem' in r) return undefined;
  const last = r.spans[r.spans.length - 1]!;
  return last.chapters ? undefined : last.endChapter;
}

/** A book name of either form as an OSIS id of the KJV's canon, or undefined. */
export function resolveBook(name: string): string | undefined {
  const lower = name.toLowerCase();
  const osis =
    SWORD_ABBREVIATIONS[lower.replace(/\s/g, '')] ??
    loadCanon().resolve(name) ??
    loadCanon().resolve(name.replace(/\s/g, ''));
  const testament = osis ? loadCanon().byOsis.get(osis)?.testament : undefined;
  return testament === 'OT' || testament === 'NT' ? osis : undefined;
}

// One item: [book] chapter [(: or .) verse] [- [book] number [(: or .) verse]]. A book is letters
// after an optional digit; between book and chapter a space or the OSIS dot. In words a book may
// have a space after its digit (`2 Samuel 7:16`).
const ITEM =
  /(?:([1-4]?[A-Za-z]+)[\s.]*)?(\d+)(?:[:.](\d+))?(?:\s*-\s*(?:([1-4]?[A-Za-z]+)[\s.]*)?(\d+)(?:[:.](\d+))?)?/y;
const WORDS_ITEM =
  /(?:([1-4]\s?[A-Za-z]+|[A-Za-z]+)[\s.]*)?(\d+)(?:[:.](\d+))?(?:\s*-\s*(?:([1-4]\s?[A-Za-z]+|[A-Za-z]+)[\s.]*)?(\d+)(?:[:.](\d+))?)?/y;
const SEPARATOR = /[\s,;]*/y;
/** In words, `,32` after a verse is another verse of that chapter (`Luke 15:4,6,32`). */
const VERSE_LIST = /\s*,\s*(\d+)(?:\s*-\s*(\d+))?(?![\d:.]\d)/y;

const name = (book: string) => loadCanon().byOsis.get(book)?.name ?? book;

/**
 * Reads a reference attribute; `inherited` is the book of the reference before it in the same
 * entry (for an item that names none). Every item must resolve, or the whole is a problem.
 */
export function resolveReference(osisRef: string, kjv: KjvVerses, inherited?: string): Resolution {
  let text = osisRef.trim();
  let note = false;
  const prefix = /^([A-Za-z]+):(?=\S)/.exec(text);
  if (prefix && !resolveBook(prefix[1]!)) {
    // `Scofield:Mt 6:33`: the note of that commentary on the verse.
    if (prefix[1]!.toLowerCase() !== 'scofield')
      return { problem: `names another work (${prefix[1]})` };
    note = true;
    text = text.slice(prefix[0].length);
  }
  return readItems(text, kjv, inherited, note, false);
}

/**
 * Reads a reference from its words (`Jr 50:1-3,8`), for an attribute that does not resolve:
 * commas list verses of the chapter, and what follows the reference inside the element (`Psalm
 * 16:8-11. 2`: a footnote mark) is not read.
 */
export function resolveWords(
  words: string,
  kjv: KjvVerses,
  inherited?: string,
  chapter?: number,
): Resolution {
  return readItems(words.trim(), kjv, inherited, false, true, chapter);
}

/**
 * `chapter`: in words, the chapter of the reference before, when it named a verse: a bare number
 * first (`17` after `2Co 8:16,`) is a verse of it.
 */
function readItems(
  text: string,
  kjv: KjvVerses,
  inherited: string | undefined,
  note: boolean,
  words: boolean,
  chapter?: number,
): Resolution {
  if (!text) return { problem: 'empty' };
  if (words && chapter !== undefined && /^\d+(?:\s*-\s*\d+)?$/.test(text))
    text = `${chapter}:${text}`;
  const spans: Span[] = [];
  let book = inherited;
  let at = 0;
  const item = words ? WORDS_ITEM : ITEM;
  while (at < text.length) {
    SEPARATOR.lastIndex = at;
    SEPARATOR.exec(text);
    const from = SEPARATOR.lastIndex;
    if (from >= text.length) break;
    item.lastIndex = from;
    const m = item.exec(text);
    if (!m || m.index !== from) {
      if (words && spans.length) break;
      return { problem: `cannot read "${text.slice(from, from + 20)}"` };
    }
    at = item.lastIndex;
    if (m[1]) {
      const b = resolveBook(m[1]);
      if (!b) return { problem: `unknown book "${m[1]}"` };
      book = b;
    }
    if (!book) return { problem: 'no book named' };
    let endBook = book;
    if (m[4]) {
      const b = resolveBook(m[4]);
      if (!b) return { problem: `unknown book "${m[4]}"` };
      endBook = b;
    }
    if (endBook !== book) return { problem: `range over two books (${book}, ${endBook})` };
    let chapter = Number(m[2]);
    let verse = m[3] === undefined ? undefined : Number(m[3]);
    let span: Span;
    if (verse === undefined && !kjv.lastVerse(book, 2) && (chapter > 1 || m[5] !== undefined)) {
      // A book of one chapter: `jude 3`, `jude 3-5` name verses.
      verse = chapter;
      chapter = 1;
      span = {
        book,
        chapter,
        verse,
        endChapter: 1,
        endVerse: m[5] === undefined ? verse : Number(m[5]),
      };
    } else if (verse === undefined) {
      // A whole chapter, or a range of chapters (`ge 1-3`); `ge 1-2:3` ends at a verse.
      const endChapter = m[5] === undefined ? chapter : Number(m[5]);
      const endVerse = m[6] === undefined ? kjv.lastVerse(book, endChapter) : Number(m[6]);
      span = {
        book,
        chapter,
        verse: 1,
        endChapter,
        endVerse,
        ...(m[6] === undefined ? { chapters: true } : {}),
      };
    } else if (m[5] === undefined)
      span = { book, chapter, verse, endChapter: chapter, endVerse: verse };
    else if (m[6] === undefined) {
      // `mt 19:4-6`: verses of one chapter, unless the end names a book (`Exod.6.16-Exod.6`: a chapter).
      span = m[4]
        ? {
            book,
            chapter,
            verse,
            endChapter: Number(m[5]),
            endVerse: kjv.lastVerse(book, Number(m[5])),
          }
        : { book, chapter, verse, endChapter: chapter, endVerse: Number(m[5]) };
    } else span = { book, chapter, verse, endChapter: Number(m[5]), endVerse: Number(m[6]) };
    const problem = spanProblem(span, kjv);
    if (problem) return { problem };
    spans.push(span);
    if (!words || span.chapters) continue;
    for (;;) {
      VERSE_LIST.lastIndex = at;
      const v = VERSE_LIST.exec(text);
      if (!v) break;
      at = VERSE_LIST.lastIndex;
      const more: Span = {
        book,
        chapter: span.endChapter,
        verse: Number(v[1]),
        endChapter: span.endChapter,
        endVerse: Number(v[2] ?? v[1]),
      };
      const p = spanProblem(more, kjv);
      if (p) return { problem: p };
      spans.push(more);
    }
  }
  if (!spans.length) return { problem: 'no reference' };
  return { spans, note, book: book! };
}

function spanProblem(s: Span, kjv: KjvVerses): string | null {
  for (const [chapter, verse] of [
    [s.chapter, s.verse],
    [s.endChapter, s.endVerse],
  ] as const) {
    const last = kjv.lastVerse(s.book, chapter);
    if (!last) return `${name(s.book)} has no chapter ${chapter}`;
    if (verse < 1 || verse > last)
      return `${name(s.book)} ${chapter} has ${last} verses, not ${verse}`;
  }
  if (s.endChapter < s.chapter || (s.endChapter === s.chapter && s.endVerse < s.verse))
    return 'range ends before it starts';
  return null;
}

/** `Exod.6.16-Exod.6.20`, `John.3.16`, `1Chr.24` (whole chapters), `Gen.1-Gen.3`: the form values store. */
export function spanOsis(s: Span): string {
  if (s.chapters)
    return s.endChapter === s.chapter
      ? `${s.book}.${s.chapter}`
      : `${s.book}.${s.chapter}-${s.book}.${s.endChapter}`;
  const start = `${s.book}.${s.chapter}.${s.verse}`;
  return s.endChapter === s.chapter && s.endVerse === s.verse
    ? start
    : `${start}-${s.book}.${s.endChapter}.${s.endVerse}`;
}

/** The verses of a span (`Book.C.V`), in order. */
export function* spanVerses(s: Span, kjv: KjvVerses): Generator<string> {
  for (let c = s.chapter; c <= s.endChapter; c++) {
    const first = c === s.chapter ? s.verse : 1;
    const last = c === s.endChapter ? s.endVerse : kjv.lastVerse(s.book, c);
    for (let v = first; v <= last; v++) yield `${s.book}.${c}.${v}`;
  }
}
