import { drizzle } from 'drizzle-orm/d1';
import * as schema from './schema';

/** A Drizzle client over the D1 binding. Data modules take this, never the request context. */
export function database(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Database = ReturnType<typeof database>;
