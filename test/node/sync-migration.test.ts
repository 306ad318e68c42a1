import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { migrationStatementsOf } from '../support/migrations';

/**
 * Migration 0009 (revisions and the changes feed, docs/sync.md) on a database that already holds
 * notes and taggings: nothing stored is lost or changed, every item gets a revision and a change
 * row numbered per account in the order of its last change, the account's sequence continues
 * after them, and from then on the triggers number every change (a deletion leaves a tombstone;
 * an account's own deletion leaves nothing).
 */

const statements = migrationStatementsOf;

describe('migration 0009: revisions and the changes feed', () => {
  it('numbers what is stored, loses nothing, and the triggers number every change after it', () => {
    const db = new DatabaseSync(':memory:');
    db.exec('PRAGMA foreign_keys = ON');
    for (const s of statements((f) => f < '0009')) db.exec(s);
    db.exec(`INSERT INTO users (id, email, password_hash, token_hash, created_at, updated_at)
      VALUES (1, 'a@example.test', 'h1', 't1', 0, 0), (2, 'b@example.test', 'h2', 't2', 0, 0)`);
    db.exec(`INSERT INTO tags (id, name, created_at) VALUES (10, 'faith', 0), (11, 'hope', 0)`);
    db.exec(`INSERT INTO notes (id, user_id, title, created_at, updated_at) VALUES
      (1, 1, 'older', 0, 100), (2, 1, 'newer', 0, 300), (3, 2, 'theirs', 0, 50)`);
    db.exec(`INSERT INTO taggings (id, user_id, tag_id, created_at, updated_at) VALUES
      (1, 1, 10, 0, 200), (2, 1, 10, 0, 250)`);
    const rows = (sql: string) =>
      db
        .prepare(sql)
        .all()
        .map((r) => ({ ...r }));
    const notesBefore = rows('SELECT * FROM notes ORDER BY id');

    for (const s of statements((f) => f.startsWith('0009_'))) db.exec(s);

    const withoutRevision = (r: Record<string, unknown>) => {
      const { revision: _, ...rest } = r;
      return rest;
    };
    expect(rows('SELECT * FROM notes ORDER BY id').map(withoutRevision)).toEqual(notesBefore);
    // Per account, in the order of the last change: note 1 (100), tagging 1 (200), tagging 2 and
    // its tag (250), note 2 (300).
    expect(
      rows('SELECT user_id, kind, item_id, seq, deleted FROM changes ORDER BY user_id, seq'),
    ).toEqual([
      { user_id: 1, kind: 'note', item_id: 1, seq: 1, deleted: 0 },
      { user_id: 1, kind: 'tagging', item_id: 1, seq: 2, deleted: 0 },
      { user_id: 1, kind: 'tag', item_id: 10, seq: 3, deleted: 0 },
      { user_id: 1, kind: 'tagging', item_id: 2, seq: 4, deleted: 0 },
      { user_id: 1, kind: 'note', item_id: 2, seq: 5, deleted: 0 },
      { user_id: 2, kind: 'note', item_id: 3, seq: 1, deleted: 0 },
    ]);
    expect(rows('SELECT id, revision FROM notes ORDER BY id')).toEqual([
      { id: 1, revision: 1 },
      { id: 2, revision: 5 },
      { id: 3, revision: 1 },
    ]);
    expect(rows('SELECT id, revision FROM taggings ORDER BY id')).toEqual([
      { id: 1, revision: 2 },
      { id: 2, revision: 4 },
    ]);
    expect(rows('SELECT id, change_seq FROM users ORDER BY id')).toEqual([
      { id: 1, change_seq: 5 },
      { id: 2, change_seq: 1 },
    ]);

    // After it: an edit, a move to another tag and a deletion each take the next numbers.
    db.exec(`UPDATE notes SET title = 'edited', updated_at = 400 WHERE id = 1`);
    expect(rows('SELECT revision FROM notes WHERE id = 1')).toEqual([{ revision: 6 }]);
    db.exec(`UPDATE taggings SET tag_id = 11, updated_at = 500 WHERE id = 1`);
    db.exec(`DELETE FROM notes WHERE id = 2`);
    expect(
      rows(
        'SELECT kind, item_id, seq, deleted FROM changes WHERE user_id = 1 AND seq > 5 ORDER BY seq',
      ),
    ).toEqual([
      { kind: 'note', item_id: 1, seq: 6, deleted: 0 },
      { kind: 'tagging', item_id: 1, seq: 7, deleted: 0 },
      { kind: 'tag', item_id: 11, seq: 8, deleted: 0 },
      // Tag 10 keeps tagging 2: still the account's, at a new revision.
      { kind: 'tag', item_id: 10, seq: 9, deleted: 0 },
      { kind: 'note', item_id: 2, seq: 10, deleted: 1 },
    ]);
    // An account's deletion takes its rows with it and leaves no tombstone.
    db.exec('DELETE FROM users WHERE id = 2');
    expect(rows('SELECT count(*) AS n FROM changes WHERE user_id = 2')).toEqual([{ n: 0 }]);
  });
});
