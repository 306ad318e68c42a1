import { describe, expect, it } from 'vitest';
import { ANSWER_CEILING_BYTES } from '../../../src/api/budgets';
import { MAX_PUBLIC_NOTES } from '../../../src/api/limits';
import { call, newUser } from '../../support/http';
import { accountDb, everyShardDb, makeModerator } from '../../support/shards';
import { env } from 'cloudflare:workers';
import { SnapshotReader } from '../../../src/cache/snapshot-reader';
import { findBook, loadCatalogue } from '../../../src/catalogue/store';
import { database } from '../../../src/db/client';
import { fitPage, PUBLISHED_PAGE_BYTES } from '../../../src/http/paging';
import { publicNotesOn } from '../../../src/annotations/public/public-notes';
import { moderationQueue } from '../../../src/annotations/public/moderation';
import { noteBytes, publicNoteBytes, queuedNoteBytes } from '../../../src/annotations/documents';
import { notesOnVerses } from '../../../src/annotations/coverage/chapter-annotations';

/**
 * The public lists and the moderation queue with more notes than one statement may bind
 * parameters for (D1 binds at most 100): an author at the public-note quota on one chapter, every
 * note reported. Each list reads its page's notes by id through `json_each`, never one parameter
 * per id (src/annotations/references.ts `idIn`).
 */
describe('a chapter with an author at the public-note quota, every note reported', () => {
  it('lists them on the chapter and the verse, and the moderators queue them, without a 500', async () => {
    const author = await newUser('prolific');
    const reporter = await newUser('reporter');
    const moderator = await newUser('moderator');
    // The author's notes and the reports on them are in the author's database (docs/scale.md).
    const db = await accountDb(author.id);
    await makeModerator(moderator.id);
    // Published later than anything else the tests write, so that the queue (longest waiting
    // first) still shows the other files' notes on its first page.
    const at = Date.now() + 1e9;
    await db
      .prepare(
        `INSERT INTO notes (user_id, title, content, public, published_at, created_at, updated_at)
         SELECT ?1, 'many ' || value, 'on Jude 5', 1, ?2 + value, ?2, ?2 FROM json_each(?3)`,
      )
      .bind(author.id, at, JSON.stringify(Array.from({ length: MAX_PUBLIC_NOTES }, (_, i) => i)))
      .run();
    await db
      .prepare(
        `INSERT INTO note_references (note_id, ord, start_verse, end_verse, created_at, updated_at)
         SELECT id, 0, 'KJV:Jude.1.5', 'KJV:Jude.1.5', ?2, ?2 FROM notes WHERE user_id = ?1`,
      )
      .bind(author.id, at)
      .run();
    await db
      .prepare(
        `INSERT INTO note_reports (note_id, reporter_id, reason, created_at)
         SELECT id, ?2, 'spam', ?3 FROM notes WHERE user_id = ?1`,
      )
      .bind(author.id, reporter.id, at)
      .run();
    for (const path of [
      '/chapters/KJV:Jude.1/public-notes.js?limit=200',
      '/verses/KJV:Jude.1.5/public-notes.xml?limit=200',
    ]) {
      const res = await call(path, reporter.token);
      const text = await res.text();
      expect(res.status, `${path}: ${text.slice(0, 200)}`).toBe(200);
      expect(text.match(/many \d+/g)?.length, path).toBeGreaterThan(100);
    }
    const queue = await call('/moderation/queue.js?limit=500', moderator.token);
    const text = await queue.text();
    expect(queue.status, text.slice(0, 200)).toBe(200);
    expect(text.match(/many \d+/g)?.length).toBeGreaterThan(100);
  });
});

