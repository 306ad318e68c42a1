import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  chapterAnnotations,
  chapterAnnotationsByIndex,
} from '../../../src/annotations/coverage/chapter-annotations';
import { countedChapterPage } from '../../../src/annotations/coverage/chapter-in-sql';
import { chapterWindow } from '../../../src/annotations/coverage/reference-windows';
import { SnapshotReader } from '../../../src/cache/snapshot-reader';
import { versesIn } from '../../../src/catalogue/navigation';
import { findBook, loadCatalogue, type Catalogue } from '../../../src/catalogue/store';
import { database } from '../../../src/db/client';
import { newUser } from '../../support/http';
import { accountDb } from '../../support/shards';

/**
 * A chapter's annotations counted and paged in SQLite where no numbering moves a verse
 * (src/annotations/coverage/chapter-in-sql.ts) answer exactly as the coverage index over every reference
 * does, and the statement gives way to the index wherever a numbering moves a verse.
 */
let cat: Catalogue;
beforeAll(async () => {
  cat = await loadCatalogue(new SnapshotReader(env.SNAPSHOT, env.SNAPSHOT_ID));
});
/** The database that holds an account (docs/scale.md). */
const db = async (userId: number) => database(await accountDb(userId));
const bookOf = (version: string, osis: string) => findBook(cat, version, osis)!;

/** Notes and taggings of `userId` with these references (one list per annotation), written straight into D1. */
async function store(userId: number, annotations: [string, string][][], kind: 'note' | 'tagging') {
  const tag = `sql-${Date.now()}-${Math.random()}`;
  const d1 = await accountDb(userId);
  if (kind === 'tagging')
    await d1.prepare('INSERT INTO tags (name, created_at) VALUES (?1, 0)').bind(tag).run();
  for (const refs of annotations) {
    const parent =
      kind === 'note'
        ? await d1
            .prepare(
              `INSERT INTO notes (user_id, title, content, public, created_at, updated_at) VALUES (?1, 't', 'c', 0, 0, 0) RETURNING id`,
            )
            .bind(userId)
            .first<{ id: number }>()
        : await d1
            .prepare(
              `INSERT INTO taggings (user_id, tag_id, created_at, updated_at) SELECT ?1, id, 0, 0 FROM tags WHERE name = ?2 RETURNING id`,
            )
            .bind(userId, tag)
            .first<{ id: number }>();
    const table = kind === 'note' ? 'note_references' : 'tagging_references';
    const fk = kind === 'note' ? 'note_id' : 'tagging_id';
    await d1
      .prepare(
        `INSERT INTO ${table} (${fk}, ord, start_verse, end_verse, created_at, updated_at, user_id)
       SELECT ?1, key, value ->> 0, value ->> 1, 0, 0, ?2 FROM json_each(?3)`,
      )
      .bind(parent!.id, userId, JSON.stringify(refs))
      .run();
  }
}

