import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../../src/index';
import { basic, BASE, newUser } from '../../support/http';
import { JSON_TYPE } from '../../support/annotations';
import { accountDb } from '../../support/shards';

/**
 * Devices syncing one account through a network that loses, repeats and reorders messages
 * (docs/sync.md "A client's loop"). Several simulated devices, driven by one seeded generator,
 * create, edit and delete the account's notes and taggings and pull the changes feed, each
 * following the docs: every write carries a new Idempotency-Key and is resent with the same key
 * until an answer arrives; an edit or delete carries the If-Match of the revision the device holds;
 * a 412 hands the device the item as it is now; a 404 tells it the item is gone.
 *
 * The proxy between devices and the worker, per request: delays it (so requests overtake each
 * other), drops it before the worker sees it, lets the worker apply it and drops the answer, or
 * sends it twice at once and delivers one of the two answers.
 *
 * At the end the server's state must equal the model built from the answers alone:
 * - no duplicate: every note and tagging the account ever had was answered 201 to one create;
 * - no edit lost without a 412 to its writer: of an item's applied writes, in revision order, each
 *   edit or delete named (If-Match) the revision the previous one produced, and the item is as the
 *   last one left it (gone after a delete);
 * - every deletion seen by every device: after a last pull of the feed, each device holds exactly
 *   what the server holds, revision for revision.
 */

const SEED = 20_261_207;
const DEVICES = 4;
const STEPS_PER_DEVICE = 260;
const TAG_NAMES = ['faith', 'hope', 'love', 'grace', 'peace'];
const VERSES = ['KJV:Gen.1.1', 'KJV:Gen.1.2', 'KJV:John.3.16', 'KJV:Ps.23.1', 'KJV:Ps.119.1'];

/** The worker with limiters no device reaches (over a thousand writes from one account). */
const ENV = new Proxy(env, {
  get: (target, name) =>
    name === 'WRITE_LIMITER' || name === 'SYNC_LIMITER'
      ? target.UNREACHED_TEST_LIMITER
      : Reflect.get(target, name),
});

/** A small seeded generator (mulberry32): the same seed, the same run. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Lost extends Error {}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Kind = 'note' | 'tagging';
/** What a device holds of an item: its revision and what it says (title; tag and verse). */
interface Held {
  revision: number;
  content: string;
}
/** A write the server applied, as its answer told its writer. */
interface Applied {
  kind: Kind;
  id: number;
  op: 'create' | 'edit' | 'delete';
  ifMatch?: number;
  revision?: number;
  content?: string;
}

const contentOf = (kind: Kind, item: any): string =>
  kind === 'note' ? String(item.title) : `${item.tag.name} ${item.references.reference[0].start}`;

