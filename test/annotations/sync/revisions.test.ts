import { describe, expect, it } from 'vitest';
import { call, newUser } from '../../support/http';
import {
  countRows,
  createNote,
  createTagging,
  errors,
  FORMATS,
  GEN_1_1,
  JOHN_3_16,
  list,
  noteXml,
  read,
  send,
  taggingXml,
  XML,
} from '../../support/annotations';

/**
 * Revisions and conditional writes (docs/sync.md "Revisions", "Conditional writes"): every note,
 * tagging and tag use has a revision that moves on every write; its GET and every write answer
 * carry it as a strong ETag; PUT and DELETE honour If-Match (RFC 9110 §13.1.1): a stale one is a
 * 412 with the item as it is now, and nothing changes.
 */

const put = (token: string, id: number, body: string, headers: Record<string, string> = {}) =>
  call(`/notes/${id}.xml`, token, { method: 'PUT', body, headers: { ...XML, ...headers } });

describe('revisions: ETag and revision on reads and writes', () => {
  for (const format of FORMATS) {
    it(`a note's create, GET and PUT carry its revision as a strong ETag (${format})`, async () => {
      const { token } = await newUser();
      const { res, note } = await createNote(token, { title: 'a', references: [GEN_1_1] }, format);
      const created = res.headers.get('ETag');
      expect(created).toBe(`"${note.revision}"`);
      expect(Number(note.revision)).toBeGreaterThan(0);
      const shown = await call(`/notes/${note.id}.${format}`, token);
      expect(shown.headers.get('ETag')).toBe(created);
      const edited = await put(token, note.id, noteXml({ title: 'b' }));
      expect(edited.status).toBe(200);
      const after = edited.headers.get('ETag');
      expect(after).not.toBe(created);
      const body = await read(edited, 'xml');
      expect(`"${body.notes.note.revision}"`).toBe(after);
      // List items carry it too.
      const listed = await read(await call(`/user/notes.${format}`, token), format);
      expect(`"${list(listed.notes.note)[0].revision}"`).toBe(after);
    });
  }

  it("a moderator's or the readers' decision on a note moves its revision (its `moderated` changed)", async () => {
    const { token } = await newUser();
    const { note } = await createNote(token, { title: 'shared', references: [GEN_1_1] });
    const published = await put(
      token,
      note.id,
      noteXml({ title: 'shared' }).replace('</note>', '<public>1</public></note>'),
    );
    const revision = published.headers.get('ETag');
    for (let i = 0; i < 3; i++) {
      const reader = await newUser('reporter');
      const reported = await call(`/notes/${note.id}/reports.xml`, reader.token, {
        method: 'POST',
        headers: XML,
        body: '<report><reason>spam</reason></report>',
      });
      expect(reported.status).toBe(200);
    }
    const shown = await call(`/notes/${note.id}.xml`, token);
    expect((await read(shown, 'xml')).notes.note.moderated).toBe('reported');
    expect(shown.headers.get('ETag')).not.toBe(revision);
  });

  it("a tagging carries its revision; a tag its own, which moves with any of the caller's taggings of it", async () => {
    const { token } = await newUser();
    const { res, tagging } = await createTagging(token, { name: 'hope', references: [GEN_1_1] });
    expect(res.headers.get('ETag')).toBe(`"${tagging.revision}"`);
    const tag1 = await call(`/tags/${tagging.tag.id}.xml`, token);
    const tagRevision = tag1.headers.get('ETag');
    expect(tagRevision).toMatch(/^"\d+"$/);
    expect((await read(tag1, 'xml')).tags.tag.revision).toBe(tagRevision!.slice(1, -1));
    await createTagging(token, { name: 'hope', references: [JOHN_3_16] });
    const tag2 = await call(`/tags/${tagging.tag.id}.xml`, token);
    expect(tag2.headers.get('ETag')).not.toBe(tagRevision);
    const mine = await read(await call('/user/tags.js', token), 'js');
    expect(`"${mine.tags.tag[0].revision}"`).toBe(tag2.headers.get('ETag'));
  });
});

