import { describe, expect, it } from 'vitest';
import { call, newUser } from '../../support/http';
import { JSON_TYPE, send, type Ref } from '../../support/annotations';
import { accountDb, makeModerator } from '../../support/shards';

/**
 * A note's references are `readable` exactly while others may read the note (docs/annotations.md
 * "The hand-written triggers"): decided by the triggers alone, the writer inserting every reference
 * with 0. Each write below goes through the API; were the triggers gone or their rule wrong, the
 * public note's references would stay 0 (or stay 1 once withdrawn or hidden).
 */

const A: Ref = { start: 'KJV:Ruth.1.16', end: 'KJV:Ruth.1.17' };
const B: Ref = { start: 'KJV:John.1.10', end: 'KJV:John.1.10' };
const C: Ref = { start: 'KJV:Jonah.1.17', end: 'KJV:Jonah.2.1' };

async function createNote(token: string, isPublic: 0 | 1, refs: Ref[]): Promise<number> {
  const res = await call('/notes.js', token, {
    method: 'POST',
    headers: JSON_TYPE,
    body: JSON.stringify({
      note: { title: 't', public: isPublic, references: { reference: refs } },
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as any).notes.note[0].id;
}

async function updateNote(token: string, id: number, note: Record<string, unknown>) {
  const res = await send('PUT', `/notes/${id}.js`, token, JSON.stringify({ note }), 'js');
  expect(res.status).toBe(200);
}

async function moderate(token: string, id: number, action: string) {
  const body = JSON.stringify({ moderation: { action, reason: '' } });
  const res = await send('PUT', `/moderation/notes/${id}.js`, token, body, 'js');
  expect(res.status).toBe(200);
}

describe("a note's references are readable while others may read the note", () => {
  it('through publishing, new references, withdrawal and moderation', async () => {
    const author = await newUser('readable');
    const mod = await newUser('moderator');
    await makeModerator(mod.id);
    const db = await accountDb(author.id);
    const readable = async (id: number) =>
      (
        await db
          .prepare('SELECT readable FROM note_references WHERE note_id = ? ORDER BY ord')
          .bind(id)
          .all<{ readable: number }>()
      ).results.map((r) => r.readable);

    const published = await createNote(author.token, 1, [A, B]);
    const unpublished = await createNote(author.token, 0, [A]);
    expect(await readable(published)).toEqual([1, 1]);
    expect(await readable(unpublished)).toEqual([0]);

    // References written anew on a published note, and a private note published.
    await updateNote(author.token, published, { references: { reference: [C, A, B] } });
    await updateNote(author.token, unpublished, { public: 1 });
    expect(await readable(published)).toEqual([1, 1, 1]);
    expect(await readable(unpublished)).toEqual([1]);

    // Withdrawn, then published again with new references.
    await updateNote(author.token, published, { public: 0 });
    expect(await readable(published)).toEqual([0, 0, 0]);
    await updateNote(author.token, published, { public: 1, references: { reference: [B] } });
    expect(await readable(published)).toEqual([1]);

    // Hidden by a moderator, then approved.
    await moderate(mod.token, published, 'hide');
    expect(await readable(published)).toEqual([0]);
    await updateNote(author.token, published, { references: { reference: [A, C] } });
    expect(await readable(published)).toEqual([0, 0]);
    await moderate(mod.token, published, 'approve');
    expect(await readable(published)).toEqual([1, 1]);
  });
});
