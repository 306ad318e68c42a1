import type { Context } from 'hono';
import { readsOthersPath } from '../api/table';
import type { AppEnv } from '../env';
import { badRequest } from '../http/errors';
import { database, type Database } from './client';

/**
 * One D1 session per request (docs/configuration.md "Read replication (D1 Sessions)"; docs/http.md
 * "X-D1-Bookmark"). With read replication turned on for the database, D1 serves a session's
 * queries from a replica near the caller; a bookmark names a point in the database's history, and
 * a session that starts from one only reads a copy at least that new.
 *
 * - Reads (GET, HEAD) start where the client's `X-D1-Bookmark` says, or anywhere
 *   (`first-unconstrained`: the nearest replica) without one.
 * - Writes start at the primary (`first-primary`): what they check and change is the latest, and
 *   the bookmark they return covers the write, so a read that sends it back sees it.
 * - So do reads of what other accounts write (public notes, the moderation queue: the table's
 *   `readsOthers`): the reader holds no bookmark of the author's withdrawal, and a withdrawn note
 *   must be gone from the next answer (docs/public-notes.md "Caching and freshness").
 * - Every D1 query of the request, the token check included, goes through this one session, so
 *   one request never reads an older state after a newer one.
 *
 * Without replication (and under `wrangler dev` and the tests, where there is one database) every
 * session is served by the primary: same answers, same headers.
 */
export const BOOKMARK_HEADER = 'X-D1-Bookmark';

/**
 * What a bookmark may look like. D1 documents it as an opaque string; the ones it returns (local
 * and remote) are dash-separated hex fields (`00000007-00000003-00004fe1-<hash>`). Checking the
 * shape turns a mangled header into a 400 instead of a database error (never a 500).
 */
const BOOKMARK_SHAPE = /^[0-9a-f]{1,64}(?:-[0-9a-f]{1,64}){1,7}$/i;
const MAX_BOOKMARK_LENGTH = 256;

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/** The client's bookmark for a read; null when absent. A malformed one is a 400. */
export function requestBookmark(c: Context<AppEnv>): string | null {
  const raw = c.req.header(BOOKMARK_HEADER)?.trim();
  if (!raw) return null;
  if (raw.length > MAX_BOOKMARK_LENGTH || !BOOKMARK_SHAPE.test(raw)) {
    throw badRequest(
      `Malformed ${BOOKMARK_HEADER} header: send back the value of a previous response's ${BOOKMARK_HEADER}, unchanged`,
    );
  }
  return raw;
}

/** The request's D1 session, opened on first use (reads near the caller, writes at the primary). */
export function requestSession(c: Context<AppEnv>): D1DatabaseSession {
  let session = c.get('d1Session');
  if (!session) {
    const start =
      isRead(c.req.method) && !readsOthersPath(c.req.path)
        ? (requestBookmark(c) ?? 'first-unconstrained')
        : 'first-primary';
    session = c.env.DB.withSession(start);
    c.set('d1Session', session);
  }
  return session;
}

/**
 * Drizzle over the request's session. Drizzle's D1 driver only calls `prepare` and `batch`, which
 * a session has with the same signatures as the database.
 */
export function requestDatabase(c: Context<AppEnv>): Database {
  return database(requestSession(c) as unknown as D1Database);
}

/**
 * The bookmark to return: where the request's session ended, when it reached D1. Only on
 * responses that are not publicly cacheable (personal content and private pages): a bookmark
 * belongs to one caller's view, never to a shared cache's copy of scripture.
 */
export function responseBookmark(c: Context<AppEnv>): string | null {
  const session = c.get('d1Session');
  if (!session) return null;
  if (/\bpublic\b/.test(c.res.headers.get('Cache-Control') ?? '')) return null;
  return session.getBookmark();
}
