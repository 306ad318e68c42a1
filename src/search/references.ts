// The English-only bundle: the full one carries every language (issue "Passages"; scripture-sources.md).
import { bcv_parser } from 'bible-passage-reference-parser/esm/bcv_parser.js';
import * as en from 'bible-passage-reference-parser/esm/lang/en.js';

/**
 * Human passage references (`jn 3:16`, `John 3-5`, `Gen 1:1-2:3`, `John 3,Luke 2`) to ranges in
 * this service's OSIS ids (issue "Passages"). Pure: no catalogue, no I/O; the passages route
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

let parser: { parse(text: string): any } | null = null;

function bcv(): { parse(text: string): any } {
  if (!parser) {
    const p = new bcv_parser(en as any);
    // Deuterocanonical books (WEB has them).
    p.include_apocrypha(true);
    parser = p;
  }
  return parser;
}

/**
 * Clean-up before parsing: control characters dropped, every Unicode space a space, every dash a
 * hyphen (`John 3:16–18`, `John 3:16—18`, NBSP between book and chapter).
 */
export function cleanReferenceText(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
    .replace(/[\p{Zs}\u200b\ufeff]/gu, ' ')
    .replace(/[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g, '-')
    .trim();
}

/**
 * The parser's ids differ from ours for some deuterocanonical books (scripture-sources.md):
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
  return mapPoint({ book, ...(c !== undefined ? { chapter: c } : {}), ...(v !== undefined ? { verse: v } : {}) });
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

/** The ranges of a reference text, in order; empty when the text is not a reference. */
export function parseReferences(text: string): RefRange[] {
  const cleaned = cleanReferenceText(text).slice(0, MAX_REFERENCE_LENGTH);
  if (!cleaned) return [];
  const osis: string = bcv().parse(cleaned).osis();
  if (!osis) return [];
  return osis
    .split(',')
    .map(range)
    .filter((r): r is RefRange => r !== null);
}

/**
 * Whether the whole text reads as a reference (search.xml, issue §3): the parser must account for
 * every letter and digit, so `love one another` or `faith in John 3` are keyword queries.
 */
export function isReferenceQuery(text: string): boolean {
  const cleaned = cleanReferenceText(text).slice(0, MAX_REFERENCE_LENGTH);
  if (!cleaned) return false;
  const found: { osis: string; indices: [number, number] }[] = bcv().parse(cleaned).osis_and_indices();
  if (!found.length) return false;
  const covered = new Uint8Array(cleaned.length);
  for (const f of found) covered.fill(1, f.indices[0], f.indices[1]);
  for (let i = 0; i < cleaned.length; i++) {
    if (!covered[i] && /[\p{L}\p{N}]/u.test(cleaned[i])) return false;
  }
  return true;
}
