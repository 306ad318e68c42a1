/**
 * A small sync helper for clients that keep an account's notes and taggings offline (the service's
 * docs/sync.md shows the loop): pull the changes feed into a local copy, and push writes that a
 * lost answer or a second device cannot double or silently overwrite.
 *
 * - `pullChanges` reads `/user/changes.js` from the copy's cursor, page by page, and applies each
 *   change (idempotently: by kind, id and revision); when the server says the cursor is too old
 *   (410) it clears the copy and pulls everything again.
 * - `pushWrite` sends one write with an `Idempotency-Key` (made once, kept across retries) and the
 *   `If-Match` of the revision the copy holds; it resends on a network error, a 409 (the first
 *   attempt still running), a 429 or a 5xx, after `Retry-After`; a 412 hands back the item as it is
 *   now, for the caller to merge.
 */
import type { components } from './schema';

export type Change = components['schemas']['Change'];
export type Note = components['schemas']['Note'];
export type Tagging = components['schemas']['Tagging'];

export interface SyncOptions {
  /** Where the service answers, e.g. `https://scripture.example.org`. */
  baseUrl: string;
  /** The account's API token (sent as HTTP Basic credentials, the token as user). */
  token: string;
  /** Another fetch (a Worker's service binding, a test's). */
  fetch?: (request: Request) => Promise<Response>;
  /** How many times one request is sent at most (default 8). */
  attempts?: number;
  /** How to wait between attempts (default: setTimeout; tests pass a quicker one). */
  wait?: (ms: number) => Promise<void>;
}

/** The client's copy of the account: what it holds and where its feed stopped. */
export interface LocalCopy {
  /** The cursor after the last page applied; undefined before the first sync. */
  cursor: string | undefined;
  /** Puts the change's item (by kind and id), or drops it when the change is a deletion. */
  apply(change: Change): void | Promise<void>;
  /** Keeps the cursor once a page is applied (so a crash mid-sync resumes, repeating a page at most). */
  saveCursor(cursor: string): void | Promise<void>;
  /** Forgets everything, cursor included: the server no longer has the deletions since it. */
  clear(): void | Promise<void>;
}

const defaults = (options: SyncOptions) => ({
  fetch: options.fetch ?? ((request: Request) => fetch(request)),
  attempts: options.attempts ?? 8,
  wait: options.wait ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms))),
  auth: `Basic ${btoa(`${options.token}:x`)}`,
  base: options.baseUrl.replace(/\/$/, ''),
});

/** Statuses worth sending the same request again for (with the same key). */
const RETRY = new Set([409, 429, 500, 502, 503, 504]);

/**
 * One request, sent again (same method, path, body and headers) until an answer that is not a
 * reason to retry: a network error, or a status of RETRY, waits `Retry-After` (or a growing pause).
 */
async function send(
  options: SyncOptions,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Response> {
  const o = defaults(options);
  let lastError: unknown;
  for (let attempt = 1; attempt <= o.attempts; attempt++) {
    try {
      const res = await o.fetch(
        new Request(o.base + path, {
          method,
          headers: {
            Authorization: o.auth,
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
            ...headers,
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
      if (!RETRY.has(res.status) || attempt === o.attempts) return res;
      const after = Number(res.headers.get('Retry-After'));
      await res.arrayBuffer();
      await o.wait(Number.isFinite(after) && after > 0 ? after * 1000 : 100 * attempt);
    } catch (err) {
      lastError = err;
      await o.wait(100 * attempt);
    }
  }
  throw lastError;
}

/** Pulls every change after the copy's cursor into it; returns how many changes it applied. */
export async function pullChanges(options: SyncOptions, copy: LocalCopy): Promise<number> {
  let applied = 0;
  for (;;) {
    const since = copy.cursor ? `&since=${encodeURIComponent(copy.cursor)}` : '';
    const res = await send(options, 'GET', `/user/changes.js?limit=200${since}`, {});
    if (res.status === 410) {
      // The cursor is older than the deletions the server keeps: start again from nothing.
      await res.arrayBuffer();
      await copy.clear();
      continue;
    }
    if (res.status !== 200) throw new Error(`changes: ${res.status} ${await res.text()}`);
    const page = (await res.json()) as components['schemas']['ChangesDocument'];
    for (const change of page.changes.change) {
      await copy.apply(change);
      applied++;
    }
    copy.cursor = page.changes.cursor;
    await copy.saveCursor(page.changes.cursor);
    if (page.changes.more === 0) return applied;
  }
}

/** A write a client wants made: `path` with its suffix (`/notes.js`, `/notes/7.js`). */
export interface Write {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** The ETag of the revision the client holds (edits and deletions). */
  ifMatch?: string;
  /**
   * The write's key: give the one stored with a queued offline write, so that sending it again
   * after a crash is the same write; a new one is made otherwise.
   */
  key?: string;
}

export type WriteResult =
  /** Applied (or applied before: `replayed`): the answer's status, ETag and document. */
  | {
      outcome: 'applied';
      status: number;
      etag: string | null;
      replayed: boolean;
      document: unknown;
    }
  /** Someone else changed it first: the item as it is now, and its ETag. Nothing was written. */
  | { outcome: 'conflict'; etag: string | null; current: unknown }
  /** It is gone (deleted on another device): the feed will say so. */
  | { outcome: 'gone' }
  /** Refused for what it says (400, 413, 415, 422): fix the write, do not resend it. */
  | { outcome: 'refused'; status: number; errors: string[] };

/** Sends one write as docs/sync.md says: a key for its retries, If-Match for its revision. */
export async function pushWrite(options: SyncOptions, write: Write): Promise<WriteResult> {
  const headers: Record<string, string> = {
    'Idempotency-Key': write.key ?? crypto.randomUUID(),
  };
  if (write.ifMatch) headers['If-Match'] = write.ifMatch;
  const res = await send(options, write.method, write.path, headers, write.body);
  const text = await res.text();
  const document = text ? (JSON.parse(text) as unknown) : null;
  if (res.status === 200 || res.status === 201)
    return {
      outcome: 'applied',
      status: res.status,
      etag: res.headers.get('ETag'),
      replayed: res.headers.get('Idempotent-Replayed') === 'true',
      document,
    };
  if (res.status === 412)
    return { outcome: 'conflict', etag: res.headers.get('ETag'), current: document };
  if (res.status === 404) return { outcome: 'gone' };
  const errors = (document as { errors?: { error?: string[] } } | null)?.errors?.error ?? [];
  return { outcome: 'refused', status: res.status, errors };
}
