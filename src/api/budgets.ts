import { MAX_BODY_BYTES } from '../http/body';
import type { RateLimitKind } from '../http/rate-limits';
import { MAX_IMPORT_BYTES, MAX_REFERENCE_BODY_BYTES } from './limits';

/**
 * What every route may cost, declared beside it in the route table (src/api/table.ts `bounds`,
 * `/mcp` in src/api/mcp.ts): the rate limit it counts against, its largest answer and its largest
 * request body. The developers' guide sets the ceiling: no request over 30 ms of CPU and no
 * answer over 1 MiB, downloads and the account's own export aside. test/routes/bounds.test.ts
 * walks the whole table with hostile input and fails on an answer over its declared bytes, a
 * body over its declared limit that is not refused, and a route that declares nothing; the
 * OpenAPI description (`x-bounds`) and docs/configuration.md ("Every route's rate limit, largest answer and
 * body") print them.
 */

const KIB = 1024;
const MIB = 1024 * KIB;

/** The ceiling of every answer but the exempt ones below (developers' guide: "none over 1 MiB"). */
export const ANSWER_CEILING_BYTES = MIB;

/**
 * One small resource: the status, a tag, a tagging, a note (10,000 characters of content and 100
 * references: under 40 KiB as XML), the account, a report or a moderation decision, a random
 * verse, a lexicon entry, the short list documents (book groups, commentaries).
 */
export const RESOURCE_ANSWER_BYTES = 64 * KIB;

/**
 * One chapter or verse with what goes with it (its notes, footnotes, cross-references with text,
 * commentaries, topics) and the catalogue's lists: Ps 119 is the longest chapter, its page with
 * the interlinear runs to 155 KiB, its cross-references with text 245 KiB and Matthew Henry's
 * commentary on it is the longest entry (docs/speed.md "The heaviest requests"). A chapter's words
 * in XML are larger (Ps 119: 584 KiB): that route answers a page's bytes.
 */
export const CHAPTER_ANSWER_BYTES = 512 * KIB;

/** An answer of the MCP endpoint: a tool's text is cut to fit it (src/mcp/text.ts). */
export const MCP_ANSWER_BYTES = 256 * KIB;

/**
 * A page of a list or search: byte-paged lists end their pages at PAGE_BYTES (768 KiB) of items
 * (src/http/paging.ts), the searches carry at most MAX_LIMIT verses, the passages at most 500
 * verses; the page around them stays under the ceiling.
 */
export const PAGE_ANSWER_BYTES = ANSWER_CEILING_BYTES;

/**
 * A page of the notes readers published on a chapter or a verse: its items end at
 * PUBLISHED_PAGE_BYTES (256 KiB, src/http/paging.ts) rendered, the first one kept whatever it
 * takes (a note of 10,000 characters and 100 references: about 200 KiB at most), so with its
 * wrapper the answer stays under half the ceiling.
 */
export const PUBLISHED_PAGE_ANSWER_BYTES = 512 * KIB;

/**
 * A whole-version download, exempt from the ceiling (developers' guide): the largest built-in
 * one is the WEB's XML, 11.8 MiB (docs/speed.md "Whole-version downloads"); streamed from its
 * parts, so no request holds it whole.
 */
export const DOWNLOAD_ANSWER_BYTES = 32 * MIB;

/**
 * The account's own export, exempt from the ceiling: whatever an account holds within its quotas,
 * its export is a document the import takes again, so it is at most the import's body limit.
 */
export const EXPORT_ANSWER_BYTES = MAX_IMPORT_BYTES;

/** The answers exempt from ANSWER_CEILING_BYTES, and why (the developers' guide names them). */
export const EXEMPT_ANSWERS: ReadonlyMap<number, string> = new Map([
  [DOWNLOAD_ANSWER_BYTES, 'a whole-version download'],
  [EXPORT_ANSWER_BYTES, "the account's own export"],
]);

/**
 * The most KV reads (keys, as KV counts them: each key of a bulk read is one) one request of a
 * route makes, its isolate's caches empty, declared beside its other bounds (`kvReads`): each
 * read costs the request (in the bench's local KV 0.3–0.7 ms of the worker's CPU a key under
 * load), and a Worker may make 1,000 operations a request
 * (https://developers.cloudflare.com/kv/platform/limits/). `npm run bench` prints each route's
 * heaviest case's reads beside its CPU; test/routes/bounds.test.ts holds every route to what it
 * declares on the fixture, the cache emptied before each request.
 */
export const KV_READS = {
  /** The caller's own data, the service's files: no scripture. */
  none: 0,
  /** The catalogue (a reference's book, a page's names) and one value more. */
  catalogue: 2,
  /** A chapter or a verse and what goes with it: its words, notes, margin, the versification's other chapter. */
  chapter: 16,
  /**
   * A page that reads a value per chapter or block of verses it shows, at most MAX_PAGE_VALUES
   * (src/api/limits.ts, 32), with the values that find them: passages, a range of chapters, the
   * lexicon page's verses, cross-references with text (40 targets).
   */
  page: 48,
  /**
   * A search: its indexes (a keyword's postings in each language, up to 16 words and 16 excluded;
   * a concordance's numbers in each version; the grammar indexes), then at most MAX_PAGE_VALUES
   * values of text.
   */
  search: 256,
  /**
   * A whole-version download, rendered as it streams: its description, then every chapter's value
   * and its translators' notes' (the WEB with the deuterocanon: about 1,400 chapters), read
   * BULK_READ_KEYS at a time, each bulk read one of a request's 1,000 operations.
   */
  download: 3_000,
} as const;

