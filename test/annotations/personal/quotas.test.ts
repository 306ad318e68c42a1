import { describe, expect, it } from 'vitest';
import { QUOTAS } from '../../../src/annotations/personal/quotas';
import { MAX_IMPORT_BYTES } from '../../../src/annotations/personal/transfer';
import { call, newUser } from '../../support/http';
import {
  countRows,
  errors,
  GEN_1_1,
  noteJson,
  read,
  send,
  taggingJson,
  XML,
  type Format,
  type Ref,
} from '../../support/annotations';
import { accountDb } from '../../support/shards';

/**
 * Per-account quotas (src/annotations/personal/quotas.ts): a write that would take an account
 * over one answers 422 in the requested format and writes nothing; what an account can hold
 * within them, its export can be imported again.
 */

interface SeedNote {
  title: string;
  content: string;
  refs: [string, string][];
}
interface SeedTagging {
  tag: string;
  refs: [string, string][];
}

/** Writes an account's content straight into D1 (the API would take thousands of requests). */
async function seed(
  userId: number,
  content: { notes?: SeedNote[]; taggings?: SeedTagging[] },
): Promise<void> {
  // The account's own database (docs/scale.md).
  const db = await accountDb(userId);
  const now = Date.now();
  const notes = content.notes ?? [];
  const taggings = content.taggings ?? [];
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < notes.length; i += 500) {
    const chunk = notes.slice(i, i + 500);
    statements.push(
      db
        .prepare(
          'INSERT INTO notes (user_id, title, content, public, created_at, updated_at) SELECT ?1, value ->> 0, value ->> 1, 0, ?2, ?2 FROM json_each(?3) ORDER BY key',
        )
        .bind(userId, now, JSON.stringify(chunk.map((n) => [n.title, n.content]))),
    );
  }
  const tagNames = [...new Set(taggings.map((t) => t.tag))];
  if (tagNames.length)
    statements.push(
      db
        .prepare(
          'INSERT OR IGNORE INTO tags (name, created_at) SELECT value, ?1 FROM json_each(?2)',
        )
        .bind(now, JSON.stringify(tagNames)),
    );
  for (let i = 0; i < taggings.length; i += 500) {
    const chunk = taggings.slice(i, i + 500);
    statements.push(
      db
        .prepare(
          'INSERT INTO taggings (user_id, tag_id, created_at, updated_at) SELECT ?1, (SELECT id FROM tags WHERE name = value), ?2, ?2 FROM json_each(?3) ORDER BY key',
        )
        .bind(userId, now, JSON.stringify(chunk.map((t) => t.tag))),
    );
  }
  await db.batch(statements);
  // References by position: the k-th seeded note is the k-th of the user's notes in id order.
  const refStatements: D1PreparedStatement[] = [];
  const attach = async (
    table: string,
    parentTable: string,
    fk: string,
    items: { refs: [string, string][] }[],
  ) => {
    if (!items.length) return;
    const ids = (
      await db
        .prepare(`SELECT id FROM ${parentTable} WHERE user_id = ? ORDER BY id`)
        .bind(userId)
        .all<{ id: number }>()
    ).results.map((r) => r.id);
    const rows = items.flatMap((item, k) => item.refs.map((r, ord) => [ids[k], ord, r[0], r[1]]));
    for (let i = 0; i < rows.length; i += 5000) {
      refStatements.push(
        db
          .prepare(
            `INSERT INTO ${table} (${fk}, ord, start_verse, end_verse, created_at, updated_at) SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, ?1, ?1 FROM json_each(?2)`,
          )
          .bind(now, JSON.stringify(rows.slice(i, i + 5000))),
      );
    }
  };
  await attach('note_references', 'notes', 'note_id', notes);
  await attach('tagging_references', 'taggings', 'tagging_id', taggings);
  if (refStatements.length) await db.batch(refStatements);
}

/** Distinct one-verse references: verse `i` of the KJV's Psalms 119 and 19 and Proverbs. */
function verse(i: number): [string, string] {
  const places: [string, number][] = [
    ['Ps.119', 176],
    ['Prov.8', 36],
    ['Ps.78', 72],
    ['Isa.66', 24],
    ['Jer.51', 64],
    ['Ezek.40', 49],
    ['Gen.24', 67],
    ['Num.7', 89],
    ['Luke.1', 80],
  ];
  let n = i;
  for (let round = 0; ; round++) {
    for (const [chapter, verses] of places) {
      if (n < verses) return [`KJV:${chapter}.${n + 1}`, `KJV:${chapter}.${n + 1}`];
      n -= verses;
    }
    if (round > 0) throw new Error(`no verse ${i}`);
  }
}

