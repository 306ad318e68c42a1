/**
 * The Hebrew Bible's verse numbers → the KJV's, from the OSHB's own table (morphhb/VerseMap.xml):
 *
 *   <book osisID="Gen">
 *     <verse wlc="Gen.32.1" kjv="Gen.31.55" type="full"/>
 *     <verse wlc="1Kgs.18.34!a" kjv="1Kgs.18.33!b" type="partial"/>
 *
 * It lists only the verses numbered differently (1,978); every other verse keeps its number. A
 * `!a`/`!b` names the first or second part of a verse: `1Kgs.18.34!a` → `1Kgs.18.33!b` says that
 * the first part of the Hebrew 18:34 ends the KJV's 18:33 (and its second part, not listed, is the
 * KJV's 18:34). The table does not say where a part ends; the OSHB's text does, with a note before
 * the word that opens the KJV verse (`<note>KJV:1Kgs.18.34</note>`), which readVerseMap reads for
 * the 5 Hebrew verses split so.
 *
 * The cases (mappingCases counts them for the report):
 * - shifted: one Hebrew verse is one KJV verse under another number (Gen 32:1 → 31:55, Mal 3:19–24
 *   → 4:1–6, Joel 3:1–5 → 2:28–32, Joel 4 → 3, …);
 * - joined: several Hebrew verses make one KJV verse. The Psalm titles: the Hebrew counts a title
 *   as verse 1 (or 1–2), the KJV prints it above verse 1 unnumbered, so the title's words join
 *   the KJV's verse 1 (Ps 3:1 + 3:2 → 3:1; Ps 51:1 + 51:2 + 51:3 → 51:1);
 * - split: a Hebrew verse's parts go to two KJV verses (1 Kgs 18:34, 20:3, 22:21, Isa 63:19, Ps 13:6).
 * One KJV verse has no Hebrew at all: Neh 7:68 (the horses and mules), which the Leningrad Codex
 * does not have (its Neh 7:68 is the KJV's 7:69).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readOshbBook, type KjvMark } from './oshb';
import { studyFile } from './sources';
import type { TaggedVerse, TaggedWord } from './types';

/** One line of VerseMap.xml: a verse (or part `a`/`b` of it) in each numbering. */
export interface VerseMapEntry {
  wlc: string;
  wlcPart?: 'a' | 'b';
  kjv: string;
  kjvPart?: 'a' | 'b';
  type: 'full' | 'partial';
}

/** A run of a Hebrew verse's words (from the word `from`, 0-based, to the next piece) in a KJV verse. */
export interface Piece {
  from: number;
  kjv: string;
}

export interface VerseMap {
  entries: VerseMapEntry[];
  /** A Hebrew verse (`Book.C.V`) as pieces of KJV verses, in order; one piece for a whole verse. */
  pieces(wlc: string): Piece[];
  /** The KJV verse where a Hebrew verse starts (`Mal.3.19` → `Mal.4.1`; unlisted verses keep their number). */
  kjvOf(wlc: string): string;
}

const ENTRY = /<verse\s([^>]*?)\/?>/g;
const ATTR = /(\w+)="([^"]*)"/g;

/** `1Kgs.18.34!a` → id and part. */
function splitRef(ref: string): { id: string; part?: 'a' | 'b' } {
  const m = /^([1-4]?[A-Za-z]+\.\d+\.\d+)(?:!([ab]))?$/.exec(ref);
  if (!m) throw new Error(`VerseMap.xml: unreadable verse "${ref}"`);
  return m[2] ? { id: m[1]!, part: m[2] as 'a' | 'b' } : { id: m[1]! };
}

