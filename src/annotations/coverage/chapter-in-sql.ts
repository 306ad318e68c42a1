import { fillPlaceholders, sql, type Query, type SQL, type SQLWrapper } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import { versionMapOf, versionsMovingVersesOf } from '../../catalogue/empty-slots';
import type { Database } from '../../db/client';
import type { Page } from '../../http/paging';
import type { BookEntry } from '../../snapshot/types';
import type { ReferenceWindow } from './reference-windows';
import { readerRange, referenceTable, SPAN_KINDS, type ReferenceKind } from '../references';
import { versePosition } from '../../snapshot/verse-positions';

/**
 * A chapter's annotations counted and ordered in SQLite, where no numbering moves a verse: the
 * chapter's version numbers it as the KJV does, its verses run without a gap, and none of the
 * reader's references that can reach it is of a version whose map moves a verse of the book
 * (src/catalogue/empty-slots.ts versionsMovingVersesOf). There a reference covers the chapter's
 * verses its own numbers span, and an annotation's first verse covered is the largest of the
 * chapter's first verse and its references' first: the statement finds how many annotations
 * cover the chapter and which are the page's, in the order the general rule gives (first verse
 * covered, notes before taggings, each kind in id order: src/annotations/coverage/chapter-annotations.ts).
 * The worker then reads the page's annotations alone, instead of indexing every reference of the
 * reader on the chapter (5,000 at the quotas on Ps 119: most of the request's work).
 * Elsewhere, or when the statement meets a reference of a moving version, it answers null and the
 * caller takes the general rule (src/annotations/coverage/coverage-index.ts).
 */

/** How many annotations cover the chapter, and the page's, in order. */
export interface CountedPage {
  total: number;
  keys: { kind: ReferenceKind; id: number }[];
}

/** The statement's answer: references of moving versions met, annotations found, the page's as `kind id` pairs. */
type CountedRow = [moving: number, total: number, page: string | null];

/** The statement's values. */
export interface CountedParams {
  user: number;
  book: string;
  /** The general read's window (its positions): a reference of a moving version in it is met. */
  windowFrom: number;
  windowTo: number;
  /** The chapter's first and last verse as chapter × 1000 + verse. */
  lo: number;
  hi: number;
  /** The versions whose map moves a verse of the book, as a JSON list. */
  moving: string;
  limit: number;
  offset: number;
}

let query: Query | undefined;
const dialect = new SQLiteAsyncDialect();

/** The statement with each value given by `value` (a placeholder, or the value itself for the bench). */
function countedPageSql(value: (name: keyof CountedParams) => SQLWrapper | number | string): SQL {
  const part = (kind: ReferenceKind) => {
    const { refs, parent } = referenceTable(kind);
    return sql`SELECT ${sql.raw(String(SPAN_KINDS.indexOf(kind)))} AS kind, ${parent} AS parent,
        ${refs.spanVersion} AS version, ${refs.startPosition} AS first, ${refs.endPosition} AS last
      FROM ${refs}
      WHERE ${readerRange(kind, value('user'), value('book'), value('windowFrom'), value('windowTo'))}`;
  };
  return sql`WITH refs AS MATERIALIZED (${part('note')} UNION ALL ${part('tagging')}),
    items AS MATERIALIZED (SELECT kind, parent, max(min(first), ${value('lo')}) AS at FROM refs
      WHERE first <= ${value('hi')} AND last >= ${value('lo')} GROUP BY kind, parent)
    SELECT (SELECT count(*) FROM refs WHERE version IN (SELECT value FROM json_each(${value('moving')}))),
      (SELECT count(*) FROM items),
      (SELECT group_concat(kind || ' ' || parent, ' ' ORDER BY at, kind, parent)
        FROM (SELECT kind, parent, at FROM items ORDER BY at, kind, parent LIMIT ${value('limit')} OFFSET ${value('offset')}))`;
}

/** The statement with its values, as the worker runs it (for the bench's share of D1). */
export function countedPageQuery(params: CountedParams): SQL {
  return countedPageSql((name) => params[name]);
}

/** A page of a chapter's annotations asked for: whose, which chapter, and what the general read would read. */
export interface ChapterQuery {
  userId: number;
  book: BookEntry;
  chapter: number;
  /** The chapter's verses in its version. */
  verses: readonly number[];
  /** What the general read would read (src/annotations/coverage/reference-windows.ts chapterWindow). */
  window: ReferenceWindow;
  page: Page;
}

/**
 * Verses of a chapter as SQLite compares them (chapter × 1000 + verse), where their own numbers are
 * their place: none of them moved by the chapter's version's map and no gap among them (`verses`
 * ascending). Then a reference of a version that moves no verse of the book covers the verses its
 * own numbers span; `moving` names the versions that do, whose references the statement must not
 * meet. Null elsewhere: the caller takes the general rule (src/annotations/coverage/coverage-index.ts).
 */
export interface ComparableVerses {
  lo: number;
  hi: number;
  /** The versions whose map moves a verse of the book, as a JSON list. */
  moving: string;
}

export function comparableVerses(
  book: BookEntry,
  chapter: number,
  verses: readonly number[],
): ComparableVerses | null {
  if (!verses.length || verses[verses.length - 1] - verses[0] !== verses.length - 1) return null;
  const map = versionMapOf(book.version);
  if (map.size && verses.some((v) => map.has(`${book.osis}.${chapter}.${v}`))) return null;
  return {
    lo: versePosition(chapter, verses[0]),
    hi: versePosition(chapter, verses[verses.length - 1]),
    moving: JSON.stringify(versionsMovingVersesOf(book.osis)),
  };
}

/**
 * The statement's values for a chapter, or null where its own version's numbering moves a verse
 * of it or its verses have a gap (above).
 */
export function countedParams({
  userId,
  book,
  chapter,
  verses,
  window,
  page,
}: ChapterQuery): CountedParams | null {
  const comparable = comparableVerses(book, chapter, verses);
  if (!comparable) return null;
  return {
    user: userId,
    book: book.osis,
    windowFrom: window.from,
    windowTo: window.to,
    ...comparable,
    limit: page.limit,
    offset: page.offset,
  };
}

/**
 * The chapter's annotations counted and paged in SQLite, or null where a numbering moves a verse
 * (above): then the caller takes the general rule.
 */
export async function countedChapterPage(
  db: Database,
  q: ChapterQuery,
): Promise<CountedPage | null> {
  const params = countedParams(q);
  if (!params) return null;
  // Built once per isolate with placeholders (as references.ts selectReferenceSpans).
  query ??= dialect.sqlToQuery(countedPageSql((name) => sql.placeholder(name)));
  const [row] = await db.$client
    .prepare(query.sql)
    .bind(...fillPlaceholders(query.params, { ...params }))
    .raw<CountedRow>();
  if (!row || row[0] > 0) return null;
  const pairs = row[2] ? row[2].split(' ') : [];
  const keys: CountedPage['keys'] = [];
  for (let i = 0; i < pairs.length; i += 2)
    keys.push({ kind: SPAN_KINDS[Number(pairs[i])], id: Number(pairs[i + 1]) });
  return { total: row[1], keys };
}
