import type { Context } from 'hono';
import { parseId } from '../annotations/personal/input';
import { loadCatalogue, type Catalogue } from '../catalogue/store';
import type { Database } from '../db/client';
import { directoryDatabase, requestDatabase } from '../db/session';
import { findTag } from '../annotations/personal/tag-names';
import type { FindTag } from '../annotations/personal/tag-choice';
import type { ShardDb } from '../annotations/public/across-shards';
import type { AppEnv } from '../env';
import { notFound, PreconditionFailed } from '../http/errors';
import { StaleRevision } from '../annotations/sync/guards';
import {
  fitPage,
  LIST_PAGE,
  pageSummary,
  requestedPage,
  type Page,
  type PageBounds,
  type Paged,
} from '../http/paging';
import type { DocNode } from '../render/document';

/**
 * Shared pieces of the personal routes (account, tags, taggings, notes); their guard (v1 only,
 * never cached) is src/middleware/personal.ts.
 */

/**
 * The caller's database (the one holding its account: docs/scale.md) through the request's
 * session: reads near the caller, writes at the primary (src/db/session.ts).
 */
export function db(c: Context<AppEnv>): Database {
  return requestDatabase(c);
}

/** The caller's database with its binding's name (src/annotations/public/across-shards.ts ShardDb). */
export function ownShard(c: Context<AppEnv>): ShardDb {
  return { shard: c.get('account')!.shard, db: db(c) };
}

/** The directory (which database holds each account, the shared tag names: docs/scale.md). */
export function directory(c: Context<AppEnv>): Database {
  return directoryDatabase(c);
}

/** The tags the caller may see, by id or name, in every database (src/annotations/personal/tag-names.ts). */
export function tagFinder(c: Context<AppEnv>): FindTag {
  return (key) => findTag(db(c), directory(c), c.get('user').id, key);
}

/**
 * A tag name from the last path segment, decoded as form data (docs/annotations.md
 * "Tag names in paths"): the official v1 client PHP-`urlencode`s names, so `+` is a space, `%2B`
 * a plus sign and `%20` a space. Hono decodes params as URI components, which leaves `+` alone,
 * so the raw segment of the route path is decoded here. A malformed escape names no tag: 404.
 */
export function tagNameParam(c: Context<AppEnv>): string {
  // The route path (the app's getPath: no version prefix, no suffix).
  const path = c.req.path;
  const raw = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    throw notFound(`No such tag: ${raw.slice(0, 40)} (malformed URL encoding)`);
  }
}

/** A numeric id from the path's parameter `param`; malformed or out-of-range ids are a 404, never a 500. */
export function pathId(c: Context<AppEnv>, param: string, what: string): number {
  const raw = c.req.param(param);
  const id = parseId(raw);
  if (id === null) throw notFound(`No such ${what}: ${raw?.slice(0, 40)}`);
  return id;
}

/**
 * `Location` of a created resource: the canonical path with the request's own suffix
 * (`/taggings/7.xml`, `/notes/3.js`), without a version prefix since version 1 is the default
 * (docs/annotations.md "Location").
 */
export function location(c: Context<AppEnv>, path: string): string {
  return `${path}.${c.get('format')}`;
}

/** The page a list request asks for (`offset`, `limit`; src/http/paging.ts), within `bounds`. */
export function listPage(c: Context<AppEnv>, bounds: PageBounds = LIST_PAGE): Page {
  return requestedPage((name) => c.req.query(name), bounds);
}

/**
 * A paged list's document: the items under `item`, then `summary` (start, total, rpp) as the
 * keyword search gives it, so a client knows whether to ask for `offset = start - 1 + rpp`.
 * With `bytes` (an upper bound of an item's rendered size), the page holds only the items that
 * fit `budget` (PAGE_BYTES unless said), and `rpp` says how many (src/http/paging.ts fitPage).
 */
export function listDoc<T>(
  item: string,
  page: Page,
  list: Paged<T>,
  render: (row: T) => DocNode,
  bytes?: (row: T) => number,
  budget?: number,
): DocNode {
  const fitted = bytes ? fitPage(page, list, bytes, budget) : { page, list };
  return { [item]: fitted.list.items.map(render), summary: pageSummary(fitted.page, list.total) };
}

/**
 * A write under an If-Match: when the revision it names is no longer the current one, the 412 with
 * the item as it is now (`answer` renders it in the request's format; docs/sync.md).
 */
export async function unlessStale<T, C>(
  write: Promise<T>,
  answer: (current: C) => Response | Promise<Response>,
): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (err instanceof StaleRevision) throw new PreconditionFailed(await answer(err.current as C));
    throw err;
  }
}

/** The catalogue, loaded only when a body has references to check. */
export function lazyCatalogue(c: Context<AppEnv>): () => Promise<Catalogue> {
  return () => loadCatalogue(c.get('snapshot'));
}
