import { describe, expect, it } from 'vitest';
import { createNote as createNoteRow } from '../../../src/annotations/personal/notes';
import type { IdempotencyAttempt } from '../../../src/annotations/sync/guards';
import { beginAttempt, fingerprint } from '../../../src/annotations/sync/idempotency';
import { database } from '../../../src/db/client';
import { call, newUser } from '../../support/http';
import {
  countRows,
  createNote,
  errors,
  FORMATS,
  GEN_1_1,
  JOHN_3_16,
  list,
  noteJson,
  noteXml,
  read,
  taggingXml,
  XML,
  JSON_TYPE,
} from '../../support/annotations';
import { accountDb } from '../../support/shards';

/**
 * Idempotency-Key (docs/sync.md "Idempotency-Key", the IETF httpapi draft): the same key with the
 * same request replays the first answer and stores nothing new; with another request, 422; while
 * the first runs, 409; keys are per account and kept 24 hours.
 */

const post = (token: string, key: string, body: string, path = '/notes.xml') =>
  call(path, token, { method: 'POST', headers: { ...XML, 'Idempotency-Key': key }, body });

/** The body without its per-response `meta` (its FUMS ids and time differ on every answer). */
const withoutMeta = (text: string) =>
  text.replace(/<meta>.*<\/meta>|,?"meta":\{.*?\}\}?(?=\}$)/s, '');

