import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { migrationStatementsOf } from '../support/migrations';

/**
 * Migration 0006 (the reader index of references, docs/annotations.md "How references are read")
 * on a database that already holds references: every row keeps its values and gains its owner,
 * book and positions; a reference inserted later without an owner gets it from its parent.
 */

const statements = migrationStatementsOf;

const before0006 = (f: string) => f < '0006';
const is0006 = (f: string) => f.startsWith('0006_');

describe('migration 0006: references indexed by reader, book and position', () => {
  it('backfills the rows stored before it, loses nothing, and fills the owner of later rows', () => {
    const db = new DatabaseSync(':memory:');
    for (const s of statements(before0006)) db.exec(s);
    db.exec(`INSERT INTO users (id, email, password_hash, token_hash, created_at, updated_at)
      VALUES (1, 'a@example.test', 'h1', 't1', 0, 0), (2, 'b@example.test', 'h2', 't2', 0, 0)`);
    db.exec(`INSERT INTO tags (id, name, created_at) VALUES (1, 'tag', 0)`);
    db.exec(
      `INSERT INTO notes (id, user_id, title, created_at, updated_at) VALUES (1, 2, 'n', 0, 0)`,
    );
    db.exec(
      `INSERT INTO taggings (id, user_id, tag_id, created_at, updated_at) VALUES (1, 1, 1, 0, 0)`,
    );
    db.exec(`INSERT INTO note_references (note_id, ord, start_verse, end_verse, created_at, updated_at) VALUES
      (1, 0, 'KJV:Ps.119.1', 'KJV:Ps.119.176', 5, 6),
      (1, 1, 'RV1909:1Cor.13.4', 'RV1909:1Cor.14.2', 7, 8)`);
    db.exec(`INSERT INTO tagging_references (tagging_id, ord, start_verse, end_verse, created_at, updated_at) VALUES
      (1, 0, 'WLC:Mal.3.19', 'WLC:Mal.3.24', 9, 10)`);
    const stored = (table: string) =>
      db.prepare(`SELECT * FROM ${table} ORDER BY id`).all() as Record<string, unknown>[];
    const notesBefore = stored('note_references');
    const taggingsBefore = stored('tagging_references');

    for (const s of statements(is0006)) db.exec(s);

    const added = ['user_id', 'book', 'start_position', 'end_position'];
    const without = (row: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(row).filter(([k]) => !added.includes(k)));
    expect(stored('note_references').map(without)).toEqual(notesBefore.map(without));
    expect(stored('tagging_references').map(without)).toEqual(taggingsBefore.map(without));
    const indexed = (table: string) =>
      db
        .prepare(`SELECT user_id, book, start_position, end_position FROM ${table} ORDER BY id`)
        .all()
        .map((r) => ({ ...r }));
    expect(indexed('note_references')).toEqual([
      { user_id: 2, book: 'Ps', start_position: 119001, end_position: 119176 },
      { user_id: 2, book: '1Cor', start_position: 13004, end_position: 14002 },
    ]);
    expect(indexed('tagging_references')).toEqual([
      { user_id: 1, book: 'Mal', start_position: 3019, end_position: 3024 },
    ]);

    // A row inserted as before the migration (no owner given) gets its parent's owner.
    db.exec(`INSERT INTO note_references (note_id, ord, start_verse, end_verse, created_at, updated_at)
      VALUES (1, 2, 'KJV:John.3.16', 'KJV:John.3.17', 0, 0)`);
    db.exec(`INSERT INTO tagging_references (tagging_id, ord, start_verse, end_verse, created_at, updated_at)
      VALUES (1, 1, 'KJV:Jude.1.5', 'KJV:Jude.1.5', 0, 0)`);
    expect(indexed('note_references')[2]).toEqual({
      user_id: 2,
      book: 'John',
      start_position: 3016,
      end_position: 3017,
    });
    expect(indexed('tagging_references')[1]).toEqual({
      user_id: 1,
      book: 'Jude',
      start_position: 1005,
      end_position: 1005,
    });
    db.close();
  });
});

