// Only the languages the service has versions in: the parser's full bundle carries every language
// (docs/search.md "Passages"). es.js adds ~7 KiB gzipped. The parser and its data are imported on first
// use (loadReferenceParser), not with the module.
import type { bcv_parser as BcvParser } from 'bible-passage-reference-parser/esm/bcv_parser.js';
import { keep, kept } from '../cache/isolate';

/**
 * Human passage references (`jn 3:16`, `John 3-5`, `Gen 1:1-2:3`, `John 3,Luke 2`) to ranges in
 * this service's OSIS ids (docs/search.md). Pure: no catalogue, no I/O; the passages route
 * resolves the ranges against each version (src/search/passages.ts).
 */

/** One end of a range. A missing chapter means the whole book, a missing verse the whole chapter. */
export interface RefPoint {
  book: string;
  chapter?: number;
  verse?: number;
}

export interface RefRange {
  start: RefPoint;
  end: RefPoint;
}

/** Longest reference text accepted (the parser is linear, but a bound keeps requests cheap). */
export const MAX_REFERENCE_LENGTH = 500;

/**
 * The parser's class and the data of each reference language (a version's ISO 639-3 `lang`),
 * once loaded. Evaluating them is most of the module evaluation of the worker's bundle (~35 ms of
 * a fresh isolate's start, docs/speed.md), and most requests read no reference: each route that
 * does awaits loadReferenceParser first, and the functions below read them synchronously.
 */
interface ParserModules {
  bcv_parser: typeof BcvParser;
  data: Record<string, unknown>;
}
let parserModules: ParserModules | undefined;
let loadingParser: Promise<void> | undefined;

/** Imports the reference parser and its languages' data, once per isolate. */
export function loadReferenceParser(): Promise<void> {
  loadingParser ??= Promise.all([
    import('bible-passage-reference-parser/esm/bcv_parser.js'),
    import('bible-passage-reference-parser/esm/lang/en.js'),
    import('bible-passage-reference-parser/esm/lang/es.js'),
  ]).then(([parser, en, es]) => {
    parserModules = { bcv_parser: parser.bcv_parser, data: { eng: en, spa: es } };
  });
  return loadingParser;
}

function parserOf(): ParserModules {
  if (!parserModules)
    throw new Error('the reference parser was used before loadReferenceParser() resolved');
  return parserModules;
}

/** The reference languages, in the order they are tried (the service's first language first). */
const LANGUAGES = ['eng', 'spa'] as const;

/**
 * How each language writes chapter and verse (docs/search.md "Commas"). Spanish
 * writes `Juan 3,16` for John 3:16, `Juan 3,16-18` for a range of verses and `Juan 3,16.18` for
 * verses 16 and 18: the parser's European punctuation (`eu`: comma between chapter and verse,
 * period between items of a list). A colon between digits still means chapter and verse there
 * (`Juan 3:16`, which Spanish readers also write), so it is read as the comma before parsing.
 * English keeps the parser's default: `John 3, 16` is a list, John 3 and John 16.
 */
const EUROPEAN_PUNCTUATION: Record<string, boolean> = { spa: true };

/** `3:16` → `3,16` for European punctuation; the same length, so the parser's indices still apply. */
function colonsAsCommas(text: string): string {
  return text.replace(/(\d)(\s*):(?=\s*\d)/g, '$1$2,');
}
/** The order languages are tried in when the request names none (the service's first language first). */
export const REFERENCE_LANGUAGES: readonly string[] = LANGUAGES;

/**
 * A language's book names as data: each book's names and abbreviations (OSIS id → names), from the
 * catalogue (a version's book names and `otherNames`: the \h, \toc1-3 of a source added by
 * version:add). A language the parser has no data for reads references with them on top of the
 * English data (so `Jean 3:16`, `Jn 3:16` and `John 3:16` all read in French); `key` names the
 * table for the parsers and readings kept in the isolate.
 */
export interface BookNames {
  key: string;
  books: Record<string, string[]>;
}
/** Book names per language (a version's ISO 639-3 `lang`). */
export type BookNamesByLanguage = Record<string, BookNames>;

/** Whether the parser has data of its own for a language (English, Spanish). */
export function hasParserData(lang: string): boolean {
  return REFERENCE_LANGUAGES.includes(lang);
}

/** Our OSIS ids where the parser's differ (mapPoint, the other way). */
const PARSER_BOOK: Record<string, string> = { EsthGr: 'GkEsth' };

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One book's names as a pattern: longest first, with and without accents, any spacing. */
function namesPattern(names: string[]): RegExp {
  const forms = [...new Set(names.flatMap((n) => [n.trim(), fold(n.trim())]))]
    .filter(Boolean)
    .sort((a, b) => b.length - a.length)
    .map((n) => n.split(/\s+/).map(escapeRegExp).join('\\s*'));
  return new RegExp(`(?:${forms.join('|')})`);
}

