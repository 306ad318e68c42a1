import { findVersion, testamentsOf } from '../catalogue/lookup';
import type { Catalogue } from '../catalogue/store';
import { badRequest, echo } from '../http/errors';
import { TESTAMENTS, type Testament, type VersionEntry } from '../snapshot/types';

/**
 * Version lists and the keyword-search filters (`version`, `language`, `testament`, `book`) as a
 * set of catalogue books (docs/search.md).
 */

/** Comma text as its items, trimmed, the empty ones dropped (`KJV, ASV,`: KJV and ASV). */
export function commaList(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * A comma list of version ids (`KJV,ASV`), `ALL` or nothing = every version; an unknown version
 * is a 404 (docs/search.md: "an unknown version is a 404").
 */
export function selectVersions(cat: Catalogue, value: string | undefined): VersionEntry[] {
  return versionsOf(cat, commaList(value));
}

/** The versions a list of ids names (`ALL` or none: every version), in service order. */
function versionsOf(cat: Catalogue, ids: readonly string[]): VersionEntry[] {
  if (!ids.length || ids.some((id) => id.toUpperCase() === 'ALL')) return cat.versions;
  if (ids.length > 50) throw badRequest('Too many versions');
  const out: VersionEntry[] = [];
  for (const id of ids) {
    const v = findVersion(cat, id);
    if (!out.includes(v)) out.push(v);
  }
  // Service order, whatever order they were asked in.
  return cat.versions.filter((v) => out.includes(v));
}

export interface SearchScope {
  versions: VersionEntry[];
  /** Testaments searched: those the versions have, intersected with the `testament` filter. */
  testaments: Testament[];
  /** Catalogue book indexes to search. */
  books: number[];
  /** True when no filter narrows the search (every book of every version). */
  everything: boolean;
}

/**
 * What a search is narrowed to, as lists: the versions (none: every version), languages,
 * testaments and books (OSIS ids) asked for. A query gives them as comma text (scopeFilters); a
 * caller with lists (the MCP's tools) gives them as they are.
 */
export interface ScopeFilters {
  versions?: readonly string[];
  languages?: readonly string[];
  testaments?: readonly string[];
  books?: readonly string[];
}

/** A query's filters (`version=KJV,ASV&testament=NT`) as lists; one not given stays absent. */
export function scopeFilters(params: {
  version?: string;
  language?: string;
  testament?: string;
  book?: string;
}): ScopeFilters {
  const given = (value: string | undefined) => (value === undefined ? undefined : commaList(value));
  return {
    versions: given(params.version),
    languages: given(params.language),
    testaments: given(params.testament),
    books: given(params.book),
  };
}

/** The filters of a request's query parameters (`version`, `language`, `testament`, `book`). */
export function queryScope(q: (name: string) => string | undefined): ScopeFilters {
  return scopeFilters({
    version: q('version'),
    language: q('language'),
    testament: q('testament'),
    book: q('book'),
  });
}

export function searchScope(cat: Catalogue, filters: ScopeFilters): SearchScope {
  let versions = versionsOf(cat, filters.versions ?? []);
  const languages = (filters.languages ?? []).map((l) => l.toLowerCase());
  if (languages.length) {
    versions = versions.filter((v) => languages.includes(v.lang.toLowerCase()));
    if (!versions.length) throw badRequest(`No version in language ${echo(languages.join(', '))}`);
  }
  // The same reading of `testament` as /versions/{id}/books (src/catalogue/lookup.ts).
  const testaments = [...(testamentsOf(filters.testaments ?? []) ?? [])];
  const bookIds = (filters.books ?? []).map((b) => b.toLowerCase());
  if (bookIds.length > 100) throw badRequest('Too many books');
  for (const b of bookIds) {
    if (!cat.books.some((e) => e.osis.toLowerCase() === b))
      throw badRequest(`Unknown book: ${echo(b)} (use OSIS abbreviations, e.g. John)`);
  }
  const versionIds = new Set(versions.map((v) => v.id));
  const books: number[] = [];
  cat.books.forEach((b, i) => {
    if (!versionIds.has(b.version)) return;
    if (testaments.length && !testaments.includes(b.testament)) return;
    if (bookIds.length && !bookIds.includes(b.osis.toLowerCase())) return;
    books.push(i);
  });
  // The testaments the searched versions have (KJV has no DEUT books), narrowed by the
  // `testament` filter; in OT, NT, DEUT order (the summary must not claim DEUT for KJV).
  const held = new Set(cat.books.filter((b) => versionIds.has(b.version)).map((b) => b.testament));
  return {
    versions,
    testaments: TESTAMENTS.filter(
      (t) => held.has(t) && (!testaments.length || testaments.includes(t)),
    ),
    books,
    everything: books.length === cat.books.length,
  };
}
