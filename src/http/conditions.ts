import { badRequest } from './errors';

/**
 * The request headers a syncing client sends with a write (docs/sync.md): `If-Match` (RFC 9110
 * §13.1.1) and `Idempotency-Key` (the IETF httpapi draft). Parsed here into plain values; what they
 * do is the data modules' (src/annotations/sync/).
 */

/**
 * The revisions an `If-Match` accepts: `*` (any current one) or those of its strong entity tags.
 * A tag that is not one of ours (`"stale"`) or a weak one (`W/"3"`: If-Match compares strongly,
 * RFC 9110 §8.8.3.2) matches nothing, so a list of only those is an empty list: the write is
 * refused with 412.
 */
export type IfMatch = '*' | readonly number[];

/** Our entity tags: a revision in quotes. Strong: the representation changes with it. */
export function etagOf(revision: number): string {
  return `"${revision}"`;
}

/** An entity tag: optional `W/`, then a quoted string of the characters RFC 9110 §8.8.3 allows. */
const ENTITY_TAG = /^(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"$/;
/** A revision as etagOf writes it (at most 15 digits: SQLite's integers read exactly as numbers). */
const REVISION = /^(0|[1-9]\d{0,14})$/;

/** Header values are echoed in errors only this long. */
const ECHOED = 40;

/** The `If-Match` header; undefined when absent. Not `*` nor a list of entity tags: 400. */
export function parseIfMatch(header: string | undefined): IfMatch | undefined {
  if (header === undefined) return undefined;
  const value = header.trim();
  if (value === '*') return '*';
  const revisions: number[] = [];
  for (const part of value.split(',')) {
    const tag = ENTITY_TAG.exec(part.trim());
    if (!tag)
      throw badRequest(
        `If-Match must be * or a list of entity tags in double quotes, as the ETag header gives them (got ${JSON.stringify(value.slice(0, ECHOED))})`,
      );
    if (!tag[1] && REVISION.test(tag[2])) revisions.push(Number(tag[2]));
  }
  return revisions;
}

/** The longest Idempotency-Key taken (the draft leaves it to the server; a UUID is 36). */
export const MAX_IDEMPOTENCY_KEY = 255;

/**
 * The `Idempotency-Key` header; undefined when absent. A structured-field string (`"…"`, the
 * draft's form) or the bare token many clients send (Stripe's); 1–255 visible ASCII characters,
 * else 400.
 */
export function parseIdempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  let key = header.trim();
  const quoted = /^"(.*)"$/.exec(key);
  if (quoted) key = quoted[1].replace(/\\(["\\])/g, '$1');
  if (!key || key.length > MAX_IDEMPOTENCY_KEY || !/^[\x20-\x7e]+$/.test(key))
    throw badRequest(
      `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY} visible ASCII characters, such as a UUID`,
    );
  return key;
}