type Parser = {
  parse(text: string): {
    osis(): string;
    osis_and_indices(): { osis: string; indices: [number, number] }[];
  };
};
const parsers = new Map<string, Parser>();

function bcv(lang: string, names?: BookNames): Parser {
  const key = names ? `${lang}\u0000${names.key}` : lang;
  let p = parsers.get(key);
  if (!p) {
    const { bcv_parser, data } = parserOf();
    const parser = new bcv_parser((data[lang] ?? data.eng) as any);
    // Deuterocanonical books (WEB has them).
    parser.include_apocrypha(true);
    // Verses are not checked against the parser's own (KJV) verse counts: `Job 39:33` must reach
    // the version, which answers with the verse holding that text or a 404 saying why
    // (src/catalogue/empty-slots.ts) instead of being dropped as no reference at all.
    parser.set_options({ passage_existence_strategy: 'bc' });
    if (EUROPEAN_PUNCTUATION[lang]) parser.set_options({ punctuation_strategy: 'eu' });
    // The language's names as data, one book at a time: a book the parser does not know (none of
    // its systems has the Greek Daniel whole) is left to the ids.
    for (const [osis, list] of Object.entries(names?.books ?? {})) {
      try {
        parser.add_books({
          books: [{ osis: [PARSER_BOOK[osis] ?? osis], regexp: namesPattern(list) }],
        });
      } catch {
        // not a book of the parser's
      }
    }
    p = parser as unknown as Parser;
    parsers.set(key, p);
  }
  return p;
}

/** Languages to try, those of the versions asked for first (`RV1909` → Spanish), then the rest. */
function languageOrder(
  preferred: readonly string[] = [],
  names: BookNamesByLanguage = {},
): string[] {
  const first = preferred.filter(
    (l, i) => (hasParserData(l) || l in names) && preferred.indexOf(l) === i,
  );
  return [...first, ...REFERENCE_LANGUAGES.filter((l) => !first.includes(l))];
}

/** What one language's parser read: its OSIS ranges and how many letters and digits it left unread. */
interface Reading {
  osis: string[];
  unread: number;
}

function read(cleaned: string, lang: string, names?: BookNames): Reading {
  const found = bcv(lang, names)
    .parse(EUROPEAN_PUNCTUATION[lang] ? colonsAsCommas(cleaned) : cleaned)
    .osis_and_indices();
  const covered = new Uint8Array(cleaned.length);
  for (const f of found) covered.fill(1, f.indices[0], f.indices[1]);
  let unread = 0;
  for (let i = 0; i < cleaned.length; i++)
    if (!covered[i] && /[\p{L}\p{N}]/u.test(cleaned[i])) unread++;
  return { osis: found.map((f) => f.osis), unread };
}

/**
 * The reading of the language that accounts for the text best: the first language (in
 * `languageOrder`) that reads every letter and digit, else the one that leaves the fewest unread.
 * So `Juan 3:16` is Spanish even when an English version is asked for, and `Job 1` is read in
 * the versions' own language first.
 */
function bestReading(
  cleaned: string,
  preferred?: readonly string[],
  names: BookNamesByLanguage = {},
): Reading | null {
  const tables = (preferred ?? []).map((l) => names[l]?.key ?? '').join(',');
  const key = `${READING}${(preferred ?? []).join(',')}\u0000${tables}\u0000${cleaned}`;
  const known = kept<Reading | null>(key);
  if (known !== undefined) return known;
  const found = readAll(cleaned, preferred, names);
  keep(key, found, READING_BYTES);
  return found;
}

/**
 * Readings already made in this isolate, by languages and text. Parsing is pure, and it was most
 * of the CPU of a passage lookup (~200 µs for `John 3:16-18`); popular references
 * repeat. Kept in the isolate's cache under its one budget (src/cache/isolate.ts), each weighed
 * by its text. Readings are never changed after they are made.
 */
const READING = 'reading ';
/** What a reading holds beside its text: its ranges and the positions of what it read. */
const READING_BYTES = 512;

function readAll(
  cleaned: string,
  preferred: readonly string[] | undefined,
  names: BookNamesByLanguage,
): Reading | null {
  let best: Reading | null = null;
  for (const lang of languageOrder(preferred, names)) {
    const r = read(cleaned, lang, names[lang]);
    if (!r.osis.length) continue;
    if (r.unread === 0) return r;
    if (!best || r.unread < best.unread) best = r;
  }
  return best;
}