describe('a chapter’s annotations counted in SQLite', () => {
  it('answers every page as the coverage index does, where no numbering moves a verse', async () => {
    const reader = await newUser();
    // A fixed pseudo-random account on John 2–4 in two versions numbered as the KJV: spans within
    // a chapter and across two, several references an annotation, some elsewhere (Gen), one whose
    // end is of another version (never read).
    let seed = 11;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const lengths: Record<number, number> = { 2: 25, 3: 36, 4: 54 };
    const ref = (): [string, string] => {
      const version = next(2) ? 'KJV' : 'ASV';
      if (next(10) === 0) return [`${version}:Gen.1.1`, `${version}:Gen.1.3`];
      const chapter = 2 + next(3);
      const first = 1 + next(lengths[chapter]);
      if (chapter < 4 && next(5) === 0)
        return [
          `${version}:John.${chapter}.${first}`,
          `${version}:John.${chapter + 1}.${1 + next(4)}`,
        ];
      const last = Math.min(lengths[chapter], first + next(4));
      return [`${version}:John.${chapter}.${first}`, `${version}:John.${chapter}.${last}`];
    };
    const annotations = () => Array.from({ length: 1 + next(3) }, ref);
    await store(reader.id, Array.from({ length: 60 }, annotations), 'note');
    await store(reader.id, Array.from({ length: 40 }, annotations), 'tagging');
    await store(reader.id, [[['KJV:John.3.1', 'ASV:John.3.2']]], 'note');

    const book = cat.books[bookOf('KJV', 'John')];
    const window = chapterWindow('John', 3);
    const verses = versesIn(book, 3);
    const pages = [
      { offset: 0, limit: 200 },
      { offset: 0, limit: 7 },
      { offset: 13, limit: 10 },
      { offset: 500, limit: 10 },
    ];
    let compared = 0;
    for (const page of pages) {
      const query = { userId: reader.id, book, chapter: 3, verses, window, page };
      const counted = await countedChapterPage(await db(reader.id), query);
      expect(counted, 'the statement answers for KJV John 3').not.toBeNull();
      const answer = await chapterAnnotations(
        await db(reader.id),
        reader.id,
        cat,
        bookOf('KJV', 'John'),
        3,
        page,
      );
      const byIndex = await chapterAnnotationsByIndex(await db(reader.id), query);
      expect(answer).toEqual(byIndex);
      expect(answer.total).toBe(counted!.total);
      compared += answer.items.length;
    }
    expect(compared).toBeGreaterThan(30);
  });

  it('gives way to the index on a chapter whose verses have a gap (the SBLGNT’s and the ASV’s John 5 lack 5:4)', async () => {
    const reader = await newUser();
    // A note on the verse the two editions leave out, and one on each side of it: the statement's
    // span of the chapter (its first to its last verse) holds 5:4, the chapter does not.
    await store(
      reader.id,
      [
        [['KJV:John.5.4', 'KJV:John.5.4']],
        [['KJV:John.5.3', 'KJV:John.5.3']],
        [['KJV:John.5.5', 'KJV:John.5.5']],
      ],
      'note',
    );
    const page = { offset: 0, limit: 200 };
    for (const version of ['SBLGNT', 'ASV']) {
      const index = bookOf(version, 'John');
      const book = cat.books[index];
      const verses = versesIn(book, 5);
      expect(verses, `${version} John 5 lacks 5:4`).not.toContain(4);
      const query = {
        userId: reader.id,
        book,
        chapter: 5,
        verses,
        window: chapterWindow('John', 5),
        page,
      };
      const d1 = await db(reader.id);
      const answer = await chapterAnnotations(d1, reader.id, cat, index, 5, page);
      expect(answer, version).toEqual(await chapterAnnotationsByIndex(d1, query));
      expect(answer.total, version).toBe(2);
      expect(answer.items.map((a) => a.verses)).toEqual([[3], [5]]);
      expect(await countedChapterPage(d1, query), version).toBeNull();
    }
  });

  it('gives way to the index for a reference of a version whose map moves a verse of the book, and for a chapter so numbered', async () => {
    const reader = await newUser();
    // The WLC numbers the Psalms' titles as verses: its Ps 3:2 is the KJV's Ps 3:1.
    await store(
      reader.id,
      [[['WLC:Ps.3.2', 'WLC:Ps.3.3']], [['KJV:Ps.3.4', 'KJV:Ps.3.4']]],
      'note',
    );
    const ps = cat.books[bookOf('KJV', 'Ps')];
    const page = { offset: 0, limit: 200 };
    expect(
      await countedChapterPage(await db(reader.id), {
        userId: reader.id,
        book: ps,
        chapter: 3,
        verses: versesIn(ps, 3),
        window: chapterWindow('Ps', 3),
        page,
      }),
    ).toBeNull();
    const answer = await chapterAnnotations(
      await db(reader.id),
      reader.id,
      cat,
      bookOf('KJV', 'Ps'),
      3,
      page,
    );
    expect(answer.items.map((a) => [a.writtenIn, a.verses])).toEqual([
      ['WLC', [1, 2]],
      ['KJV', [4]],
    ]);
    // A chapter whose own version's map moves its verses is not counted in SQLite either.
    const john = cat.books[bookOf('KJV', 'Jonah')];
    const rv1909Jonah = { ...john, version: 'RV1909' };
    expect(
      await countedChapterPage(await db(reader.id), {
        userId: reader.id,
        book: rv1909Jonah,
        chapter: 2,
        verses: versesIn(john, 2),
        window: chapterWindow('Jonah', 2),
        page,
      }),
    ).toBeNull();
  });
});
