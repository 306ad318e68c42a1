/**
 * Hebrew Bible verse numbers → KJV verse numbers. BDB cites the Hebrew text in its own numbering
 * (`Nu 17:27`, `ψ 51:3`), which differs from the KJV's in some 2,000 verses (chapter boundaries
 * such as Num 17 / 16:36ff., Joel 3 / 2:28ff., and the Psalm titles counted as verses). Bibledit
 * ships the table in the same Debian package (mapping/English.txt: `Numbers 16:36 = Numbers 17:1`,
 * English left, Hebrew right; a Psalm title is English verse 0), so the links go to the KJV verse
 * that holds the cited text.
 */
import { existsSync, readFileSync } from 'node:fs';
import { loadCanon } from '../../canon';
import { lexiconFile } from './dir';

/** A KJV verse (verse 0: a Psalm's title, which the KJV does not number). */
export interface KjvSlot {
  book: string;
  chapter: number;
  verse: number;
}

export type HebrewToKjv = (book: string, chapter: number, verse: number) => KjvSlot;

const identity: HebrewToKjv = (book, chapter, verse) => ({ book, chapter, verse });

/**
 * Reads the mapping (Hebrew verse → the first English verse that lists it). Without the file
 * (another sources folder) numbers pass through unchanged; `found` says which.
 */
export function readHebrewToKjv(file = lexiconFile('englishMapping')): {
  map: HebrewToKjv;
  found: boolean;
  pairs: number;
} {
  if (!existsSync(file)) return { map: identity, found: false, pairs: 0 };
  const canon = loadCanon();
  const table = new Map<string, KjvSlot>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^(.+?) (\d+):(\d+) = (.+?) (\d+):(\d+)\s*$/.exec(line);
    if (!m) continue;
    const english = canon.resolve(m[1]!);
    const hebrew = canon.resolve(m[4]!);
    if (!english || !hebrew) throw new Error(`${file}: unknown book in "${line}"`);
    // Only the Old Testament: the one New Testament line (Acts 19:41) is about the Greek text.
    if (canon.byOsis.get(hebrew)?.testament !== 'OT') continue;
    const key = `${hebrew}.${m[5]}.${m[6]}`;
    if (!table.has(key))
      table.set(key, { book: english, chapter: Number(m[2]), verse: Number(m[3]) });
  }
  return {
    map: (book, chapter, verse) =>
      table.get(`${book}.${chapter}.${verse}`) ?? { book, chapter, verse },
    found: true,
    pairs: table.size,
  };
}
