import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../../src/http/body';
import {
  IMPORT_LIMITS,
  MAX_IMPORT_BYTES,
  writeImport,
  type ImportItems,
} from '../../../src/annotations/personal/transfer';
import { database as databaseOf } from '../../../src/db/client';
import { call, newUser } from '../../support/http';
import { accountDb, directory } from '../../support/shards';
import { tagIdsOfNames } from '../../../src/annotations/personal/tag-names';
import {
  countRows,
  createNote,
  createTagging,
  errors,
  esc,
  FORMATS,
  GEN_1_1,
  JOHN_3_16,
  list,
  read,
  refsXml,
  send,
  TIMESTAMP,
  type Format,
  type Ref,
} from '../../support/annotations';

/** Export and import of a user's annotations (docs/annotations.md "Export and import"). */

interface TaggingIn {
  name: string;
  references: Ref[];
}
interface NoteIn {
  title?: string;
  content?: string;
  references?: Ref[];
}

/** An import document in XML, items written as a client would by hand. */
function importXml(doc: { taggings?: TaggingIn[]; notes?: NoteIn[] }): string {
  const taggings = (doc.taggings ?? [])
    .map((t) => `<tagging><tag><name>${esc(t.name)}</name></tag>${refsXml(t.references)}</tagging>`)
    .join('');
  const notes = (doc.notes ?? [])
    .map(
      (n) =>
        `<note>${n.title !== undefined ? `<title>${esc(n.title)}</title>` : ''}${n.content !== undefined ? `<content>${esc(n.content)}</content>` : ''}${
          n.references ? refsXml(n.references) : ''
        }</note>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<export><taggings>${taggings}</taggings><notes>${notes}</notes></export>`;
}

function importJson(doc: { taggings?: TaggingIn[]; notes?: NoteIn[] }): string {
  return JSON.stringify({
    export: {
      taggings: {
        tagging: (doc.taggings ?? []).map((t) => ({
          tag: { name: t.name },
          references: { reference: t.references },
        })),
      },
      notes: {
        note: (doc.notes ?? []).map((n) => ({
          ...n,
          references: n.references ? { reference: n.references } : undefined,
        })),
      },
    },
  });
}

function importBody(doc: { taggings?: TaggingIn[]; notes?: NoteIn[] }, format: Format): string {
  return format === 'xml' ? importXml(doc) : importJson(doc);
}

async function importDoc(token: string, body: string, format: Format = 'xml'): Promise<Response> {
  return send('POST', `/user/import.${format}`, token, body, format);
}

async function summary(res: Response, format: Format = 'xml'): Promise<Record<string, number>> {
  expect(res.status).toBe(200);
  const doc = (await read(res, format)).import;
  return {
    taggings_added: Number(doc.taggings_added),
    taggings_skipped: Number(doc.taggings_skipped),
    notes_added: Number(doc.notes_added),
    notes_skipped: Number(doc.notes_skipped),
  };
}

async function exported(token: string, format: Format = 'js'): Promise<any> {
  const res = await call(`/user/export.${format}`, token);
  expect(res.status).toBe(200);
  return (await read(res, format)).export;
}

const refsOf = (item: any) =>
  list(item.references?.reference).map((r: any) => ({ start: r.start, end: r.end }));
/** The content of an export (what an import matches on), in document order. */
function contentOf(doc: any) {
  return {
    taggings: list(doc.taggings?.tagging).map((t: any) => ({
      name: String(t.tag.name),
      references: refsOf(t),
    })),
    notes: list(doc.notes?.note).map((n: any) => ({
      title: String(n.title),
      content: String(n.content ?? ''),
      references: refsOf(n),
    })),
  };
}

async function counts(userId: number) {
  return {
    taggings: await countRows('taggings', 'user_id = ?', userId),
    notes: await countRows('notes', 'user_id = ?', userId),
    taggingRefs: await countRows(
      'tagging_references',
      'tagging_id IN (SELECT id FROM taggings WHERE user_id = ?)',
      userId,
    ),
    noteRefs: await countRows(
      'note_references',
      'note_id IN (SELECT id FROM notes WHERE user_id = ?)',
      userId,
    ),
  };
}

const ROM_8_28 = { start: 'KJV:Rom.8.28', end: 'KJV:Rom.8.28' };

describe('export: GET /user/export', () => {
  it("holds the caller's tags, taggings and notes with references and timestamps, and nothing of another user (XML and JSON)", async () => {
    const a = await newUser();
    const b = await newUser();
    const stamp = Date.now();
    await createTagging(a.token, { name: `mine ${stamp}`, references: [JOHN_3_16, GEN_1_1] });
    await createNote(a.token, {
      title: `my note ${stamp}`,
      content: 'a & <b>',
      references: [ROM_8_28],
    });
    await createTagging(b.token, { name: `theirs ${stamp}`, references: [GEN_1_1] });
    await createNote(b.token, { title: `their note ${stamp}`, references: [GEN_1_1] });

    for (const format of FORMATS) {
      const res = await call(`/user/export.${format}`, a.token);
      expect(res.status).toBe(200);
      expect(res.headers.get('Cache-Control')).toBe('private, no-store');
      const text = await res.clone().text();
      expect(text).not.toContain('theirs');
      expect(text).not.toContain('their note');
      const doc = (await read(res, format)).export;
      expect(String(doc.format_version)).toBe('1');
      expect(doc.exported_at).toMatch(TIMESTAMP);
      expect(list(doc.tags.tag).map((t: any) => t.name)).toEqual([`mine ${stamp}`]);
      const [tagging] = list(doc.taggings.tagging);
      expect(list(doc.taggings.tagging)).toHaveLength(1);
      expect(String(tagging.user_id)).toBe(String(a.id));
      expect(tagging.tag.name).toBe(`mine ${stamp}`);
      expect(tagging.created_at).toMatch(TIMESTAMP);
      expect(tagging.updated_at).toMatch(TIMESTAMP);
      expect(refsOf(tagging)).toEqual([JOHN_3_16, GEN_1_1]);
      expect(list(tagging.references.reference)[0].created_at).toMatch(TIMESTAMP);
      const [note] = list(doc.notes.note);
      expect(list(doc.notes.note)).toHaveLength(1);
      expect(String(note.user_id)).toBe(String(a.id));
      expect(note.title).toBe(`my note ${stamp}`);
      expect(note.content).toBe('a & <b>');
      expect(note.created_at).toMatch(TIMESTAMP);
      expect(refsOf(note)).toEqual([ROM_8_28]);
      if (format === 'xml') expect(text).toContain('<content><![CDATA[a & <b>]]></content>');
    }
  });

  it('is a page without a suffix, and an empty document for a user with nothing', async () => {
    const { token } = await newUser();
    const page = await call('/user/export', token);
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Type')).toMatch(/text\/html/);
    const doc = await exported(token, 'js');
    expect(doc.tags.tag).toEqual([]);
    expect(doc.taggings.tagging).toEqual([]);
    expect(doc.notes.note).toEqual([]);
  });
});

describe('import: POST /user/import', () => {
  it('round trip: an export of one user imported into another (XML as is, JSON as is) reproduces the taggings and notes; twice adds nothing', async () => {
    const a = await newUser();
    const stamp = Date.now();
    await createTagging(a.token, { name: `round ${stamp}`, references: [JOHN_3_16, GEN_1_1] });
    await createTagging(a.token, { name: `round ${stamp}`, references: [ROM_8_28] });
    await createNote(a.token, {
      title: 'first',
      content: 'line\nnext ]]> & <x>',
      references: [ROM_8_28, GEN_1_1],
    });
    await createNote(a.token, { title: 'second', references: [JOHN_3_16] });
    const original = contentOf(await exported(a.token, 'js'));

    for (const format of FORMATS) {
      const b = await newUser();
      // B already has one of the notes (same content): it is skipped, not doubled.
      await createNote(b.token, { title: 'second', references: [JOHN_3_16] });
      const text = await (await call(`/user/export.${format}`, a.token)).text();
      expect(await summary(await importDoc(b.token, text, format), format)).toEqual({
        taggings_added: 2,
        taggings_skipped: 0,
        notes_added: 1,
        notes_skipped: 1,
      });
      const copy = contentOf(await exported(b.token, 'js'));
      expect(copy.taggings).toEqual(original.taggings);
      // B's own note came first; the imported one after it.
      expect(copy.notes).toEqual([original.notes[1], original.notes[0]]);
      const exportedB = await exported(b.token, 'js');
      for (const t of exportedB.taggings.tagging) expect(String(t.user_id)).toBe(String(b.id));

      // The same document again: nothing added.
      const before = await counts(b.id);
      expect(await summary(await importDoc(b.token, text, format), format)).toEqual({
        taggings_added: 0,
        taggings_skipped: 2,
        notes_added: 0,
        notes_skipped: 2,
      });
      expect(await counts(b.id)).toEqual(before);
      // A is untouched by all of this.
      expect(contentOf(await exported(a.token, 'js'))).toEqual(original);
    }
  });

  it('matches on content: tag name and the set of references, title, content and references; also within one document', async () => {
    const { id, token } = await newUser();
    const name = `match ${Date.now()}`;
    const doc = {
      taggings: [
        { name, references: [GEN_1_1, JOHN_3_16] },
        { name, references: [JOHN_3_16, GEN_1_1] }, // same set: duplicate
        { name, references: [GEN_1_1] }, // other references: new
        { name: `${name}!`, references: [GEN_1_1] }, // other tag: new
      ],
      notes: [
        { title: 'n', content: 'c', references: [GEN_1_1] },
        { title: 'n', content: 'c', references: [GEN_1_1] }, // duplicate
        { title: 'n', content: 'c2', references: [GEN_1_1] }, // other content: new
        { title: 'n', references: [GEN_1_1] }, // no content is '': new
        { title: 'n', content: '', references: [GEN_1_1] }, // duplicate of the previous one
        { title: 'n', content: 'c', references: [ROM_8_28] }, // other references: new
      ],
    };
    expect(await summary(await importDoc(token, importJson(doc), 'js'), 'js')).toEqual({
      taggings_added: 3,
      taggings_skipped: 1,
      notes_added: 4,
      notes_skipped: 2,
    });
    expect(await summary(await importDoc(token, importXml(doc)))).toEqual({
      taggings_added: 0,
      taggings_skipped: 4,
      notes_added: 0,
      notes_skipped: 6,
    });
    expect(await countRows('taggings', 'user_id = ?', id)).toBe(3);
    expect(await countRows('notes', 'user_id = ?', id)).toBe(4);
    expect(await countRows('tags', 'name IN (?, ?)', name, `${name}!`)).toBe(2);
  });

  for (const format of FORMATS) {
    it(`validates every item as create does: one 422 listing each problem with its position, nothing written (${format})`, async () => {
      const { id, token } = await newUser();
      await createNote(token, { title: 'already here', references: [GEN_1_1] });
      const newTag = `never ${Date.now()} ${format}`;
      const doc = {
        taggings: [
          { name: newTag, references: [GEN_1_1] }, // valid
          { name: '', references: [GEN_1_1] },
          { name: 'x'.repeat(101), references: [{ start: 'KJV:Gen.1.1', end: 'KJV:Nope.1.1' }] },
          { name: newTag, references: [] },
        ],
        notes: [
          { title: 'valid', references: [GEN_1_1] },
          { content: 'no title', references: [GEN_1_1] },
          { title: 'backwards', references: [{ start: 'KJV:John.3.17', end: 'KJV:John.3.16' }] },
          { title: 'no references' },
          { title: 'long', content: 'y'.repeat(10_001), references: [GEN_1_1] },
        ],
      };
      const before = await counts(id);
      const res = await importDoc(token, importBody(doc, format), format);
      expect(res.status).toBe(422);
      const messages = await errors(res, format);
      expect(messages).toEqual([
        'tagging 2: tag name must not be empty',
        'tagging 3: tag name is longer than 100 characters',
        'tagging 3: reference 1: end KJV:Nope.1.1 is not a verse of the snapshot',
        'tagging 4: references must contain at least one reference',
        'note 2: title is required',
        'note 3: reference 1: end KJV:John.3.16 is before start KJV:John.3.17',
        'note 4: references is required',
        'note 5: content is longer than 10000 characters',
      ]);
      expect(await counts(id)).toEqual(before);
      expect(await countRows('tags', 'name = ?', newTag)).toBe(0);
    });
  }

  it('takes tags by name only: tag ids and user ids in the document are ignored', async () => {
    const a = await newUser();
    const b = await newUser();
    const name = `by name ${Date.now()}`;
    const body = JSON.stringify({
      export: {
        taggings: [
          {
            id: 1,
            user_id: a.id,
            tag_id: 1,
            tag: { id: 999_999_999, name },
            references: [GEN_1_1],
          },
        ],
        notes: [{ id: 1, user_id: a.id, title: 't', public: 1, references: [GEN_1_1] }],
      },
    });
    expect(await summary(await importDoc(b.token, body, 'js'), 'js')).toMatchObject({
      taggings_added: 1,
      notes_added: 1,
    });
    const doc = await exported(b.token, 'js');
    expect(doc.taggings.tagging[0].tag.name).toBe(name);
    expect(String(doc.notes.note[0].user_id)).toBe(String(b.id));
    expect(Number(doc.notes.note[0].public)).toBe(0);
    expect(await countRows('taggings', 'user_id = ?', a.id)).toBe(0);
    // A tag given only by id is refused: ids mean nothing across accounts and services.
    const byId = await importDoc(
      b.token,
      JSON.stringify({ export: { taggings: [{ tag: { id: 1 }, references: [GEN_1_1] }] } }),
      'js',
    );
    expect(byId.status).toBe(422);
    expect((await errors(byId, 'js'))[0]).toMatch(/^tagging 1: tag name is required/);
  });

  it('refuses a malformed document with a 400', async () => {
    const { token } = await newUser();
    expect((await importDoc(token, '<taggings/>')).status).toBe(400);
    expect((await importDoc(token, '{"export":"text"}', 'js')).status).toBe(400);
    const res = await importDoc(token, '<export><taggings>oops</taggings></export>');
    expect(res.status).toBe(422);
    expect(await errors(res)).toEqual(['taggings must contain tagging elements']);
  });
});

describe('import: limits', () => {
  it(`accepts a body larger than ${MAX_BODY_BYTES} bytes (the import's own limit), which other routes refuse`, async () => {
    const { id, token } = await newUser();
    const notes = Array.from({ length: 10 }, (_, i) => ({
      title: `big ${i}`,
      content: 'z'.repeat(9_000),
      references: [GEN_1_1],
    }));
    const body = importXml({ notes });
    expect(body.length).toBeGreaterThan(MAX_BODY_BYTES);
    // A note create with a body this large is a 413 …
    expect(
      (
        await send(
          'POST',
          '/notes.xml',
          token,
          `<note><title>t</title><content>${'z'.repeat(MAX_BODY_BYTES)}</content></note>`,
          'xml',
        )
      ).status,
    ).toBe(413);
    // … while the import takes it.
    expect(await summary(await importDoc(token, body))).toMatchObject({ notes_added: 10 });
    expect(await countRows('notes', 'user_id = ?', id)).toBe(10);
  });

  it(`answers 413 beyond ${MAX_IMPORT_BYTES} bytes and writes nothing`, async () => {
    const { id, token } = await newUser();
    // A valid document (notes of 9,000 characters) that is only too large.
    const notes = Array.from({ length: Math.ceil(MAX_IMPORT_BYTES / 9_000) + 1 }, (_, i) => ({
      title: `huge ${i}`,
      content: 'z'.repeat(9_000),
      references: [GEN_1_1],
    }));
    const body = importXml({ notes });
    expect(body.length).toBeGreaterThan(MAX_IMPORT_BYTES);
    const res = await importDoc(token, body);
    expect(res.status).toBe(413);
    expect((await errors(res))[0]).toBe(`Request body is larger than ${MAX_IMPORT_BYTES} bytes`);
    expect(await countRows('notes', 'user_id = ?', id)).toBe(0);
  });

  it(`answers 413 for more than ${IMPORT_LIMITS.items} items, and writes nothing`, async () => {
    const { id, token } = await newUser();
    const taggings = Array.from({ length: IMPORT_LIMITS.items + 1 }, () => ({
      name: 'many',
      references: [GEN_1_1],
    }));
    const res = await importDoc(token, importJson({ taggings }), 'js');
    expect(res.status).toBe(413);
    expect((await errors(res, 'js'))[0]).toContain(
      `${IMPORT_LIMITS.items + 1} taggings and notes; at most ${IMPORT_LIMITS.items}`,
    );
    expect(await countRows('taggings', 'user_id = ?', id)).toBe(0);
  });

  it('writes a large import (several statements for every table) whole, each reference under its own parent', async () => {
    const { id, token } = await newUser();
    // Something already there, so the new rows do not start the user's ids.
    await createTagging(token, { name: 'before', references: [ROM_8_28] });
    const stamp = Date.now();
    // 300 taggings × 3 references (13 tagging INSERTs, 38 reference INSERTs) and 40 notes × 30
    // references (3 note INSERTs, 50 reference INSERTs): parents and references straddle chunks.
    const taggings = Array.from({ length: 300 }, (_, i) => ({
      name: `bulk ${stamp} ${i % 60}`,
      references: [
        {
          start: `KJV:Gen.${1 + (i % 50)}.${1 + Math.floor(i / 50)}`,
          end: `KJV:Gen.${1 + (i % 50)}.${1 + Math.floor(i / 50)}`,
        },
        { start: `KJV:Ps.${1 + (i % 150)}.1`, end: `KJV:Ps.${1 + (i % 150)}.2` },
        {
          start: `KJV:John.${1 + (i % 21)}.${1 + Math.floor(i / 21)}`,
          end: `KJV:John.${1 + (i % 21)}.${1 + Math.floor(i / 21)}`,
        },
      ],
    }));
    const notes = Array.from({ length: 40 }, (_, i) => ({
      title: `bulk note ${i}`,
      content: `content ${i}`,
      references: Array.from({ length: 30 }, (_, k) => ({
        start: `KJV:Ps.119.${1 + ((i + k) % 176)}`,
        end: `KJV:Ps.119.${1 + ((i + k) % 176)}`,
      })),
    }));
    expect(
      await summary(await importDoc(token, importJson({ taggings, notes }), 'js'), 'js'),
    ).toEqual({
      taggings_added: 300,
      taggings_skipped: 0,
      notes_added: 40,
      notes_skipped: 0,
    });
    const content = contentOf(await exported(token, 'js'));
    expect(content.taggings).toEqual([{ name: 'before', references: [ROM_8_28] }, ...taggings]);
    expect(content.notes).toEqual(notes);
    expect(await counts(id)).toEqual({
      taggings: 301,
      notes: 40,
      taggingRefs: 901,
      noteRefs: 1200,
    });
  });

  it('is one transaction: a statement failing late in the batch leaves nothing of the import', async () => {
    const { id, token } = await newUser();
    const stamp = Date.now();
    const taggings = Array.from({ length: 60 }, (_, i) => ({
      name: `atomic ${stamp} ${i}`,
      references: [GEN_1_1, JOHN_3_16],
    }));
    const notes = Array.from({ length: 20 }, (_, i) => ({
      title: `atomic ${i}`,
      references: [GEN_1_1],
    }));
    // The last reference of the last note makes its INSERT fail (a trigger for this user only),
    // after every tag, tagging, tagging reference and note INSERT of the batch has run.
    notes.push({
      title: 'the last',
      references: [{ start: 'KJV:Obad.1.21', end: 'KJV:Obad.1.21' }],
    });
    const trigger = `import_fails_${id}`;
    await (
      await accountDb(id)
    ).exec(
      `CREATE TRIGGER ${trigger} BEFORE INSERT ON note_references WHEN NEW.start_verse = 'KJV:Obad.1.21' AND (SELECT user_id FROM notes WHERE id = NEW.note_id) = ${id} BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`,
    );
    try {
      const res = await importDoc(token, importJson({ taggings, notes }), 'js');
      expect(res.status).toBe(500);
    } finally {
      await (await accountDb(id)).exec(`DROP TRIGGER ${trigger}`);
    }
    expect(await counts(id)).toEqual({ taggings: 0, notes: 0, taggingRefs: 0, noteRefs: 0 });
    expect(await countRows('tags', 'name LIKE ?', `atomic ${stamp} %`)).toBe(0);
    // Without the trigger the same document is written whole.
    expect(
      await summary(await importDoc(token, importJson({ taggings, notes }), 'js'), 'js'),
    ).toMatchObject({ taggings_added: 60, notes_added: 21 });
  });
});

describe('export and import: access', () => {
  it('answer 401 without a valid token and 404 under /v2/, writing nothing', async () => {
    const { id, token } = await newUser();
    const body = importXml({ notes: [{ title: 'v2', references: [GEN_1_1] }] });
    for (const format of FORMATS) {
      for (const t of [null, 'not-a-token']) {
        expect((await call(`/user/export.${format}`, t)).status).toBe(401);
        expect(
          (
            await call(`/user/import.${format}`, t, {
              method: 'POST',
              body,
              headers: { 'Content-Type': 'application/xml' },
            })
          ).status,
        ).toBe(401);
      }
      for (const prefix of ['/v2', '/v9']) {
        const get = await call(`${prefix}/user/export.${format}`, token);
        expect(get.status).toBe(404);
        expect(get.headers.get('Content-Type')).toMatch(format === 'xml' ? /xml/ : /json/);
        expect(
          (
            await call(`${prefix}/user/import.${format}`, token, {
              method: 'POST',
              body,
              headers: { 'Content-Type': 'application/xml' },
            })
          ).status,
        ).toBe(404);
      }
    }
    expect(await countRows('notes', 'user_id = ?', id)).toBe(0);
    // Under /v1/ the same request works.
    expect(await summary(await importDoc(token, body))).toMatchObject({ notes_added: 1 });
    expect((await call('/v1/user/export.xml', token)).status).toBe(200);
  });
});

describe('import: identical imports at the same moment', () => {
  for (const n of [1, 20]) {
    it(`stores every item once when 4 identical imports of ${2 * n} items arrive together, round after round`, async () => {
      const { id, token } = await newUser();
      const doc = {
        taggings: Array.from({ length: n }, (_, i) => ({
          name: `race ${i % 7}`,
          references: [{ start: `KJV:Ps.119.${i + 1}`, end: `KJV:Ps.119.${i + 2}` }, GEN_1_1],
        })),
        notes: Array.from({ length: n }, (_, i) => ({
          title: `race ${i}`,
          content: 'c'.repeat(500),
          references: [
            JOHN_3_16,
            { start: `KJV:Prov.${(i % 30) + 1}.1`, end: `KJV:Prov.${(i % 30) + 1}.2` },
          ],
        })),
      };
      for (let round = 0; round < 4; round++) {
        const bodies = [importXml(doc), importJson(doc), importXml(doc), importJson(doc)];
        const results = await Promise.all(
          bodies.map((b, i) => importDoc(token, b, i % 2 ? 'js' : 'xml')),
        );
        const summaries = await Promise.all(
          results.map((r, i) => summary(r, i % 2 ? 'js' : 'xml')),
        );
        const added = summaries.reduce((sum, s) => sum + s.taggings_added + s.notes_added, 0);
        // The first round adds everything exactly once across the four; later rounds add nothing.
        expect(added).toBe(round === 0 ? 2 * n : 0);
        for (const s of summaries)
          expect(s.taggings_added + s.taggings_skipped + s.notes_added + s.notes_skipped).toBe(
            2 * n,
          );
        expect(await countRows('taggings', 'user_id = ?', id)).toBe(n);
        expect(await countRows('notes', 'user_id = ?', id)).toBe(n);
        expect(
          await countRows(
            'note_references r JOIN notes n ON n.id = r.note_id',
            'n.user_id = ?',
            id,
          ),
        ).toBe(2 * n);
        expect(
          await countRows(
            'tagging_references r JOIN taggings t ON t.id = r.tagging_id',
            't.user_id = ?',
            id,
          ),
        ).toBe(2 * n);
      }
      // Every note kept its own references (none attached to another's).
      const rows = await (
        await accountDb(id)
      )
        .prepare(
          'SELECT count(*) AS refs FROM notes n JOIN note_references r ON r.note_id = n.id WHERE n.user_id = ? GROUP BY n.id',
        )
        .bind(id)
        .all<{ refs: number }>();
      expect(rows.results.map((r) => r.refs)).toEqual(Array(n).fill(2));
    });
  }

  it('writes the same items once when the data module runs 4 imports at once, each past its validation (the tightest overlap)', async () => {
    const { id } = await newUser();
    const database = databaseOf(await accountDb(id));
    const tagIds = await tagIdsOfNames(database, databaseOf(directory()), ['overlap']);
    const items: ImportItems = {
      taggings: [{ tagName: 'overlap', references: [{ start: GEN_1_1.start, end: GEN_1_1.end }] }],
      notes: [
        {
          title: 'overlap',
          content: 'same',
          references: [{ start: JOHN_3_16.start, end: JOHN_3_16.end }],
        },
      ],
    };
    for (let round = 0; round < 3; round++) {
      const summaries = await Promise.all(
        Array.from({ length: 4 }, () => writeImport(database, id, items, tagIds)),
      );
      expect(summaries.reduce((sum, s) => sum + s.taggings_added + s.notes_added, 0)).toBe(
        round === 0 ? 2 : 0,
      );
      expect(await countRows('taggings', 'user_id = ?', id)).toBe(1);
      expect(await countRows('notes', 'user_id = ?', id)).toBe(1);
    }
  });
});