describe('Idempotency-Key on creates', () => {
  for (const format of FORMATS) {
    it(`a retried create with the same key stores one note and replays the first answer (${format})`, async () => {
      const { id: userId, token } = await newUser();
      const body =
        format === 'xml'
          ? noteXml({ title: 'once', references: [GEN_1_1] })
          : noteJson({ title: 'once', references: [GEN_1_1] });
      const send = () =>
        call(`/notes.${format}`, token, {
          method: 'POST',
          headers: { ...(format === 'xml' ? XML : JSON_TYPE), 'Idempotency-Key': 'k-1' },
          body,
        });
      const first = await send();
      expect(first.status).toBe(201);
      const again = await send();
      expect(again.status).toBe(201);
      expect(again.headers.get('Idempotent-Replayed')).toBe('true');
      expect(first.headers.get('Idempotent-Replayed')).toBeNull();
      for (const name of ['ETag', 'Location', 'Content-Type'])
        expect(again.headers.get(name), name).toBe(first.headers.get(name));
      expect(withoutMeta(await again.text())).toBe(withoutMeta(await first.text()));
      expect(await countRows('notes', 'user_id = ?', userId)).toBe(1);
    });
  }

  it('20 creates each sent twice at once, with a key each, store 20 notes', async () => {
    const { id: userId, token } = await newUser();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post(token, `pair-${i >> 1}`, noteXml({ title: `n${i >> 1}`, references: [GEN_1_1] })),
      ),
    );
    // Each pair: one stored it; the other replayed its answer or was told to wait (409).
    for (const a of answers) expect([201, 409]).toContain(a.status);
    expect(await countRows('notes', 'user_id = ?', userId)).toBe(20);
  });

  it('the replay is the first answer even after the note was edited since', async () => {
    const { token } = await newUser();
    const first = await post(
      token,
      'before-edit',
      noteXml({ title: 'original', references: [GEN_1_1] }),
    );
    const note = (await read(first, 'xml')).notes.note;
    await call(`/notes/${note.id}.xml`, token, {
      method: 'PUT',
      headers: XML,
      body: noteXml({ title: 'edited' }),
    });
    const again = await post(
      token,
      'before-edit',
      noteXml({ title: 'original', references: [GEN_1_1] }),
    );
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await read(again, 'xml')).notes.note.title).toBe('original');
    expect(again.headers.get('ETag')).toBe(first.headers.get('ETag'));
  });

  it('the same key with another body is a 422 and stores nothing', async () => {
    const { id: userId, token } = await newUser();
    expect(
      (await post(token, 'reused', noteXml({ title: 'a', references: [GEN_1_1] }))).status,
    ).toBe(201);
    const other = await post(token, 'reused', noteXml({ title: 'b', references: [GEN_1_1] }));
    expect(other.status).toBe(422);
    expect((await errors(other))[0]).toMatch(/Idempotency-Key was used with another request/);
    // Another path with the same key, too.
    expect(
      (
        await post(
          token,
          'reused',
          taggingXml({ name: 'x', references: [GEN_1_1] }),
          '/user/taggings.xml',
        )
      ).status,
    ).toBe(422);
    expect(await countRows('notes', 'user_id = ?', userId)).toBe(1);
    expect(await countRows('taggings', 'user_id = ?', userId)).toBe(0);
  });

  it('while the first request holds its key, a retry is a 409 with Retry-After; once it has died, a retry takes the key over', async () => {
    const { id: userId, token } = await newUser();
    const body = noteXml({ title: 'slow', references: [GEN_1_1] });
    const print = await fingerprint('POST', '/notes.xml', new TextEncoder().encode(body));
    // A first request that took the key and has not finished (as one in flight does).
    const held = await beginAttempt(database(await accountDb(userId)), userId, 'in-flight', print);
    expect('attempt' in held).toBe(true);
    const retry = await post(token, 'in-flight', body);
    expect(retry.status).toBe(409);
    expect(retry.headers.get('Retry-After')).toBe('1');
    expect(await countRows('notes', 'user_id = ?', userId)).toBe(0);
    // The first died: a minute on, the key is free for the retry, which stores the note once.
    await (
      await accountDb(userId)
    )
      .prepare('UPDATE idempotency_keys SET started_at = started_at - 61000 WHERE user_id = ?')
      .bind(userId)
      .run();
    expect((await post(token, 'in-flight', body)).status).toBe(201);
    expect((await post(token, 'in-flight', body)).headers.get('Idempotent-Replayed')).toBe('true');
    // The dead attempt's batch, should it arrive now, writes nothing: its guard refuses it.
    const dead = (held as { attempt: IdempotencyAttempt }).attempt;
    await expect(
      createNoteRow(
        database(await accountDb(userId)),
        userId,
        { title: 'slow', content: '', references: [GEN_1_1] },
        Date.now(),
        undefined,
        { attempt: dead },
      ),
    ).rejects.toThrow(/Idempotency-Key/);
    expect(await countRows('notes', 'user_id = ?', userId)).toBe(1);
  });

  it('keys are per account: the same key of another account stores its own note', async () => {
    const a = await newUser();
    const b = await newUser();
    const body = noteXml({ title: 'same', references: [GEN_1_1] });
    const first = await post(a.token, 'shared-key', body);
    const second = await post(b.token, 'shared-key', body);
    expect(second.status).toBe(201);
    expect(second.headers.get('Idempotent-Replayed')).toBeNull();
    expect(second.headers.get('Location')).not.toBe(first.headers.get('Location'));
  });

  it('a malformed key is a 400 and nothing is stored', async () => {
    const { id: userId, token } = await newUser();
    for (const key of ['', 'x'.repeat(256), 'tab\there', '""']) {
      const res = await post(token, key, noteXml({ title: 'a', references: [GEN_1_1] }));
      expect(res.status, JSON.stringify(key)).toBe(400);
    }
    expect(await countRows('notes', 'user_id = ?', userId)).toBe(0);
  });

  it('an error answer is kept too: the retry of a refused write gets the same refusal', async () => {
    const { token } = await newUser();
    const bad = noteXml({ title: 'no references' });
    const first = await post(token, 'bad', bad);
    expect(first.status).toBe(422);
    const again = await post(token, 'bad', bad);
    expect(again.status).toBe(422);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.text()).toBe(await first.text());
  });

  it('a key is kept 24 hours: an expired one is forgotten and the request runs again', async () => {
    const { id: userId, token } = await newUser();
    const body = noteXml({ title: 'day', references: [GEN_1_1] });
    expect((await post(token, 'daily', body)).status).toBe(201);
    const [{ expires, started }] = (
      await (
        await accountDb(userId)
      )
        .prepare(
          'SELECT expires_at AS expires, started_at AS started FROM idempotency_keys WHERE user_id = ?',
        )
        .bind(userId)
        .all<{ expires: number; started: number }>()
    ).results;
    expect(expires - started).toBe(24 * 60 * 60 * 1000);
    await (
      await accountDb(userId)
    )
      .prepare('UPDATE idempotency_keys SET expires_at = 1 WHERE user_id = ?')
      .bind(userId)
      .run();
    expect((await post(token, 'daily', body)).headers.get('Idempotent-Replayed')).toBeNull();
    expect(await countRows('notes', 'user_id = ?', userId)).toBe(2);
  });

  it("an account's kept answers are bounded: past them a new key is a 429, a request without one is not refused", async () => {
    const { id: userId, token } = await newUser();
    expect(
      (await post(token, 'first', noteXml({ title: 'a', references: [GEN_1_1] }))).status,
    ).toBe(201);
    await (
      await accountDb(userId)
    )
      .prepare('UPDATE idempotency_keys SET bytes = 5000000 WHERE user_id = ?')
      .bind(userId)
      .run();
    const refused = await post(token, 'second', noteXml({ title: 'b', references: [GEN_1_1] }));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    // The kept one still replays; without a key, writes go on.
    expect(
      (await post(token, 'first', noteXml({ title: 'a', references: [GEN_1_1] }))).status,
    ).toBe(201);
    expect(
      (
        await call('/notes.xml', token, {
          method: 'POST',
          headers: XML,
          body: noteXml({ title: 'c', references: [GEN_1_1] }),
        })
      ).status,
    ).toBe(201);
    expect(await countRows('notes', 'user_id = ?', userId)).toBe(2);
  });
});

