import type { RateLimitKind } from '../../http/rate-limits';
import {
  CHAPTER_ANSWER_BYTES,
  KV_READS,
  NO_BODY,
  PAGE_ANSWER_BYTES,
  PUBLISHED_PAGE_ANSWER_BYTES,
  RESOURCE_ANSWER_BYTES,
  UNLIMITED,
  type Bounds,
} from '../budgets';

/**
 * The bounds the route table's operations declare (../budgets.ts), written as what they are:
 * a request that counts against no limit and why, one that counts against a limit (always, or
 * when its handler says), a write; and the combinations many operations share, once each.
 */

/** A request that counts against no rate limit, for the reason UNLIMITED names, and reads no body. */
export const unlimited = (
  why: keyof typeof UNLIMITED,
  answerBytes: number,
  kvReads: number,
): Bounds => ({
  limiter: { kind: 'none', why: UNLIMITED[why] },
  answerBytes,
  bodyBytes: NO_BODY,
  kvReads,
});

/** A request that counts against the `kind` limit: every one, or only `when` its handler says. */
export const limited = (
  kind: RateLimitKind,
  answerBytes: number,
  bodyBytes: number,
  kvReads: number,
  when?: string,
): Bounds => ({
  limiter: when === undefined ? { kind } : { kind, when },
  answerBytes,
  bodyBytes,
  kvReads,
});

/**
 * A write of personal content: counts against the write limit (and the further limits its handler
 * counts, `alsoCounts`) and answers the one resource it wrote.
 */
export const write = (
  bodyBytes: number,
  kvReads: number,
  alsoCounts?: Bounds['alsoCounts'],
): Bounds => ({
  ...limited('write', RESOURCE_ANSWER_BYTES, bodyBytes, kvReads),
  ...(alsoCounts ? { alsoCounts } : {}),
});

/** A deletion: a write without a body, that reads no scripture. */
export const DELETION = write(NO_BODY, KV_READS.none);

/** A read of a chapter or verse of the snapshot and what goes with it. */
export const SNAPSHOT_CHAPTER = unlimited('snapshot', CHAPTER_ANSWER_BYTES, KV_READS.chapter);
/** A read of the snapshot's catalogue (a version, its books, the book groups). */
export const SNAPSHOT_CATALOGUE = unlimited('snapshot', CHAPTER_ANSWER_BYTES, KV_READS.catalogue);
/** A page of the caller's own content. */
export const OWN_PAGE = unlimited('own', PAGE_ANSWER_BYTES, KV_READS.catalogue);
/** A page of what readers published (the tags in use, the moderation queue and log). */
export const PUBLISHED_PAGE = unlimited('others', PAGE_ANSWER_BYTES, KV_READS.catalogue);
/** A page of the public notes on a chapter or verse, ended at PUBLISHED_PAGE_BYTES. */
export const PUBLISHED_NOTES_PAGE = unlimited(
  'others',
  PUBLISHED_PAGE_ANSWER_BYTES,
  KV_READS.catalogue,
);
/** One of the site's static files (a script, the stylesheet, a font). */
export const STATIC_FILE = unlimited('file', RESOURCE_ANSWER_BYTES, KV_READS.none);

/**
 * When a large page counts against the passage limit: each rendering (Ps 119's cross-references
 * with text are 509 KB, 50 ms of CPU as a page), never a request its kept answer serves.
 */
const RENDERED_AFRESH = 'rendered afresh: a request a kept answer serves does not count';

/** The bounds of a large page whose renderings count against the passage limit (RENDERED_AFRESH). */
export const renderedPage = (kvReads: number): Bounds =>
  limited('passage', PAGE_ANSWER_BYTES, NO_BODY, kvReads, RENDERED_AFRESH);
