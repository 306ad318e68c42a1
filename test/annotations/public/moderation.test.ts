import { describe, expect, it } from 'vitest';
import { REPORTS_TO_HIDE } from '../../../src/api/limits';
import { call, newUser } from '../../support/http';
import { countRows, errors, FORMATS, JSON_TYPE, list, read, send } from '../../support/annotations';
import { makeModerator } from '../../support/shards';

/**
 * Reporting and moderation of public notes (docs/public-notes.md "Reporting", "Moderation"):
 * reports from REPORTS_TO_HIDE accounts hide a note, moderators decide, every decision is logged,
 * and every refusal is a clear 4xx that writes nothing.
 */

const REF = { start: 'KJV:Ruth.1.16', end: 'KJV:Ruth.1.16' };

async function publishedNote(token: string, title = 'whither thou goest'): Promise<number> {
  const res = await call('/notes.js', token, {
    method: 'POST',
    headers: JSON_TYPE,
    body: JSON.stringify({ note: { title, public: 1, references: { reference: [REF] } } }),
  });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
  return ((await res.json()) as any).notes.note[0].id;
}

function report(token: string, id: number, format: 'xml' | 'js' = 'js', reason = 'spam') {
  return send(
    'POST',
    `/notes/${id}/reports.${format}`,
    token,
    format === 'xml'
      ? `<report><reason>${reason}</reason></report>`
      : JSON.stringify({ report: { reason } }),
    format,
  );
}

function act(token: string, id: number, action: string, reason = '') {
  return send(
    'PUT',
    `/moderation/notes/${id}.js`,
    token,
    JSON.stringify({ moderation: { action, reason } }),
    'js',
  );
}

async function moderator() {
  const user = await newUser('moderator');
  await makeModerator(user.id);
  return user;
}

async function state(token: string, id: number) {
  const body = (await (await call(`/notes/${id}.js`, token)).json()) as any;
  return body.notes.note[0] as { public: number; moderated: string | null };
}

async function listedOnRuth(token: string): Promise<number[]> {
  const res = await call('/verses/KJV:Ruth.1.16/public-notes.js?limit=500', token);
  return list(((await res.json()) as any).public_notes.public_note).map((n: any) => n.id);
}

