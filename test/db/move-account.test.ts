import { describe, expect, it } from 'vitest';
import { moveAccountWholly } from '../../src/annotations/personal/account-move';
import { MOVED_COLUMNS } from '../../src/db/move-account';
import { blockOf, DIRECTORY, type RunBatch } from '../../src/db/shards';
import {
  createNote,
  createTagging,
  GEN_1_1,
  JOHN_3_16,
  JSON_TYPE,
  list,
  noteJson,
  read,
} from '../support/annotations';
import { call, newUser } from '../support/http';
import { accountDb, directory, run, shardOf, SHARDS } from '../support/shards';

/**
 * Moving an account to another database while it is used (docs/scale.md "Moving an account";
 * src/db/move-account.ts): nothing lost, writes during the move land or are refused with 503 and
 * Retry-After (and land when sent again), and a syncing client's cursor, revisions and
 * Idempotency-Keys keep working, since everything moved with its ids.
 */

type User = { id: number; token: string; shard: string };

/** A new account in `shard` (new accounts go to the database holding the fewest: a few tries). */
async function userIn(shard: string, prefix = 'mover'): Promise<User> {
  for (;;) {
    const user = await newUser(prefix);
    if (user.shard === shard) return user;
  }
}

const post = (token: string, path: string, body: string, headers: Record<string, string> = {}) =>
  call(path, token, { method: 'POST', headers: { ...JSON_TYPE, ...headers }, body });

/** The account as a client sees it: its export without the export's own time and meta. */
async function exported(token: string) {
  const body = await read(await call('/user/export.js', token), 'js');
  delete body.export.exported_at;
  delete body.export.meta;
  return body.export;
}

/** Every page of the changes feed from `since`: the changes and the last cursor. */
async function changesSince(token: string, since?: string) {
  const changes: any[] = [];
  let cursor = since;
  for (let page = 0; page < 50; page++) {
    const q = cursor === undefined ? '' : `?since=${cursor}`;
    const body = (await read(await call(`/user/changes.js${q}`, token), 'js')).changes;
    changes.push(...list(body.change));
    cursor = String(body.cursor);
    if (String(body.more) !== '1') return { changes, cursor };
  }
  throw new Error('the feed never ended');
}

/** The rows of an account in one database, per table (what a move must leave none of). */
async function rowsIn(shard: string, userId: number) {
  const [users, notes, taggings, changes, keys] = await run(
    shard,
    [
      'users WHERE id',
      'notes WHERE user_id',
      'taggings WHERE user_id',
      'changes WHERE user_id',
      'idempotency_keys WHERE user_id',
    ].map((where) => ({ sql: `SELECT count(*) AS n FROM ${where} = ?1`, params: [userId] })),
  );
  return [users, notes, taggings, changes, keys].map(([r]) => Number(r.n));
}

