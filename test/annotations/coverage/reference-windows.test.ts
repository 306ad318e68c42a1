import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { publishedReferencesQuery } from '../../../src/annotations/public/public-notes';
import { maxSlotDisplacement } from '../../../src/catalogue/empty-slots';
import { chapterWindow, versesWindow } from '../../../src/annotations/coverage/reference-windows';
import {
  referenceIdsQuery,
  selectReferenceSpans,
  type ReferenceFilter,
  type ReferenceKind,
} from '../../../src/annotations/references';
import { database } from '../../../src/db/client';
import { call, HAS_RV1909, newUser } from '../../support/http';
import {
  bindings,
  createNote,
  createTagging,
  list,
  noteXml,
  read,
  refsXml,
  send,
} from '../../support/annotations';
import { accountDb } from '../../support/shards';

/**
 * The references a page reads (docs/annotations.md "How references are read"): only those of the
 * reader that can fall on the verses shown, through the index by reader, book and position, with
 * the margin the versification map needs.
 */

/** The database that holds an account (docs/scale.md). */
const db = async (userId: number) => database(await accountDb(userId));

/** What a coverage read gives, as rows `[kind, parent, version, book, from, to]` by kind, parent and stored order. */
async function selectReferenceIds(
  _db: Awaited<ReturnType<typeof db>>,
  kinds: ReferenceKind[],
  userId: number,
  filter: ReferenceFilter,
) {
  const { keys, refs } = await selectReferenceSpans(_db, kinds, userId, filter);
  return refs.item
    .map((item, r) => ({ item, r }))
    .sort((a, b) => a.item - b.item || refs.ord[a.r] - refs.ord[b.r])
    .map(
      ({ item, r }) =>
        [
          keys[item].kind === 'note' ? 0 : 1,
          keys[item].id,
          refs.version[r],
          refs.book[r],
          refs.from[r],
          refs.to[r],
        ] as const,
    );
}

/** The planner's steps for a statement. */
async function plan(query: SQL): Promise<string[]> {
  // Every database has the one schema: the first's plan is each one's.
  const rows = await database(bindings.DB).all<{ detail: string }>(
    sql`EXPLAIN QUERY PLAN ${query}`,
  );
  return rows.map((r) => r.detail);
}

