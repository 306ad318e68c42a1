import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { MAX_PUBLIC_REFERENCES } from '../../../src/api/limits';
import { publicNotesOn } from '../../../src/annotations/public/public-notes';
import { SnapshotReader } from '../../../src/cache/snapshot-reader';
import { findBook, loadCatalogue } from '../../../src/catalogue/store';
import { call, HAS_STUDY, newUser } from '../../support/http';
import { accountDb, everyShardDb } from '../../support/shards';

/**
 * Others' public notes found in SQLite where a chapter's verse numbers are their places
 * (src/annotations/public/public-notes.ts publishedCounted): each database answers a row per note
 * instead of every reference, with the same notes, verses and versions as the general rule, the
 * MAX_PUBLIC_REFERENCES limit included; a reference of a version that moves a verse of the book
 * sends the read back to the general rule.
 */

/** `count` public notes of `author`, each with the references `refs(i)` ([start, end] pairs), published at `at + i`. */
async function publish(
  author: { id: number },
  at: number,
  count: number,
  refs: (i: number) => [string, string][],
): Promise<number[]> {
  const db = await accountDb(author.id);
  const notes = Array.from({ length: count }, (_, i) => i);
  await db
    .prepare(
      `INSERT INTO notes (user_id, title, content, public, published_at, created_at, updated_at)
       SELECT ?1, 'counted ' || value, 'x', 1, ?2 + value, ?2, ?2 FROM json_each(?3)`,
    )
    .bind(author.id, at, JSON.stringify(notes))
    .run();
  const ids = (
    await db
      .prepare(`SELECT id FROM notes WHERE user_id = ? ORDER BY id DESC LIMIT ?`)
      .bind(author.id, count)
      .all<{ id: number }>()
  ).results
    .map((r) => r.id)
    .reverse();
  await db
    .prepare(
      `INSERT INTO note_references (note_id, ord, start_verse, end_verse, created_at, updated_at)
       SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, ?1, ?1 FROM json_each(?2)`,
    )
    .bind(
      at,
      JSON.stringify(
        ids.flatMap((id, i) => refs(i).map(([start, end], ord) => [id, ord, start, end])),
      ),
    )
    .run();
  return ids;
}

async function catalogueAndBook(version: string, book: string) {
  const cat = await loadCatalogue(new SnapshotReader(env.SNAPSHOT, env.SNAPSHOT_ID));
  return { cat, book: findBook(cat, version, book)! };
}