describe('devices syncing one account through a faulty network', () => {
  it(`agree with the server, lose no edit unseen and store nothing twice (seed ${SEED}, ${DEVICES * STEPS_PER_DEVICE} operations)`, async () => {
    const { id: userId, token } = await newUser('devices');
    const rng = generator(SEED);
    const applied: Applied[] = [];
    const faults = { lostRequests: 0, lostAnswers: 0, repeated: 0, retries: 0, conflicts: 0 };
    let operations = 0;

    const send = async (request: Request): Promise<Response> => {
      const ctx = createExecutionContext();
      const res = await worker.fetch(request, ENV, ctx);
      await waitOnExecutionContext(ctx);
      return res;
    };

    /** The proxy: delay, then deliver, lose the request, lose the answer, or send it twice. */
    const deliver = async (build: () => Request): Promise<Response> => {
      await sleep(Math.floor(rng() * 3));
      const fault = rng();
      if (fault < 0.08) {
        faults.lostRequests++;
        throw new Lost();
      }
      if (fault < 0.16) {
        faults.lostAnswers++;
        await (await send(build())).arrayBuffer();
        throw new Lost();
      }
      if (fault < 0.24) {
        faults.repeated++;
        const pick = rng() < 0.5 ? 0 : 1;
        const answers = await Promise.all([send(build()), send(build())]);
        await answers[1 - pick].arrayBuffer();
        return answers[pick];
      }
      return send(build());
    };

    /** As the docs say: the same request (same key) until an answer; a 409 waits and retries. */
    const reliably = async (
      method: string,
      path: string,
      headers: Record<string, string>,
      body?: unknown,
    ): Promise<Response> => {
      for (;;) {
        try {
          const res = await deliver(
            () =>
              new Request(BASE + path, {
                method,
                headers: { Authorization: basic(token), ...headers, ...(body ? JSON_TYPE : {}) },
                body: body === undefined ? undefined : JSON.stringify(body),
              }),
          );
          if (res.status !== 409) return res;
          await res.arrayBuffer();
        } catch (err) {
          if (!(err instanceof Lost)) throw err;
        }
        faults.retries++;
        await sleep(1);
      }
    };

    const etag = (res: Response) => Number(res.headers.get('ETag')!.slice(1, -1));

    function device(name: string) {
      const held = { note: new Map<number, Held>(), tagging: new Map<number, Held>() };
      let cursor: string | undefined;
      let keys = 0;
      const key = () => `${name}-${keys++}`;

      const hold = (kind: Kind, item: any) =>
        held[kind].set(Number(item.id), {
          revision: Number(item.revision),
          content: contentOf(kind, item),
        });

      async function pull() {
        for (;;) {
          const res = await reliably(
            'GET',
            `/user/changes.js?limit=50${cursor ? `&since=${cursor}` : ''}`,
            {},
          );
          expect(res.status).toBe(200);
          const page = (await res.json<any>()).changes;
          for (const change of page.change) {
            if (change.kind === 'tag') continue;
            const kind = change.kind as Kind;
            if (change.deleted === 1) held[kind].delete(change.id);
            else hold(kind, change[kind]);
          }
          cursor = page.cursor;
          if (page.more === 0) return;
        }
      }

      const body = (kind: Kind, content: string) => {
        if (kind === 'note')
          return {
            note: {
              title: content,
              content: '',
              references: { reference: [{ start: VERSES[0], end: VERSES[0] }] },
            },
          };
        const [tag, verse] = content.split(' ');
        return {
          tagging: {
            tag: { name: tag },
            references: { reference: [{ start: verse, end: verse }] },
          },
        };
      };
      const randomContent = (kind: Kind) =>
        kind === 'note'
          ? `${name} ${Math.floor(rng() * 1e9)}`
          : `${TAG_NAMES[Math.floor(rng() * TAG_NAMES.length)]} ${VERSES[Math.floor(rng() * VERSES.length)]}`;
      const pick = (kind: Kind): [number, Held] | undefined => {
        const items = [...held[kind].entries()];
        return items.length ? items[Math.floor(rng() * items.length)] : undefined;
      };

      async function create(kind: Kind) {
        const content = randomContent(kind);
        const path = kind === 'note' ? '/notes.js' : '/user/taggings.js';
        const res = await reliably('POST', path, { 'Idempotency-Key': key() }, body(kind, content));
        const item = (await res.json<any>())[`${kind}s`][kind][0];
        if (res.status === 201) {
          applied.push({ kind, id: item.id, op: 'create', revision: etag(res), content });
        } else expect(res.status, JSON.stringify(item)).toBe(200); // an identical tagging found
        hold(kind, item);
      }

      async function change(kind: Kind, op: 'edit' | 'delete') {
        const target = pick(kind);
        if (!target) return create(kind);
        const [id, mine] = target;
        const content = randomContent(kind);
        const path = `/${kind}s/${id}.js`;
        const headers = { 'Idempotency-Key': key(), 'If-Match': `"${mine.revision}"` };
        const res =
          op === 'edit'
            ? await reliably('PUT', path, headers, body(kind, content))
            : await reliably('DELETE', path, headers);
        if (res.status === 200) {
          if (op === 'edit') {
            const item = (await res.json<any>())[`${kind}s`][kind][0];
            applied.push({ kind, id, op, ifMatch: mine.revision, revision: etag(res), content });
            hold(kind, item);
          } else {
            applied.push({ kind, id, op, ifMatch: mine.revision });
            held[kind].delete(id);
          }
        } else if (res.status === 412) {
          // Someone else changed it: the answer is the item as it is now.
          faults.conflicts++;
          hold(kind, (await res.json<any>())[`${kind}s`][kind][0]);
        } else {
          expect(res.status).toBe(404); // deleted elsewhere: the feed will say so too
          held[kind].delete(id);
        }
      }

      async function step() {
        operations++;
        const r = rng();
        const kind: Kind = rng() < 0.6 ? 'note' : 'tagging';
        if (r < 0.3) return create(kind);
        if (r < 0.65) return change(kind, 'edit');
        if (r < 0.85) return change(kind, 'delete');
        return pull();
      }

      return { held, pull, step };
    }

    const devices = Array.from({ length: DEVICES }, (_, i) => device(`d${i}`));
    await Promise.all(
      devices.map(async (d) => {
        for (let i = 0; i < STEPS_PER_DEVICE; i++) await d.step();
      }),
    );
    for (const d of devices) await d.pull();

    // The server's state, read straight from D1.
    const server = {
      note: new Map<number, Held>(),
      tagging: new Map<number, Held>(),
    };
    const notes = await (
      await accountDb(userId)
    )
      .prepare('SELECT id, revision, title FROM notes WHERE user_id = ?')
      .bind(userId)
      .all<{ id: number; revision: number; title: string }>();
    for (const n of notes.results)
      server.note.set(n.id, { revision: n.revision, content: n.title });
    const taggings = await (
      await accountDb(userId)
    )
      .prepare(
        `SELECT t.id, t.revision, g.name || ' ' || r.start_verse AS content FROM taggings t
       JOIN tags g ON g.id = t.tag_id JOIN tagging_references r ON r.tagging_id = t.id WHERE t.user_id = ?`,
      )
      .bind(userId)
      .all<{ id: number; revision: number; content: string }>();
    for (const t of taggings.results)
      server.tagging.set(t.id, { revision: t.revision, content: t.content });

    // No duplicate: every item the account ever had (live or deleted) came from one answered create.
    const ever = await (
      await accountDb(userId)
    )
      .prepare(
        "SELECT kind, item_id AS id FROM changes WHERE user_id = ? AND kind IN ('note', 'tagging')",
      )
      .bind(userId)
      .all<{ kind: Kind; id: number }>();
    const created = new Set(
      applied.filter((a) => a.op === 'create').map((a) => `${a.kind} ${a.id}`),
    );
    expect(new Set(ever.results.map((e) => `${e.kind} ${e.id}`))).toEqual(created);
    expect(created.size).toBe(applied.filter((a) => a.op === 'create').length);

    // No edit lost without a 412: each item's applied writes form one chain of revisions.
    for (const key of created) {
      const [kind, idText] = key.split(' ') as [Kind, string];
      const id = Number(idText);
      const writes = applied.filter((a) => a.kind === kind && a.id === id);
      const deletes = writes.filter((w) => w.op === 'delete');
      expect(deletes.length).toBeLessThanOrEqual(1);
      const chain = writes
        .filter((w) => w.op !== 'delete')
        .sort((x, y) => x.revision! - y.revision!);
      expect(chain[0].op).toBe('create');
      for (let i = 1; i < chain.length; i++)
        expect(chain[i].ifMatch, key).toBe(chain[i - 1].revision);
      const last = chain[chain.length - 1];
      if (deletes.length) {
        expect(deletes[0].ifMatch, key).toBe(last.revision);
        expect(server[kind].has(id), key).toBe(false);
      } else {
        expect(server[kind].get(id), key).toEqual({
          revision: last.revision,
          content: last.content,
        });
      }
    }

    // Every device, after its last pull, holds what the server holds: deletions included.
    for (const d of devices) {
      expect(d.held.note).toEqual(server.note);
      expect(d.held.tagging).toEqual(server.tagging);
    }

    expect(operations).toBeGreaterThanOrEqual(1000);
    // The faults happened: the run exercised every one of them.
    for (const [fault, count] of Object.entries(faults)) expect(count, fault).toBeGreaterThan(10);
    console.log(
      `devices: seed ${SEED}, ${operations} operations, ${applied.length} applied writes`,
      faults,
    );
  }, 120_000);
});