/** A route that reads no body (GET, DELETE): what a client sends with it is never read. */
export const NO_BODY = 0;
/** A write's body: a note, a tagging, the account, a report, a moderation decision. */
export const WRITE_BODY_BYTES = MAX_BODY_BYTES;
/** The import's body: an export of an account at every quota (src/annotations/personal/transfer.ts). */
export const IMPORT_BODY_BYTES = MAX_IMPORT_BYTES;
/** Finding references in a page's short texts (src/api/limits.ts MAX_REFERENCE_*). */
export const REFERENCES_BODY_BYTES = MAX_REFERENCE_BODY_BYTES;

/**
 * Why a route counts against no rate limit, each a sentence the description prints. A route may
 * be unlimited only when its work is bounded however often it is asked: one read of the
 * snapshot (kept in the isolate), a page of the caller's own content within its quotas, a file.
 */
export const UNLIMITED = {
  snapshot:
    'a read of the scripture snapshot, one or a few KV reads kept in the isolate (the hot path)',
  own: "a page of the caller's own content, bounded by its quotas and paging",
  others: 'a page of what readers published, bounded by its paging and the public-note quota',
  file: 'a static file, the same bytes for everyone, cached by browsers',
  redirect: 'a redirect computed from the query alone',
} as const;

export type Unlimited = (typeof UNLIMITED)[keyof typeof UNLIMITED];

/**
 * The rate limit a route counts against, or why none: `kind` tells the two apart. A limit counts
 * every request unless `when` names the condition its handler counts under (a passage longer than
 * a chapter, a download sent); absent, the middleware src/app.ts registers from the table counts.
 */
export type Limiter = { kind: RateLimitKind; when?: string } | { kind: 'none'; why: Unlimited };

/** What a route declares (src/api/table.ts). */
export interface Bounds {
  /** The rate limit it counts against (src/http/rate-limits.ts), or why none. */
  limiter: Limiter;
  /** Further limits its handler counts when a condition holds (a publication, an address change). */
  alsoCounts?: Partial<Record<RateLimitKind, string>>;
  /** Its largest answer in bytes, in any of its formats: one of the constants above. */
  answerBytes: number;
  /** The largest request body it reads (413 beyond): NO_BODY or one of the constants above. */
  bodyBytes: number;
  /** The most KV reads one request makes, its isolate's caches empty: one of KV_READS. */
  kvReads: number;
}

/** The limiter kind of `bounds`, or undefined when it counts against none. */
export const limiterKind = (bounds: Bounds): RateLimitKind | undefined =>
  bounds.limiter.kind === 'none' ? undefined : bounds.limiter.kind;

/**
 * The bounds as the OpenAPI description prints them (`x-bounds`), a flat record whose `limiter`
 * is the kind or `none: ` and the reason, `limiterWhen` its condition: the form the description
 * has always had, so that a client reading it is not broken by how the table spells it.
 */
export function describedBounds(bounds: Bounds): Record<string, unknown> {
  const { limiter } = bounds;
  return {
    limiter: limiter.kind === 'none' ? `none: ${limiter.why}` : limiter.kind,
    ...(limiter.kind !== 'none' && limiter.when !== undefined ? { limiterWhen: limiter.when } : {}),
    ...(bounds.alsoCounts ? { alsoCounts: bounds.alsoCounts } : {}),
    answerBytes: bounds.answerBytes,
    bodyBytes: bounds.bodyBytes,
    kvReads: bounds.kvReads,
  };
}

/** A size for people: `64 KiB`, `1 MiB`, `2.7 MiB`. */
export function bytesForPeople(bytes: number): string {
  if (bytes >= MIB) return `${Number((bytes / MIB).toFixed(1))} MiB`;
  return `${Math.round(bytes / KIB)} KiB`;
}

/**
 * The bounds in a sentence, for the description of each operation (src/openapi/document.ts):
 * `Bounds: counts against the write limit; answers at most 64 KiB; reads a body of at most 64 KiB.`
 */
export function boundsSentence(bounds: Bounds): string {
  const { limiter } = bounds;
  const counts =
    limiter.kind === 'none'
      ? `counts against no rate limit (${limiter.why})`
      : `counts against the ${limiter.kind} limit${limiter.when ? ` (${limiter.when})` : ''}`;
  const also = Object.entries(bounds.alsoCounts ?? {}).map(
    ([k, when]) => `, and against the ${k} limit ${when}`,
  );
  const body =
    bounds.bodyBytes === NO_BODY
      ? 'reads no body'
      : `reads a body of at most ${bytesForPeople(bounds.bodyBytes)} (413 beyond)`;
  const exempt = EXEMPT_ANSWERS.get(bounds.answerBytes);
  return `Bounds: ${counts}${also.join('')}; answers at most ${bytesForPeople(bounds.answerBytes)}${exempt ? ` (${exempt}, exempt from the 1 MiB ceiling)` : ''}; ${body}; reads at most ${bounds.kvReads} KV values.`;
}