describe('public notes counted in SQL where verse numbers are places', () => {
  it('answers a row per note from each database, not every reference, and the same notes, verses and versions', async () => {
    const author = await newUser('counted');
    const reader = await newUser('reader');
    // Two notes of 300 references each on 2 John 1:4-6 (the second also on 1:8), one written
    // on the ASV; a third only on 2 John 1:12.
    const [a, b, c] = await publish(author, Date.now() + 5e9, 3, (i) =>
      i === 2
        ? [['KJV:2John.1.12', 'KJV:2John.1.12']]
        : Array.from({ length: 300 }, (_, k): [string, string] =>
            i === 1 && k === 299
              ? ['ASV:2John.1.8', 'ASV:2John.1.8']
              : [`KJV:2John.1.${4 + (k % 3)}`, `KJV:2John.1.${4 + (k % 3)}`],
          ),
    );
    // Every statement's answer the page reads, as D1 gives it to the worker.
    const answered: string[] = [];
    const shards = everyShardDb().map(({ shard, db }) => ({
      shard,
      db: new Proxy(db, {
        get(target, key) {
          const value = Reflect.get(target, key);
          if (typeof value !== 'function') return value;
          if (key !== 'values') return value.bind(target);
          return async (...args: unknown[]) => {
            const rows = await value.apply(target, args);
            answered.push(JSON.stringify(rows));
            return rows;
          };
        },
      }),
    }));
    const { cat, book } = await catalogueAndBook('KJV', '2John');
    const verses = Array.from({ length: 13 }, (_, i) => i + 1);
    const page = { offset: 0, limit: 200 };
    const chapter = await publicNotesOn(shards, reader.id, cat, book, 1, verses, page);
    expect(chapter.items.map((n) => n.id)).toEqual([c, b, a]);
    expect(chapter.items.map((n) => n.verses)).toEqual([[12], [4, 5, 6, 8], [4, 5, 6]]);
    expect(chapter.items.map((n) => n.writtenIn)).toEqual(['KJV', 'KJV', 'KJV']);
    expect(chapter.items[1].references).toHaveLength(300);
    // 600 references on the chapter: no answer carries them (each is a dozen bytes or more).
    expect(answered.length).toBeGreaterThan(0);
    expect(Math.max(...answered.map((t) => t.length))).toBeLessThan(600);
    const verse = await publicNotesOn(shards, reader.id, cat, book, 1, [8], page);
    expect(verse.items.map((n) => [n.id, n.verses, n.writtenIn])).toEqual([[b, [8], 'ASV']]);
    expect(verse.total).toBe(1);
    // Overlapping spans, one from the chapter before: each verse once, the version of the first
    // reference (as stored) that reaches the verses asked about.
    const [d] = await publish(author, Date.now() + 5.5e9, 1, () => [
      ['KJV:Jas.1.26', 'KJV:Jas.1.27'],
      ['ASV:Jas.2.3', 'ASV:Jas.2.5'],
      ['KJV:Jas.1.27', 'KJV:Jas.2.4'],
    ]);
    const james = findBook(cat, 'KJV', 'Jas')!;
    const two = await publicNotesOn(shards, reader.id, cat, james, 2, [1, 2, 3, 4, 5, 6], page);
    expect(two.items.map((n) => [n.id, n.verses, n.writtenIn])).toEqual([
      [d, [1, 2, 3, 4, 5], 'ASV'],
    ]);
    const first = await publicNotesOn(shards, reader.id, cat, james, 2, [1], page);
    expect(first.items.map((n) => [n.id, n.verses, n.writtenIn])).toEqual([[d, [1], 'KJV']]);
    // Read through the route too, on the ASV's chapter.
    const res = await call('/chapters/ASV:2John.1/public-notes.js', reader.token);
    const body = (await res.json()) as any;
    expect(body.public_notes.public_note.map((n: any) => Number(n.id))).toEqual([c, b, a]);
  });

  it(`keeps the newest ${MAX_PUBLIC_REFERENCES} references of a chapter: a note cut by the limit is found by the references kept`, async () => {
    const author = await newUser('at the limit');
    const reader = await newUser('reader');
    const at = Date.now() + 6e9;
    // The older note first (published at `at`): its first reference on 2 John 1:2, its second
    // on 1:3. The newer one holds every reference of the limit but one, all on 1:1.
    const [older] = await publish(author, at, 1, () => [
      ['KJV:2John.1.2', 'KJV:2John.1.2'],
      ['KJV:2John.1.3', 'KJV:2John.1.3'],
    ]);
    const [newer] = await publish(author, at + 10, 1, () =>
      Array.from({ length: MAX_PUBLIC_REFERENCES - 1 }, () => ['KJV:2John.1.1', 'KJV:2John.1.1']),
    );
    const { cat, book } = await catalogueAndBook('KJV', '2John');
    const shards = everyShardDb();
    const page = { offset: 0, limit: 200 };
    // Without a page's bytes (the newer note's 19,999 references alone weigh more than a page).
    const on = (verses: number[]) =>
      publicNotesOn(shards, reader.id, cat, book, 1, verses, page, false, Infinity);
    // On the chapter, only the older note's first reference is kept: it covers 1:2, not 1:3.
    const chapter = await on(Array.from({ length: 13 }, (_, i) => i + 1));
    expect(chapter.items.map((n) => [n.id, n.verses])).toEqual([
      [newer, [1]],
      [older, [2]],
    ]);
    // The limit counts the references a page reads: the verse 1:3's are the older note's alone.
    expect((await on([3])).items.map((n) => [n.id, n.verses])).toEqual([[older, [3]]]);
  });

  it.skipIf(!HAS_STUDY)(
    "a reference of a version that moves a verse of the book is read by the general rule: the SBLGNT's 3 John 1:15 on the KJV's 1:14",
    async () => {
      const author = await newUser('moved');
      const reader = await newUser('reader');
      const [kjv, sblgnt] = await publish(author, Date.now() + 7e9, 2, (i) =>
        i === 0
          ? [['KJV:3John.1.14', 'KJV:3John.1.14']]
          : [['SBLGNT:3John.1.15', 'SBLGNT:3John.1.15']],
      );
      const { cat, book } = await catalogueAndBook('KJV', '3John');
      const list = await publicNotesOn(everyShardDb(), reader.id, cat, book, 1, [14], {
        offset: 0,
        limit: 200,
      });
      expect(list.items.map((n) => [n.id, n.verses, n.writtenIn])).toEqual([
        [sblgnt, [14], 'SBLGNT'],
        [kjv, [14], 'KJV'],
      ]);
    },
  );
});
