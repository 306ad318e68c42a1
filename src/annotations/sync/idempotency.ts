import { and, eq, lt, sql } from 'drizzle-orm';
import { randomHex, sha256Hex } from '../../auth/crypto';
import type { Database } from '../../db/client';
import { idempotencyKeys, users } from '../../db/schema';
import { KEY_RETENTION_HOURS, MAX_KEPT_ANSWER_BYTES } from '../../api/limits';
import { refuseUnless, type AnswerKind, type IdempotencyAttempt } from './guards';

export type { AnswerKind, IdempotencyAttempt };

/**
 * Idempotency keys (docs/sync.md "Idempotency-Key", after the IETF httpapi draft): a write sent
 * again with the key of one that completed is answered with the first answer and changes nothing;
 * the same key with another request is refused (422); a retry while the first still runs is told
 * to wait (409).
 *
 * A key's life, per account: `beginAttempt` writes it `running`, naming this attempt, before the
 * write; the write's own D1 batch starts with a guard that this attempt still holds the key and
 * ends with `record`, which marks it `done` with what the answer is rendered from (the rows as
 * the batch left them), so the effect and its record commit together or not at all: a crash
 * between them cannot double the write or lose its answer. An attempt that died before its batch
 * (the key `running` for over ATTEMPT_TIMEOUT_MS) is taken over by the next retry; the guard
 * then stops the dead one's batch, should it ever arrive.
 */

/** How long a key is kept after its first use (src/api/limits.ts KEY_RETENTION_HOURS). */
export const KEY_RETENTION_MS = KEY_RETENTION_HOURS * 60 * 60 * 1000;

/**
 * How long a first request may hold its key before a retry takes it over. A write's work is a few
 * milliseconds of CPU and one D1 batch; one that has held its key for a minute has died.
 */
export const ATTEMPT_TIMEOUT_MS = 60 * 1000;

export { MAX_KEPT_ANSWER_BYTES };

/** A key's completed answer: its status and what its body is rendered from. */
export interface KeptAnswer {
  status: number;
  kind: AnswerKind;
  /** JSON: the rows (`note`, `tagging`, `report`), the summary (`import`), or `{body, headers}`. */
  result: string | null;
}

export type Begun =
  | { attempt: IdempotencyAttempt }
  | { replay: KeptAnswer }
  | { refused: 'running' | 'mismatch' | 'full'; retryAfter: number };

/** A request's fingerprint: its method, target and body (the same key must come with the same). */
export async function fingerprint(
  method: string,
  target: string,
  body: Uint8Array,
): Promise<string> {
  const head = new TextEncoder().encode(`${method} ${target}\n`);
  const all = new Uint8Array(head.byteLength + body.byteLength);
  all.set(head);
  all.set(body, head.byteLength);
  return sha256Hex(all);
}

const ofKey = (userId: number, key: string) =>
  and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

const held = (a: { userId: number; key: string; attempt: string }) =>
  and(
    ofKey(a.userId, a.key),
    eq(idempotencyKeys.attempt, a.attempt),
    eq(idempotencyKeys.state, 'running'),
  );

function startAt(db: Database, a: { userId: number; key: string; attempt: string }) {
  return db
    .update(idempotencyKeys)
    .set({
      startSeq: sql`(SELECT ${users.changeSeq} FROM ${users} WHERE ${users.id} = ${a.userId})`,
    })
    .where(held(a));
}

function attemptOn(userId: number, key: string, attempt: string): IdempotencyAttempt {
  const self = { userId, key, attempt };
  let recorded = false;
  return {
    ...self,
    get recorded() {
      return recorded;
    },
    guards: (db) => [
      refuseUnless(
        db,
        'idempotency',
        sql`EXISTS (SELECT 1 FROM ${idempotencyKeys} WHERE ${held(self)})`,
      ),
      startAt(db, self),
    ],
    record: (db, status, kind, result) => {
      recorded = true;
      return db
        .update(idempotencyKeys)
        .set({
          state: 'done',
          status: sql`${status}`,
          kind,
          result: result ?? sql`NULL`,
          bytes: result ? sql`coalesce(length(CAST(${idempotencyKeys.result} AS BLOB)), 0)` : 0,
        })
        .where(held(self));
    },
    startSeq: () =>
      sql`(SELECT ${idempotencyKeys.startSeq} FROM ${idempotencyKeys} WHERE ${held(self)})`,
    holds: async (db) =>
      (await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(held(self)))
        .length > 0,
  };
}

