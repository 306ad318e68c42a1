import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { fanOut, type ShardDb } from '../../../src/annotations/public/across-shards';
import { REPORTS_TO_HIDE, TAG_LIST_MIN_ACCOUNTS } from '../../../src/api/limits';
import { database } from '../../../src/db/client';
import { shardBinding } from '../../../src/db/shards';
import { JSON_TYPE, list, read, send } from '../../support/annotations';
import { call, newUser } from '../../support/http';
import { makeModerator, SHARDS } from '../../support/shards';

/**
 * What other accounts wrote, read whole though accounts live in three databases (docs/scale.md
 * "What stays whole"): public notes of a verse from every database in publication order, the
 * site-wide tag names, reports of a note in another database than the reporter's, the moderators'
 * queue and log.
 */

type User = { id: number; token: string; shard: string };

/** New accounts until `perShard` are in each database, in the order the databases are listed. */
async function spread(perShard = 1, prefix = 'spread'): Promise<User[][]> {
  const found = new Map<string, User[]>(SHARDS.map((s) => [s, []]));
  while ([...found.values()].some((l) => l.length < perShard)) {
    const user = await newUser(prefix);
    const list = found.get(user.shard)!;
    if (list.length < perShard) list.push(user);
  }
  return SHARDS.map((s) => found.get(s)!);
}

const tick = () => new Promise((r) => setTimeout(r, 3));

async function publish(token: string, title: string, verse: string): Promise<number> {
  const res = await call('/notes.js', token, {
    method: 'POST',
    headers: JSON_TYPE,
    body: JSON.stringify({
      note: { title, public: 1, references: { reference: [{ start: verse, end: verse }] } },
    }),
  });
  if (res.status !== 201) throw new Error(`publish: ${res.status} ${await res.text()}`);
  return ((await res.json()) as any).notes.note[0].id;
}

const report = (token: string, id: number, headers: Record<string, string> = {}) =>
  call(`/notes/${id}/reports.js`, token, {
    method: 'POST',
    headers: { ...JSON_TYPE, ...headers },
    body: JSON.stringify({ report: { reason: 'spam' } }),
  });

const act = (token: string, id: number, action: string) =>
  send(
    'PUT',
    `/moderation/notes/${id}.js`,
    token,
    JSON.stringify({ moderation: { action, reason: action } }),
    'js',
  );

describe('public notes of a verse, from every database', () => {
  it('are merged newest publication first and paged as one list', async () => {
    const stamp = Date.now();
    const verse = 'KJV:John.11.35';
    const [a, b, c] = (await spread()).map((l) => l[0]);
    const order: string[] = [];
    for (const [i, user] of [a, b, c, a, c, b].entries()) {
      const title = `fig tree ${stamp} ${i} ${user.shard}`;
      await publish(user.token, title, verse);
      order.push(title);
      await tick();
    }
    const reader = await newUser('reader');
    const ours = (body: any) =>
      list(body.public_notes.public_note)
        .map((n: any) => String(n.title))
        .filter((t) => t.startsWith(`fig tree ${stamp}`));
    const all = await read(
      await call(`/verses/${verse}/public-notes.js?limit=500`, reader.token),
      'js',
    );
    expect(ours(all)).toEqual([...order].reverse());
    // Paged: two at a time, the same order (the three databases' notes interleaved).
    const paged: string[] = [];
    const total = Number(all.public_notes.summary.total);
    for (let offset = 0; offset < total; offset += 2) {
      const page = await read(
        await call(`/verses/${verse}/public-notes.js?limit=2&offset=${offset}`, reader.token),
        'js',
      );
      paged.push(...ours(page));
    }
    expect(paged).toEqual([...order].reverse());
    // The verse page shows others' notes from every database too.
    const page = await (await call(`/verses/${verse}`, reader.token)).text();
    for (const title of order) expect(page).toContain(title);
  });

  it('a database that does not answer in time, or fails, is left out of the answer, which comes within the budget', async () => {
    const shards: ShardDb[] = SHARDS.map((shard) => ({
      shard,
      db: database(shardBinding(env, shard)),
    }));
    const start = Date.now();
    const { answers, missing } = await fanOut(
      shards,
      async (db, shard) => {
        if (shard === 'DB_1') await new Promise((r) => setTimeout(r, 2000));
        if (shard === 'DB_2') throw new Error('D1 DB is overloaded (made up by the test)');
        return (await db.all<{ n: number }>('SELECT 1 AS n'))[0].n;
      },
      100,
    );
    expect(Date.now() - start).toBeLessThan(1500);
    expect(answers.map((a) => [a.shard, a.value])).toEqual([['DB', 1]]);
    expect(missing).toEqual(['DB_1', 'DB_2']);
  });
});