describe('the largest notes on one verse: within 1 MiB, paged past it', () => {
  it('the verse page, the moderation queue (API and page) stay within 1 MiB, and the queue pages on', async () => {
    const author = await newUser('verbose');
    const reader = await newUser('reader');
    const moderator = await newUser('moderator');
    const reporters = [await newUser('r1'), await newUser('r2'), await newUser('r3')];
    await makeModerator(moderator.id);
    const at = Date.now() + 2e9;
    // Notes of 10,000 characters of two bytes each: 20 KB rendered, as much as the page's cut
    // counts them.
    const content = '\u0436'.repeat(10_000);
    const insert = async (userId: number, count: number, isPublic: 0 | 1) =>
      (await accountDb(userId))
        .prepare(
          `INSERT INTO notes (user_id, title, content, public, published_at, created_at, updated_at)
           SELECT ?1, 'long ' || value, ?2, ?3, ?4 + value, ?4, ?4 FROM json_each(?5)`,
        )
        .bind(
          userId,
          content,
          isPublic,
          at,
          JSON.stringify(Array.from({ length: count }, (_, i) => i)),
        )
        .run();
    await insert(author.id, MAX_PUBLIC_NOTES, 1);
    await insert(reader.id, 50, 0);
    for (const user of [author, reader])
      await (
        await accountDb(user.id)
      )
        .prepare(
          `INSERT INTO note_references (note_id, ord, start_verse, end_verse, created_at, updated_at)
           SELECT id, 0, 'KJV:Jude.1.7', 'KJV:Jude.1.7', ?2, ?2 FROM notes WHERE user_id = ?1`,
        )
        .bind(user.id, at)
        .run();
    for (const r of reporters)
      await (
        await accountDb(author.id)
      )
        .prepare(
          `INSERT INTO note_reports (note_id, reporter_id, reason, created_at)
           SELECT id, ?2, ?3, ?4 FROM notes WHERE user_id = ?1`,
        )
        .bind(author.id, r.id, '<'.repeat(500), at)
        .run();
    const bytes = async (path: string, token: string) => {
      const res = await call(path, token);
      const body = await res.arrayBuffer();
      expect(res.status, path).toBe(200);
      return { res, size: body.byteLength, text: new TextDecoder().decode(body) };
    };
    const verse = await bytes('/verses/KJV:Jude.1.7', reader.token);
    expect(verse.size).toBeLessThanOrEqual(ANSWER_CEILING_BYTES);
    // Both lists are there, cut to their share.
    expect(verse.text).toContain('long 0');
    for (const format of ['js', 'xml'])
      expect(
        (await bytes(`/moderation/queue.${format}?limit=500`, moderator.token)).size,
        format,
      ).toBeLessThanOrEqual(ANSWER_CEILING_BYTES);
    const page = await bytes('/moderation/queue?limit=500', moderator.token);
    expect(page.size).toBeLessThanOrEqual(ANSWER_CEILING_BYTES);
    const first = JSON.parse((await bytes('/moderation/queue.js?limit=500', moderator.token)).text);
    const rpp = Number(first.moderation_queue.summary.rpp);
    expect(rpp).toBeLessThan(Number(first.moderation_queue.summary.total));
    const next = JSON.parse(
      (await bytes(`/moderation/queue.js?limit=500&offset=${rpp}`, moderator.token)).text,
    );
    expect(next.moderation_queue.note.length).toBeGreaterThan(0);
    // Others' notes end at PUBLISHED_PAGE_BYTES (a third of a personal list's page): a public
    // list holds about 12 of the notes of 20 KB, and each page says how many it holds.
    const shown = async (path: string, token: string, list: (body: any) => any) => {
      const { size, text } = await bytes(path, token);
      expect(size, path).toBeLessThan(PUBLISHED_PAGE_BYTES + 8 * 1024);
      if (!path.includes('.js')) return;
      const { summary, items } = list(JSON.parse(text));
      expect(Number(summary.rpp), path).toBe(items.length);
      // The public lists hold these notes alone (the queue, every file's reported notes too).
      if (path.includes('public-notes'))
        expect(items.length * 20_000, path).toBeLessThanOrEqual(PUBLISHED_PAGE_BYTES);
      expect(Number(summary.total), path).toBeGreaterThan(items.length);
    };
    const publicList = (body: any) => ({
      summary: body.public_notes.summary,
      items: body.public_notes.public_note,
    });
    await shown('/chapters/KJV:Jude.1/public-notes.js?limit=200', reader.token, publicList);
    await shown('/verses/KJV:Jude.1.7/public-notes.js?limit=200', reader.token, publicList);
    await shown('/verses/KJV:Jude.1.7/public-notes.xml?limit=200', reader.token, publicList);
    await shown('/moderation/queue.js?limit=500', moderator.token, (body) => ({
      summary: body.moderation_queue.summary,
      items: body.moderation_queue.note,
    }));
    await shown('/moderation/queue?limit=500', moderator.token, publicList);
    // The verse page: its two lists half of it each.
    expect(verse.size).toBeLessThan(PUBLISHED_PAGE_BYTES + 64 * 1024);
  });
});

