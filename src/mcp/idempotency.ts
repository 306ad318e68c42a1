import * as s from './schema';
import {
  beginAttempt,
  fingerprint,
  releaseAttempt,
  type KeptAnswer,
} from '../annotations/sync/idempotency';
import type { WriteConditions } from '../annotations/sync/guards';
import { keyTakenOver } from '../annotations/sync/guards';
import { ApiError } from '../http/errors';
import { MAX_IDEMPOTENCY_KEY } from '../http/conditions';
import type { ToolContext } from './context';

/**
 * The MCP tools' equivalent of the Idempotency-Key header (docs/sync.md, docs/mcp.md): a tool that
 * writes takes an optional `idempotency_key`; the same key with the same arguments answers the
 * first call's result again and stores nothing new, with other arguments it is an error (the
 * REST route's 422), and while the first call runs, the 409's message. Keys share the account's
 * space and retention with the REST routes' (src/annotations/sync/idempotency.ts); a call that
 * failed keeps nothing, so its retry runs afresh (a failure wrote nothing to repeat).
 */
export const idempotencyKey = s
  .string()
  .min(1)
  .max(MAX_IDEMPOTENCY_KEY)
  .regex(/^[\x20-\x7e]+$/, 'visible ASCII characters')
  .optional()
  .describe(
    'Optional: a new key (a UUID, say) for this call, the same one when calling again after a lost answer: the call is then answered as the first was and nothing is stored twice',
  );

/** The arguments in one order, without the key itself: what the same call must send again. */
function canonical(args: Record<string, unknown>): string {
  const { idempotency_key: _key, ...rest } = args;
  return JSON.stringify(
    Object.keys(rest)
      .sort()
      .map((k) => [k, rest[k]]),
  );
}

/**
 * Runs a writing tool's call under its `idempotency_key` (when given): `write` gets the conditions
 * its data function takes; `replay` renders a kept answer as the tool's text.
 */
export async function withIdempotencyKey(
  ctx: ToolContext,
  toolName: string,
  args: Record<string, unknown> & { idempotency_key?: string },
  write: (conditions: WriteConditions) => Promise<string>,
  replay: (kept: KeptAnswer) => string,
): Promise<string> {
  const key = args.idempotency_key;
  if (key === undefined) return write({});
  const print = await fingerprint('MCP', toolName, new TextEncoder().encode(canonical(args)));
  const begun = await beginAttempt(ctx.db, ctx.userId, key, print);
  if ('replay' in begun)
    return `${replay(begun.replay)}\n(answered before: this idempotency_key was used already)`;
  if ('refused' in begun) {
    if (begun.refused === 'running') throw keyTakenOver();
    if (begun.refused === 'mismatch')
      throw new ApiError(422, [
        'This idempotency_key was used with another call (tool or arguments): send a new key with a new call',
      ]);
    throw new ApiError(429, [
      'This account keeps as many answers to idempotency keys as it may: retry later, or call without a key',
    ]);
  }
  try {
    return await write({ attempt: begun.attempt });
  } catch (err) {
    await releaseAttempt(ctx.db, begun.attempt);
    throw err;
  }
}
