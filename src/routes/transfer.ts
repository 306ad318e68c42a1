import { Hono } from 'hono';
import { exportDoc, validateImport, writeImport } from '../annotations/personal/transfer';
import type { AppEnv } from '../env';
import { declaredBodyLimit, readBody, readLimited } from '../http/body';
import { importCounts } from '../api/limits';
import { enforceRateLimit } from '../http/rate-limits';
import { respond } from './respond';
import { db, directory, lazyCatalogue, tagFinder } from './personal';
import { tagIdsOfNames } from '../annotations/personal/tag-names';
import { writeConditions } from '../middleware/idempotency';

/**
 * GET /user/export.{xml,js} and POST /user/import.{xml,js} (docs/annotations.md
 * "Export and import"): the caller's tags, taggings and notes as one document, and that document
 * read back. The import is the one route with the larger body limit (MAX_IMPORT_BYTES). Both are
 * the account's whole data in one document, the costliest requests there are, and count against
 * the transfer rate limit (wrangler.toml TRANSFER_LIMITER; docs/annotations.md).
 */
export const userExport = new Hono<AppEnv>();
export const userImport = new Hono<AppEnv>();

userExport.get('/', async (c) => respond(c, 'export', await exportDoc(db(c), c.get('user').id)));

/**
 * 200 and a summary (`import` root: taggings_added, taggings_skipped, notes_added, notes_skipped).
 * An import counts as a write (the table's limiter) and against the transfer limit it shares with
 * the export (src/api/table.ts): once before its body is read, then by the body's size
 * (src/api/limits.ts importCounts), since its CPU grows with what it holds.
 */
userImport.post('/', async (c) => {
  await enforceRateLimit(c, 'transfer');
  const bytes = c.get('bodyBytes') ?? (await readLimited(c.req.raw, declaredBodyLimit(c)));
  c.set('bodyBytes', bytes);
  for (let n = 1; n < importCounts(bytes.byteLength); n++) await enforceRateLimit(c, 'transfer');
  const body = await readBody(c);
  const database = db(c);
  const items = await validateImport(tagFinder(c), body, lazyCatalogue(c));
  const now = Date.now();
  const tagIds = await tagIdsOfNames(
    database,
    directory(c),
    items.taggings.map((t) => t.tagName),
    now,
  );
  const summary = await writeImport(
    database,
    c.get('user').id,
    items,
    tagIds,
    now,
    writeConditions(c),
  );
  return respond(c, 'import', { ...summary });
});
