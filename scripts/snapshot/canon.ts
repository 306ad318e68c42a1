/**
 * The canon table (data/canon.json): every book the service knows, its markup number, testament
 * and group. Importers map source book names to OSIS ids only through this table.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BookGroupEntry, Testament } from '../../src/snapshot/types';
import { DATA_DIR } from './paths';
import { dataFile } from './data-files';

export interface CanonBook {
  osis: string;
  name: string;
  testament: Testament;
  group: string;
  number: number;
  /** USFM 3 code (`GEN`, `JHN`); absent for a book USFM has no code of its own (the Additions to Esther). */
  usfm?: string;
  aliases: string[];
}

export interface Canon {
  groups: BookGroupEntry[];
  books: CanonBook[];
  /** Book by OSIS id. */
  byOsis: Map<string, CanonBook>;
  /** Book by its 66-book markup number (1-66 only; deuterocanonical numbers are this table's own). */
  byNumber: Map<number, CanonBook>;
  /** OSIS id for an OSIS id, name, USFM code or alias (case-insensitive); undefined when unknown. */
  resolve(nameOrId: string): string | undefined;
  /** Position of a book in canonical order (0-based). */
  position(osis: string): number;
  /**
   * A book's name in a language: data/book-names.json when it lists the language (and then it
   * must list the book), else the canon table's English name.
   */
  nameIn(lang: string, osis: string): string;
  /**
   * The book's other names and abbreviations in a language (data/book-names.json `otherNames`:
   * what a source added by version:add calls it in \h, \toc1, \toc3), which references may use.
   */
  otherNamesIn(lang: string, osis: string): string[];
}

let cached: Canon | undefined;
/** Joined once: the readers ask for the canon once per reference, in loops of hundreds of thousands. */
const CANON_FILE = dataFile(DATA_DIR, 'canon');

export function loadCanon(file = CANON_FILE): Canon {
  if (cached && file === CANON_FILE) return cached;
  const raw = JSON.parse(readFileSync(file, 'utf8')) as {
    groups: BookGroupEntry[];
    books: CanonBook[];
  };
  const byOsis = new Map<string, CanonBook>();
  const byNumber = new Map<number, CanonBook>();
  const names = new Map<string, string>();
  const positions = new Map<string, number>();
  raw.books.forEach((b, i) => {
    if (byOsis.has(b.osis)) throw new Error(`canon.json: duplicate osis id ${b.osis}`);
    byOsis.set(b.osis, b);
    byNumber.set(b.number, b);
    positions.set(b.osis, i);
    for (const n of [b.osis, b.name, ...(b.usfm ? [b.usfm] : []), ...(b.aliases ?? [])]) {
      const k = n.toLowerCase();
      const prev = names.get(k);
      if (prev && prev !== b.osis)
        throw new Error(`canon.json: name "${n}" maps to both ${prev} and ${b.osis}`);
      names.set(k, b.osis);
    }
  });
  for (const b of raw.books) {
    if (!raw.groups.some((g) => g.abbr === b.group))
      throw new Error(`canon.json: ${b.osis} has unknown group ${b.group}`);
  }
  const namesFile = JSON.parse(readFileSync(dataFile(path.dirname(file), 'bookNames'), 'utf8')) as {
    languages: Record<string, Record<string, string>>;
    otherNames?: Record<string, Record<string, string[]>>;
  };
  const localNames = namesFile.languages;
  const otherNames = namesFile.otherNames ?? {};
  for (const [lang, table] of [...Object.entries(localNames), ...Object.entries(otherNames)]) {
    for (const osis of Object.keys(table))
      if (!byOsis.has(osis)) throw new Error(`book-names.json: ${lang} names unknown book ${osis}`);
  }
  const canon: Canon = {
    groups: raw.groups,
    books: raw.books,
    byOsis,
    byNumber,
    resolve: (n) => names.get(n.trim().toLowerCase()),
    position: (osis) => positions.get(osis) ?? -1,
    nameIn(lang, osis) {
      const table = localNames[lang];
      if (!table) return byOsis.get(osis)?.name ?? osis;
      const name = table[osis];
      if (!name) throw new Error(`book-names.json: no ${lang} name for ${osis}`);
      return name;
    },
    otherNamesIn: (lang, osis) => otherNames[lang]?.[osis] ?? [],
  };
  if (file === CANON_FILE) cached = canon;
  return canon;
}

export function groupId(canon: Canon, book: CanonBook): number {
  const g = canon.groups.find((x) => x.abbr === book.group);
  if (!g) throw new Error(`unknown group ${book.group}`);
  return g.id;
}