describe('migration 0007: the references of notes others may read, apart', () => {
  it('marks the references of the readable notes stored before it, and follows every later change', () => {
    const db = new DatabaseSync(':memory:');
    for (const s of statements((f) => f < '0007')) db.exec(s);
    db.exec(`INSERT INTO users (id, email, password_hash, token_hash, created_at, updated_at)
      VALUES (1, 'a@example.test', 'h1', 't1', 0, 0)`);
    // Published, published and approved, published and hidden, private.
    db.exec(`INSERT INTO notes (id, user_id, title, public, moderation, created_at, updated_at) VALUES
      (1, 1, 'published', 1, NULL, 0, 0), (2, 1, 'approved', 1, 'approved', 0, 0),
      (3, 1, 'hidden', 1, 'hidden', 0, 0), (4, 1, 'private', 0, NULL, 0, 0)`);
    db.exec(`INSERT INTO note_references (note_id, ord, start_verse, end_verse, created_at, updated_at) VALUES
      (1, 0, 'KJV:Ps.119.1', 'KJV:Ps.119.1', 0, 0), (2, 0, 'KJV:Ps.119.2', 'KJV:Ps.119.2', 0, 0),
      (3, 0, 'KJV:Ps.119.3', 'KJV:Ps.119.3', 0, 0), (4, 0, 'KJV:Ps.119.4', 'KJV:Ps.119.4', 0, 0)`);
    const before = db.prepare('SELECT * FROM note_references ORDER BY id').all();

    for (const s of statements((f) => f.startsWith('0007_'))) db.exec(s);

    const readable = () =>
      Object.fromEntries(
        db
          .prepare('SELECT note_id, readable FROM note_references ORDER BY id')
          .all()
          .map((r) => [r.note_id, r.readable]),
      );
    expect(readable()).toEqual({ 1: 1, 2: 1, 3: 0, 4: 0 });
    expect(
      db
        .prepare('SELECT * FROM note_references ORDER BY id')
        .all()
        .map(({ readable: _, ...r }) => r),
    ).toEqual(before.map((r) => ({ ...r })));

    // Every change of a note's public or moderation carries over to its references.
    db.exec(`UPDATE notes SET public = 0 WHERE id = 1`);
    db.exec(`UPDATE notes SET moderation = 'approved' WHERE id = 3`);
    db.exec(`UPDATE notes SET public = 1 WHERE id = 4`);
    db.exec(`UPDATE notes SET moderation = 'removed' WHERE id = 2`);
    expect(readable()).toEqual({ 1: 0, 2: 0, 3: 1, 4: 1 });
    // A reference written later takes its note's state.
    db.exec(`INSERT INTO note_references (note_id, ord, start_verse, end_verse, created_at, updated_at) VALUES
      (1, 1, 'KJV:John.3.16', 'KJV:John.3.16', 0, 0), (3, 1, 'KJV:John.3.17', 'KJV:John.3.17', 0, 0)`);
    expect(
      db
        .prepare(
          `SELECT start_verse, readable FROM note_references WHERE book = 'John' ORDER BY id`,
        )
        .all()
        .map((r) => ({ ...r })),
    ).toEqual([
      { start_verse: 'KJV:John.3.16', readable: 0 },
      { start_verse: 'KJV:John.3.17', readable: 1 },
    ]);
    db.close();
  });
});

describe('migration 0008: a reference’s version beside its positions, in the reader index', () => {
  it('gives the rows stored before it their version (none for a span across versions or books), and loses nothing', () => {
    const db = new DatabaseSync(':memory:');
    for (const s of statements((f) => f < '0008')) db.exec(s);
    db.exec(`INSERT INTO users (id, email, password_hash, token_hash, created_at, updated_at)
      VALUES (1, 'a@example.test', 'h1', 't1', 0, 0)`);
    db.exec(
      `INSERT INTO notes (id, user_id, title, created_at, updated_at) VALUES (1, 1, 'n', 0, 0)`,
    );
    db.exec(`INSERT INTO note_references (note_id, ord, start_verse, end_verse, created_at, updated_at, user_id) VALUES
      (1, 0, 'RV1909:Ps.119.1', 'RV1909:Ps.120.2', 0, 0, 1), (1, 1, 'KJV:John.4.3', 'KJV:Acts.4.4', 0, 0, 1),
      (1, 2, 'KJV:John.4.5', 'ASV:John.4.6', 0, 0, 1), (1, 3, 'KJV:Jude.1.5', 'KJV:Judg.1.5', 0, 0, 1)`);
    const before = db.prepare('SELECT * FROM note_references ORDER BY id').all();

    for (const s of statements((f) => f.startsWith('0008_'))) db.exec(s);

    const rows = db.prepare('SELECT * FROM note_references ORDER BY id').all();
    expect(rows.map(({ span_version: _, ...r }) => r)).toEqual(before.map((r) => ({ ...r })));
    expect(rows.map((r) => r.span_version)).toEqual(['RV1909', null, null, null]);
    expect(
      db
        .prepare(`SELECT name FROM pragma_index_info('note_references_reader_idx') ORDER BY seqno`)
        .all()
        .map((r) => r.name),
    ).toEqual([
      'user_id',
      'book',
      'start_position',
      'end_position',
      'span_version',
      'note_id',
      'ord',
    ]);
    db.close();
  });
});
