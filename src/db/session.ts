import type { Context } from 'hono';
import { readsOthersPath } from '../api/table';
import type { AppEnv } from '../env';
import { badRequest } from '../http/errors';
import { database, type Database } from './client';
import { DIRECTORY, shardBinding, shardNames } from './shards';

/**
 * One D1 session per database a request reaches (docs/configuration.md "Read replication (D1
 * Sessions)"; docs/http.md "X-D1-Bookmark"). With read replication turned on for a database, D1
 * serves a session's queries from a replica near the caller; a bookmark names a point in that
 * database's history, and a session that starts from one only reads a copy at least that new.
 *
 * - The caller's own database (the one holding its account, src/db/shards.ts): reads (GET, HEAD)
 *   start where the client's `X-D1-Bookmark` says, or anywhere (`first-unconstrained`: the
 *   nearest replica) without one. Writes start at the primary (`first-primary`): what they check
 *   and change is the latest, and the bookmark they return covers the write, so a read that
 *   sends it back sees it. Every query of the request on that database, the token check
 *   included, goes through this one session, so one request never reads an older state after a
 *   newer one.
 * - Reads of what other accounts write (public notes, the moderation queue: the table's
 *   `readsOthers`), and every other database a request reaches (the fan-out of public notes, a
 *   report of a note in another database), start at the primary: the reader holds no bookmark
 *   of the author's withdrawal, and a withdrawn note must be gone from the next answer
 *   (docs/public-notes.md "Caching and freshness").
 * - The directory (src/db/schema.ts `accounts` …, in the first database) has a session of its
 *   own: reads anywhere, writes at the primary.
 *
 * A bookmark is one database's: the answer's bookmark is the caller's database's, marked with the
 * account's placement (how often it was moved) once it was moved (`p<placement>-<bookmark>`). A
 * bookmark of another placement names another database's history, so a read that sends one
 * starts at the primary of the account's database now, which holds every write the move brought.
 *
 * Without replication (and under `wrangler dev` and the tests) every session is served by the
 * primary: same answers, same headers.
 */
export const BOOKMARK_HEADER = 'X-D1-Bookmark';

/**
 * What a bookmark may look like. D1 documents it as an opaque string; the ones it returns (local
 * and remote) are dash-separated hex fields (`00000007-00000003-00004fe1-<hash>`), which ours
 * carry after the placement of a moved account (`p2-…`). Checking the shape turns a mangled
 * header into a 400 instead of a database error (never a 500).
 */
const BOOKMARK_SHAPE = /^(?:p([1-9]\d{0,8})-)?([0-9a-f]{1,64}(?:-[0-9a-f]{1,64}){1,7})$/i;
const MAX_BOOKMARK_LENGTH = 256;

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/** A client's bookmark: D1's, and the placement of the account it was given for (0: never moved). */
export interface RequestBookmark {
  placement: number;
  bookmark: string;
}

/** The client's bookmark for a read; null when absent. A malformed one is a 400. */
export function requestBookmark(c: Context<AppEnv>): RequestBookmark | null {
  const raw = c.req.header(BOOKMARK_HEADER)?.trim();
  if (!raw) return null;
  const parts = raw.length <= MAX_BOOKMARK_LENGTH ? BOOKMARK_SHAPE.exec(raw) : null;
  if (!parts) {
    throw badRequest(
      `Malformed ${BOOKMARK_HEADER} header: send back the value of a previous response's ${BOOKMARK_HEADER}, unchanged`,
    );
  }
  return { placement: Number(parts[1] ?? 0), bookmark: parts[2] };
}

/** The request's session of one database (`key`: a binding, or the directory), opened on first use. */
function sessionOf(
  c: Context<AppEnv>,
  key: string,
  binding: string,
  start: () => string,
): D1DatabaseSession {
  let sessions = c.get('d1Sessions');
  if (!sessions) c.set('d1Sessions', (sessions = new Map()));
  let session = sessions.get(key);
  if (!session) {
    session = shardBinding(c.env, binding).withSession(start());
    sessions.set(key, session);
  }
  return session;
}

/** Where a session of the caller's own database starts (see above). */
function ownStart(c: Context<AppEnv>, placement: number): string {
  if (!isRead(c.req.method) || readsOthersPath(c.req.path)) return 'first-primary';
  const bookmark = requestBookmark(c);
  if (!bookmark) return 'first-unconstrained';
  return bookmark.placement === placement ? bookmark.bookmark : 'first-primary';
}

/** The caller's account's place (set by the request middleware once the token was checked). */
function accountOf(c: Context<AppEnv>) {
  const account = c.get('account');
  if (!account) throw new Error('No account: the request middleware sets it with the token');
  return account;
}

/** The request's session of the caller's own database (reads near the caller, writes at the primary). */
export function requestSession(c: Context<AppEnv>): D1DatabaseSession {
  const { shard, placement } = accountOf(c);
  return sessionOf(c, shard, shard, () => ownStart(c, placement));
}

/** Drizzle over a session (Drizzle's D1 driver calls only `prepare` and `batch`, which a session has). */
const over = (session: D1DatabaseSession): Database => database(session as unknown as D1Database);

/** Drizzle over the caller's own database, through the request's session. */
export function requestDatabase(c: Context<AppEnv>): Database {
  return over(requestSession(c));
}

/**
 * Drizzle over one database that holds accounts: the caller's own through its session, any other
 * at its primary (what other accounts wrote, or a write to another account's note).
 */
export function shardDatabase(c: Context<AppEnv>, shard: string): Database {
  if (c.get('account')?.shard === shard) return requestDatabase(c);
  return over(sessionOf(c, shard, shard, () => 'first-primary'));
}

/** Every database that holds accounts, for a read of all of them (src/annotations/public/across-shards.ts). */
export function everyShard(c: Context<AppEnv>): { shard: string; db: Database }[] {
  return shardNames(c.env).map((shard) => ({ shard, db: shardDatabase(c, shard) }));
}

/** Drizzle over the directory (src/db/schema.ts `accounts` …): reads anywhere, writes at the primary. */
export function directoryDatabase(c: Context<AppEnv>): Database {
  return over(
    sessionOf(c, 'directory', DIRECTORY, () =>
      isRead(c.req.method) ? 'first-unconstrained' : 'first-primary',
    ),
  );
}

/**
 * The bookmark to return: where the request's session of the caller's own database ended, when it
 * reached it (marked with the account's placement once it was moved). Only on responses that are
 * not publicly cacheable (personal content and private pages): a bookmark belongs to one caller's
 * view, never to a shared cache's copy of scripture.
 */
export function responseBookmark(c: Context<AppEnv>): string | null {
  const account = c.get('account');
  const session = account && c.get('d1Sessions')?.get(account.shard);
  if (!session) return null;
  if (/\bpublic\b/.test(c.res.headers.get('Cache-Control') ?? '')) return null;
  const bookmark = session.getBookmark();
  if (!bookmark) return null;
  return account.placement ? `p${account.placement}-${bookmark}` : bookmark;
}
