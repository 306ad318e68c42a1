/**
 * A new version's verses placed in the KJV's slots, verse by verse, for
 * data/versification-map.json (the pivot numbering annotations follow across versions:
 * src/catalogue/versification.ts), from the tables of Debian's bibledit-cloud-data:
 *
 * - `versification/<System>.txt`: each system's last verse of each chapter (`Genesis 31:55`), by
 *   which the source's numbering is recognised (the system whose chapters agree most);
 * - `mapping/<System>.txt`: `Psalms 9:22 = Psalms 10:1`, a verse of the system and the same verse
 *   in the original languages' numbering; a verse not listed keeps its number. `English.txt` maps
 *   the KJV's numbering the same way (its Psalm titles are verse 0, the KJV's verse 1 holds them).
 *
 * A verse of the system goes to the original numbering, then back through English.txt to the
 * KJV's slots. A verse no table places (the Septuagint's table is empty; a verse the KJV has not)
 * is listed in `unplaced`, which version:add prints: never dropped silently.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { MapEntry } from '../../src/catalogue/versification';
import type { Canon } from '../snapshot/canon';
import type { VersionIR } from '../snapshot/ir';
import { MAP_MARK } from './data-edits';

/** Where Debian's bibledit-cloud-data puts its tables (`dpkg -L bibledit-cloud-data`). */
export const BIBLEDIT_DIR = '/usr/share/bibledit-cloud';

/** The KJV's numbering in the tables, and the original languages' (the pivot of the mappings). */
const ENGLISH = 'English';
const ORIGINAL = 'Original';

/** Whether the tables place a system's verses: English and Original always, others by their table. */
export function hasMapping(system: string, dir = BIBLEDIT_DIR): boolean {
  if (system === ENGLISH || system === ORIGINAL) return true;
  const file = path.join(dir, 'mapping', `${system}.txt`);
  return existsSync(file) && /\S/.test(readFileSync(file, 'utf8'));
}

export interface SystemFit {
  system: string;
  /** Chapters of the source the system has, and those whose last verse agrees. */
  chapters: number;
  agree: number;
}

export interface VerseMapResult {
  system: string;
  /** Whether bibledit-cloud-data has a mapping table for the system (the Septuagint's is empty). */
  mapped: boolean;
  /** Entries for data/versification-map.json: the source's verses whose KJV slot differs. */
  entries: MapEntry[];
  /** The source's verses no table places in a KJV slot (`Ps.151.1`), with why. */
  unplaced: string[];
}

/** `Song of Solomon 2:1` → `Song.2.1` through the canon's names; null for a book it lacks. */
function verseKey(canon: Canon, book: string, chapter: string, verse: string): string | null {
  const osis = canon.resolve(book);
  return osis ? `${osis}.${Number(chapter)}.${Number(verse)}` : null;
}

/** Each system's chapters: OSIS book → the last verse of each chapter (index 0 is chapter 1). */
export function readSystems(canon: Canon, dir = BIBLEDIT_DIR): Map<string, Map<string, number[]>> {
  const folder = path.join(dir, 'versification');
  const systems = new Map<string, Map<string, number[]>>();
  if (!existsSync(folder)) return systems;
  for (const file of readdirSync(folder)
    .filter((f) => f.endsWith('.txt'))
    .sort()) {
    const books = new Map<string, number[]>();
    for (const line of readFileSync(path.join(folder, file), 'utf8').split('\n')) {
      const m = /^(.+?) (\d+):(\d+)\s*$/.exec(line);
      const osis = m && canon.resolve(m[1]!);
      if (!m || !osis) continue;
      const chapters = books.get(osis) ?? [];
      chapters[Number(m[2]) - 1] = Number(m[3]);
      books.set(osis, chapters);
    }
    if (books.size) systems.set(file.replace(/\.txt$/, ''), books);
  }
  return systems;
}

/** The last verse of each chapter of each book, as the source numbers them. */
function shape(ir: VersionIR): Map<string, number[]> {
  return new Map(
    ir.books.map((b) => {
      const last: number[] = [];
      for (const c of b.chapters)
        last[c.chapter - 1] = Math.max(0, ...c.verses.map((v) => v.lastverse ?? v.verse));
      return [b.osis, last];
    }),
  );
}

/**
 * The systems by how many of the source's chapters end where theirs do, closest first. Between
 * equals English comes first (a source that differs from none keeps the KJV's numbering), then
 * Original, then the systems the tables map (a source of a few chapters agrees with several:
 * Malachi's 24 verses in chapter 3 are the Hebrew's, the Vulgate's and the Septuagint's). Only
 * the chapters the source has are compared, so a source of a few chapters is judged on those.
 */
export function detectSystem(
  ir: VersionIR,
  systems: Map<string, Map<string, number[]>>,
  dir = BIBLEDIT_DIR,
): SystemFit[] {
  const rank = (s: string) => (s === ENGLISH ? 0 : s === ORIGINAL ? 1 : hasMapping(s, dir) ? 2 : 3);
  const ours = shape(ir);
  const fits = [...systems].map(([system, books]) => {
    let chapters = 0;
    let agree = 0;
    for (const [osis, last] of ours) {
      const theirs = books.get(osis);
      if (!theirs) continue;
      last.forEach((n, i) => {
        if (n === undefined) return;
        chapters++;
        if (theirs[i] === n) agree++;
      });
    }
    return { system, chapters, agree };
  });
  const score = (f: SystemFit) => (f.chapters ? f.agree / f.chapters : 0);
  return fits.sort(
    (a, b) =>
      score(b) - score(a) || rank(a.system) - rank(b.system) || a.system.localeCompare(b.system),
  );
}