describe('reporting a public note', () => {
  for (const format of FORMATS) {
    it(`stores a report (200 in ${format}); one's own note is a 403, a second report a 409, no reason a 422`, async () => {
      const author = await newUser();
      const reader = await newUser();
      const id = await publishedNote(author.token);
      const first = await report(reader.token, id, format);
      expect(first.status).toBe(200);
      const doc = await read(first, format);
      expect(list(doc.reports.report)[0]).toMatchObject({ reason: 'spam' });
      const again = await report(reader.token, id, format);
      expect(again.status).toBe(409);
      expect(again.headers.get('Content-Type')).toMatch(format === 'xml' ? /xml/ : /json/);
      expect(await errors(again, format)).toEqual(['You have reported this note already']);
      const own = await report(author.token, id, format);
      expect(own.status).toBe(403);
      expect(await errors(own, format)).toEqual(['You cannot report your own note']);
      const empty = await send(
        'POST',
        `/notes/${id}/reports.${format}`,
        reader.token,
        format === 'xml' ? '<report></report>' : '{"report":{}}',
        format,
      );
      expect(empty.status).toBe(422);
      expect(await countRows('note_reports', 'note_id = ?', id)).toBe(1);
    });
  }

  it('a private note (or none) cannot be reported: 404, as a note that does not exist', async () => {
    const author = await newUser();
    const reader = await newUser();
    const res = await call('/notes.js', author.token, {
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify({ note: { title: 'mine', references: { reference: [REF] } } }),
    });
    const id = ((await res.json()) as any).notes.note[0].id;
    expect((await report(reader.token, id)).status).toBe(404);
    expect((await report(reader.token, 999_999_999)).status).toBe(404);
    expect(await countRows('note_reports', 'note_id = ?', id)).toBe(0);
  });

  it('a note withdrawn after one’s report (made private or deleted) is a 404 to that reporter, the same answer as a note that never existed', async () => {
    const author = await newUser();
    const reader = await newUser();
    const never = await report(reader.token, 999_999_999);
    expect(never.status).toBe(404);
    const neverBody = await never.text();
    const madePrivate = await publishedNote(author.token, 'made private');
    const deleted = await publishedNote(author.token, 'deleted');
    for (const id of [madePrivate, deleted])
      expect((await report(reader.token, id)).status).toBe(200);
    await send('PUT', `/notes/${madePrivate}.js`, author.token, '{"note":{"public":0}}', 'js');
    expect((await call(`/notes/${deleted}.js`, author.token, { method: 'DELETE' })).status).toBe(
      200,
    );
    for (const id of [madePrivate, deleted]) {
      const again = await report(reader.token, id);
      expect(again.status, String(id)).toBe(404);
      expect(await again.text(), String(id)).toBe(neverBody);
    }
  });

  it(`reports arriving at once from many accounts: exactly ${REPORTS_TO_HIDE} are stored, the note is hidden, the author reads "reported"`, async () => {
    const author = await newUser();
    const id = await publishedNote(author.token);
    const readers = await Promise.all(Array.from({ length: REPORTS_TO_HIDE + 2 }, () => newUser()));
    const answers = await Promise.all(readers.map((r) => report(r.token, id)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(REPORTS_TO_HIDE);
    // Once hidden, the note is one the others cannot read: 404.
    expect(statuses.filter((s) => s === 404)).toHaveLength(2);
    expect(await countRows('note_reports', 'note_id = ?', id)).toBe(REPORTS_TO_HIDE);
    expect((await state(author.token, id)).moderated).toBe('reported');
    expect(await listedOnRuth(readers[0].token)).not.toContain(id);
    // Withdrawing and publishing again does not bring it back.
    await send('PUT', `/notes/${id}.js`, author.token, '{"note":{"public":0}}', 'js');
    await send('PUT', `/notes/${id}.js`, author.token, '{"note":{"public":1}}', 'js');
    expect((await state(author.token, id)).moderated).toBe('reported');
    expect(await listedOnRuth(readers[0].token)).not.toContain(id);
  });
});

describe('moderation', () => {
  it('every /moderation route is a 403 without the role, in the requested format, and changes nothing', async () => {
    const author = await newUser();
    const reader = await newUser();
    const id = await publishedNote(author.token);
    for (const path of ['/moderation/queue.xml', '/moderation/log.js']) {
      const res = await call(path, reader.token);
      expect(res.status).toBe(403);
      expect(res.headers.get('Content-Type')).toMatch(path.endsWith('.xml') ? /xml/ : /json/);
    }
    const hide = await act(reader.token, id, 'hide');
    expect(hide.status).toBe(403);
    expect((await errors(hide, 'js'))[0]).toMatch(/moderator role/);
    expect((await state(author.token, id)).moderated).toBeNull();
    expect(await countRows('moderation_log', 'note_id = ?', id)).toBe(0);
  });

  it('the queue shows a reported note with its reasons; approve brings it back and reports no longer hide it', async () => {
    const author = await newUser();
    const mod = await moderator();
    const id = await publishedNote(author.token);
    const readers = await Promise.all(Array.from({ length: REPORTS_TO_HIDE }, () => newUser()));
    for (const [i, r] of readers.entries()) await report(r.token, id, 'js', `reason ${i}`);
    const queue = (await (await call('/moderation/queue.js?limit=500', mod.token)).json()) as any;
    const queued = list(queue.moderation_queue.note).find((n: any) => n.id === id);
    expect(queued.moderated).toBe('reported');
    expect(list(queued.reports.report).map((r: any) => r.reason)).toEqual([
      'reason 0',
      'reason 1',
      'reason 2',
    ]);
    const approved = await act(mod.token, id, 'approve', 'fine');
    expect(approved.status).toBe(200);
    const entry = ((await approved.json()) as any).moderation_log.entry[0];
    expect(entry).toMatchObject({
      moderator_id: mod.id,
      note_id: id,
      action: 'approve',
      reason: 'fine',
    });
    expect((await state(author.token, id)).moderated).toBe('approved');
    const later = await newUser();
    expect(await listedOnRuth(later.token)).toContain(id);
    expect((await report(later.token, id)).status).toBe(200);
    expect(await listedOnRuth(later.token)).toContain(id);
  });

  it('hide: gone for readers; the author publishing again puts it back in the queue (pending), not beside the text', async () => {
    const author = await newUser();
    const mod = await moderator();
    const reader = await newUser();
    const id = await publishedNote(author.token);
    expect((await act(mod.token, id, 'hide', 'off topic')).status).toBe(200);
    expect((await state(author.token, id)).moderated).toBe('hidden');
    expect(await listedOnRuth(reader.token)).not.toContain(id);
    await send(
      'PUT',
      `/notes/${id}.js`,
      author.token,
      '{"note":{"public":1,"title":"better"}}',
      'js',
    );
    expect((await state(author.token, id)).moderated).toBe('pending');
    expect(await listedOnRuth(reader.token)).not.toContain(id);
    const queue = (await (await call('/moderation/queue.js?limit=500', mod.token)).json()) as any;
    expect(list(queue.moderation_queue.note).map((n: any) => n.id)).toContain(id);
  });

  it('remove: stays removed whatever the author does until restored; other actions on it are a 409', async () => {
    const author = await newUser();
    const mod = await moderator();
    const reader = await newUser();
    const id = await publishedNote(author.token);
    expect((await act(mod.token, id, 'restore')).status).toBe(409);
    expect((await act(mod.token, id, 'remove', 'abuse')).status).toBe(200);
    await send('PUT', `/notes/${id}.js`, author.token, '{"note":{"public":0}}', 'js');
    await send(
      'PUT',
      `/notes/${id}.js`,
      author.token,
      '{"note":{"public":1,"content":"again"}}',
      'js',
    );
    expect(await state(author.token, id)).toMatchObject({ public: 1, moderated: 'removed' });
    expect(await listedOnRuth(reader.token)).not.toContain(id);
    const approve = await act(mod.token, id, 'approve');
    expect(approve.status).toBe(409);
    expect((await state(author.token, id)).moderated).toBe('removed');
    expect((await act(mod.token, id, 'restore', 'appeal')).status).toBe(200);
    expect((await state(author.token, id)).moderated).toBeNull();
    expect(await listedOnRuth(reader.token)).toContain(id);
    // The log: every decision, newest first, with who and why; the refused ones left no line.
    const log = (await (await call('/moderation/log.js?limit=500', mod.token)).json()) as any;
    const mine = list(log.moderation_log.entry).filter((e: any) => e.note_id === id);
    expect(mine.map((e: any) => [e.action, e.reason])).toEqual([
      ['restore', 'appeal'],
      ['remove', 'abuse'],
    ]);
  });

  it('an unknown action is a 422, a private note a 404; neither writes', async () => {
    const author = await newUser();
    const mod = await moderator();
    const id = await publishedNote(author.token);
    const bad = await act(mod.token, id, 'delete');
    expect(bad.status).toBe(422);
    expect((await errors(bad, 'js'))[0]).toMatch(/approve, hide, remove, restore/);
    const res = await call('/notes.js', author.token, {
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify({ note: { title: 'private', references: { reference: [REF] } } }),
    });
    const secret = ((await res.json()) as any).notes.note[0].id;
    expect((await act(mod.token, secret, 'hide')).status).toBe(404);
    expect(await countRows('moderation_log', 'note_id IN (?, ?)', id, secret)).toBe(0);
  });

  it("actions at once on one note: each answer is the log line of its own action, not another's", async () => {
    const author = await newUser();
    const mod = await moderator();
    const id = await publishedNote(author.token);
    const sent = Array.from({ length: 8 }, (_, i) => ({
      action: i % 2 ? 'hide' : 'approve',
      reason: `parallel ${i}`,
    }));
    const answers = await Promise.all(sent.map((s) => act(mod.token, id, s.action, s.reason)));
    const entries = [];
    for (const [i, res] of answers.entries()) {
      expect(res.status, sent[i].reason).toBe(200);
      const [entry] = list(((await res.json()) as any).moderation_log.entry);
      expect(entry, sent[i].reason).toMatchObject({ note_id: id, ...sent[i] });
      entries.push(entry.id);
    }
    expect(new Set(entries).size).toBe(sent.length);
    expect(await countRows('moderation_log', 'note_id = ?', id)).toBe(sent.length);
  });

  it('an approved note edited by its author loses the approval (what was approved is gone)', async () => {
    const author = await newUser();
    const mod = await moderator();
    const id = await publishedNote(author.token);
    await act(mod.token, id, 'approve');
    await send('PUT', `/notes/${id}.js`, author.token, '{"note":{"public":1}}', 'js');
    expect((await state(author.token, id)).moderated).toBe('approved');
    await send('PUT', `/notes/${id}.js`, author.token, '{"note":{"content":"changed"}}', 'js');
    expect((await state(author.token, id)).moderated).toBeNull();
  });
});
