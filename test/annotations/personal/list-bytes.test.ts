import { describe, expect, it } from 'vitest';
import { database } from '../../../src/db/client';
import { fitPage } from '../../../src/http/paging';
import { listNotes } from '../../../src/annotations/personal/notes';
import { listTaggings } from '../../../src/annotations/personal/taggings';
import { noteBytes, taggingBytes } from '../../../src/annotations/documents';
import { call, newUser } from '../../support/http';
import { createNote, createTagging } from '../../support/annotations';
import { accountDb } from '../../support/shards';

/**
 * The notes and taggings lists read a page's items only as far as the page's bytes can hold them
 * (src/db/rendered-bytes.ts fitsBefore): a page of 200 notes of 2,490 characters and 50
 * references each holds about 40, and reading all 200 with their 10,000 references to render
 * those was most of the request. The page cut from what was read is the page cut from all of it.
 */

/** `n` references to verses of Ps 119 from `from` + 1 on (distinct sets: identical taggings are one). */
const refs = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({
    start: `KJV:Ps.119.${from + i + 1}`,
    end: `KJV:Ps.119.${from + i + 1}`,
  }));

describe('the notes and taggings lists read only what their page can hold', () => {
  it('a page of long notes of many references: read as far as its bytes, cut as the whole page would be', async () => {
    const { id, token } = await newUser();
    for (let i = 0; i < 12; i++)
      await createNote(token, {
        title: `long ${i}`,
        content: '<'.repeat(10_000),
        references: refs(50),
      });
    for (let i = 0; i < 12; i++)
      await createTagging(token, { name: `wide ${i % 3}`, references: refs(100, i) });
    const db = database(await accountDb(id));
    const page = { offset: 0, limit: 200 };
    // A page of 100,000 bytes: the read stops within the 12 notes (each over 26,000 bytes
    // at least) and the 12 taggings (each over 32,000).
    const budget = 100_000;

    const read = await listNotes(db, id, page, undefined, budget);
    const whole = await listNotes(db, id, page);
    expect(whole.items).toHaveLength(12);
    expect(whole.read).toBeUndefined();
    expect(read.read).toBeGreaterThan(0);
    expect(read.read).toBeLessThan(12);
    expect(read.items).toHaveLength(read.read!);
    expect(read.total).toBe(12);
    const cutNotes = (list: typeof read) => fitPage(page, list, noteBytes, budget);
    expect(cutNotes(read)).toEqual(cutNotes(whole));
    // A page past the first starts where the cut left it.
    const next = { offset: cutNotes(read).page.limit, limit: 200 };
    expect(
      fitPage(next, await listNotes(db, id, next, undefined, budget), noteBytes, budget),
    ).toEqual(fitPage(next, await listNotes(db, id, next), noteBytes, budget));

    const tagged = await listTaggings(db, id, undefined, page, undefined, budget);
    const every = await listTaggings(db, id, undefined, page);
    expect(every.items).toHaveLength(12);
    expect(tagged.read).toBeGreaterThan(0);
    expect(tagged.read).toBeLessThan(12);
    expect(tagged.items).toHaveLength(tagged.read!);
    const cutTaggings = (list: typeof tagged) => fitPage(page, list, taggingBytes, budget);
    expect(cutTaggings(tagged)).toEqual(cutTaggings(every));
    // Of one tag name alike.
    const ofName = await listTaggings(db, id, 'wide 1', page, undefined, 40_000);
    const ofNameWhole = await listTaggings(db, id, 'wide 1', page);
    expect(ofNameWhole.items).toHaveLength(4);
    expect(ofName.read).toBeGreaterThan(0);
    expect(ofName.read).toBeLessThan(4);
    expect(fitPage(page, ofName, taggingBytes, 40_000)).toEqual(
      fitPage(page, ofNameWhole, taggingBytes, 40_000),
    );
  });

  it('a page that ends before its bytes do is read whole, and says how many it holds as before', async () => {
    const { id, token } = await newUser();
    for (let i = 0; i < 3; i++)
      await createNote(token, { title: `short ${i}`, references: refs(2) });
    const db = database(await accountDb(id));
    const list = await listNotes(db, id, { offset: 0, limit: 200 }, undefined, 100_000);
    expect(list.items.map((n) => n.note.title)).toEqual(['short 0', 'short 1', 'short 2']);
    expect(list.read).toBeUndefined();
    const res = await call('/user/notes.js?limit=2&offset=1', token);
    const { summary } = ((await res.json()) as any).notes;
    expect([summary.start, summary.total, summary.rpp].map(Number)).toEqual([2, 3, 2]);
  });
});