describe("a page of long notes reads their text only as far as the page's bytes can hold it", () => {
  it('the public list and the moderation queue read the notes a page holds, and the same page as a full read cut by its bytes', async () => {
    const author = await newUser('escaped');
    const reporter = await newUser('reporter');
    // The author's notes and their reports are in the author's database; the lists read every one.
    const db = await accountDb(author.id);
    const at = Date.now() + 3e9;
    // Every character one a renderer writes longer (src/render/size.ts): the most a page's cut
    // counts a note of 10,000 characters.
    const content = '&<>"'.repeat(2_500);
    await db
      .prepare(
        `INSERT INTO notes (user_id, title, content, public, published_at, created_at, updated_at)
         SELECT ?1, 'escaped ' || value, ?2, 1, ?3 + value, ?3, ?3 FROM json_each(?4)`,
      )
      .bind(author.id, content, at, JSON.stringify(Array.from({ length: 40 }, (_, i) => i)))
      .run();
    await db
      .prepare(
        `INSERT INTO note_references (note_id, ord, start_verse, end_verse, created_at, updated_at)
         SELECT id, 0, 'KJV:Jude.1.9', 'KJV:Jude.1.9', ?2, ?2 FROM notes WHERE user_id = ?1`,
      )
      .bind(author.id, at)
      .run();
    await db
      .prepare(
        `INSERT INTO note_reports (note_id, reporter_id, reason, created_at)
         SELECT id, ?2, 'spam', ?3 FROM notes WHERE user_id = ?1`,
      )
      .bind(author.id, reporter.id, at)
      .run();
    const d = database(db);
    const shards = everyShardDb();
    const cat = await loadCatalogue(new SnapshotReader(env.SNAPSHOT, env.SNAPSHOT_ID));
    const jude = findBook(cat, 'KJV', 'Jude')!;
    const page = { offset: 0, limit: 200 };
    // A page of 100,000 bytes: the read stops within the 40 notes (400,000 bytes of text).
    const budget = 100_000;
    const read = await publicNotesOn(shards, reporter.id, cat, jude, 1, [9], page, false, budget);
    const whole = await publicNotesOn(
      shards,
      reporter.id,
      cat,
      jude,
      1,
      [9],
      page,
      false,
      Infinity,
    );
    expect(whole.items).toHaveLength(40);
    expect(whole.read).toBeUndefined();
    expect(read.read).toBeGreaterThan(0);
    expect(read.read).toBeLessThan(40);
    expect(read.items).toHaveLength(read.read!);
    expect(read.items.every((n) => n.content === content)).toBe(true);
    const cut = (list: typeof read) => fitPage(page, list, publicNoteBytes, budget);
    expect(cut(read)).toEqual(cut(whole));
    // The author's own notes on the verse (the verse page's first list) alike.
    const own = await notesOnVerses(d, author.id, cat, jude, 1, [9], page, budget);
    const ownWhole = await notesOnVerses(d, author.id, cat, jude, 1, [9], page, Infinity);
    expect(ownWhole.items).toHaveLength(40);
    expect(own.read).toBeGreaterThan(0);
    expect(own.items).toHaveLength(own.read!);
    const cutOwn = (list: typeof own) => fitPage(page, list, noteBytes, budget);
    expect(cutOwn(own)).toEqual(cutOwn(ownWhole));
    // The queue alike, the page after every other file's reports.
    const queue = { offset: 0, limit: 500 };
    const all = await moderationQueue(shards, queue, Infinity);
    const mine = all.items.findIndex((n) => n.title === 'escaped 0');
    expect(mine).toBeGreaterThanOrEqual(0);
    const from = { offset: mine, limit: 500 };
    const queued = await moderationQueue(shards, from, budget);
    const every = await moderationQueue(shards, from, Infinity);
    expect(queued.read).toBeGreaterThan(0);
    expect(queued.read).toBeLessThan(every.items.length);
    const cutQueue = (list: typeof queued) => fitPage(from, list, queuedNoteBytes, budget);
    expect(cutQueue(queued)).toEqual(cutQueue(every));
  });
});

