import { Hono } from 'hono';
import { changeBytes, changeDoc } from '../annotations/documents';
import { decodeCursor, readChanges } from '../annotations/sync/changes';
import type { AppEnv } from '../env';
import { PAGE_BYTES, TEXT_LIST_PAGE, wholeNumber } from '../http/paging';
import { respond } from './respond';
import { db } from './personal';

/**
 * GET /user/changes.{xml,js} (docs/sync.md "The changes feed"): the caller's notes, taggings and
 * tags changed since `since` (a cursor a page gave), in commit order, deletions as tombstones;
 * `cursor` for the next request and `more` while changes remain. A page holds at most `limit`
 * changes (100 by default, at most 200, as the notes list) and no more than PAGE_BYTES of them.
 */
export const userChanges = new Hono<AppEnv>();

userChanges.get('/', async (c) => {
  const userId = c.get('user').id;
  const since = c.req.query('since');
  const limit = Math.min(
    wholeNumber(c.req.query('limit'), 'limit', TEXT_LIST_PAGE.fallback, 1),
    TEXT_LIST_PAGE.max,
  );
  const page = await readChanges(db(c), userId, {
    since: since === undefined || since === '' ? null : decodeCursor(since, userId),
    limit,
    bytes: changeBytes,
    budget: PAGE_BYTES,
  });
  return respond(c, 'changes', {
    change: page.changes.map(changeDoc),
    cursor: page.cursor,
    more: page.more ? 1 : 0,
  });
});
