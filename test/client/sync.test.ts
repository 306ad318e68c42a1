import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  pullChanges,
  pushWrite,
  type Change,
  type LocalCopy,
  type SyncOptions,
} from '../../clients/typescript/src/index';
import worker from '../../src/index';
import { BASE, newUser } from '../support/http';
import { accountDb } from '../support/shards';

/**
 * The typed client's sync helper (clients/typescript/src/sync.ts) against the Worker, as
 * docs/sync.md walks a client through it: a first sync, an incremental one, offline edits sent
 * later (one of whose answers was lost), a conflict handed back, and a cursor too old to use.
 */

/** A device's copy: items by kind and id, as the feed gives them. */
function copy(): LocalCopy & { items: Map<string, Change> } {
  const items = new Map<string, Change>();
  return {
    items,
    cursor: undefined,
    apply(change) {
      const key = `${change.kind} ${change.id}`;
      if (change.deleted === 1) items.delete(key);
      else items.set(key, change);
    },
    saveCursor() {},
    clear() {
      items.clear();
      this.cursor = undefined;
    },
  };
}

/** Sync options over the Worker; `loseNextAnswer` makes the next answer vanish after the server has it. */
function device(token: string) {
  const state = { loseNextAnswer: false };
  const options: SyncOptions = {
    baseUrl: BASE,
    token,
    wait: async () => {},
    fetch: async (request) => {
      const ctx = createExecutionContext();
      const res = await worker.fetch(request, env, ctx);
      await waitOnExecutionContext(ctx);
      if (state.loseNextAnswer) {
        state.loseNextAnswer = false;
        throw new TypeError('network connection lost');
      }
      return res;
    },
  };
  return { options, state, local: copy() };
}

const noteBody = (title: string) => ({
  note: { title, references: { reference: [{ start: 'KJV:Ps.23.1', end: 'KJV:Ps.23.1' }] } },
});

describe("the typed client's sync helper", () => {
  it('syncs two devices: first sync, offline edits with a lost answer, a conflict, a deletion', async () => {
    const { id: userId, token } = await newUser('sync-client');
    const phone = device(token);
    const laptop = device(token);

    // First sync of an empty account, then a note made on the phone; its answer is lost, and the
    // helper sends it again with the same key: one note.
    expect(await pullChanges(phone.options, phone.local)).toBe(0);
    phone.state.loseNextAnswer = true;
    const created = await pushWrite(phone.options, {
      method: 'POST',
      path: '/notes.js',
      body: noteBody('psalm'),
    });
    expect(created).toMatchObject({ outcome: 'applied', status: 201, replayed: true });
    const count = await (
      await accountDb(userId)
    )
      .prepare('SELECT count(*) AS n FROM notes WHERE user_id = ?')
      .bind(userId)
      .first<{ n: number }>();
    expect(count?.n).toBe(1);
    const note = (created as { document: any }).document.notes.note[0];

    // The laptop's first sync has it.
    await pullChanges(laptop.options, laptop.local);
    const onLaptop = laptop.local.items.get(`note ${note.id}`)!;
    expect(onLaptop.note?.title).toBe('psalm');

    // Offline, both edit it; the phone comes back first, the laptop's edit is a conflict with the
    // phone's version handed back, which the laptop merges and sends with the new ETag.
    const phoneEdit = await pushWrite(phone.options, {
      method: 'PUT',
      path: `/notes/${note.id}.js`,
      body: noteBody('psalm, phone'),
      ifMatch: `"${note.revision}"`,
    });
    expect(phoneEdit.outcome).toBe('applied');
    const laptopEdit = await pushWrite(laptop.options, {
      method: 'PUT',
      path: `/notes/${note.id}.js`,
      body: noteBody('psalm, laptop'),
      ifMatch: `"${onLaptop.revision}"`,
    });
    expect(laptopEdit.outcome).toBe('conflict');
    const current = (laptopEdit as { current: any; etag: string }).current.notes.note[0];
    expect(current.title).toBe('psalm, phone');
    const merged = await pushWrite(laptop.options, {
      method: 'PUT',
      path: `/notes/${note.id}.js`,
      body: noteBody(`${current.title} + laptop`),
      ifMatch: (laptopEdit as { etag: string }).etag,
    });
    expect(merged.outcome).toBe('applied');

    // The phone syncs incrementally and gets the merge; then deletes the note; the laptop learns.
    await pullChanges(phone.options, phone.local);
    const merge = phone.local.items.get(`note ${note.id}`)!;
    expect(merge.note?.title).toBe('psalm, phone + laptop');
    expect(
      (
        await pushWrite(phone.options, {
          method: 'DELETE',
          path: `/notes/${note.id}.js`,
          ifMatch: `"${merge.revision}"`,
        })
      ).outcome,
    ).toBe('applied');
    await pullChanges(laptop.options, laptop.local);
    expect(laptop.local.items.has(`note ${note.id}`)).toBe(false);
    expect(
      (
        await pushWrite(laptop.options, {
          method: 'PUT',
          path: `/notes/${note.id}.js`,
          body: noteBody('late'),
        })
      ).outcome,
    ).toBe('gone');
  });

  it('starts again from nothing when its cursor is older than the deletions kept (410)', async () => {
    const { id: userId, token } = await newUser('sync-client');
    const d = device(token);
    await pushWrite(d.options, { method: 'POST', path: '/notes.js', body: noteBody('kept') });
    await pullChanges(d.options, d.local);
    const stale = d.local.cursor;
    // Another device deletes a note made after the cursor, and the server has since pruned that
    // deletion (as it does after 30 days): the cursor may have missed it.
    const gone = await pushWrite(d.options, {
      method: 'POST',
      path: '/notes.js',
      body: noteBody('gone'),
    });
    const goneId = (gone as { document: any }).document.notes.note[0].id;
    await pushWrite(d.options, { method: 'DELETE', path: `/notes/${goneId}.js` });
    await (
      await accountDb(userId)
    )
      .prepare('UPDATE users SET changes_floor = change_seq WHERE id = ?')
      .bind(userId)
      .run();
    d.local.items.set('note 999999', {
      kind: 'note',
      id: 999999,
      revision: 1,
      deleted: 0,
      changed_at: '',
    } as Change);
    await pullChanges(d.options, d.local);
    expect(d.local.cursor).not.toBe(stale);
    expect([...d.local.items.values()].map((c) => c.note?.title)).toEqual(['kept']);
  });
});