async function quotaRefusal(res: Response, format: Format, quota: string): Promise<void> {
  expect(res.status).toBe(422);
  const messages = await errors(res, format);
  expect(messages[0]).toMatch(/quota reached: nothing of this request was written/i);
  expect(messages.some((m) => m.includes(quota))).toBe(true);
}

const NOTE = (title: string, refs: Ref[] = [GEN_1_1]) =>
  noteJson({ title, content: 'c', references: refs });

describe('per-account quotas', () => {
  it(`refuses note ${QUOTAS.notes + 1} with 422 in the requested format, writes nothing, and still lets the account edit and delete`, async () => {
    const { id, token } = await newUser();
    await seed(id, {
      notes: Array.from({ length: QUOTAS.notes }, (_, i) => ({
        title: `n${i}`,
        content: '',
        refs: [verse(i % 600)],
      })),
    });
    for (const format of ['xml', 'js'] as Format[]) {
      const res = await send(
        'POST',
        `/notes.${format}`,
        token,
        format === 'js'
          ? NOTE('one more')
          : `<note><title>one more</title><references><reference><start>${GEN_1_1.start}</start><end>${GEN_1_1.end}</end></reference></references></note>`,
        format,
      );
      await quotaRefusal(
        res,
        format,
        `at most ${QUOTAS.notes} notes; this one holds ${QUOTAS.notes}`,
      );
    }
    expect(await countRows('notes', 'user_id = ?', id)).toBe(QUOTAS.notes);
    expect(await countRows('notes', "user_id = ? AND title = 'one more'", id)).toBe(0);
    const [{ id: first }] = (
      await (
        await accountDb(id)
      )
        .prepare('SELECT id FROM notes WHERE user_id = ? ORDER BY id LIMIT 1')
        .bind(id)
        .all<{ id: number }>()
    ).results;
    expect((await send('PUT', `/notes/${first}.js`, token, NOTE('edited'), 'js')).status).toBe(200);
    expect((await call(`/notes/${first}.js`, token, { method: 'DELETE' })).status).toBe(200);
    expect((await send('POST', '/notes.js', token, NOTE('fits again'), 'js')).status).toBe(201);
  });

  it('lets exactly one of 4 notes created at once take the last place', async () => {
    const { id, token } = await newUser();
    await seed(id, {
      notes: Array.from({ length: QUOTAS.notes - 1 }, (_, i) => ({
        title: `n${i}`,
        content: '',
        refs: [verse(i % 600)],
      })),
    });
    const results = await Promise.all(
      [0, 1, 2, 3].map((i) => send('POST', '/notes.js', token, NOTE(`last ${i}`), 'js')),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422, 422]);
    expect(await countRows('notes', 'user_id = ?', id)).toBe(QUOTAS.notes);
  });

  it(`refuses tagging ${QUOTAS.taggings + 1} (and the import of one), writes nothing`, async () => {
    const { id, token } = await newUser();
    await seed(id, {
      taggings: Array.from({ length: QUOTAS.taggings }, (_, i) => ({
        tag: `t${i % 10}`,
        refs: [verse(i % 600), verse((i + 1) % 600)],
      })),
    });
    await quotaRefusal(
      await send(
        'POST',
        '/user/taggings.js',
        token,
        taggingJson({ name: 't1', references: [GEN_1_1] }),
        'js',
      ),
      'js',
      `at most ${QUOTAS.taggings} taggings`,
    );
    const doc = `<export><taggings><tagging><tag><name>brand new</name></tag><references><reference><start>${GEN_1_1.start}</start><end>${GEN_1_1.end}</end></reference></references></tagging></taggings></export>`;
    await quotaRefusal(
      await send('POST', '/user/import.xml', token, doc, 'xml'),
      'xml',
      `at most ${QUOTAS.taggings} taggings`,
    );
    expect(await countRows('taggings', 'user_id = ?', id)).toBe(QUOTAS.taggings);
    expect(await countRows('tags', "name = 'brand new'")).toBe(0);
  });

  it(`refuses a ${QUOTAS.tags + 1}th tag name, and still takes a new tagging of a name the account uses`, async () => {
    const { id, token } = await newUser();
    const stamp = `${id}-${Date.now()}`;
    await seed(id, {
      taggings: Array.from({ length: QUOTAS.tags }, (_, i) => ({
        tag: `q${stamp}-${i}`,
        refs: [verse(i)],
      })),
    });
    await quotaRefusal(
      await send(
        'POST',
        '/user/taggings.js',
        token,
        taggingJson({ name: `q${stamp}-new`, references: [GEN_1_1] }),
        'js',
      ),
      'js',
      `at most ${QUOTAS.tags} tag names in use`,
    );
    expect(await countRows('tags', 'name = ?', `q${stamp}-new`)).toBe(0);
    expect(
      (
        await send(
          'POST',
          '/user/taggings.js',
          token,
          taggingJson({ name: `q${stamp}-0`, references: [GEN_1_1] }),
          'js',
        )
      ).status,
    ).toBe(201);
    // Moving a tagging to a new name would add one too.
    const [{ id: tagging }] = (
      await (
        await accountDb(id)
      )
        .prepare('SELECT id FROM taggings WHERE user_id = ? ORDER BY id LIMIT 1')
        .bind(id)
        .all<{ id: number }>()
    ).results;
    await quotaRefusal(
      await send(
        'PUT',
        `/taggings/${tagging}.js`,
        token,
        taggingJson({ name: `q${stamp}-other` }),
        'js',
      ),
      'js',
      'tag names in use',
    );
  });

  it(`refuses references beyond ${QUOTAS.references} (taggings and notes together)`, async () => {
    const { id, token } = await newUser();
    const half = QUOTAS.references / 2;
    await seed(id, {
      notes: Array.from({ length: half / 5 }, (_, i) => ({
        title: `n${i}`,
        content: '',
        refs: Array.from({ length: 5 }, (_, j) => verse((i * 5 + j) % 600)),
      })),
      taggings: Array.from({ length: half / 5 }, (_, i) => ({
        tag: 'refs',
        refs: Array.from({ length: 5 }, (_, j) => verse((i * 5 + j) % 600)),
      })),
    });
    await quotaRefusal(
      await send('POST', '/notes.js', token, NOTE('one ref more'), 'js'),
      'js',
      `at most ${QUOTAS.references} references`,
    );
    const [{ id: note }] = (
      await (
        await accountDb(id)
      )
        .prepare('SELECT id FROM notes WHERE user_id = ? ORDER BY id LIMIT 1')
        .bind(id)
        .all<{ id: number }>()
    ).results;
    // Replacing 5 references by 6 grows the count; by 5 others does not.
    const six = Array.from({ length: 6 }, (_, j) => ({ start: verse(j)[0], end: verse(j)[1] }));
    await quotaRefusal(
      await send('PUT', `/notes/${note}.js`, token, noteJson({ references: six }), 'js'),
      'js',
      'references',
    );
    expect(
      (await send('PUT', `/notes/${note}.js`, token, noteJson({ references: six.slice(1) }), 'js'))
        .status,
    ).toBe(200);
    expect(await countRows('note_references', 'note_id = ?', note)).toBe(5);
  });

  it(`refuses note text beyond ${QUOTAS.noteText} characters, counting characters, not bytes`, async () => {
    const { id, token } = await newUser();
    const per = QUOTAS.noteText / 100;
    // Four-byte characters: the quota counts each once.
    await seed(id, {
      notes: Array.from({ length: 100 }, (_, i) => ({
        title: `${i}`.padStart(4, '0'),
        content: '👍'.repeat(per - 4),
        refs: [verse(i)],
      })),
    });
    await quotaRefusal(
      await send('POST', '/notes.js', token, NOTE('x'), 'js'),
      'js',
      `at most ${QUOTAS.noteText} characters of note titles and contents; this one holds ${QUOTAS.noteText}`,
    );
    const [{ id: note }] = (
      await (
        await accountDb(id)
      )
        .prepare('SELECT id FROM notes WHERE user_id = ? ORDER BY id LIMIT 1')
        .bind(id)
        .all<{ id: number }>()
    ).results;
    expect(
      (await send('PUT', `/notes/${note}.js`, token, noteJson({ content: 'shorter' }), 'js'))
        .status,
    ).toBe(200);
    expect((await send('POST', '/notes.js', token, NOTE('fits'), 'js')).status).toBe(201);
  });

  it('exports an account at every quota, with the costliest text, as one document that imports again (into another account, and into itself as a no-op)', async () => {
    const { id, token } = await newUser();
    const stamp = `${id}`;
    // Tag names of 100 four-byte characters; note text of `]]>` (5 bytes a character in XML: CDATA sections split around it).
    const tag = (k: number) => {
      const prefix = `${stamp}#${k}#`;
      return prefix + '𝔊'.repeat(100 - prefix.length);
    };
    const perNote = QUOTAS.noteText / QUOTAS.notes;
    // Half the references on notes, half on taggings: 2 and 3 in turn (2.5 each on average).
    const refCount = (i: number) => (i % 2 ? 3 : 2);
    const notes = Array.from({ length: QUOTAS.notes }, (_, i) => {
      const title = `${i}`.padStart(5, '0');
      const content = ']]>'.repeat(perNote).slice(0, perNote - title.length);
      return {
        title,
        content,
        refs: Array.from(
          { length: refCount(i) },
          (_, j) =>
            [`KJV:1Thess.${(i % 5) + 1}.${j + 1}`, `KJV:1Thess.${(i % 5) + 1}.${j + 2}`] as [
              string,
              string,
            ],
        ),
      };
    });
    const taggings = Array.from({ length: QUOTAS.taggings }, (_, i) => ({
      tag: tag(i % QUOTAS.tags),
      // Unique per tag: the i-th use of a tag has its own verses.
      refs: Array.from({ length: refCount(i) }, (_, j) =>
        verse((Math.floor(i / QUOTAS.tags) * 3 + j) % 600),
      ),
    }));
    await seed(id, { notes, taggings });
    const usage = (await (
      await accountDb(id)
    )
      .prepare(
        'SELECT (SELECT count(*) FROM notes WHERE user_id = ?1) AS notes, (SELECT sum(length(title) + length(content)) FROM notes WHERE user_id = ?1) AS text, (SELECT count(DISTINCT tag_id) FROM taggings WHERE user_id = ?1) AS tags',
      )
      .bind(id)
      .first()) as { notes: number; text: number; tags: number };
    expect(usage).toEqual({ notes: QUOTAS.notes, text: QUOTAS.noteText, tags: QUOTAS.tags });

    // The XML export is the larger (CDATA split around `]]>`): it is imported again, into another
    // account and into the same one; the JSON export is checked for size (the format round trip is
    // export-import.test.ts's).
    const json = await (await call('/user/export.js', token)).text();
    expect(new TextEncoder().encode(json).byteLength).toBeLessThanOrEqual(MAX_IMPORT_BYTES);
    const exported = await (await call('/user/export.xml', token)).text();
    expect(new TextEncoder().encode(exported).byteLength).toBeLessThanOrEqual(MAX_IMPORT_BYTES);
    const other = await newUser();
    const res = await call('/user/import.xml', other.token, {
      method: 'POST',
      body: exported,
      headers: XML,
    });
    if (res.status !== 200)
      throw new Error(`import: ${res.status} ${(await res.text()).slice(0, 500)}`);
    const summary = (await read(res, 'xml')).import;
    expect(Number(summary.notes_added)).toBe(QUOTAS.notes);
    expect(Number(summary.taggings_added)).toBe(QUOTAS.taggings);
    expect(
      await countRows(
        'note_references r JOIN notes n ON n.id = r.note_id',
        'n.user_id = ?',
        other.id,
      ),
    ).toBe(QUOTAS.references / 2);
    const self = await call('/user/import.xml', token, {
      method: 'POST',
      body: exported,
      headers: XML,
    });
    if (self.status !== 200)
      throw new Error(`import into itself: ${self.status} ${(await self.text()).slice(0, 500)}`);
    const again = (await read(self, 'xml')).import;
    expect([Number(again.notes_added), Number(again.taggings_added)]).toEqual([0, 0]);
  }, 60_000);
});