/**
 * Clean-up before parsing: control characters dropped, every Unicode space a space, every dash a
 * hyphen (`John 3:16–18`, `John 3:16—18`, NBSP between book and chapter).
 */
export function cleanReferenceText(text: string): string {
  return sameLengthClean(text).trim();
}

/** cleanReferenceText but the trim: character for character, so offsets into it are the text's. */
function sameLengthClean(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
    .replace(/[\p{Zs}\u200b\ufeff]/gu, ' ')
    .replace(/[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g, '-');
}

/**
 * The parser's ids differ from ours for some deuterocanonical books (docs/search.md "Passages"):
 * `GkEsth` is `EsthGr`, Psalm 151 is `AddPs.1`, the Letter of Jeremiah is `Bar.6`.
 */
export function mapPoint(p: RefPoint): RefPoint {
  if (p.book === 'GkEsth') return { ...p, book: 'EsthGr' };
  if (p.book === 'Ps' && p.chapter === 151) return { book: 'AddPs', chapter: 1, verse: p.verse };
  if (p.book === 'EpJer') return { book: 'Bar', chapter: 6, verse: p.verse };
  return p;
}

function point(osis: string): RefPoint | null {
  const [book, chapter, verse] = osis.split('.');
  if (!book) return null;
  const c = chapter === undefined ? undefined : Number(chapter);
  const v = verse === undefined ? undefined : Number(verse);
  if ((c !== undefined && !(c >= 1)) || (v !== undefined && !(v >= 1))) return null;
  return mapPoint({
    book,
    ...(c !== undefined ? { chapter: c } : {}),
    ...(v !== undefined ? { verse: v } : {}),
  });
}

/**
 * A whole-book end point of the Letter of Jeremiah maps to a chapter (`Bar.6`); the end of a
 * range over it must still be that chapter's end, which a chapter point already means.
 */
function range(osis: string): RefRange | null {
  const [a, b] = osis.split('-');
  const start = point(a);
  const end = b === undefined ? start : point(b);
  return start && end ? { start, end } : null;
}

/**
 * The ranges of a reference text, in order; empty when the text is not a reference. `preferred`:
 * the languages of the versions asked for, tried first (bestReading); `names`: their book names as
 * data (BookNames), for the languages the parser has no data for and the names a source added.
 */
export function parseReferences(
  text: string,
  preferred?: readonly string[],
  names?: BookNamesByLanguage,
): RefRange[] {
  const cleaned = cleanReferenceText(text).slice(0, MAX_REFERENCE_LENGTH);
  if (!cleaned) return [];
  const reading = bestReading(cleaned, preferred, names);
  if (!reading) return [];
  return reading.osis
    .flatMap((o) => o.split(','))
    .map(range)
    .filter((r): r is RefRange => r !== null);
}

/**
 * Whether the whole text reads as a reference (search.xml, docs/search.md): the parser must account for
 * every letter and digit in one of the service's languages, so `love one another` or `faith in
 * John 3` are keyword queries and `Juan 3:16` or `1 Corintios 13` are references.
 */
export function isReferenceQuery(
  text: string,
  preferred?: readonly string[],
  names?: BookNamesByLanguage,
): boolean {
  const cleaned = cleanReferenceText(text).slice(0, MAX_REFERENCE_LENGTH);
  if (!cleaned) return false;
  return bestReading(cleaned, preferred, names)?.unread === 0;
}

/**
 * The OSIS book (ours: `mapPoint`) that a book name or abbreviation names in `lang`, a version's
 * ISO 639-3 language (`Juan`, `Jn`, `1Co` in Spanish; `Jn`, `Genesis` in English), or null: the
 * language's parser must read `{name} 1` whole as chapter 1 of one book. Null for a language the
 * parser has no data for, unless its book names are given as data (`names`).
 */
export function bookOfName(name: string, lang: string, names?: BookNames): string | null {
  if (!hasParserData(lang) && !names) return null;
  const cleaned = cleanReferenceText(`${name} 1`).slice(0, MAX_REFERENCE_LENGTH);
  const reading = read(cleaned, lang, names);
  if (reading.unread || reading.osis.length !== 1) return null;
  const found = range(reading.osis[0]!);
  if (!found || reading.osis[0]!.includes(',')) return null;
  const { start, end } = found;
  const one = start.book === end.book && start.chapter === 1 && end.chapter === 1;
  return one && start.verse === undefined && end.verse === undefined ? start.book : null;
}

/** A reference found in running text (`findReferences`): where it stands and what it names. */
export interface FoundReference {
  /** UTF-16 offsets in the text: `text.slice(start, end)` is the reference as written. */
  start: number;
  end: number;
  /** The ranges it names, in this service's OSIS ids: `John.3.16`, `Gen.1.1-Gen.2.3`, `Ps.23`. */
  osis: string[];
}

/**
 * Parsers for running text: as `bcv` (the same data and options, so a reference means what the
 * passages route reads it as), but each item of a sequence found apart (`John 3:16, 18` is two
 * references, `18` the second), so that each gets its own link.
 */
const finders = new Map<string, Parser>();

function finder(lang: string): Parser {
  let p = finders.get(lang);
  if (!p) {
    const { bcv_parser, data } = parserOf();
    const parser = new bcv_parser(data[lang] as any);
    parser.include_apocrypha(true);
    parser.set_options({
      passage_existence_strategy: 'bc',
      sequence_combination_strategy: 'separate',
    });
    if (EUROPEAN_PUNCTUATION[lang]) parser.set_options({ punctuation_strategy: 'eu' });
    p = parser as unknown as Parser;
    finders.set(lang, p);
  }
  return p;
}

const pointOsis = (p: RefPoint): string =>
  [p.book, p.chapter, p.verse].filter((x) => x !== undefined).join('.');

/**
 * The references in a piece of running text in one language (`eng`, `spa`: REFERENCE_LANGUAGES),
 * in order, as the passages parser reads them (the tagger's route, src/routes/references.ts).
 * The clean-up of `cleanReferenceText` is made without its trim, so the parser's offsets are the
 * text's own.
 */
export function findReferences(text: string, lang: string): FoundReference[] {
  if (!hasParserData(lang)) return [];
  const cleaned = sameLengthClean(text);
  const found = finder(lang)
    .parse(EUROPEAN_PUNCTUATION[lang] ? colonsAsCommas(cleaned) : cleaned)
    .osis_and_indices();
  const out: FoundReference[] = [];
  for (const f of found) {
    const ranges = f.osis
      .split(',')
      .map(range)
      .filter((r): r is RefRange => r !== null)
      .map(({ start, end }) => {
        const a = pointOsis(start);
        const b = pointOsis(end);
        return a === b ? a : `${a}-${b}`;
      });
    if (ranges.length) out.push({ start: f.indices[0], end: f.indices[1], osis: ranges });
  }
  return out;
}

/**
 * Between the texts of one request when they are parsed together: no reference runs across it
 * (a bar between spaces ends a reference as the end of a text does), and one parse of all the
 * texts costs about half what a parse each does (most of a short text's cost is the parser's own
 * start).
 */
const TEXT_SEPARATOR = ' | ';

/**
 * A decimal digit of any script: the parser finds no reference without a number (a book named
 * alone is none in running text, its `book_alone_strategy`), yet each book name it meets costs it
 * about 0.2 ms of CPU (docs/speed.md), so a text of book names alone is not parsed.
 */
const HOLDS_NUMBER = /\p{Nd}/u;

/**
 * What one parse of several texts reads (textsToParse): each distinct text that can hold a
 * reference once, joined by TEXT_SEPARATOR, with where each starts in the joined text.
 */
export interface TextsToParse {
  joined: string;
  texts: string[];
  starts: number[];
}

/**
 * The texts worth parsing, once each: a request's texts repeat (a page's `John 3` before each of
 * its verses) and parsing is linear in what it reads, so a text read once answers for all its
 * copies; a text with no number is left out (HOLDS_NUMBER).
 */
export function textsToParse(texts: readonly string[]): TextsToParse {
  const distinct = [...new Set(texts)].filter((t) => HOLDS_NUMBER.test(t));
  const starts: number[] = [];
  let offset = 0;
  for (const text of distinct) {
    starts.push(offset);
    offset += text.length + TEXT_SEPARATOR.length;
  }
  return { joined: distinct.join(TEXT_SEPARATOR), texts: distinct, starts };
}

/**
 * The references of each of several short texts (the tagger's candidates), as findReferences finds
 * them in each alone, from one parse of them all: `result[i]` holds text i's, with its own offsets.
 * Copies of one text share its references (the same objects).
 */
export function findReferencesInTexts(texts: readonly string[], lang: string): FoundReference[][] {
  const parse = textsToParse(texts);
  const found: FoundReference[][] = parse.texts.map(() => []);
  const { starts } = parse;
  for (const f of parse.joined ? findReferences(parse.joined, lang) : []) {
    // The text it starts in: the last whose start is not after it.
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= f.start) lo = mid;
      else hi = mid - 1;
    }
    const start = f.start - starts[lo];
    const end = f.end - starts[lo];
    // A reference is within its text (the separator ends it); anything else is not one.
    if (end <= parse.texts[lo].length) found[lo].push({ ...f, start, end });
  }
  const byText = new Map(parse.texts.map((t, i) => [t, found[i]]));
  return texts.map((t) => byText.get(t) ?? []);
}
