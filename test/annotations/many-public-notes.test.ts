import { describe, expect, it } from 'vitest';
import { MAX_PUBLIC_NOTES } from '../../src/api/limits';
import { call, newUser } from '../support/http';
import { bindings } from '../support/annotations';

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
    const db = bindings.DB;
    await db.prepare("UPDATE users SET role = 'moderator' WHERE id = ?").bind(moderator.id).run();
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