describe('site-wide tag names across databases', () => {
  it('a name used by accounts of two databases is everyone’s, with one id; used by one account alone, nobody else’s', async () => {
    const [[a], [b], [c]] = await spread(1, 'tagger');
    const name = `across ${Date.now()}`;
    const tag = async (user: User, tagName: string) => {
      const res = await send(
        'POST',
        '/user/taggings.js',
        user.token,
        JSON.stringify({
          tagging: {
            tag: { name: tagName },
            references: { reference: [{ start: 'KJV:Gen.1.1', end: 'KJV:Gen.1.1' }] },
          },
        }),
        'js',
      );
      expect(res.status).toBe(201);
      return (await read(res, 'js')).taggings.tagging[0];
    };
    const sees = async (user: User) =>
      list((await read(await call('/tags.js?limit=500', user.token), 'js')).tags.tag)
        .map((t: any) => [String(t.name), String(t.id)])
        .filter(([n]) => n === name);
    const first = await tag(a, name);
    // One account alone: its own, nobody else's (listed, shown, usable by id).
    expect(await sees(a)).toEqual([[name, String(first.tag_id)]]);
    expect(await sees(c)).toEqual([]);
    expect((await call(`/tags/${first.tag_id}.js`, c.token)).status).toBe(404);
    // Joined from another database: one tag, one id, seen by a third account in a third.
    const second = await tag(b, name);
    expect(String(second.tag_id)).toBe(String(first.tag_id));
    expect(TAG_LIST_MIN_ACCOUNTS).toBe(2);
    expect(await sees(c)).toEqual([[name, String(first.tag_id)]]);
    const shown = await read(await call(`/tags/${first.tag_id}.js`, c.token), 'js');
    expect(shown.tags.tag[0].name).toBe(name);
    // Tagging by the id seen on the list puts the tag in the third database with the same id.
    const byId = await send(
      'POST',
      '/user/taggings.js',
      c.token,
      JSON.stringify({
        tagging: {
          tag: { id: first.tag_id },
          references: { reference: [{ start: 'KJV:Gen.1.2', end: 'KJV:Gen.1.2' }] },
        },
      }),
      'js',
    );
    expect(byId.status).toBe(201);
    expect(String((await read(byId, 'js')).taggings.tagging[0].tag.name)).toBe(name);
    // Two of the three stop using it: the last one's own again, gone from the others' list.
    for (const user of [b, c])
      expect(
        (
          await call(`/user/taggings/${encodeURIComponent(name)}.js`, user.token, {
            method: 'DELETE',
          })
        ).status,
      ).toBe(200);
    expect(await sees(c)).toEqual([]);
    expect(await sees(a)).toEqual([[name, String(first.tag_id)]]);
    // And when no account uses it, the name is gone from the directory too.
    await call(`/user/taggings/${encodeURIComponent(name)}.js`, a.token, { method: 'DELETE' });
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM tag_names WHERE name = ?').bind(name).first(),
    ).toEqual({ n: 0 });
  });
});

