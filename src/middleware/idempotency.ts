import type { Context, MiddlewareHandler } from 'hono';
import {
  beginAttempt,
  fingerprint,
  keepRenderedAnswer,
  KEY_RETENTION_MS,
  MAX_KEPT_ANSWER_BYTES,
  releaseAttempt,
  type KeptAnswer,
} from '../annotations/sync/idempotency';
import { requestDatabase } from '../db/session';
import type { AppEnv } from '../env';
import { readLimited } from '../http/body';
import { parseIdempotencyKey, parseIfMatch } from '../http/conditions';
import type { IdempotencyAttempt, WriteConditions } from '../annotations/sync/guards';
import { ApiError } from '../http/errors';

/**
 * `Idempotency-Key` on the writes that take one (the route table's `idempotent`; docs/sync.md
 * "Idempotency-Key"). Without the header a request passes untouched: the contract's clients see no
 * change. With it:
 * - the key is taken for this request (src/annotations/sync/idempotency.ts), and the handler's write
 *   batch records its answer in the same transaction as its effect (`c.var.attempt`);
 * - the same key with the same request, once answered: that answer again (status, body, ETag,
 *   Location), with `Idempotent-Replayed: true`, and nothing written;
 * - the same key with another method, path or body: 422; while the first is still running: 409;
 * - an answer that changed nothing (an error) is kept as rendered, so a retry gets it too; one a
 *   retry may not meet (a 5xx, a rate limit) gives the key up, so the retry runs afresh.
 * The body is read here (at the route's declared limit) for the fingerprint, and handed on to the
 * handler's readBody (src/http/body.ts).
 */

/** The header that marks a replayed answer (Stripe's name for it). */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** Renders a kept answer in the request's format (src/routes/replay.ts: it knows the documents). */
export type ReplayAnswer = (c: Context<AppEnv>, answer: KeptAnswer) => Promise<Response>;

/** Headers of a rendered answer a replay gives again. */
const KEPT_HEADERS = ['Content-Type', 'ETag', 'Location', 'Retry-After'];

/** The attempt each keyed request holds, for its handler's write (writeConditions). */
const attempts = new WeakMap<Request, IdempotencyAttempt>();

/**
 * The conditions of the request's write (src/annotations/sync/guards.ts): its `If-Match` (400 when
 * malformed) and the idempotency key it holds.
 */
export function writeConditions(c: Context<AppEnv>): WriteConditions {
  return {
    ifMatch: parseIfMatch(c.req.header('If-Match')),
    attempt: attempts.get(c.req.raw),
  };
}

export function idempotency(replay: ReplayAnswer): MiddlewareHandler<AppEnv> {
  return async function idempotentWrite(c, next) {
    const key = parseIdempotencyKey(c.req.header('Idempotency-Key'));
    if (key === undefined) return next();
    const limit = c.get('bodyLimit');
    const body = limit ? await readLimited(c.req.raw, limit) : new Uint8Array(0);
    c.set('bodyBytes', body);
    const url = new URL(c.req.url);
    const print = await fingerprint(c.req.method, url.pathname + url.search, body);
    const db = requestDatabase(c);
    const begun = await beginAttempt(db, c.get('user').id, key, print);
    if ('replay' in begun) {
      const answer = await replay(c, begun.replay);
      answer.headers.set(REPLAYED_HEADER, 'true');
      return answer;
    }
    if ('refused' in begun) throw refusal(begun.refused, begun.retryAfter);
    const attempt = begun.attempt;
    attempts.set(c.req.raw, attempt);
    await next();
    const status = c.res.status;
    if (status >= 500 || status === 429) {
      await releaseAttempt(db, attempt);
    } else if (!attempt.recorded || status >= 400) {
      // An error changed nothing and its batch (if any) recorded nothing: keep it as rendered.
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = c.res.headers.get(name);
        if (value !== null) headers[name] = value;
      }
      await keepRenderedAnswer(db, attempt, status, await c.res.clone().text(), headers);
    }
  };
}

function refusal(why: 'running' | 'mismatch' | 'full', retryAfter: number): ApiError {
  if (why === 'running')
    return new ApiError(
      409,
      ['A request with this Idempotency-Key is still running: retry in a second for its answer'],
      { 'Retry-After': String(retryAfter) },
    );
  if (why === 'mismatch')
    return new ApiError(422, [
      'This Idempotency-Key was used with another request (method, path or body): send a new key with a new request',
    ]);
  return new ApiError(
    429,
    [
      `This account keeps at most ${MAX_KEPT_ANSWER_BYTES / 1024 / 1024} MiB of answers to Idempotency-Keys, each for ${KEY_RETENTION_MS / 3_600_000} hours: retry later, or send the request without a key`,
    ],
    { 'Retry-After': String(retryAfter) },
  );
}
