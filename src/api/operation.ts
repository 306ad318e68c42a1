import type { Bounds } from './budgets';
import type { Schema } from './schemas';

/**
 * What an operation of the route table (./table.ts) is: the shape each file of ./routes/ writes
 * its operations in, one file per tag.
 */

export type Method = 'get' | 'post' | 'put' | 'delete';

export interface Param {
  name: string;
  in: 'path' | 'query' | 'header';
  description: string;
  schema?: Schema;
  required?: boolean;
  example?: string;
}

/**
 * Who may call a route: anyone (`public`: the API description and the site's assets, not behind
 * `/v{N}`, no suffix), a caller with a token (`token`: scripture, search, the reading site), or
 * the owner of personal content (`personal`: API version 1 only, verified in D1 on every request,
 * never cached).
 */
export type Access = 'public' | 'token' | 'personal';

/** The groups of operations, in the order the description and /docs list them. */
export const TAGS = [
  'Scripture',
  'Search',
  'Study',
  'Library',
  'Account',
  'Tags',
  'Taggings',
  'Notes',
  'Moderation',
  'Service',
] as const;

export interface Operation {
  method: Method;
  /** Path without the format suffix, in OpenAPI template form: `/verses/{verse_id}`. */
  path: string;
  summary: string;
  tag: (typeof TAGS)[number];
  /** Default `token`. */
  access?: Access;
  /** Formats of a token or personal route (default xml, js and the page); `['html']`: a page only. */
  formats?: ('xml' | 'js' | 'html')[];
  /** Media type of a public route (its path is whole: no suffix). */
  media?: 'json' | 'html' | 'css' | 'javascript' | 'woff2';
  /**
   * What the route may cost (./budgets.ts): the rate limit it counts against or why none, its
   * largest answer and its largest request body. Required, so that no route lands without them;
   * test/routes/bounds.test.ts holds every route to what it declares.
   */
  bounds: Bounds;
  params?: Param[];
  /** components.schemas name of the JSON response; omitted: empty body (delete) or a redirect. */
  response?: string;
  status?: 200 | 201 | 302;
  body?: string;
  errors?: number[];
  /**
   * How the answer may be cached when it is not by the scripture cache's rule (one answer per
   * resource under a snapshot): `seeded`, drawn by chance unless the request gives `seed`, so
   * cached (the scripture cache) only with one and else `no-store`; `own`, the handler answers
   * its own validators (a download's ETag is its SHA-256).
   */
  cache?: 'seeded' | 'own';
  /**
   * A write that takes an `Idempotency-Key` (docs/sync.md): src/app.ts registers the idempotency
   * middleware on it, and its handler records its answer in its own write batch.
   */
  idempotent?: true;
  /**
   * A write that honours `If-Match` on the revision of what it changes (docs/sync.md): a stale one
   * answers 412 with the resource as it is now, in this components.schemas document.
   */
  conditional?: string;
  /**
   * A read of what other accounts write (public notes, the moderation queue): its D1 session
   * starts at the primary, never at a replica that may not have seen a withdrawal yet
   * (src/db/session.ts; docs/public-notes.md "Caching and freshness").
   */
  readsOthers?: true;
}

/**
 * A tag's operations, each given the tag: a file of ./routes/ holds one tag's, and says it once.
 */
export const tagged = (tag: Operation['tag'], operations: Omit<Operation, 'tag'>[]): Operation[] =>
  operations.map((operation) => ({ ...operation, tag }));
