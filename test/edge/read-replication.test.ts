import { describe, expect, it } from 'vitest';
import { noteXml, XML } from '../annotations/helpers';
import { call, newUser, parseXml } from '../support/http';

/**
 * Issue 11 §5: personal reads go through a D1 session (`withSession`) and every personal response
 * carries the bookmark where it left the database (`X-D1-Bookmark`), which the next read may send
 * back. Here, as under `wrangler dev`, there is one database: the answers are those of the
 * primary, and the headers the same as with replicas.
 */

const BOOKMARK = /^[0-9a-f]+(?:-[0-9a-f]+)+$/i;
const GEN_1_1 = { start: 'KJV:Gen.1.1', end: 'KJV:Gen.1.1' };

describe('X-D1-Bookmark on personal responses', () => {
  it('a read and a write each return a bookmark; a write moves it', async () => {
    const { token } = await newUser('bookmarks');
    const read = await call('/user/notes.xml', token);
    expect(read.status).toBe(200);
    const before = read.headers.get('X-D1-Bookmark');
    expect(before).toMatch(BOOKMARK);

    const write = await call('/notes.xml', token, { method: 'POST', headers: XML, body: noteXml({ title: 'seen', content: 'x', references: [GEN_1_1] }) });
    expect(write.status).toBe(201);
    const after = write.headers.get('X-D1-Bookmark');
    expect(after).toMatch(BOOKMARK);
    expect(after).not.toBe(before);

    // Sending it back: the read sees the write.
    const again = await call('/user/notes.xml', token, { headers: { 'X-D1-Bookmark': after! } });
    expect(again.status).toBe(200);
    expect(parseXml(await again.text()).notes.note.title).toBe('seen');
    expect(again.headers.get('X-D1-Bookmark')).toMatch(BOOKMARK);
  });

  it('errors of personal routes carry it too (the token check already read the database)', async () => {
    const { token } = await newUser();
    const res = await call('/notes/999999.js', token);
    expect(res.status).toBe(404);
    expect(res.headers.get('X-D1-Bookmark')).toMatch(BOOKMARK);
  });

  it('is never on a 401, nor on scripture, which shared caches keep', async () => {
    expect((await call('/user/notes.xml', 'no-such-token')).headers.get('X-D1-Bookmark')).toBeNull();
    // A fresh token is checked in D1 on its first scripture read, still without a bookmark.
    const { token } = await newUser();
    const verse = await call('/verses/KJV:John.3.16.xml', token);
    expect(verse.status).toBe(200);
    expect(verse.headers.get('Cache-Control')).toBe('public, max-age=3600');
    expect(verse.headers.get('X-D1-Bookmark')).toBeNull();
  });

  it('the HTML pages of personal content carry it like the API', async () => {
    const { token } = await newUser();
    const res = await call('/user/notes', token);
    expect(res.status).toBe(200);
    expect(res.headers.get('X-D1-Bookmark')).toMatch(BOOKMARK);
  });
});

describe('X-D1-Bookmark on requests', () => {
  it.each([
    ['garbage', 'not a bookmark'],
    ['too long', `${'0'.repeat(8)}-${'f'.repeat(300)}`],
    ['one field only', '0000000a'],
  ])('a malformed bookmark on a read is a 400 in the requested format (%s)', async (_, value) => {
    const { token } = await newUser();
    const xml = await call('/user/notes.xml', token, { headers: { 'X-D1-Bookmark': value } });
    expect(xml.status).toBe(400);
    expect(parseXml(await xml.text()).errors.error).toMatch(/^Malformed X-D1-Bookmark header/);
    const json = await call('/tags.js', token, { headers: { 'X-D1-Bookmark': value } });
    expect(json.status).toBe(400);
    expect(((await json.json()) as any).errors.error[0]).toMatch(/^Malformed X-D1-Bookmark header/);
  });

  it('a write ignores it: writes always start at the primary', async () => {
    const { token } = await newUser();
    const res = await call('/notes.xml', token, { method: 'POST', headers: { ...XML, 'X-D1-Bookmark': 'not a bookmark' }, body: noteXml({ title: 't', content: 'c', references: [GEN_1_1] }) });
    expect(res.status).toBe(201);
  });

  it("another user's bookmark only orders the read: it shows nothing of theirs", async () => {
    const a = await newUser();
    const b = await newUser();
    const write = await call('/notes.xml', a.token, { method: 'POST', headers: XML, body: noteXml({ title: 'private', content: 'c', references: [GEN_1_1] }) });
    const res = await call('/user/notes.xml', b.token, { headers: { 'X-D1-Bookmark': write.headers.get('X-D1-Bookmark')! } });
    const body = parseXml(await res.text());
    expect(body.notes.note).toBeUndefined();
  });

  it('browsers may send and read it (CORS)', async () => {
    const pre = await call('/user/notes.js', null, { method: 'OPTIONS', headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization,x-d1-bookmark' } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('Access-Control-Allow-Headers')!.split(',')).toContain('X-D1-Bookmark');
    const { token } = await newUser();
    const res = await call('/user/notes.js', token, { headers: { Origin: 'https://app.example' } });
    expect(res.headers.get('Access-Control-Expose-Headers')!.split(',')).toContain('X-D1-Bookmark');
  });
});