describe('moving an account to another database', () => {
  it('copies every column a move must carry: every column but the generated ones, of every table it moves', async () => {
    for (const [table, columns] of Object.entries(MOVED_COLUMNS)) {
      const info = await directory()
        .prepare(`SELECT name, hidden FROM pragma_table_xinfo('${table}')`)
        .all<{ name: string; hidden: number }>();
      const stored = info.results
        .filter((c) => c.hidden === 0 && !(table === 'users' && c.name === 'moving'))
        .map((c) => c.name);
      expect([...columns].sort(), table).toEqual(stored.sort());
    }
  });

  it('moves everything with its ids: the export, the changes feed and its cursor, revisions, Idempotency-Keys, reports; the old database keeps nothing', async () => {
    // From the last database to the first: its ids come from a later block, so the first moves on
    // to a new block (src/db/shards.ts), and the account's new items are still its newest ids.
    const from = SHARDS[SHARDS.length - 1];
    const to = SHARDS[0];
    const user = await userIn(from);
    const other = await userIn(SHARDS[1], 'neighbour');
    const shared = `moved tag ${Date.now()}`;
    const { note } = await createNote(user.token, {
      title: 'kept',
      content: 'with its revision',
      references: [GEN_1_1, JOHN_3_16],
    });
    await createTagging(user.token, { name: shared, references: [JOHN_3_16] });
    await createTagging(other.token, { name: shared, references: [GEN_1_1] });
    const gone = await createNote(user.token, { title: 'deleted', references: [GEN_1_1] });
    await call(`/notes/${gone.note.id}.js`, user.token, { method: 'DELETE' });
    const keyed = await post(
      user.token,
      '/notes.js',
      noteJson({ title: 'keyed', references: [GEN_1_1] }),
      {
        'Idempotency-Key': 'before-the-move',
      },
    );
    expect(keyed.status).toBe(201);
    const published = await post(
      user.token,
      '/notes.js',
      JSON.stringify({
        note: { title: 'zqmoved', public: 1, references: { reference: [JOHN_3_16] } },
      }),
    );
    const publicId = (await read(published, 'js')).notes.note[0].id;
    expect(
      (
        await post(
          other.token,
          `/notes/${publicId}/reports.js`,
          JSON.stringify({ report: { reason: 'odd' } }),
        )
      ).status,
    ).toBe(200);
    const etag = (await call(`/notes/${note.id}.js`, user.token)).headers.get('ETag')!;
    const before = await exported(user.token);
    const feedBefore = await changesSince(user.token);

    const report = await moveAccountWholly(run, SHARDS, user.id, to, 0);
    expect(report).toMatchObject({ from, to });
    expect(report.rows.notes).toBe(3);
    expect(report.rows.note_reports).toBe(1);
    expect(report.newBlock).not.toBeNull();
    expect(await shardOf(user.id)).toBe(to);
    expect(
      await directory()
        .prepare('SELECT placement FROM accounts WHERE id = ?')
        .bind(user.id)
        .first(),
    ).toEqual({ placement: 1 });

    // Everything as it was, read from the new database.
    expect(await exported(user.token)).toEqual(before);
    expect((await changesSince(user.token)).changes).toEqual(feedBefore.changes);
    // The cursor from before the move goes on: nothing new, then the next change.
    expect((await changesSince(user.token, feedBefore.cursor)).changes).toEqual([]);
    // The revision from before: an If-Match with it applies.
    const edited = await call(`/notes/${note.id}.js`, user.token, {
      method: 'PUT',
      headers: { ...JSON_TYPE, 'If-Match': etag },
      body: JSON.stringify({ note: { content: 'edited after the move' } }),
    });
    expect(edited.status).toBe(200);
    const next = await changesSince(user.token, feedBefore.cursor);
    expect(next.changes.map((c: any) => [c.kind, String(c.id)])).toEqual([
      ['note', String(note.id)],
    ]);
    // The key from before: the same answer again, nothing written twice.
    const again = await post(
      user.token,
      '/notes.js',
      noteJson({ title: 'keyed', references: [GEN_1_1] }),
      {
        'Idempotency-Key': 'before-the-move',
      },
    );
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.headers.get('Location')).toBe(keyed.headers.get('Location'));
    // A new note: an id of the new database's new block, above the account's older ids, with its
    // own references (a create finds its new row as the account's largest id).
    const fresh = await createNote(user.token, { title: 'after', references: [JOHN_3_16] });
    expect(blockOf(Number(fresh.note.id))).toBe(report.newBlock);
    expect(list(fresh.note.references.reference)).toHaveLength(1);
    // The report of its public note came along.
    const reports = await (
      await accountDb(user.id)
    )
      .prepare('SELECT reporter_id FROM note_reports WHERE note_id = ?')
      .bind(publicId)
      .all();
    expect(reports.results).toEqual([{ reporter_id: other.id }]);
    // The old database keeps nothing of it; the shared tag counts one account in each.
    expect(await rowsIn(from, user.id)).toEqual([0, 0, 0, 0, 0]);
    const counts = await directory()
      .prepare(
        'SELECT a.shard, a.accounts FROM tag_accounts a JOIN tag_names t ON t.id = a.tag_id WHERE t.name = ? ORDER BY a.shard',
      )
      .bind(shared)
      .all<{ shard: string; accounts: number }>();
    expect(counts.results).toEqual(
      [
        { shard: to, accounts: 1 },
        { shard: SHARDS[1], accounts: 1 },
      ].sort((a, b) => a.shard.localeCompare(b.shard)),
    );
    // The answers' bookmarks now name the placement: an older one reads at the primary.
    const bookmark = (await call('/user/notes.js', user.token)).headers.get('X-D1-Bookmark');
    expect(bookmark).toMatch(/^p1-/);
  });

  it('while the account is written to: every write answered 2xx is there afterwards, once; the others were 503 with Retry-After, and landed when sent again', async () => {
    const from = SHARDS[1];
    const to = SHARDS[2];
    const user = await userIn(from, 'busy');
    const { note } = await createNote(user.token, { title: 'counter', references: [GEN_1_1] });
    // Warm: the isolate's token cache names the old database when the move switches.
    expect((await call('/user/notes.js', user.token)).status).toBe(200);

    // The copy (its read of the account's rows) made slower than a real one (200 ms), so that
    // writes surely meet the freeze.
    let moving = false;
    const slow: RunBatch = async (binding, statements) => {
      if (binding === from && /^SELECT id, email/.test(statements[0]?.sql ?? '') && moving)
        await new Promise((r) => setTimeout(r, 200));
      return run(binding, statements);
    };

    type Outcome = { title: string; status: number; refused: number };
    const outcomes: Outcome[] = [];
    const updates: { value: number; status: number }[] = [];
    const refusals: (string | null)[] = [];
    let wrote = () => {};
    const firstWrites = new Promise<void>((resolve) => (wrote = resolve));
    let done = false;
    const sendAgain = async (send: () => Promise<Response>) => {
      let refused = 0;
      for (let attempt = 0; attempt < 500; attempt++) {
        const res = await send();
        if (res.status !== 503) return { res, refused };
        refusals.push(res.headers.get('Retry-After'));
        refused++;
        // A client waits as Retry-After says; here a few milliseconds (the move pauses briefly).
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('refused for ten seconds');
    };
    const writer = async (w: number) => {
      for (let i = 0; !done || i < 3; i++) {
        const title = `busy ${w} ${i}`;
        const { res, refused } = await sendAgain(() =>
          post(user.token, '/notes.js', noteJson({ title, references: [JOHN_3_16] }), {
            'Idempotency-Key': `busy-${w}-${i}`,
          }),
        );
        outcomes.push({ title, status: res.status, refused });
        if (outcomes.length === 3) wrote();
        if (w === 0) {
          const { res: updated } = await sendAgain(() =>
            call(`/notes/${note.id}.js`, user.token, {
              method: 'PUT',
              headers: JSON_TYPE,
              body: JSON.stringify({ note: { content: String(i) } }),
            }),
          );
          updates.push({ value: i, status: updated.status });
        }
        // Reads go on throughout, from the old database while the account is frozen there.
        expect((await call('/user/notes.js?limit=1', user.token)).status).toBe(200);
        // A client's pause between writes (workerd runs no timer while the isolate never idles).
        await new Promise((r) => setTimeout(r, 2));
      }
    };
    const writers = [0, 1, 2].map(writer);
    // The move starts once the writes are under way.
    await firstWrites;
    moving = true;
    const moved = moveAccountWholly(slow, SHARDS, user.id, to, 0).finally(() => {
      moving = false;
      done = true;
    });
    const [report] = await Promise.all([moved, ...writers]);

    expect(report.pauseMs).toBeGreaterThanOrEqual(200);
    expect(await shardOf(user.id)).toBe(to);
    // Some writes met the move, and were told when to come back.
    expect(refusals.length).toBeGreaterThan(0);
    for (const retryAfter of refusals) expect(Number(retryAfter)).toBeGreaterThan(0);
    // Every create that was answered 2xx is there, once.
    for (const o of outcomes) expect([200, 201], o.title).toContain(o.status);
    const titles = list(
      (await read(await call('/user/notes.js?limit=500', user.token), 'js')).notes.note,
    ).map((n: any) => String(n.title));
    for (const o of outcomes)
      expect(
        titles.filter((t) => t === o.title),
        o.title,
      ).toHaveLength(1);
    expect(titles).toHaveLength(outcomes.length + 1);
    // The last update answered 2xx is the note's content.
    const last = updates.filter((u) => u.status === 200).at(-1)!;
    const counter = (await read(await call(`/notes/${note.id}.js`, user.token), 'js')).notes
      .note[0];
    expect(String(counter.content)).toBe(String(last.value));
    expect(await rowsIn(from, user.id)).toEqual([0, 0, 0, 0, 0]);
  });

  it('a move that fails before the switch leaves the account where it was, writable, and nothing of it in the other database', async () => {
    const from = SHARDS[0];
    const to = SHARDS[1];
    const user = await userIn(from, 'unmoved');
    await createNote(user.token, { title: 'stays', references: [GEN_1_1] });
    // The other database refuses the account's row (as a full or failing database would).
    const trigger = `refuse_${user.id}`;
    await run(to, [
      {
        sql: `CREATE TRIGGER ${trigger} BEFORE INSERT ON users WHEN NEW.id = ${user.id} BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`,
        params: [],
      },
    ]);
    try {
      await expect(moveAccountWholly(run, SHARDS, user.id, to, 0)).rejects.toThrow(
        /refused by the test/,
      );
    } finally {
      await run(to, [{ sql: `DROP TRIGGER ${trigger}`, params: [] }]);
    }
    expect(await shardOf(user.id)).toBe(from);
    expect(await rowsIn(to, user.id)).toEqual([0, 0, 0, 0, 0]);
    const created = await createNote(user.token, {
      title: 'still writable',
      references: [GEN_1_1],
    });
    expect(created.res.status).toBe(201);
    expect(
      await directory()
        .prepare('SELECT shard, placement FROM accounts WHERE id = ?')
        .bind(user.id)
        .first(),
    ).toEqual({ shard: from, placement: 0 });
    expect(DIRECTORY).toBe(SHARDS[0]);
  });
});
