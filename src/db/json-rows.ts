import { sql, type Column, type GetColumnData, type SQL } from 'drizzle-orm';

/**
 * A select's rows as one JSON text, `json_group_array(json_object('key', value, …) ORDER BY …)`:
 * the only column of a statement, read back with parseJsonRows. For pages of hundreds of rows (a
 * chapter's annotations at the quotas show 500 notes and 2,000 references): D1 hands each row to
 * the worker as an object built field by field, and Drizzle maps each field again, which cost more
 * than SQLite's own work; JSON.parse builds the same objects natively. SQLite writes integers as
 * JSON numbers, text as strings and NULL as null, the values D1 gives. Keys are property names of
 * the code, never input.
 *
 * The rows' type comes from the columns that build them (JsonRow), carried by the text's type
 * (JsonRowsText) to parseJsonRows: no type is written twice, and a column added, removed or
 * changed changes the type of what is read.
 */

/**
 * The fields of a JSON row: columns whose values JSON carries as D1 gives them (integers and text;
 * a column of another kind, a boolean or a date, would arrive as a number and is refused here).
 */
export type JsonFields = Record<string, Column & { _: { dataType: 'number' | 'string' } }>;

/** A row of jsonRows(fields), as parseJsonRows reads it: each column's value, null where it may be. */
export type JsonRow<F extends JsonFields> = { [K in keyof F]: GetColumnData<F[K]> };

declare const rowsType: unique symbol;

/** The JSON text of rows of type `T`: a string whose type remembers what it holds. */
export type JsonRowsText<T> = string & { readonly [rowsType]?: T };

/** What jsonRows(fields) selects: the text of the rows, null when there are none. */
type JsonRowsOf<F extends JsonFields> = JsonRowsText<JsonRow<F>> | null;

export function jsonRows<F extends JsonFields>(fields: F, orderBy: SQL): SQL<JsonRowsOf<F>> {
  const pairs = Object.entries(fields).map(([key, value]) => sql`'${sql.raw(key)}', ${value}`);
  const objects = sql.join(pairs, sql`, `);
  return sql<JsonRowsOf<F>>`json_group_array(json_object(${objects}) ORDER BY ${orderBy})`;
}

/** The rows a statement selecting jsonRows as `json` read (none when it read none). */
export function parseJsonRows<T>(rows: readonly { json: JsonRowsText<T> | null }[]): T[] {
  const text = rows[0]?.json;
  return text ? (JSON.parse(text) as T[]) : [];
}
