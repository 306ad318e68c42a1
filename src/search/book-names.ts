import { findBook, versionOf, type Catalogue } from '../catalogue/store';
import type { BookEntry, VersionEntry } from '../snapshot/types';
import { bookOfName, hasParserData, type BookNamesByLanguage } from './references';

/**
 * A version's books by its own names and abbreviations, for ids written with them
 * (`RV1909:Juan.3`, `RV1909:1Co.13`, `KJV:Genesis.1`): the app redirects such an id to the
 * canonical one (src/routes/canonical-ids.ts). Only an unknown book code comes here, so the
 * reference parser costs nothing on the ids that are right.
 */

/** Longest name looked up: a book's name is a few words (`Cantar de los Cantares`). */
const MAX_NAME = 40;

/** A name as compared: no accents, no spaces, hyphens or underscores, lower case (`1corintios`). */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\s_-]+/g, '')
    .toLowerCase();

/**
 * The book of `version` that `text` names in the version's own terms: its name in the catalogue
 * (`Juan`, `1 Corintios` or `1Corintios`, with or without accents: `Genesis` for `Génesis`), else a
 * name or abbreviation the reference parser reads in the version's language (`Jn`, `1Co`, `Gn`
 * for the RV1909; `Jn`, `Psalm` for the English versions). Undefined when it names none, or a
 * book the version lacks.
 */
export function bookByName(
  cat: Catalogue,
  version: VersionEntry,
  text: string,
): BookEntry | undefined {
  if (!text || text.length > MAX_NAME) return undefined;
  const folded = fold(text);
  const named = cat.books.find((b) => b.version === version.id && fold(b.name) === folded);
  if (named) return named;
  const osis = bookOfName(text, version.lang, bookNamesOf(cat)[version.lang]);
  const index = osis === null ? undefined : findBook(cat, version.id, osis);
  return index === undefined ? undefined : cat.books[index];
}

const namesOfCatalogue = new WeakMap<Catalogue, BookNamesByLanguage>();

/**
 * The book names of the catalogue's languages as data for the reference parser
 * (src/search/references.ts BookNames): each book's name in the versions of a language and its
 * `otherNames` (the \h, \toc1-3 of a source added by version:add). Only for a language the
 * parser has no data for, or whose books have other names, and only the names English does not
 * already give (the WLC's and the TR's books have the English names): made once per catalogue.
 */
export function bookNamesOf(cat: Catalogue): BookNamesByLanguage {
  const known = namesOfCatalogue.get(cat);
  if (known) return known;
  const tables: Record<string, Record<string, string[]>> = {};
  const langOf = (b: BookEntry) => versionOf(cat, b).lang;
  const english = new Set(cat.books.filter((b) => langOf(b) === 'eng').map((b) => b.name));
  for (const b of cat.books) {
    const lang = langOf(b);
    if (!lang || (hasParserData(lang) && !b.otherNames)) continue;
    if (!b.otherNames && english.has(b.name)) continue;
    const names = ((tables[lang] ??= {})[b.osis] ??= []);
    for (const n of [b.name, ...(b.otherNames ?? [])]) if (!names.includes(n)) names.push(n);
  }
  const byLanguage: BookNamesByLanguage = Object.fromEntries(
    Object.entries(tables).map(([lang, books]) => [lang, { key: cat.value.snapshotId, books }]),
  );
  namesOfCatalogue.set(cat, byLanguage);
  return byLanguage;
}
