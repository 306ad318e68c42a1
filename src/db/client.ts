import { drizzle } from 'drizzle-orm/d1';

/**
 * A Drizzle client over the D1 binding. Data modules take this, never the request context.
 * No `schema` is passed: nothing uses the relational `db.query` API, and building a client with
 * one costs ~11 µs per construction (one per authenticated request that misses the token cache).
 */
export function database(d1: D1Database) {
  return drizzle(d1);
}

export type Database = ReturnType<typeof database>;

/** A query builder's statement (anything Drizzle can write out as SQL and parameters). */
export interface BuiltQuery {
  toSQL(): { sql: string; params: unknown[] };
}

/**
 * A query builder's statement bound on the D1 client itself, to run in a batch of such statements
 * (the import's, whose SQL is built once per isolate: src/annotations/personal/identity.ts importStatements).
 */
export function boundStatement(db: Database, query: BuiltQuery): D1PreparedStatement {
  const { sql, params } = query.toSQL();
  return db.$client.prepare(sql).bind(...params);
}

/** Statements (src/db/shards.ts `Statement`) run as one batch on a Drizzle client's D1; the rows of each. */
export async function runStatements(
  db: Database,
  statements: { sql: string; params: unknown[] }[],
): Promise<Record<string, unknown>[][]> {
  if (!statements.length) return [];
  const results = await db.$client.batch(
    statements.map((s) => db.$client.prepare(s.sql).bind(...s.params)),
  );
  return results.map((r) => (r.results ?? []) as Record<string, unknown>[]);
}
