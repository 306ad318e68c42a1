import type { BenchCase, BenchContext } from '../types';

/**
 * Annotation writes and reads (docs/annotations.md). Every request runs against a bench
 * account's token; personal routes verify it in D1 on each request, so these measure D1 round
 * trips: note create = 1 batch (with the quota guard), note list = 1 batch (a page of notes, their
 * references, the count), tagging create = 1 batch (the conditional insert and the quota guard).
 */

const XML = 'application/xml';

/** Writes per pool account: well under the quotas (2,000 notes or taggings, 10,000 references). */
const WRITES_PER_ACCOUNT = 1_000;

/** Valid, existing verses of John 3 (36 verses) so validation passes on every iteration. */
function reference(i: number): string {
  const verse = (i % 36) + 1;
  return `<reference><start>KJV:John.3.${verse}</start><end>KJV:John.3.${verse}</end></reference>`;
}

function noteBody(i: number): string {
  return `<note><title>Bench note ${i}</title><content>For God so loved the world &amp; more</content><references>${reference(i)}</references></note>`;
}

/**
 * A tagging no earlier one of the same account repeats (an identical tagging is not stored again:
 * 200, not 201): one of five tag names, a verse of John 3 and one of John 4 (36 × 54 pairs).
 */
function taggingBody(k: number): string {
  const john4 = (Math.floor(k / 36) % 54) + 1;
  return `<tagging><tag><name>bench-${k % 5}</name></tag><references>${reference(k)}<reference><start>KJV:John.4.${john4}</start><end>KJV:John.4.${john4}</end></reference></references></tagging>`;
}

/**
 * The k-th write of a case goes to pool account k / WRITES_PER_ACCOUNT (cycling). `k` counts the
 * case's requests across its runs (first request, warm-up, measurement), which each start `i` at 0.
 */
function writer(ctx: BenchContext, k: number): string {
  const writers = ctx.pool.slice(0, -1);
  return writers[Math.floor(k / WRITES_PER_ACCOUNT) % writers.length];
}

function counter(): () => number {
  let n = 0;
  return () => n++;
}

async function post(ctx: BenchContext, path: string, body: string): Promise<void> {
  const res = await fetch(ctx.baseUrl + path, {
    method: 'POST',
    headers: { Authorization: ctx.authorization, 'Content-Type': XML },
    body,
  });
  if (res.status !== 201)
    throw new Error(`bench setup: POST ${path} answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
}

const noteWrites = counter();
const taggingWrites = counter();

export const cases: BenchCase[] = [
  {
    name: 'note create',
    request: (ctx, i) => {
      const k = noteWrites();
      return {
        method: 'POST',
        path: '/notes.xml',
        headers: { 'Content-Type': XML, Authorization: writer(ctx, k) },
        body: noteBody(i),
      };
    },
    expectStatus: 201,
  },
  {
    name: 'note list (100 notes)',
    // Exactly 100 notes for the bench token (setup runs right before the case).
    setup: async (ctx) => {
      for (;;) {
        const listed = await fetch(`${ctx.baseUrl}/user/notes.js?limit=500`, {
          headers: { Authorization: ctx.authorization },
        });
        const ids = (
          ((await listed.json()) as { notes: { note: { id: number }[] } }).notes.note ?? []
        ).map((n) => n.id);
        if (!ids.length) break;
        for (let i = 0; i < ids.length; i += 10) {
          await Promise.all(
            ids.slice(i, i + 10).map(async (id) => {
              const res = await fetch(`${ctx.baseUrl}/notes/${id}.js`, {
                method: 'DELETE',
                headers: { Authorization: ctx.authorization },
              });
              await res.arrayBuffer();
            }),
          );
        }
      }
      for (let i = 0; i < 100; i += 10) {
        await Promise.all(
          Array.from({ length: 10 }, (_, j) => post(ctx, '/notes.xml', noteBody(i + j))),
        );
      }
    },
    request: () => ({ path: '/user/notes.xml' }),
  },
  {
    name: 'tagging create',
    request: (ctx) => {
      const k = taggingWrites();
      return {
        method: 'POST',
        path: '/user/taggings.xml',
        headers: { 'Content-Type': XML, Authorization: writer(ctx, k) },
        body: taggingBody(k % WRITES_PER_ACCOUNT),
      };
    },
    expectStatus: 201,
  },
];