/** The lines of VerseMap.xml. */
export function readVerseMapEntries(file: string): VerseMapEntry[] {
  const xml = readFileSync(file, 'utf8').replace(/<!--[\s\S]*?-->/g, '');
  const entries: VerseMapEntry[] = [];
  for (const m of xml.matchAll(ENTRY)) {
    const attrs = Object.fromEntries([...m[1]!.matchAll(ATTR)].map((a) => [a[1]!, a[2]!]));
    const { wlc, kjv, type } = attrs;
    if (!wlc || !kjv || (type !== 'full' && type !== 'partial'))
      throw new Error(`VerseMap.xml: unreadable line ${m[0]}`);
    const w = splitRef(wlc);
    const k = splitRef(kjv);
    const entry: VerseMapEntry = { wlc: w.id, kjv: k.id, type };
    if (w.part) entry.wlcPart = w.part;
    if (k.part) entry.kjvPart = k.part;
    entries.push(entry);
  }
  return entries;
}

/**
 * Reads the table, and for each Hebrew verse it splits into parts the word where the second part
 * starts (the OSHB's `KJV:` note inside the verse, from its book file in `dir`).
 */
export function readVerseMap(dir = studyFile('morphhb')): VerseMap {
  const entries = readVerseMapEntries(path.join(dir, 'VerseMap.xml'));
  /** Hebrew verse → the KJV verse of its parts `a` and `b`, or of the `whole` verse. */
  const parts = new Map<string, { a?: string; b?: string; whole?: string }>();
  for (const e of entries) {
    const p = parts.get(e.wlc) ?? {};
    const slot = e.wlcPart ?? 'whole';
    if (p[slot])
      throw new Error(`VerseMap.xml: ${e.wlc}${e.wlcPart ? `!${e.wlcPart}` : ''} listed twice`);
    p[slot] = e.kjv;
    parts.set(e.wlc, p);
  }
  const split = [...parts].filter(([, p]) => p.a || p.b);
  const marks = new Map<string, KjvMark[]>();
  for (const book of new Set(split.map(([id]) => id.split('.')[0]!)))
    readOshbBook(path.join(dir, `${book}.xml`), marks);

  const table = new Map<string, Piece[]>();
  for (const [wlc, p] of parts) {
    if (!p.a && !p.b) {
      table.set(wlc, [{ from: 0, kjv: p.whole! }]);
      continue;
    }
    if (p.whole) throw new Error(`VerseMap.xml: ${wlc} listed whole and in parts`);
    // The part the table leaves out keeps the verse's own number.
    const first = p.a ?? wlc;
    const second = p.b ?? wlc;
    // The second part starts at the KJV mark inside the verse (not one before its first word).
    const inside = (marks.get(wlc) ?? []).filter((m) => m.word > 0);
    if (inside.length !== 1)
      throw new Error(`OSHB ${wlc}: ${inside.length} KJV marks inside the verse, expected 1`);
    const mark = inside[0]!;
    if (mark.kjv.replace(/!.*/, '') !== second)
      throw new Error(`OSHB ${wlc}: the mark inside says ${mark.kjv}, VerseMap.xml ${second}`);
    table.set(wlc, [
      { from: 0, kjv: first },
      { from: mark.word, kjv: second },
    ]);
  }
  return {
    entries,
    pieces: (wlc) => table.get(wlc) ?? [{ from: 0, kjv: wlc }],
    kjvOf: (wlc) => table.get(wlc)?.[0]!.kjv ?? wlc,
  };
}

/** Where the words of each KJV verse come from: Hebrew verse and word range, in the Hebrew order. */
export interface KjvSource {
  wlc: string;
  from: number;
  to: number;
  /** Whether the run is the whole Hebrew verse. */
  whole: boolean;
}

const idOf = (v: { book: string; chapter: number; verse: number }) =>
  `${v.book}.${v.chapter}.${v.verse}`;

/** For each KJV verse the Hebrew words that make it, in the Hebrew text's order. */
export function kjvSources(verses: TaggedVerse[], map: VerseMap): Map<string, KjvSource[]> {
  const out = new Map<string, KjvSource[]>();
  for (const v of verses) {
    const wlc = idOf(v);
    const pieces = map.pieces(wlc);
    pieces.forEach((p, i) => {
      const to = pieces[i + 1]?.from ?? v.words.length;
      const list = out.get(p.kjv) ?? [];
      list.push({ wlc, from: p.from, to, whole: pieces.length === 1 });
      out.set(p.kjv, list);
    });
  }
  return out;
}

