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
