import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * What a text column takes once rendered, at least, computed in SQLite: its UTF-8 bytes, which no
 * renderer shortens (src/render/size.ts renderedTextBytes counts more: 16 for each character a
 * renderer writes longer). So a page of notes cut by that bound (src/http/paging.ts fitPage) never
 * holds a note whose text this leaves unread: a page's text is read only up to its bytes
 * (`fitsBefore` below), where reading every note of a page of long ones (200 of 10,000
 * characters, 2 MB) to render the few it holds was most of the request's CPU (D1 hands its rows to
 * the worker as JSON). Counting the escaped characters too (nine `replace` calls a text) cost
 * SQLite more than it saved, measured on 10,000-character notes.
 */
export function renderedBytesSql(column: SQLWrapper): SQL {
  return sql`length(CAST(${column} AS BLOB))`;
}

/**
 * Whether a row's text begins within `budget` bytes of the page: the rendered bytes (at least) of
 * the rows before it, in the page's order, are fewer than `budget`; so the first row always does.
 * `rows` gives each row of the page (and no other) as `id`, its `bound` and its place `at`.
 */
export function fitsBefore(id: SQLWrapper, rows: SQL, budget: number): SQL {
  // A budget SQLite can take as a number (no Infinity).
  const most = Math.min(budget, Number.MAX_SAFE_INTEGER);
  return sql`${id} IN (SELECT id FROM (SELECT id, sum(bound) OVER (ORDER BY at ROWS UNBOUNDED PRECEDING) - bound AS before FROM (${rows})) WHERE before < ${most})`;
}
