/**
 * One USFM book (one file) read into chapters of the neutral form (../ir.ts), with what the book
 * says about itself (\id, \h, \toc1–3, \mt) and counts of what it held.
 *
 * Verse text is every word of the paragraphs (\p, \q#, \m …) from a \v to the next \v or \c; a
 * paragraph marker before a verse's first word marks it `para`; \d (and \qa) is the next verse's
 * title, as the KJV's Psalm titles are served; section headings (\s#, \ms# …) and the book's
 * titles and introduction are not verse text. \f/\fe and \x notes leave the text and are kept at
 * their places as the verse's notes (../footnotes/ serves them); a note in a section heading goes
 * to the next verse, at its start. Marker meanings: ./usfm-markers.ts; a marker not listed there
 * keeps its words and is counted in `unhandled`.
 */
import type { Canon } from '../canon';
import {
  codePointLength,
  normalizeTokens,
  tokensText,
  type ChapterIR,
  type NoteIR,
  type RawToken,
  type VerseIR,
} from '../ir';
import { lexUsfm, SourceLineError, type UsfmToken } from './usfm-lex';
import { PERIPHERAL_BOOKS, roleOf, type MarkerRole } from './usfm-markers';

/**
 * Bounds on what one book may hold, so that a hostile or broken file stops the import with its
 * file and line instead of filling data/ (every slot up to a verse number becomes a line of
 * data/versification-gaps.json) or the memory. Each is above the largest of the canon
 * (docs/translations.md#bounds-on-a-source):
 * - chapters: Psalms has 150, the most of any book;
 * - verses: Psalm 119 has 176, the most of any chapter (the Septuagint's Psalm 118 too);
 * - a bridge (`\v 3-5`): the WEB's USFM bridges at most 9 verses; 30 leaves room for a
 *   translation that bridges a list or a genealogy, and bounds the slots one \v fills;
 * - a verse's text: the longest of the packaged sources, the Greek Esther's 8:13 in the WEB's
 *   USFM (its added edict as one verse), has 4,184 characters.
 */
export const MAX_CHAPTER = 150;
export const MAX_VERSE = 200;
export const MAX_BRIDGE_SPAN = 30;
export const MAX_VERSE_CHARS = 10_000;

export interface UsfmBookMeta {
  /** The \id's book code (`GEN`) and the rest of its line. */
  code: string;
  idText: string;
  /** \h: the running header, the book's short name. */
  h?: string;
  /** \toc1 long name, \toc2 short name, \toc3 abbreviation. */
  toc1?: string;
  toc2?: string;
  toc3?: string;
  /** \mt#: the main title's lines, joined. */
  mt?: string;
}

export interface UsfmCounts {
  verses: number;
  footnotes: number;
  crossrefs: number;
  titles: number;
  /** Section headings kept (\s#, \ms#). */
  headings: number;
  /** Speakers' names (\sp): not verse text, not kept, not headings. */
  speakers: number;
  /** Notes written in a section heading, kept at the start of the next verse. */
  headingNotes: number;
  /** Notes outside any verse (the book's introduction): not kept. */
  notesDropped: number;
  /** Titles (\d) with no verse after them in their chapter: not kept. */
  titlesUnplaced: number;
  /** Runs of words outside any verse (text before a chapter's first \v): not kept. */
  textOutsideVerses: number;
}

export interface UsfmBook {
  file: string;
  /** OSIS id through the canon; null for a peripheral book (front matter, glossary). */
  osis: string | null;
  meta: UsfmBookMeta;
  chapters: ChapterIR[];
  counts: UsfmCounts;
  /** Markers not in ./usfm-markers.ts, with how often each occurred (their words are kept). */
  unhandled: Record<string, number>;
  /** The line of each verse's \v ("C.V" of its first verse), for messages about it. */
  verseLines: Map<string, number>;
  /** The line of the \id. */
  idLine: number;
}

type Mode = 'none' | 'text' | 'title' | 'heading' | 'book' | 'hidden' | 'study';

