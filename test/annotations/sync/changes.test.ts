import { describe, expect, it } from 'vitest';
import { encodeCursor } from '../../../src/annotations/sync/changes';
import { call, newUser } from '../../support/http';
import {
  createNote,
  createTagging,
  errors,
  FORMATS,
  GEN_1_1,
  JOHN_3_16,
  list,
  noteXml,
  read,
  taggingXml,
  XML,
  type Format,
} from '../../support/annotations';
import { accountDb } from '../../support/shards';

/**
 * The changes feed (docs/sync.md "The changes feed"): GET /user/changes lists the account's notes,
 * taggings and tags changed since a cursor, in commit order, each once with its revision and the
 * item as it is now; a deletion as a tombstone; `cursor` and `more` for the next page; a cursor
 * older than the deletions kept is a 410.
 */

interface FeedPage {
  changes: any[];
  cursor: string;
  more: boolean;
}

async function feed(token: string, since?: string, limit?: number, format: Format = 'js') {
  const query = new URLSearchParams();
  if (since !== undefined) query.set('since', since);
  if (limit !== undefined) query.set('limit', String(limit));
  const res = await call(`/user/changes.${format}?${query}`, token);
  expect(res.status, await res.clone().text()).toBe(200);
  const body = (await read(res, format)).changes;
  return {
    changes: list(body.change),
    cursor: String(body.cursor),
    more: String(body.more) === '1',
  } satisfies FeedPage;
}

/** Every page from `since` on: the changes in order and the last cursor. */
async function feedAll(token: string, since?: string, limit = 3) {
  const changes: any[] = [];
  let cursor = since;
  for (let page = 0; page < 100; page++) {
    const next = await feed(token, cursor, limit);
    changes.push(...next.changes);
    cursor = next.cursor;
    if (!next.more) return { changes, cursor: cursor! };
  }
  throw new Error('the feed never ended');
}

const put = (token: string, path: string, body: string) =>
  call(path, token, { method: 'PUT', headers: XML, body });
const del = (token: string, path: string) => call(path, token, { method: 'DELETE' });