/** A word with a different `after`, copied (the OSHB's records are not changed). */
const withAfter = (w: TaggedWord, after: string): TaggedWord => {
  const copy = { ...w };
  if (after) copy.after = after;
  else delete copy.after;
  return copy;
};

/**
 * The OSHB's verses renumbered to the KJV's: each KJV verse holds the Hebrew words that the map
 * sends to it, in the Hebrew order (a Psalm title and the verse after it; the end of one Hebrew
 * verse and the next). Where two runs meet, a space separates them (the first may end with a sof
 * pasuq); a KJV verse that ends inside a Hebrew verse loses the space after its last word. Verses
 * come out in book order (the input's), then chapter and verse.
 */
export function toKjvNumbering(verses: TaggedVerse[], map: VerseMap): TaggedVerse[] {
  const byId = new Map(verses.map((v) => [idOf(v), v]));
  const bookOrder = new Map<string, number>();
  for (const v of verses) if (!bookOrder.has(v.book)) bookOrder.set(v.book, bookOrder.size);
  const out: TaggedVerse[] = [];
  for (const [kjv, sources] of kjvSources(verses, map)) {
    const m = /^([1-4]?[A-Za-z]+)\.(\d+)\.(\d+)$/.exec(kjv)!;
    const words: TaggedWord[] = [];
    for (const s of sources) {
      const run = byId.get(s.wlc)!.words.slice(s.from, s.to);
      if (!run.length) continue;
      const last = words[words.length - 1];
      if (last && !/\s$/.test(last.after ?? ''))
        words[words.length - 1] = withAfter(last, `${last.after ?? ''} `);
      words.push(...run);
    }
    const end = words[words.length - 1];
    if (end && end.after !== undefined && end.after !== end.after.trimEnd())
      words[words.length - 1] = withAfter(end, end.after.trimEnd());
    out.push({ book: m[1]!, chapter: Number(m[2]), verse: Number(m[3]), words });
  }
  const order = (v: TaggedVerse) => [bookOrder.get(v.book) ?? Infinity, v.chapter, v.verse];
  return out.sort((a, b) => {
    const [x, y] = [order(a), order(b)];
    return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
  });
}

/** The kinds of difference between the numberings, for the report (see the top of this file). */
export interface MappingCases {
  /** Hebrew verses that are one whole KJV verse under another number. */
  shifted: number;
  /** KJV verses made of several Hebrew verses or parts: `Ps.3.1 ← Ps.3.1 + Ps.3.2`. */
  joined: string[];
  /** Hebrew verses whose parts go to two KJV verses: `1Kgs.18.34 → 1Kgs.18.33 + 1Kgs.18.34 (from word 10)`. */
  split: string[];
}

export function mappingCases(verses: TaggedVerse[], map: VerseMap): MappingCases {
  const cases: MappingCases = { shifted: 0, joined: [], split: [] };
  const sources = kjvSources(verses, map);
  for (const [kjv, list] of sources) {
    if (list.length > 1)
      cases.joined.push(
        `${kjv} ← ${list.map((s) => (s.whole ? s.wlc : `${s.wlc} (words ${s.from + 1}–${s.to})`)).join(' + ')}`,
      );
    else if (list[0]!.wlc !== kjv && list[0]!.whole) cases.shifted++;
  }
  for (const v of verses) {
    const pieces = map.pieces(idOf(v));
    if (pieces.length > 1)
      cases.split.push(
        `${idOf(v)} → ${pieces.map((p) => (p.from ? `${p.kjv} (from word ${p.from + 1})` : p.kjv)).join(' + ')}`,
      );
  }
  return cases;
}