interface OpenVerse {
  ir: VerseIR;
  raw: RawToken[];
  title: RawToken[];
  notes: NoteIR[];
  hasText: boolean;
  /** The line of its \v. */
  line: number;
}

interface OpenNote {
  kind: 'footnote' | 'crossref' | 'study';
  parts: string[];
  /** Inside \fr or \xo (the reference the note repeats). */
  origin: boolean;
  /** The caller (`+`, `-`, a letter) has not been read yet. */
  caller: boolean;
  /** Where the note goes when it ends (null: dropped). */
  into: NoteIR[] | null;
  place: Omit<NoteIR, 'text'>;
  /** The verse text or title the note interrupts (a soft gap goes there). */
  gapInto: RawToken[] | null;
}

/**
 * Characters of source, markup included, one verse may span: far more than any verse holds within
 * MAX_VERSE_CHARS (a verse of 10,000 characters with a Strong's number and alignment markup on
 * every word), and checked on the text before it is lexed, since the lexer makes tokens of all of
 * it first: a made-up verse of 50 MB took 45.7 s and 2.99 GB before its text was found too long.
 */
export const MAX_VERSE_SOURCE_CHARS = MAX_VERSE_CHARS * 50;

/**
 * A verse whose source (from its `\v`, or its USX `<verse`, to the next) passes
 * MAX_VERSE_SOURCE_CHARS stops the reader with the file and the line it starts on.
 */
export function checkVerseSources(text: string, file: string, usx = false): void {
  const marker = usx ? /<verse\b/g : /\\v\s/g;
  let start = 0;
  const check = (end: number) => {
    if (end - start <= MAX_VERSE_SOURCE_CHARS) return;
    let line = 1;
    for (let i = text.indexOf('\n'); i >= 0 && i < start; i = text.indexOf('\n', i + 1)) line++;
    throw new SourceLineError(
      file,
      line,
      `a verse of ${end - start} source characters, more than ${MAX_VERSE_SOURCE_CHARS} (its text may hold ${MAX_VERSE_CHARS}): a missing \\v or \\c?`,
    );
  };
  for (const m of text.matchAll(marker)) {
    check(m.index);
    start = m.index;
  }
  check(text.length);
}

export function parseUsfmBook(text: string, file: string, canon: Canon): UsfmBook {
  checkVerseSources(text, file);
  return parseUsfmTokens(lexUsfm(text), file, canon);
}