describe('Idempotency-Key on the other writes', () => {
  it('PUT and DELETE: a retry replays the answer instead of a 412 or 404', async () => {
    const { token } = await newUser();
    const { res, note } = await createNote(token, { title: 'a', references: [GEN_1_1] });
    const edit = () =>
      call(`/notes/${note.id}.xml`, token, {
        method: 'PUT',
        headers: { ...XML, 'If-Match': res.headers.get('ETag')!, 'Idempotency-Key': 'edit-1' },
        body: noteXml({ title: 'b' }),
      });
    const first = await edit();
    expect(first.status).toBe(200);
    const again = await edit();
    expect(again.status).toBe(200);
    expect(again.headers.get('ETag')).toBe(first.headers.get('ETag'));
    const remove = () =>
      call(`/notes/${note.id}.xml`, token, {
        method: 'DELETE',
        headers: { 'Idempotency-Key': 'del-1' },
      });
    expect((await remove()).status).toBe(200);
    const replayed = await remove();
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get('Idempotent-Replayed')).toBe('true');
  });

  it('a tagging create replays its status (201, or 200 for the identical one it found)', async () => {
    const { id: userId, token } = await newUser();
    const body = taggingXml({ name: 'kept', references: [JOHN_3_16] });
    const first = await post(token, 't-1', body, '/user/taggings.xml');
    expect(first.status).toBe(201);
    expect((await post(token, 't-1', body, '/user/taggings.xml')).status).toBe(201);
    const identical = await post(token, 't-2', body, '/user/taggings.xml');
    expect(identical.status).toBe(200);
    const replay = await post(token, 't-2', body, '/user/taggings.xml');
    expect(replay.status).toBe(200);
    expect(replay.headers.get('Location')).toBe(first.headers.get('Location'));
    expect(await countRows('taggings', 'user_id = ?', userId)).toBe(1);
  });

  it("an import replays its summary; a report replays its 200 instead of the second report's 409", async () => {
    const { id: userId, token } = await newUser();
    const doc = `<export><notes>${noteXml({ title: 'imported', references: [GEN_1_1] }).replace(/^<\?xml[^>]*>\n/, '')}</notes></export>`;
    const first = await post(token, 'imp', doc, '/user/import.xml');
    expect(first.status).toBe(200);
    const again = await post(token, 'imp', doc, '/user/import.xml');
    expect(await read(again, 'xml')).toMatchObject({
      import: { notes_added: '1', notes_skipped: '0' },
    });
    expect(await countRows('notes', 'user_id = ?', userId)).toBe(1);

    const author = await newUser('author');
    const { note } = await createNote(author.token, { title: 'public', references: [GEN_1_1] });
    await call(`/notes/${note.id}.xml`, author.token, {
      method: 'PUT',
      headers: XML,
      body: '<note><public>1</public></note>',
    });
    const report = () =>
      post(
        token,
        'rep',
        '<report><reason>off topic</reason></report>',
        `/notes/${note.id}/reports.xml`,
      );
    expect((await report()).status).toBe(200);
    const replayed = await report();
    expect(replayed.status).toBe(200);
    expect(list((await read(replayed, 'xml')).reports.report)[0].reason).toBe('off topic');
  });
});
