import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * A select's rows as one JSON text, `json_group_array(json_object('key', value, …) ORDER BY …)`:
 * the only column of a statement, read back with parseJsonRows. For pages of hundreds of rows (a
 * chapter's annotations at the quotas show 500 notes and 2,000 references): D1 hands each row to
 * the worker as an object built field by field, and Drizzle maps each field again, which cost more
 * than SQLite's own work; JSON.parse builds the same objects natively. SQLite writes integers as
 * JSON numbers, text as strings and NULL as null, the values D1 gives. Keys are property names of
 * the code, never input.
 */
export function jsonRows(fields: Record<string, SQLWrapper>, orderBy: SQL): SQL<string | null> {
  const pairs = Object.entries(fields).map(([key, value]) => sql`'${sql.raw(key)}', ${value}`);
  return sql<
    string | null
  >`json_group_array(json_object(${sql.join(pairs, sql`, `)}) ORDER BY ${orderBy})`;
}

/** The rows a statement selecting jsonRows as `json` read (none when it read none). */
export function parseJsonRows<T>(rows: readonly { json: string | null }[]): T[] {
  const text = rows[0]?.json;
  return text ? (JSON.parse(text) as T[]) : [];
}
