import { Hono } from 'hono';
import { exportDoc, validateImport, writeImport } from '../annotations/transfer';
import type { AppEnv } from '../env';
import { readBody } from '../http/body';
import { respond } from './respond';
import { db, lazyCatalogue } from './personal';

/**
 * GET /user/export.{xml,js} and POST /user/import.{xml,js} (docs/annotations.md
 * "Export and import"): the caller's tags, taggings and notes as one document, and that document
 * read back. The import is the one route with the larger body limit (MAX_IMPORT_BYTES).
 */
export const userExport = new Hono<AppEnv>();
export const userImport = new Hono<AppEnv>();

userExport.get('/', async (c) => respond(c, 'export', await exportDoc(db(c), c.get('user').id)));

/** 200 and a summary (`import` root: taggings_added, taggings_skipped, notes_added, notes_skipped). */
userImport.post('/', async (c) => {
  const body = await readBody(c);
  const database = db(c);
  const items = await validateImport(database, c.get('user').id, body, lazyCatalogue(c));
  const summary = await writeImport(database, c.get('user').id, items);
  return respond(c, 'import', { ...summary });
});