describe('reports and moderation across databases', () => {
  it('reports from accounts of other databases hide a note; a second report is a 409; a keyed report is replayed', async () => {
    const [[author], reporters1, reporters2] = await spread(REPORTS_TO_HIDE, 'reporter');
    const id = await publish(author.token, `reported ${Date.now()}`, 'KJV:John.11.36');
    const reporters = [...reporters1.slice(1), ...reporters2].slice(0, REPORTS_TO_HIDE);
    // Its own author cannot report it: 403.
    expect((await report(author.token, id)).status).toBe(403);
    // The first report sent with an Idempotency-Key, then again: the first answer replayed.
    const keyed = await report(reporters[0].token, id, { 'Idempotency-Key': `report-${id}` });
    expect(keyed.status).toBe(200);
    const replay = await report(reporters[0].token, id, { 'Idempotency-Key': `report-${id}` });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    const reportOf = async (res: Response) => (await read(res, 'js')).reports.report;
    expect(await reportOf(replay)).toEqual(await reportOf(keyed));
    expect((await report(reporters[0].token, id)).status).toBe(409);
    for (const r of reporters.slice(1)) expect((await report(r.token, id)).status).toBe(200);
    const reader = await newUser();
    const listed = await read(
      await call('/verses/KJV:John.11.36/public-notes.js?limit=500', reader.token),
      'js',
    );
    expect(list(listed.public_notes.public_note).map((n: any) => n.id)).not.toContain(id);
    expect((await report(reader.token, 999_999_999_999)).status).toBe(404);
  });

  it('the moderators’ queue and log hold the notes and decisions of every database, and a moderator of one database acts on a note of another', async () => {
    const stamp = Date.now();
    const authors = (await spread(1, 'queued')).map((l) => l[0]);
    const moderators = (await spread(1, 'moderator')).map((l) => l[0]);
    for (const m of moderators) await makeModerator(m.id);
    const ids: number[] = [];
    for (const a of authors) {
      const id = await publish(a.token, `queued ${stamp} ${a.shard}`, 'KJV:John.11.37');
      ids.push(id);
      // Reported by accounts of the other databases, enough to hide it: it waits for a decision.
      for (const r of (await spread(2, 'r'))
        .flat()
        .filter((u) => u.shard !== a.shard)
        .slice(0, REPORTS_TO_HIDE))
        await report(r.token, id);
      await tick();
    }
    const queue = await read(
      await call('/moderation/queue.js?limit=500', moderators[0].token),
      'js',
    );
    const queued = list(queue.moderation_queue.note).map((n: any) => n.id);
    for (const id of ids) expect(queued).toContain(id);
    // Oldest publication first across the databases.
    expect(queued.filter((id: number) => ids.includes(id))).toEqual(ids);
    // Each moderator acts on the note of the next database.
    for (const [i, id] of ids.entries()) {
      const res = await act(moderators[(i + 1) % moderators.length].token, id, 'approve');
      expect(res.status, await res.clone().text()).toBe(200);
      expect((await read(res, 'js')).moderation_log.entry[0].note_id).toBe(id);
    }
    const log = list(
      (await read(await call('/moderation/log.js?limit=500', moderators[1].token), 'js'))
        .moderation_log.entry,
    ).filter((e: any) => ids.includes(e.note_id));
    // Newest first: the last approval on top; every entry names its moderator.
    expect(log.map((e: any) => e.note_id)).toEqual([...ids].reverse());
    for (const e of log) expect(String(e.moderator)).toMatch(/@example\.test$/);
    const after = await read(
      await call('/moderation/queue.js?limit=500', moderators[2].token),
      'js',
    );
    for (const id of ids)
      expect(list(after.moderation_queue.note).map((n: any) => n.id)).not.toContain(id);
    // A reader is still refused, wherever its account is.
    expect((await call('/moderation/queue.js', authors[2].token)).status).toBe(403);
  });
});