/**
 * Takes the key for this request, or says why not: the first answer to replay, another request
 * with it still running, the key used with another request, or the account's kept answers full.
 * Expired keys of the account go first, in the same batch.
 */
export async function beginAttempt(
  db: Database,
  userId: number,
  key: string,
  print: string,
  now = Date.now(),
): Promise<Begun> {
  const attempt = randomHex(16);
  const kept = sql`(SELECT coalesce(sum(${idempotencyKeys.bytes}), 0) FROM ${idempotencyKeys} WHERE ${idempotencyKeys.userId} = ${userId})`;
  const [, inserted, [row], [{ oldest }]] = await db.batch([
    db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), lt(idempotencyKeys.expiresAt, now))),
    db
      .insert(idempotencyKeys)
      .select(
        // Every column in the table's order (Drizzle names them all).
        sql`SELECT ${userId}, ${key}, ${print}, ${attempt}, 'running', ${now}, ${now + KEY_RETENTION_MS}, NULL, NULL, NULL, NULL, 0
          WHERE ${kept} < ${MAX_KEPT_ANSWER_BYTES}`,
      )
      .onConflictDoNothing()
      .returning({ attempt: idempotencyKeys.attempt }),
    db.select().from(idempotencyKeys).where(ofKey(userId, key)),
    db
      .select({ oldest: sql<number | null>`min(${idempotencyKeys.expiresAt})` })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, userId)),
  ]);
  if (inserted.length) return { attempt: attemptOn(userId, key, attempt) };
  if (!row)
    return {
      refused: 'full',
      retryAfter: Math.max(1, Math.ceil(((oldest ?? now) - now) / 1000)),
    };
  if (row.fingerprint !== print) return { refused: 'mismatch', retryAfter: 0 };
  if (row.state === 'done')
    return {
      replay: { status: row.status ?? 200, kind: row.kind as AnswerKind, result: row.result },
    };
  if (row.startedAt > now - ATTEMPT_TIMEOUT_MS) return { refused: 'running', retryAfter: 1 };
  // The attempt holding it died: this one takes the key over, unless another retry did first.
  const [taken] = await db
    .update(idempotencyKeys)
    .set({ attempt, startedAt: now })
    .where(held({ userId, key, attempt: row.attempt }))
    .returning({ attempt: idempotencyKeys.attempt });
  return taken
    ? { attempt: attemptOn(userId, key, attempt) }
    : { refused: 'running', retryAfter: 1 };
}

/**
 * Keeps an answer that changed nothing (an error, a 412 with the current representation), as
 * rendered, so a retry gets the same. Written after the answer, outside any write's batch: there
 * was no effect to commit with it.
 */
export async function keepRenderedAnswer(
  db: Database,
  a: IdempotencyAttempt,
  status: number,
  body: string,
  headers: Record<string, string>,
): Promise<void> {
  const result = JSON.stringify({ body, headers });
  await db
    .update(idempotencyKeys)
    .set({
      state: 'done',
      status,
      kind: 'body',
      result,
      bytes: new TextEncoder().encode(result).byteLength,
    })
    .where(held(a));
}

/**
 * Gives the key up (the request failed in a way a retry may not meet: a 5xx, a rate limit), so
 * that the retry runs the write afresh. Only while this attempt holds it and it is not done.
 */
export async function releaseAttempt(db: Database, a: IdempotencyAttempt): Promise<void> {
  await db.delete(idempotencyKeys).where(held(a));
}