describe('the reader index of references', () => {
  it('a reader’s read of a chapter is one range of the index per table, no scan and no parent', async () => {
    const steps = await plan(
      referenceIdsQuery(['note', 'tagging'], 1, { windows: [chapterWindow('Ps', 119)] })!,
    );
    const searches = steps.filter((s) => /^(SEARCH|SCAN) (note|tagging)_references/.test(s));
    expect(searches, steps.join('\n')).toEqual([
      expect.stringMatching(
        /^SEARCH note_references USING (?:COVERING )?INDEX note_references_reader_idx \(user_id=\? AND book=\? AND start_position<\?\)/,
      ),
      expect.stringMatching(
        /^SEARCH tagging_references USING (?:COVERING )?INDEX tagging_references_reader_idx \(user_id=\? AND book=\? AND start_position<\?\)/,
      ),
    ]);
  });

  it('the public notes of a chapter are read through the index of readable references by book and position', async () => {
    const steps = await plan(publishedReferencesQuery(chapterWindow('Ps', 119)));
    expect(
      steps.find((s) => s.includes('note_references')),
      steps.join('\n'),
    ).toMatch(
      /^SEARCH note_references USING INDEX note_references_readable_idx \(book=\? AND start_position<\?\)/,
    );
    expect(
      steps.filter((s) => s.startsWith('SCAN')),
      steps.join('\n'),
    ).toEqual([]);
  });

  it('widens a window by twice what the map moves a verse of the book, and no more', () => {
    // John: every version numbers it as the KJV; Psalms: the WLC's titles move verses by two;
    // Jonah: the RV1909 and the WLC start chapter 2 at the KJV's 1:17 (2001 − 1017 = 984).
    expect(maxSlotDisplacement('John')).toBe(0);
    expect(maxSlotDisplacement('Ps')).toBe(2);
    expect(maxSlotDisplacement('Jonah')).toBeGreaterThanOrEqual(984);
    expect(versesWindow('John', 3, 16, 16)).toEqual({ book: 'John', from: 3016, to: 3016 });
    expect(versesWindow('Ps', 119, 1, 1)).toEqual({ book: 'Ps', from: 118997, to: 119005 });
    expect(versesWindow('Jonah', 2, 1, 1).from).toBeLessThanOrEqual(1017);
  });

  it('reads the reader’s references that reach the window, and no other', async () => {
    const reader = await newUser();
    const other = await newUser();
    const refs = (start: string, end = start) => [{ start, end }];
    await createNote(reader.token, { title: 'on 3', references: refs('KJV:John.3.16') });
    await createNote(reader.token, {
      title: 'into 3',
      references: refs('KJV:John.2.20', 'KJV:John.3.2'),
    });
    await createNote(reader.token, { title: 'on 5', references: refs('KJV:John.5.1') });
    await createNote(reader.token, { title: 'on Gen', references: refs('KJV:Gen.3.16') });
    await createTagging(reader.token, {
      name: `w-${Date.now()}`,
      references: refs('ASV:John.3.1'),
    });
    await createNote(other.token, { title: 'theirs', references: refs('KJV:John.3.16') });
    const rows = await selectReferenceIds(await db(reader.id), ['note', 'tagging'], reader.id, {
      windows: [chapterWindow('John', 3)],
    });
    expect(rows.map(([kind, , ...span]) => [kind, ...span])).toEqual([
      [0, 'KJV', 'John', 3016, 3016],
      [0, 'KJV', 'John', 2020, 3002],
      [1, 'ASV', 'John', 3001, 3001],
    ]);
    const verse = await selectReferenceIds(await db(reader.id), ['note'], reader.id, {
      windows: [versesWindow('John', 3, 16, 16)],
    });
    expect(verse.map(([, , , , from]) => from)).toEqual([3016]);
    // A concordance page's verses come from dozens of books: each book is still one range.
    // (Windows are merged per book: Gen 50 alone, not Gen 1 and 50, so that Gen 3 stays out.)
    const books = ['Exod', 'Lev', 'Num', 'Deut', 'Josh', 'Judg', 'Ruth', '1Sam', '2Sam'];
    const many = await selectReferenceIds(await db(reader.id), ['note'], reader.id, {
      windows: [
        ...books.flatMap((b) => [versesWindow(b, 1, 1, 1), versesWindow(b, 50, 1, 1)]),
        ...['Matt', 'Mark', 'Luke', 'Acts', 'Rom', '1Cor', '2Cor', 'Gal'].map((b) =>
          chapterWindow(b, 3),
        ),
        versesWindow('Gen', 50, 1, 1),
        versesWindow('John', 3, 16, 16),
      ],
    });
    expect(many.map(([, , version, book, from]) => `${version}:${book}.${from}`)).toEqual([
      'KJV:John.3016',
    ]);
  });

  it('reads no reference whose last verse is of another version or book than its first', async () => {
    const reader = await newUser();
    const { note } = await createNote(reader.token, {
      title: 'kept',
      references: [{ start: 'KJV:John.4.1', end: 'KJV:John.4.2' }],
    });
    // No writer stores such a row (src/annotations/personal/input.ts): written here by hand.
    await (
      await accountDb(reader.id)
    )
      .prepare(
        `INSERT INTO note_references (note_id, ord, start_verse, end_verse, created_at, updated_at, user_id)
       VALUES (?1, 1, 'KJV:John.4.3', 'KJV:Acts.4.4', 0, 0, ?2), (?1, 2, 'KJV:John.4.5', 'ASV:John.4.6', 0, 0, ?2)`,
      )
      .bind(note.id, reader.id)
      .run();
    const rows = await selectReferenceIds(await db(reader.id), ['note'], reader.id, {
      windows: [chapterWindow('John', 4)],
    });
    expect(rows.map(([, , ...span]) => span)).toEqual([['KJV', 'John', 4001, 4002]]);
  });

  it('every writer stores the owner on each reference: create, update, import', async () => {
    const reader = await newUser();
    const { note } = await createNote(reader.token, {
      title: 'first',
      references: [{ start: 'KJV:John.1.1', end: 'KJV:John.1.2' }],
    });
    await createTagging(reader.token, {
      name: `o-${Date.now()}`,
      references: [{ start: 'KJV:John.1.3', end: 'KJV:John.1.3' }],
    });
    const updated = await send(
      'PUT',
      `/notes/${note.id}.xml`,
      reader.token,
      noteXml({ title: 'first', references: [{ start: 'KJV:John.1.4', end: 'KJV:John.1.5' }] }),
      'xml',
    );
    expect(updated.status).toBe(200);
    const imported = await send(
      'POST',
      '/user/import.xml',
      reader.token,
      `<?xml version="1.0" encoding="UTF-8"?>\n<export><taggings><tagging><tag><name>imp-${Date.now()}</name></tag>${refsXml([{ start: 'KJV:John.1.6', end: 'KJV:John.1.6' }])}</tagging></taggings><notes><note><title>imported</title>${refsXml([{ start: 'KJV:John.1.7', end: 'KJV:John.1.7' }])}</note></notes></export>`,
      'xml',
    );
    expect(imported.status, await imported.clone().text()).toBe(200);
    const owners = await (
      await accountDb(reader.id)
    )
      .prepare(
        `SELECT r.start_verse AS start, r.user_id AS owner FROM note_references r JOIN notes n ON n.id = r.note_id WHERE n.user_id = ?1
       UNION ALL SELECT r.start_verse, r.user_id FROM tagging_references r JOIN taggings t ON t.id = r.tagging_id WHERE t.user_id = ?1
       ORDER BY 1`,
      )
      .bind(reader.id)
      .all<{ start: string; owner: number }>();
    expect(owners.results).toEqual(
      ['KJV:John.1.3', 'KJV:John.1.4', 'KJV:John.1.6', 'KJV:John.1.7'].map((start) => ({
        start,
        owner: reader.id,
      })),
    );
  });

  it.skipIf(!HAS_RV1909)(
    'a note on KJV Jonah 1:17 is read on RV1909 Jonah 2:1, a chapter later (the map’s margin)',
    async () => {
      const reader = await newUser();
      const author = await newUser();
      await createNote(reader.token, {
        title: 'the great fish',
        references: [{ start: 'KJV:Jonah.1.17', end: 'KJV:Jonah.1.17' }],
      });
      const chapter = (await read(
        await call('/chapters/RV1909:Jonah.2/annotations.js', reader.token),
        'js',
      )) as any;
      expect(
        list(chapter.annotations.annotation).map((a: any) => list(a.verses.verse).map(Number)),
      ).toEqual([[1]]);
      const published = await send(
        'POST',
        '/notes.js',
        author.token,
        JSON.stringify({
          note: {
            title: 'fish, published',
            public: 1,
            references: { reference: [{ start: 'KJV:Jonah.1.17', end: 'KJV:Jonah.1.17' }] },
          },
        }),
        'js',
      );
      expect(published.status, await published.clone().text()).toBe(201);
      const verse = (await read(
        await call('/verses/RV1909:Jonah.2.1/public-notes.js', reader.token),
        'js',
      )) as any;
      expect(list(verse.public_notes.public_note).map((n: any) => n.title)).toContain(
        'fish, published',
      );
    },
  );
});
