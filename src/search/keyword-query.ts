import { badRequest } from '../http/errors';
import { words } from '../snapshot/search-text';
import type { Stemmer } from '../snapshot/stemmers';

/**
 * The `keyword` (and `exclude`) parameter as search clauses (docs/search.md): each bare
 * word is a clause, a quoted phrase (`"love one another"`) is one clause whose words must follow
 * each other. Words are normalized by the shared tokenizer (src/snapshot/search-text.ts); stems
 * depend on the language searched, so clauses are parsed once with `stem` = `form` and stemmed per
 * language by `stemClauses` (src/snapshot/stemmers.ts).
 */

export interface QueryTerm {
  /**
   * Form as typed (`loved`, `amó`: lower case, accents kept): documents holding exactly this form
   * rank first, then those holding it with other accents (`amo`), then other forms of the stem.
   */
  form: string;
  /** Folded term (`amo`): what the stem is made from, so matching ignores accents. */
  term: string;
  /** Stem in the language searched; equal to `term` until `stemClauses`. */
  stem: string;
}

export interface Clause {
  terms: QueryTerm[];
}

/** Longest keyword accepted; a longer one is a 400 (docs/search.md: a 5,000-character query is no 5xx). */
export const MAX_KEYWORD_LENGTH = 500;
/** Most clauses (words and phrases) per query. */
export const MAX_CLAUSES = 16;

const QUOTED = /["“”„]([^"“”„]*)["“”„]?/g;

function termsOf(text: string): QueryTerm[] {
  return words(text).map((w) => ({ form: w.form, term: w.term, stem: w.term }));
}

/** Clauses of a query string; duplicates removed. */
export function parseClauses(text: string): Clause[] {
  const clauses: Clause[] = [];
  const rest = text.replace(QUOTED, (_, phrase: string) => {
    const terms = termsOf(phrase);
    if (terms.length) clauses.push({ terms });
    return ' ';
  });
  for (const t of termsOf(rest)) clauses.push({ terms: [t] });
  const seen = new Set<string>();
  return clauses.filter((c) => {
    const key = c.terms.map((t) => t.form).join(' ');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The keyword clauses, or a 400 when the parameter is missing, empty, too long or wordless. */
export function keywordClauses(keyword: string | undefined): Clause[] {
  if (keyword === undefined || keyword.trim() === '')
    throw badRequest('keyword is required: give the words to search for, e.g. ?keyword=love');
  if (keyword.length > MAX_KEYWORD_LENGTH)
    throw badRequest(`keyword is too long (at most ${MAX_KEYWORD_LENGTH} characters)`);
  const clauses = parseClauses(keyword);
  if (!clauses.length) throw badRequest('keyword has no searchable words (letters or digits)');
  if (clauses.length > MAX_CLAUSES)
    throw badRequest(`keyword has too many words (at most ${MAX_CLAUSES} words or phrases)`);
  return clauses;
}

/** Folded terms of the `exclude` parameter (documents holding any of their stems are left out). */
export function excludeForms(exclude: string | undefined): string[] {
  if (exclude === undefined || exclude.trim() === '') return [];
  if (exclude.length > MAX_KEYWORD_LENGTH)
    throw badRequest(`exclude is too long (at most ${MAX_KEYWORD_LENGTH} characters)`);
  const forms = [...new Set(termsOf(exclude).map((t) => t.term))];
  if (forms.length > MAX_CLAUSES)
    throw badRequest(`exclude has too many words (at most ${MAX_CLAUSES})`);
  return forms;
}

/** The clauses with every term stemmed in one language. */
export function stemClauses(clauses: Clause[], stemmer: Stemmer): Clause[] {
  return clauses.map((c) => ({ terms: c.terms.map((t) => ({ ...t, stem: stemmer(t.term) })) }));
}
