import { describe, expect, it } from 'vitest';
import { call, newUser } from '../support/http';
import {
  countRows,
  createNote,
  createTagging,
  FORMATS,
  GEN_1_1,
  JOHN_3_16,
  JSON_TYPE,
  noteJson,
  noteXml,
  send,
  taggingJson,
  taggingXml,
  XML,
} from '../support/annotations';
import { env } from 'cloudflare:workers';
import { shardBinding } from '../../src/db/shards';
import { SHARDS } from '../support/shards';

/** The rows a statement reads in every database (ids are unique across them: docs/scale.md). */
async function row(sql: string, ...params: unknown[]): Promise<unknown> {
  const read = await Promise.all(
    SHARDS.map((name) =>
      shardBinding(env, name)
        .prepare(sql)
        .bind(...params)
        .all(),
    ),
  );
  return read.flatMap((r) => r.results);
}

describe("ownership: another user's note or tagging is a 404 and stays unchanged", () => {
  for (const format of FORMATS) {
    it(`note: GET, PUT, DELETE by another account answer 404 (${format})`, async () => {
      const owner = await newUser();
      const intruder = await newUser();
      const { note } = await createNote(owner.token, {
        title: 'private',
        content: 'mine',
        references: [GEN_1_1],
      });
      const before = await row('SELECT * FROM notes WHERE id = ?', Number(note.id));
      const refsBefore = await row(
        'SELECT * FROM note_references WHERE note_id = ?',
        Number(note.id),
      );

      expect((await call(`/notes/${note.id}.${format}`, intruder.token)).status).toBe(404);
      const body =
        format === 'xml'
          ? noteXml({ title: 'hacked', references: [JOHN_3_16] })
          : noteJson({ title: 'hacked', references: [JOHN_3_16] });
      expect(
        (await send('PUT', `/notes/${note.id}.${format}`, intruder.token, body, format)).status,
      ).toBe(404);
      expect(
        (await call(`/notes/${note.id}.${format}`, intruder.token, { method: 'DELETE' })).status,
      ).toBe(404);
      const listed = await (await call(`/user/notes.js`, intruder.token)).json();
      expect((listed as any).notes.note).toEqual([]);

      expect(await row('SELECT * FROM notes WHERE id = ?', Number(note.id))).toEqual(before);
      expect(await row('SELECT * FROM note_references WHERE note_id = ?', Number(note.id))).toEqual(
        refsBefore,
      );
      expect((await call(`/notes/${note.id}.${format}`, owner.token)).status).toBe(200);
    });

    it(`tagging: GET, PUT (even with a new tag name), DELETE by another account answer 404 (${format})`, async () => {
      const owner = await newUser();
      const intruder = await newUser();
      const { tagging } = await createTagging(owner.token, {
        name: `owned-${format}`,
        references: [GEN_1_1],
      });
      const before = await row('SELECT * FROM taggings WHERE id = ?', Number(tagging.id));
      const refsBefore = await row(
        'SELECT * FROM tagging_references WHERE tagging_id = ?',
        Number(tagging.id),
      );
      const tagsBefore = await countRows('tags');

      expect((await call(`/taggings/${tagging.id}.${format}`, intruder.token)).status).toBe(404);
      const body =
        format === 'xml'
          ? taggingXml({ name: `never-created-${format}`, references: [JOHN_3_16] })
          : taggingJson({ name: `never-created-${format}`, references: [JOHN_3_16] });
      expect(
        (await send('PUT', `/taggings/${tagging.id}.${format}`, intruder.token, body, format))
          .status,
      ).toBe(404);
      expect(
        (await call(`/taggings/${tagging.id}.${format}`, intruder.token, { method: 'DELETE' }))
          .status,
      ).toBe(404);
      // A name the owner alone uses is no tag at all to the intruder (docs/annotations.md "Tags").
      expect(
        (
          await call(`/user/taggings/owned-${format}.${format}`, intruder.token, {
            method: 'DELETE',
          })
        ).status,
      ).toBe(404);
      expect(
        (await call(`/tags/${tagging.tag.id}.${format}`, intruder.token, { method: 'DELETE' }))
          .status,
      ).toBe(404);

      expect(await row('SELECT * FROM taggings WHERE id = ?', Number(tagging.id))).toEqual(before);
      expect(
        await row('SELECT * FROM tagging_references WHERE tagging_id = ?', Number(tagging.id)),
      ).toEqual(refsBefore);
      // The refused PUT left no tag behind either.
      expect(await countRows('tags')).toBe(tagsBefore);
      expect((await call(`/taggings/${tagging.id}.${format}`, owner.token)).status).toBe(200);
    });
  }
});

