/**
 * The word-study lexicon, read from the Debian package bibledit-cloud-data: Strong's
 * Hebrew and Greek entries, each with the fuller entries linked to its number (BDB for Hebrew,
 * Abbott-Smith for Greek), the sources with their licenses, and the numbers Strong never
 * assigned. Each source has its own reader in this folder; this module only merges them.
 */
import { cachedReading } from '../../readings-cache';
import type { LexiconEntry } from '../types';
import { readAbbottSmith } from './abbott-smith';
import { readBdb } from './bdb';
import { lexiconSources, type LexiconSource } from './licenses';
import { readStrongsGreek } from './strongs-greek';
import { readStrongsHebrew } from './strongs-hebrew';

export { lexiconSourcesDir, lexiconSourcesInstalled } from './dir';
export type { LexiconSource } from './licenses';

/** The ranges of Strong's numbering. */
export const STRONGS_RANGES = { H: 8674, G: 5624 } as const;

export interface Lexicon {
  /** `H1` … `H8674`, `G1` … `G5624` (less the gaps) → entry, Hebrew first, in number order. */
  entries: Map<string, LexiconEntry>;
  sources: LexiconSource[];
  /** Numbers in the ranges with no entry (Strong's Greek skips G2717 and G3203-G3302). */
  gaps: string[];
  /** What the merge did, for the report (scripts/snapshot/study/lexicons/report.ts). */
  stats: {
    /** Numbers with at least one fuller entry. */
    withBdb: number;
    withAbbottSmith: number;
    /** Fuller entries cut at the HTML size cap. */
    truncated: { bdb: number; abbottSmith: number };
    /** Scripture references linked into the KJV, or left as text. */
    refs: {
      bdb: { linked: number; unlinked: number };
      abbottSmith: { linked: number; unlinked: number };
    };
    /** Fuller entries linked to a number Strong's has no entry for (none expected). */
    orphans: string[];
  };
}

/** Reads and merges the lexicon sources (about 3 s; once per change of the build code, ../../readings-cache.ts). */
export function readLexicon(): Lexicon {
  return cachedReading('lexicon', parseLexicon);
}

function parseLexicon(): Lexicon {
  const hebrew = readStrongsHebrew();
  const greek = readStrongsGreek();
  const bdb = readBdb();
  const abbottSmith = readAbbottSmith();
  const entries = new Map<string, LexiconEntry>();
  const orphans: string[] = [];
  for (const [base, fullers] of [
    [hebrew, bdb.byStrongs],
    [greek.entries, abbottSmith.byStrongs],
  ] as const) {
    for (const [number, entry] of base) {
      const fuller = fullers.get(number);
      entries.set(number, fuller?.length ? { ...entry, fuller } : entry);
    }
    for (const number of fullers.keys()) if (!base.has(number)) orphans.push(number);
  }
  const gaps: string[] = [];
  for (const [prefix, last] of Object.entries(STRONGS_RANGES)) {
    for (let n = 1; n <= last; n++) if (!entries.has(`${prefix}${n}`)) gaps.push(`${prefix}${n}`);
  }
  return {
    entries,
    sources: lexiconSources(),
    gaps,
    stats: {
      withBdb: [...hebrew.keys()].filter((n) => bdb.byStrongs.has(n)).length,
      withAbbottSmith: [...greek.entries.keys()].filter((n) => abbottSmith.byStrongs.has(n)).length,
      truncated: { bdb: bdb.truncated, abbottSmith: abbottSmith.truncated },
      refs: { bdb: bdb.refs, abbottSmith: abbottSmith.refs },
      orphans,
    },
  };
}