describe('If-Match on PUT and DELETE', () => {
  for (const format of FORMATS) {
    it(`a stale If-Match is a 412 with the note as it is now, in the requested format, and nothing changes (${format})`, async () => {
      const { token } = await newUser();
      const { res, note } = await createNote(token, { title: 'first', references: [GEN_1_1] });
      const first = res.headers.get('ETag')!;
      const edited = await put(token, note.id, noteXml({ title: 'second' }), { 'If-Match': first });
      expect(edited.status).toBe(200);
      const current = edited.headers.get('ETag')!;
      for (const stale of [first, '"stale"', 'W/' + current]) {
        const refused = await call(`/notes/${note.id}.${format}`, token, {
          method: 'PUT',
          headers: { ...XML, 'If-Match': stale },
          body: noteXml({ title: 'lost' }),
        });
        expect(refused.status, stale).toBe(412);
        expect(refused.headers.get('ETag')).toBe(current);
        expect(refused.headers.get('Content-Type')).toMatch(format === 'xml' ? /xml/ : /json/);
        const body = await read(refused, format);
        expect(list(body.notes.note)[0].title).toBe('second');
      }
      const gone = await call(`/notes/${note.id}.${format}`, token, {
        method: 'DELETE',
        headers: { 'If-Match': first },
      });
      expect(gone.status).toBe(412);
      const shown = await read(await call(`/notes/${note.id}.xml`, token), 'xml');
      expect(shown.notes.note.title).toBe('second');
      expect(`"${shown.notes.note.revision}"`).toBe(current);
    });
  }

  it('If-Match with the current revision (or in a list, or *) applies; without one, v1 behaviour', async () => {
    const { token } = await newUser();
    const { res, note } = await createNote(token, { title: 'a', references: [GEN_1_1] });
    const listed = await put(token, note.id, noteXml({ title: 'b' }), {
      'If-Match': `"1", ${res.headers.get('ETag')}`,
    });
    expect(listed.status).toBe(200);
    expect((await put(token, note.id, noteXml({ title: 'c' }), { 'If-Match': '*' })).status).toBe(
      200,
    );
    expect((await put(token, note.id, noteXml({ title: 'd' }))).status).toBe(200);
    const deleted = await call(`/notes/${note.id}.xml`, token, {
      method: 'DELETE',
      headers: { 'If-Match': (await call(`/notes/${note.id}.xml`, token)).headers.get('ETag')! },
    });
    expect(deleted.status).toBe(200);
    expect(await countRows('notes', 'id = ?', note.id)).toBe(0);
  });

  it('a note that does not exist is a 404 whatever the If-Match says (RFC 9110 §13.2.1)', async () => {
    const { token } = await newUser();
    const { note } = await createNote(token, { title: 'a', references: [GEN_1_1] });
    await call(`/notes/${note.id}.xml`, token, { method: 'DELETE' });
    for (const ifMatch of ['*', '"1"'])
      expect(
        (await put(token, note.id, noteXml({ title: 'b' }), { 'If-Match': ifMatch })).status,
      ).toBe(404);
  });

  it('a malformed If-Match is a 400 in the requested format, nothing changed', async () => {
    const { token } = await newUser();
    const { note } = await createNote(token, { title: 'a', references: [GEN_1_1] });
    const res = await call(`/notes/${note.id}.js`, token, {
      method: 'PUT',
      headers: { ...XML, 'If-Match': 'stale' },
      body: noteXml({ title: 'b' }),
    });
    expect(res.status).toBe(400);
    expect((await errors(res, 'js'))[0]).toMatch(/If-Match/);
    expect((await read(await call(`/notes/${note.id}.xml`, token), 'xml')).notes.note.title).toBe(
      'a',
    );
  });

  it('of 8 edits sent at once with the same If-Match, exactly one applies; the others are 412', async () => {
    const { token } = await newUser();
    const { res, note } = await createNote(token, { title: 'start', references: [GEN_1_1] });
    const etag = res.headers.get('ETag')!;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        put(token, note.id, noteXml({ title: `edit ${i}`, references: [JOHN_3_16] }), {
          'If-Match': etag,
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 412, 412, 412, 412, 412, 412, 412]);
    const winner = answers.find((a) => a.status === 200)!;
    const title = (await read(winner, 'xml')).notes.note.title;
    const shown = await read(await call(`/notes/${note.id}.xml`, token), 'xml');
    expect(shown.notes.note.title).toBe(title);
    for (const loser of answers.filter((a) => a.status === 412))
      expect(loser.headers.get('ETag')).toBe(winner.headers.get('ETag'));
    expect(await countRows('note_references', 'note_id = ?', note.id)).toBe(1);
  });

  it('taggings and tags: a stale If-Match on PUT, DELETE /taggings, DELETE /tags and DELETE /user/taggings is a 412', async () => {
    const { token } = await newUser();
    const { res, tagging } = await createTagging(token, { name: 'faith', references: [GEN_1_1] });
    const first = res.headers.get('ETag')!;
    const moved = await send(
      'PUT',
      `/taggings/${tagging.id}.xml`,
      token,
      taggingXml({ name: 'faith', references: [JOHN_3_16] }),
      'xml',
    );
    expect(moved.status).toBe(200);
    const stale = await call(`/taggings/${tagging.id}.xml`, token, {
      method: 'PUT',
      headers: { ...XML, 'If-Match': first },
      body: taggingXml({ name: 'lost', references: [GEN_1_1] }),
    });
    expect(stale.status).toBe(412);
    expect((await read(stale, 'xml')).taggings.tagging.tag.name).toBe('faith');
    expect(
      (
        await call(`/taggings/${tagging.id}.xml`, token, {
          method: 'DELETE',
          headers: { 'If-Match': first },
        })
      ).status,
    ).toBe(412);
    // The tag's revision moved with the edit of its tagging: a delete of the tag by an older one
    // is refused, by its current one applied.
    const tagNow = (await call(`/tags/${tagging.tag.id}.xml`, token)).headers.get('ETag')!;
    for (const path of [`/tags/${tagging.tag.id}.xml`, '/user/taggings/faith.xml']) {
      const refused = await call(path, token, { method: 'DELETE', headers: { 'If-Match': '"1"' } });
      expect(refused.status).toBe(412);
      expect(refused.headers.get('ETag')).toBe(tagNow);
      expect((await read(refused, 'xml')).tags.tag.name).toBe('faith');
    }
    expect(await countRows('taggings', 'id = ?', tagging.id)).toBe(1);
    const applied = await call('/user/taggings/faith.xml', token, {
      method: 'DELETE',
      headers: { 'If-Match': tagNow },
    });
    expect(applied.status).toBe(200);
    expect(await countRows('taggings', 'id = ?', tagging.id)).toBe(0);
  });
});