describe('authentication on personal routes', () => {
  it('answers 401 without a valid token on every personal route', async () => {
    for (const path of [
      '/user.xml',
      '/tags.xml',
      '/user/tags.js',
      '/user/taggings.xml',
      '/taggings/1.xml',
      '/user/notes.js',
      '/notes/1.xml',
    ]) {
      expect((await call(path, null)).status, path).toBe(401);
      expect((await call(path, 'not-a-token')).status, path).toBe(401);
    }
  });
});

describe('versioning: these resources exist only in version 1', () => {
  const routes: [string, string, string?][] = [
    ['GET', '/user'],
    ['PUT', '/user', '<user><first_name>x</first_name></user>'],
    ['GET', '/tags'],
    ['GET', '/user/tags'],
    ['GET', '/tags/1'],
    ['GET', '/tags/some-name'],
    ['DELETE', '/tags/1'],
    ['GET', '/user/taggings'],
    ['GET', '/user/taggings/some-name'],
    ['DELETE', '/user/taggings/some-name'],
    [
      'POST',
      '/user/taggings',
      '<tagging><tag><name>v2</name></tag><references><reference><start>KJV:Gen.1.1</start><end>KJV:Gen.1.1</end></reference></references></tagging>',
    ],
    ['GET', '/taggings/1'],
    ['PUT', '/taggings/1', '<tagging/>'],
    ['DELETE', '/taggings/1'],
    ['GET', '/user/notes'],
    [
      'POST',
      '/user/notes',
      '<note><title>v2</title><references><reference><start>KJV:Gen.1.1</start><end>KJV:Gen.1.1</end></reference></references></note>',
    ],
    [
      'POST',
      '/notes',
      '<note><title>v2</title><references><reference><start>KJV:Gen.1.1</start><end>KJV:Gen.1.1</end></reference></references></note>',
    ],
    ['GET', '/notes/1'],
    ['PUT', '/notes/1', '<note><title>x</title></note>'],
    ['DELETE', '/notes/1'],
  ];

  for (const format of FORMATS) {
    it(`answers 404 under /v2/ (and /v9/, clamped to 2) for every endpoint (${format})`, async () => {
      const { id: userId, token } = await newUser();
      // Something to find under v1, so a 404 under v2 is not just "no such id".
      const { note } = await createNote(token, { title: 'v1 only', references: [GEN_1_1] });
      const { tagging } = await createTagging(token, { name: 'some-name', references: [GEN_1_1] });
      for (const prefix of ['/v2', '/v9']) {
        for (const [method, path, body] of routes) {
          const concrete = path
            .replace('/notes/1', `/notes/${note.id}`)
            .replace('/taggings/1', `/taggings/${tagging.id}`)
            .replace('/tags/1', `/tags/${tagging.tag.id}`);
          const res = await call(`${prefix}${concrete}.${format}`, token, {
            method,
            body,
            headers: body ? XML : undefined,
          });
          expect(res.status, `${method} ${prefix}${concrete}.${format}`).toBe(404);
          expect(res.headers.get('Content-Type')).toMatch(format === 'xml' ? /xml/ : /json/);
        }
      }
      // Nothing was written or deleted through v2.
      expect(await countRows('notes', 'user_id = ?', userId)).toBe(1);
      expect(await countRows('taggings', 'user_id = ?', userId)).toBe(1);
      expect(await countRows('tags', 'name = ?', 'v2')).toBe(0);
    });
  }

  it('works under an explicit /v1/ prefix and with version 0 (clamped to 1)', async () => {
    const { token } = await newUser();
    const res = await call('/v1/notes.js', token, {
      method: 'POST',
      body: noteJson({ title: 'v1', references: [GEN_1_1] }),
      headers: JSON_TYPE,
    });
    expect(res.status).toBe(201);
    expect((await call('/v1/user/notes.xml', token)).status).toBe(200);
    expect((await call('/v0/user.js', token)).status).toBe(200);
  });

  it('marks personal responses as not cacheable', async () => {
    const { token } = await newUser();
    expect((await call('/user/notes.xml', token)).headers.get('Cache-Control')).toBe(
      'private, no-store',
    );
  });
});