describe('the changes feed', () => {
  for (const format of FORMATS) {
    it(`a first sync lists every item the account has, with its revision and the item itself (${format})`, async () => {
      const { token } = await newUser();
      const { note } = await createNote(token, { title: 'n', references: [GEN_1_1] });
      const { tagging } = await createTagging(token, { name: 'feed tag', references: [JOHN_3_16] });
      const page = await feed(token, undefined, undefined, format);
      expect(page.more).toBe(false);
      const kinds = page.changes.map((c) => `${c.kind} ${c.id}`);
      expect(kinds).toEqual([`note ${note.id}`, `tagging ${tagging.id}`, `tag ${tagging.tag.id}`]);
      const [n, t, g] = page.changes;
      expect(String(n.revision)).toBe(String(note.revision));
      expect(String(n.deleted)).toBe('0');
      expect(n.note.title).toBe('n');
      expect(String(t.tagging.tag.name)).toBe('feed tag');
      expect(String(g.tag.name)).toBe('feed tag');
      expect(Number(g.revision)).toBeGreaterThan(Number(t.revision));
      // Nothing since: an empty page, the same cursor.
      const none = await feed(token, page.cursor, undefined, format);
      expect(none.changes).toEqual([]);
      expect(none.cursor).toBe(page.cursor);
    });
  }

  it('an incremental sync gets edits and deletions (tombstones), each item once, in commit order', async () => {
    const { token } = await newUser();
    const a = (await createNote(token, { title: 'a', references: [GEN_1_1] })).note;
    const b = (await createNote(token, { title: 'b', references: [GEN_1_1] })).note;
    const t = (await createTagging(token, { name: 'only', references: [GEN_1_1] })).tagging;
    const start = (await feed(token)).cursor;
    await put(token, `/notes/${b.id}.xml`, noteXml({ title: 'b2' }));
    await del(token, `/notes/${a.id}.xml`);
    await put(token, `/notes/${b.id}.xml`, noteXml({ title: 'b3' }));
    await del(token, `/taggings/${t.id}.xml`);
    const { changes } = await feedAll(token, start, 2);
    expect(changes.map((c) => `${c.kind} ${c.id} ${c.deleted}`)).toEqual([
      `note ${a.id} 1`,
      `note ${b.id} 0`,
      `tagging ${t.id} 1`,
      `tag ${t.tag.id} 1`,
    ]);
    expect(changes[0].note).toBeUndefined();
    expect(changes[1].note.title).toBe('b3');
    const revisions = changes.map((c) => Number(c.revision));
    expect([...revisions].sort((x, y) => x - y)).toEqual(revisions);
  });

  it('pages by limit, and never skips a change committed while a client pages', async () => {
    const { token } = await newUser();
    const created = [];
    for (let i = 0; i < 6; i++)
      created.push((await createNote(token, { title: `n${i}`, references: [GEN_1_1] })).note);
    const first = await feed(token, undefined, 2);
    expect(first.changes).toHaveLength(2);
    expect(first.more).toBe(true);
    // Changes while the client pages: one of the notes it has seen, one it has not, and a new one.
    await put(token, `/notes/${created[0].id}.xml`, noteXml({ title: 'seen, then edited' }));
    await put(token, `/notes/${created[4].id}.xml`, noteXml({ title: 'not yet seen, edited' }));
    const added = (await createNote(token, { title: 'new', references: [GEN_1_1] })).note;
    const rest = await feedAll(token, first.cursor, 2);
    const seen = new Map<number, string>();
    for (const c of [...first.changes, ...rest.changes]) seen.set(Number(c.id), c.note.title);
    expect(seen.get(Number(created[0].id))).toBe('seen, then edited');
    expect(seen.get(Number(created[4].id))).toBe('not yet seen, edited');
    expect(seen.get(Number(added.id))).toBe('new');
    expect(seen.size).toBe(7);
  });

  it('a page ends before its items pass the byte budget, and says there is more', async () => {
    const { token } = await newUser();
    const refs = Array.from({ length: 100 }, (_, i) => ({
      start: `KJV:Ps.119.${i + 1}`,
      end: `KJV:Ps.119.${i + 1}`,
    }));
    for (let i = 0; i < 30; i++)
      await createNote(token, { title: `big ${i}`, content: '<'.repeat(10_000), references: refs });
    const page = await feed(token, undefined, 200);
    expect(page.changes.length).toBeLessThan(30);
    expect(page.more).toBe(true);
    const res = await call(`/user/changes.xml?limit=200`, token);
    expect((await res.arrayBuffer()).byteLength).toBeLessThan(1024 * 1024);
  });

  it('a cursor that is not one this account was given is a 400 in the requested format', async () => {
    const { id, token } = await newUser();
    const other = await newUser();
    for (const since of ['x', '!!', encodeCursor(other.id, 1), btoa('nonsense'), 'a'.repeat(100)]) {
      for (const format of FORMATS) {
        const res = await call(`/user/changes.${format}?since=${encodeURIComponent(since)}`, token);
        expect(res.status, since).toBe(400);
        expect((await errors(res, format))[0]).toMatch(/since must be a cursor/);
      }
    }
    expect((await call(`/user/changes.js?since=${encodeCursor(id, 0)}`, token)).status).toBe(200);
    expect((await call('/user/changes.js?limit=0', token)).status).toBe(400);
  });

  it('a cursor older than the deletions kept is a 410 that says to sync again; a newer one is not', async () => {
    const { id, token } = await newUser();
    const old = (await createNote(token, { title: 'old', references: [GEN_1_1] })).note;
    const before = (await feed(token)).cursor;
    await del(token, `/notes/${old.id}.xml`);
    const afterDeletion = (await feed(token, before)).cursor;
    // The deletion is 31 days old: the next write that deletes prunes it.
    await (
      await accountDb(id)
    )
      .prepare('UPDATE changes SET at = at - 31 * 86400000 WHERE user_id = ? AND deleted = 1')
      .bind(id)
      .run();
    const other = (await createNote(token, { title: 'other', references: [GEN_1_1] })).note;
    await del(token, `/notes/${other.id}.xml`);
    for (const format of FORMATS) {
      const res = await call(`/user/changes.${format}?since=${before}`, token);
      expect(res.status).toBe(410);
      expect((await errors(res, format))[0]).toMatch(/sync again from the start/);
    }
    const fresh = await feed(token, afterDeletion);
    expect(fresh.changes.map((c) => `${c.kind} ${c.id} ${c.deleted}`)).toEqual([
      `note ${other.id} 1`,
    ]);
    // A first sync (no cursor) is never refused: it is how a client starts again; it has the
    // deletions still kept, for what the client may hold already.
    expect((await feed(token)).changes.map((c) => `${c.kind} ${c.id} ${c.deleted}`)).toEqual([
      `note ${other.id} 1`,
    ]);
  });

  it("a tag is the account's use of it: a tombstone once its last tagging goes, live again when used", async () => {
    const { token } = await newUser();
    const one = (await createTagging(token, { name: 'comes and goes', references: [GEN_1_1] }))
      .tagging;
    const start = (await feed(token)).cursor;
    await put(
      token,
      `/taggings/${one.id}.xml`,
      taggingXml({ name: 'another name', references: [GEN_1_1] }),
    );
    const moved = (await feed(token, start)).changes;
    const old = moved.find((c) => c.kind === 'tag' && Number(c.id) === Number(one.tag.id));
    expect(String(old.deleted)).toBe('1');
    expect(
      moved.some(
        (c) => c.kind === 'tag' && String(c.deleted) === '0' && c.tag.name === 'another name',
      ),
    ).toBe(true);
  });
});