/** A mapping table: the system's verse → the original numbering's verse; null when empty. */
function readMapping(canon: Canon, system: string, dir: string): Map<string, string> | null {
  const file = path.join(dir, 'mapping', `${system}.txt`);
  if (!existsSync(file)) return null;
  const table = new Map<string, string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^(.+?) (\d+):(\d+) = (.+?) (\d+):(\d+)\s*$/.exec(line);
    if (!m) continue;
    const from = verseKey(canon, m[1]!, m[2]!, m[3]!);
    const to = verseKey(canon, m[4]!, m[5]!, m[6]!);
    if (from && to) table.set(from, to);
  }
  return table.size ? table : null;
}

/**
 * The source's verses in the KJV's slots, by the tables of `system` (detectSystem's closest):
 * the entries whose slot differs from the verse's own number, runs of consecutive verses joined
 * (`Ps.9.22-39` → `Ps.10.1-18`).
 */
export function mapToKjv(
  ir: VersionIR,
  system: string,
  canon: Canon,
  dir = BIBLEDIT_DIR,
): VerseMapResult {
  // Original is the tables' own numbering: its verses need no table of their own.
  const own =
    system === ENGLISH
      ? null
      : system === ORIGINAL
        ? new Map<string, string>()
        : readMapping(canon, system, dir);
  const english = readMapping(canon, ENGLISH, dir) ?? new Map<string, string>();
  const tables =
    system === ORIGINAL ? 'mapping/English.txt' : `mapping/${system}.txt and mapping/English.txt`;
  const reason = `${system} numbering, placed by bibledit-cloud-data's ${tables} ${MAP_MARK}`;
  const result: VerseMapResult = {
    system,
    mapped: system === ENGLISH || !!own,
    entries: [],
    unplaced: [],
  };
  if (system === ENGLISH) return result;
  if (!own) {
    // No table: the verses stay in the slots of their own numbers, and each chapter whose end
    // differs from the KJV's is reported (its verses may not be the KJV's of the same number).
    const kjv = readSystems(canon, dir).get(ENGLISH);
    for (const [osis, last] of shape(ir))
      last.forEach((n, i) => {
        const theirs = kjv?.get(osis)?.[i];
        if (n !== undefined && theirs !== n)
          result.unplaced.push(
            `${osis}.${i + 1}: ${system} has ${n} verses, the KJV ${theirs ?? 'no such chapter'}; no table maps them (bibledit-cloud-data's mapping/${system}.txt is empty or missing)`,
          );
      });
    return result;
  }
  // The original numbering back to the KJV's: English.txt read the other way. A verse of the
  // original that English.txt does not name is the KJV verse of the same number, unless that KJV
  // verse is itself mapped elsewhere (then the KJV has no verse there).
  const toKjv = new Map<string, string[]>();
  for (const [kjv, original] of english) {
    // The KJV's Psalm titles are verse 0 in the table; the service keeps them on verse 1.
    const slot = kjv.endsWith('.0') ? kjv.replace(/\.0$/, '.1') : kjv;
    const list = toKjv.get(original) ?? [];
    if (!list.includes(slot)) list.push(slot);
    toKjv.set(original, list);
  }
  const pairs: [string, string[]][] = [];
  for (const b of ir.books)
    for (const c of b.chapters)
      for (const v of c.verses)
        for (let n = v.verse; n <= (v.lastverse ?? v.verse); n++) {
          const id = `${b.osis}.${c.chapter}.${n}`;
          const original = own.get(id) ?? id;
          const slots = toKjv.get(original) ?? (english.has(original) ? [] : [original]);
          if (!slots.length) {
            result.unplaced.push(
              `${id}: ${system} ${id} is ${original} in the original numbering, which the KJV's numbering has no verse for`,
            );
            continue;
          }
          if (slots.length !== 1 || slots[0] !== id) pairs.push([id, slots]);
        }
  result.entries = joinRuns(pairs, reason);
  return result;
}

const parts = (id: string) => {
  const [book, c, v] = id.split('.');
  return { book: book!, chapter: Number(c), verse: Number(v) };
};

/** Consecutive one-to-one pairs within a chapter on both sides joined into one ranged entry. */
function joinRuns(pairs: [string, string[]][], reason: string): MapEntry[] {
  const out: MapEntry[] = [];
  let run: { from: string; to: string; n: number } | null = null;
  const flush = () => {
    if (!run) return;
    const a = parts(run.from);
    const b = parts(run.to);
    out.push({
      from: run.n ? `${run.from}-${a.verse + run.n}` : run.from,
      to: run.n ? `${run.to}-${b.verse + run.n}` : run.to,
      reason,
    });
    run = null;
  };
  for (const [from, slots] of pairs) {
    if (slots.length !== 1) {
      flush();
      out.push({ from, to: slots, reason });
      continue;
    }
    const to = slots[0]!;
    if (run) {
      const a = parts(run.from);
      const b = parts(run.to);
      const f = parts(from);
      const t = parts(to);
      const next =
        f.book === a.book &&
        f.chapter === a.chapter &&
        f.verse === a.verse + run.n + 1 &&
        t.book === b.book &&
        t.chapter === b.chapter &&
        t.verse === b.verse + run.n + 1;
      if (next) {
        run.n++;
        continue;
      }
      flush();
    }
    run = { from, to, n: 0 };
  }
  flush();
  return out;
}