/** A book from its tokens: USFM's (./usfm-lex.ts) or USX's (./usx-lex.ts), one model. */
export function parseUsfmTokens(tokens: UsfmToken[], file: string, canon: Canon): UsfmBook {
  const firstMarker = tokens.find((t) => t.kind === 'marker');
  if (!firstMarker || firstMarker.name !== 'id')
    throw new SourceLineError(
      file,
      firstMarker?.line ?? 1,
      `no \\id: a USFM book must start with \\id and its book code (\\id GEN)${firstMarker ? `, not \\${firstMarker.name}` : ''}`,
    );
  const counts: UsfmCounts = {
    verses: 0,
    footnotes: 0,
    crossrefs: 0,
    titles: 0,
    headings: 0,
    speakers: 0,
    headingNotes: 0,
    notesDropped: 0,
    textOutsideVerses: 0,
    titlesUnplaced: 0,
  };
  const unhandled: Record<string, number> = {};
  const meta: UsfmBookMeta = { code: '', idText: '' };
  const chapters: ChapterIR[] = [];
  const verseLines = new Map<number, number>();
  const lineOf = new Map<string, number>();
  let idLine = 1;
  let osis: string | null = null;

  let mode: Mode = 'none';
  let metaField: keyof UsfmBookMeta | null = null;
  let chapter: ChapterIR | null = null;
  let verse: OpenVerse | null = null;
  let pendingPara = false;
  let pendingTitle: RawToken[] = [];
  let pendingNotes: NoteIR[] = [];
  // Section headings read since the last verse (\s#, \ms#), for the next verse; `headingOpen`:
  // the words read now belong to the last of them (not those of \r, \mr, \sp …).
  let pendingHeadings: string[] = [];
  let headingOpen = false;
  let chars: { name: string; role: MarkerRole | undefined }[] = [];
  // Typed by a cast: the closures below set it, which TypeScript's narrowing does not see.
  let note = null as OpenNote | null;

  const fail = (line: number, message: string): never => {
    throw new SourceLineError(file, line, message);
  };
  const has = (role: MarkerRole) => chars.some((c) => c.role === role);

  const endVerse = () => {
    if (!verse) return;
    verse.ir.tokens = normalizeTokens(verse.raw);
    const title = normalizeTokens(verse.title);
    if (title.length) verse.ir.title = title;
    for (const [part, toks] of [
      ['text', verse.ir.tokens],
      ['title', title],
    ] as const) {
      const chars = codePointLength(tokensText(toks));
      if (chars > MAX_VERSE_CHARS)
        fail(
          verse.line,
          `verse ${chapter?.chapter}:${verse.ir.verse}: its ${part} has ${chars} characters, more than ${MAX_VERSE_CHARS} (the longest verse of the canon has 4,184): a missing \\v or \\c?`,
        );
    }
    if (verse.notes.length) verse.ir.notes = verse.notes;
    verse = null;
  };
  const endNote = () => {
    if (!note) return;
    const words = note.parts.join('').replace(/\s+/g, ' ').trim();
    if (note.into && words)
      note.into.push({
        ...note.place,
        text: words,
        ...(note.kind === 'crossref' ? { kind: 'cross-reference' as const } : {}),
      });
    note.gapInto?.push({ gap: 'soft' });
    note = null;
  };
  const startNote = (kind: OpenNote['kind']) => {
    endNote();
    if (kind === 'footnote') counts.footnotes++;
    if (kind === 'crossref') counts.crossrefs++;
    const base = { kind, parts: [], origin: false, caller: true };
    if (kind === 'study')
      return void (note = { ...base, into: null, place: { in: 'text', offset: 0 }, gapInto: null });
    if (mode === 'text' && verse) {
      const offset = codePointLength(tokensText(normalizeTokens(verse.raw)));
      note = { ...base, into: verse.notes, place: { in: 'text', offset }, gapInto: verse.raw };
    } else if (mode === 'title') {
      const offset = codePointLength(tokensText(normalizeTokens(pendingTitle)));
      note = { ...base, into: pendingNotes, place: { in: 'title', offset }, gapInto: pendingTitle };
    } else if (mode === 'heading' && chapter) {
      counts.headingNotes++;
      note = { ...base, into: pendingNotes, place: { in: 'text', offset: 0 }, gapInto: null };
    } else {
      counts.notesDropped++;
      note = { ...base, into: null, place: { in: 'text', offset: 0 }, gapInto: null };
    }
  };
  /** A paragraph-level marker ends the character styles and any note left open (USFM 3). */
  const newParagraph = (next: Mode) => {
    endNote();
    chars = [];
    mode = next;
    metaField = null;
  };
  const leadingNumber = (i: number, marker: string, line: number) => {
    const t = tokens[i + 1];
    const m =
      t?.kind === 'text'
        ? /^\s*(\d+)([a-z]?)(?:[-\u2010\u2013](\d+)[a-z]?)?\s?/.exec(t.text)
        : null;
    if (!m || t?.kind !== 'text') return fail(line, `\\${marker} without a number`);
    t.text = t.text.slice(m[0].length);
    // Compared as written, so that a number of any length is refused without being converted.
    const max = marker === 'c' ? MAX_CHAPTER : MAX_VERSE;
    for (const digits of [m[1]!, m[3]].filter((d): d is string => d !== undefined))
      if (digits.length > 3 || Number(digits) > max || Number(digits) < 1)
        fail(
          line,
          `\\${marker} ${m[0].trim()}: ${marker === 'c' ? 'a chapter' : 'a verse'} number must be 1 to ${max} (${marker === 'c' ? 'Psalms has 150 chapters' : 'Psalm 119 has 176 verses'}, the most of the canon)`,
        );
    return { n: Number(m[1]), last: m[3] ? Number(m[3]) : undefined, part: m[2] };
  };

  const onText = (t: Extract<UsfmToken, { kind: 'text' }>) => {
    let text = t.text;
    if (note) {
      if (note.caller) {
        text = text.replace(/^\s*\S+\s?/, '');
        note.caller = false;
      }
      if (!note.origin && !has('char-hidden')) note.parts.push(text);
      return;
    }
    if (has('char-hidden')) return;
    if (mode === 'book') {
      if (metaField) meta[metaField] = `${meta[metaField] ?? ''}${text}`;
      return;
    }
    const flags = { ...(has('add') ? { add: true } : {}), ...(has('wj') ? { wj: true } : {}) };
    if (mode === 'title') return void pendingTitle.push({ text, ...flags });
    if (mode === 'heading' && headingOpen)
      return void (pendingHeadings[pendingHeadings.length - 1] += text);
    if (mode !== 'text') return;
    if (!verse) {
      if (/\S/.test(text) && chapter) counts.textOutsideVerses++;
      return;
    }
    if (/\S/.test(text) && !verse.hasText) {
      verse.hasText = true;
      if (pendingPara) verse.ir.para = true;
    }
    if (/\S/.test(text)) pendingPara = false;
    verse.raw.push({ text, ...flags });
  };

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind === 'text') {
      onText(t);
      continue;
    }
    const { name, closing, line } = t;
    if (name === 'id' && !closing) {
      const next = tokens[i + 1];
      const m = next?.kind === 'text' ? /^\s*(\S+)\s*(.*)$/s.exec(next.text) : null;
      if (!m || next?.kind !== 'text') return fail(line, '\\id without a book code');
      if (meta.code) fail(line, `a second \\id (${m[1]}) in one file`);
      meta.code = m[1]!.toUpperCase();
      idLine = line;
      meta.idText = m[2]!.trim();
      next.text = '';
      if (!PERIPHERAL_BOOKS.has(meta.code)) {
        osis = canon.resolve(meta.code) ?? null;
        if (!osis || canon.byOsis.get(osis)?.usfm !== meta.code)
          fail(
            line,
            `\\id ${meta.code}: a book code the canon does not know (data/canon.json lists each book's USFM code)`,
          );
      }
      newParagraph('book');
      // The rest of the \id line (in USX, the <book> element's words) says which edition it is.
      metaField = 'idText';
      continue;
    }
    if (name === 'c' && !closing) {
      newParagraph('none');
      endVerse();
      if (pendingTitle.length) counts.titlesUnplaced++;
      pendingTitle = [];
      pendingNotes = [];
      pendingPara = false;
      const { n } = leadingNumber(i, 'c', line);
      const prev = chapters[chapters.length - 1]?.chapter ?? 0;
      if (n !== prev + 1)
        fail(
          line,
          n <= prev
            ? `\\c ${n} after \\c ${prev}: a chapter out of order or repeated`
            : `\\c ${n} after ${prev ? `\\c ${prev}` : 'the start of the book'}: chapters missing in between`,
        );
      chapter = { chapter: n, verses: [] };
      chapters.push(chapter);
      verseLines.clear();
      continue;
    }
    if (name === 'v' && !closing) {
      endNote();
      chars = [];
      endVerse();
      if (!chapter) return fail(line, '\\v before the first \\c');
      const { n, last } = leadingNumber(i, 'v', line);
      const to = last ?? n;
      if (to < n) fail(line, `\\v ${n}-${to}: a verse range that runs backwards`);
      if (to - n + 1 > MAX_BRIDGE_SPAN)
        fail(
          line,
          `\\v ${n}-${to}: a bridge of ${to - n + 1} verses, more than ${MAX_BRIDGE_SPAN}`,
        );
      for (let k = n; k <= to; k++) {
        const first = verseLines.get(k);
        if (first !== undefined)
          fail(
            line,
            `\\v ${k} in chapter ${chapter.chapter} again: a duplicated verse (first at line ${first})`,
          );
      }
      const lastCovered = Math.max(0, ...verseLines.keys());
      if (n < lastCovered)
        fail(
          line,
          `\\v ${n} after verse ${lastCovered} in chapter ${chapter.chapter}: a verse out of order`,
        );
      for (let k = n; k <= to; k++) verseLines.set(k, line);
      lineOf.set(`${chapter.chapter}.${n}`, line);
      counts.verses++;
      if (mode !== 'text') mode = 'text';
      const ir: VerseIR = { verse: n, para: false, tokens: [] };
      if (to !== n) ir.lastverse = to;
      const headings = pendingHeadings.map((h) => h.replace(/\s+/g, ' ').trim()).filter(Boolean);
      if (headings.length) ir.headings = headings;
      pendingHeadings = [];
      chapter.verses.push(ir);
      verse = { ir, raw: [], title: pendingTitle, notes: pendingNotes, hasText: false, line };
      pendingTitle = [];
      pendingNotes = [];
      continue;
    }
    const role = roleOf(name);
    if (role === 'milestone' || name === '') continue;
    if (role === undefined) {
      if (!closing) unhandled[name] = (unhandled[name] ?? 0) + 1;
      continue;
    }
    switch (role) {
      case 'paragraph':
      case 'line':
        if (closing) continue;
        newParagraph('text');
        if (role === 'paragraph') pendingPara = true;
        verse?.raw.push({ gap: 'space' });
        continue;
      case 'title':
        if (closing) continue;
        newParagraph('title');
        counts.titles++;
        if (pendingTitle.length) pendingTitle.push({ gap: 'space' });
        continue;
      case 'heading':
        if (closing) continue;
        newParagraph('heading');
        // Section headings proper (\s, \s1-4, \ms, \ms1-3) are kept; a heading's references
        // (\r, \mr, \sr), a speaker (\sp) and the like are not.
        headingOpen = /^(s|ms)\d?$/.test(name);
        if (headingOpen) {
          counts.headings++;
          pendingHeadings.push('');
        } else if (name === 'sp') counts.speakers++;
        continue;
      case 'book':
        if (closing) continue;
        newParagraph('book');
        metaField = metaFieldOf(name);
        // The main title's lines (\mt1, \mt2 …) join into one.
        if (metaField === 'mt' && meta.mt) meta.mt += ' ';
        continue;
      case 'chapter-extra':
        if (closing) continue;
        newParagraph('hidden');
        continue;
      case 'study':
        if (name === 'esb') newParagraph('study');
        else if (name === 'esbe') newParagraph('none');
        else if (closing) endNote();
        else startNote('study');
        continue;
      case 'footnote':
      case 'crossref':
        if (closing) endNote();
        else startNote(role);
        continue;
      case 'note-text':
      case 'note-origin':
        if (note && !closing) {
          note.caller = false;
          note.origin = role === 'note-origin';
        } else if (note && closing) note.origin = false;
        continue;
      default: {
        // Character styles: `char`, `char-hidden`, `add`, `wj`.
        if (!closing) {
          chars.push({ name, role });
          continue;
        }
        const at = chars.map((c) => c.name).lastIndexOf(name);
        if (at >= 0) chars = chars.slice(0, at);
      }
    }
  }
  endNote();
  endVerse();
  if (pendingTitle.length) counts.titlesUnplaced++;
  if (osis === null && !PERIPHERAL_BOOKS.has(meta.code)) fail(1, 'no \\id line with a book code');
  for (const k of Object.keys(meta) as (keyof UsfmBookMeta)[]) {
    const v = meta[k]?.replace(/\s+/g, ' ').trim();
    if (v) meta[k] = v;
    else if (k !== 'code' && k !== 'idText') delete meta[k];
  }
  return { file, osis, meta, chapters, counts, unhandled, verseLines: lineOf, idLine };
}

function metaFieldOf(name: string): keyof UsfmBookMeta | null {
  if (name === 'h' || name === 'toc1' || name === 'toc2' || name === 'toc3') return name;
  if (/^mt\d*$/.test(name)) return 'mt';
  return null;
}