describe("a page of others' public notes", () => {
  it("reads each database's notes in one batch, however many notes the page shows", async () => {
    const author = await newUser('one database');
    const reader = await newUser('reader');
    const db = await accountDb(author.id);
    const at = Date.now() + 4e9;
    await db
      .prepare(
        `INSERT INTO notes (user_id, title, content, public, published_at, created_at, updated_at)
         SELECT ?1, 'batched ' || value, 'on Jude 20', 1, ?2 + value, ?2, ?2 FROM json_each(?3)`,
      )
      .bind(author.id, at, JSON.stringify(Array.from({ length: 30 }, (_, i) => i)))
      .run();
    await db
      .prepare(
        `INSERT INTO note_references (note_id, ord, start_verse, end_verse, created_at, updated_at)
         SELECT id, 0, 'KJV:Jude.1.20', 'KJV:Jude.1.20', ?2, ?2 FROM notes WHERE user_id = ?1`,
      )
      .bind(author.id, at)
      .run();
    let batches = 0;
    const counted = everyShardDb().map(({ shard, db: d }) => ({
      shard,
      db: new Proxy(d, {
        get(target, key) {
          const value = Reflect.get(target, key);
          if (typeof value !== 'function') return value;
          if (key === 'batch') batches++;
          return value.bind(target);
        },
      }),
    }));
    const cat = await loadCatalogue(new SnapshotReader(env.SNAPSHOT, env.SNAPSHOT_ID));
    const jude = findBook(cat, 'KJV', 'Jude')!;
    const list = await publicNotesOn(counted, reader.id, cat, jude, 1, [20], {
      offset: 0,
      limit: 200,
    });
    expect(list.items).toHaveLength(30);
    // The author's database alone holds them: one batch (a batch a note before).
    expect(batches).toBe(1);
  });
});

describe('a page of public notes of many references', () => {
  it('reads the references of the notes its bytes can hold, not of every note on the page', async () => {
    const author = await newUser('many references');
    const reader = await newUser('reader');
    const db = await accountDb(author.id);
    const at = Date.now() + 5e9;
    await db
      .prepare(
        `INSERT INTO notes (user_id, title, content, public, published_at, created_at, updated_at)
         SELECT ?1, 'referenced ' || value, 'on Jude 21', 1, ?2 + value, ?2, ?2 FROM json_each(?3)`,
      )
      .bind(author.id, at, JSON.stringify(Array.from({ length: 30 }, (_, i) => i)))
      .run();
    // 100 references each: every note weighs over 32,000 bytes rendered (src/render/size.ts).
    await db
      .prepare(
        `INSERT INTO note_references (note_id, ord, start_verse, end_verse, created_at, updated_at)
         SELECT notes.id, r.value, 'KJV:Jude.1.21', 'KJV:Jude.1.21', ?2, ?2 FROM notes
           CROSS JOIN json_each(?3) AS r WHERE user_id = ?1`,
      )
      .bind(author.id, at, JSON.stringify(Array.from({ length: 100 }, (_, i) => i)))
      .run();
    // Every reference row the page's batches hand to the worker.
    let references = 0;
    const counted = everyShardDb().map(({ shard, db: d }) => ({
      shard,
      db: new Proxy(d, {
        get(target, key) {
          const value = Reflect.get(target, key);
          if (typeof value !== 'function') return value;
          if (key !== 'batch') return value.bind(target);
          return async (...args: unknown[]) => {
            const answers = (await value.apply(target, args)) as { json: string | null }[][];
            for (const row of answers[1] ?? [])
              references += row.json ? (JSON.parse(row.json) as unknown[]).length : 0;
            return answers;
          };
        },
      }),
    }));
    const cat = await loadCatalogue(new SnapshotReader(env.SNAPSHOT, env.SNAPSHOT_ID));
    const jude = findBook(cat, 'KJV', 'Jude')!;
    const page = { offset: 0, limit: 200 };
    const budget = 100_000;
    const read = await publicNotesOn(counted, reader.id, cat, jude, 1, [21], page, false, budget);
    expect(read.total).toBe(30);
    // Four notes begin within 100,000 bytes: theirs are the references read.
    expect(read.read).toBe(4);
    expect(references).toBe(400);
    const whole = await publicNotesOn(everyShardDb(), reader.id, cat, jude, 1, [21], page);
    const cut = (list: typeof read) => fitPage(page, list, publicNoteBytes, budget);
    expect(cut(read)).toEqual(cut(whole));
  });
});
