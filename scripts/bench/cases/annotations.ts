import type { BenchCase, BenchContext } from '../types';

/**
 * Annotation writes and reads (docs/annotations.md). Every request runs against the bench
 * account's token; personal routes verify it in D1 on each request, so these measure D1 round
 * trips: note create = 1 batch, note list = 1 batch (notes + references), tagging create = a tag
 * lookup-free batch by name.
 */

const XML = 'application/xml';

/** Valid, existing verses of John 3 (36 verses) so validation passes on every iteration. */
function reference(i: number): string {
  const verse = (i % 36) + 1;
  return `<references><reference><start>KJV:John.3.${verse}</start><end>KJV:John.3.${verse}</end></reference></references>`;
}

function noteBody(i: number): string {
  return `<note><title>Bench note ${i}</title><content>For God so loved the world &amp; more</content>${reference(i)}</note>`;
}

async function post(ctx: BenchContext, path: string, body: string): Promise<void> {
  const res = await fetch(ctx.baseUrl + path, {
    method: 'POST',
    headers: { Authorization: ctx.authorization, 'Content-Type': XML },
    body,
  });
  if (res.status !== 201) throw new Error(`bench setup: POST ${path} answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
}

export const cases: BenchCase[] = [
  {
    name: 'note create',
    request: (_, i) => ({ method: 'POST', path: '/notes.xml', headers: { 'Content-Type': XML }, body: noteBody(i) }),
    expectStatus: 201,
  },
  {
    name: 'note list (100 notes)',
    // Exactly 100 notes for the bench token (the bench account is shared by all cases, and
    // setup runs right before each case, so notes left by 'note create' are removed first).
    setup: async (ctx) => {
      const listed = await fetch(`${ctx.baseUrl}/user/notes.js`, { headers: { Authorization: ctx.authorization } });
      const ids = (((await listed.json()) as { notes: { note: { id: number }[] } }).notes.note ?? []).map((n) => n.id);
      for (let i = 0; i < ids.length; i += 10) {
        await Promise.all(
          ids.slice(i, i + 10).map(async (id) => {
            const res = await fetch(`${ctx.baseUrl}/notes/${id}.js`, { method: 'DELETE', headers: { Authorization: ctx.authorization } });
            await res.arrayBuffer();
          }),
        );
      }
      for (let i = 0; i < 100; i += 10) {
        await Promise.all(Array.from({ length: 10 }, (_, j) => post(ctx, '/notes.xml', noteBody(i + j))));
      }
    },
    request: () => ({ path: '/user/notes.xml' }),
  },
  {
    name: 'tagging create',
    request: (_, i) => ({
      method: 'POST',
      path: '/user/taggings.xml',
      headers: { 'Content-Type': XML },
      // A handful of names: mostly existing tags, as real use would be.
      body: `<tagging><tag><name>bench-${i % 5}</name></tag>${reference(i)}</tagging>`,
    }),
    expectStatus: 201,
  },
];
