import { describe, expect, it } from 'vitest';
import { ANSWER_CEILING_BYTES } from '../../src/api/budgets';
import { MAX_PUBLIC_NOTES } from '../../src/api/limits';
import { call, newUser } from '../support/http';
import { accountDb, makeModerator } from '../support/shards';

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
  });
});
