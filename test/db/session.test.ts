import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app';
import { GEN_1_1, noteXml, XML } from '../support/annotations';
import { call, newUser, parseXml } from '../support/http';
import { DIRECTORY, shardBinding } from '../../src/db/shards';
import { SHARDS } from '../support/shards';

/**
 * Personal reads go through a D1 session (`withSession`) and every personal response
 * carries the bookmark where it left the database (`X-D1-Bookmark`), which the next read may send
 * back.
 *
 * What these tests can and cannot prove: here, as under `wrangler dev`, there is one
 * database, so no read can meet a stale replica and "the read sees the write" holds with or
 * without the bookmark. The HTTP tests below pin the headers (present, shaped, moved by a write,
 * refused when malformed, absent where caches share the answer). What the service decides, where
 * each request's session starts, is proven directly: the first describe block watches the
 * `withSession` calls the worker makes.
 */

const BOOKMARK = /^(?:p\d+-)?[0-9a-f]+(?:-[0-9a-f]+)+$/i;

/**
 * A new account in a database other than the directory's (the first), so that the directory's
 * session and the account's are told apart by their bindings: new accounts go to the database
 * with the fewest, so a few tries find one.
 */
async function userOutsideDirectory() {
  for (;;) {
    const user = await newUser();
    if (user.shard !== DIRECTORY) return user;
  }
}

describe("where a request's D1 session starts (what replication depends on)", () => {
  /**
   * The worker with every database's binding recording each withSession start (as
   * `<binding>: <start>`) and then opening the real one. `token`: an account's, else a new one's
   * (a token the isolate has not seen: its first request asks the directory where the account is).
   */
  async function starts(
    method: string,
    path: string,
    headers: Record<string, string> = {},
    body?: string,
    account?: { token: string; shard: string },
  ): Promise<{ status: number; starts: string[]; shard: string }> {
    const { token, shard } = account ?? (await userOutsideDirectory());
    const recorded: string[] = [];
    const recording = (name: string) =>
      new Proxy(shardBinding(env, name), {
        get(target, prop) {
          if (prop === 'withSession')
            return (start: string) => (
              recorded.push(`${name === shard ? 'account' : name}: ${start}`),
              target.withSession(start)
            );
          const value = Reflect.get(target, prop);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    const res = await createApp().fetch(
      new Request(`https://api.test${path}`, {
        method,
        body,
        headers: { Authorization: `Basic ${btoa(`${token}:x`)}`, ...headers },
      }),
      { ...env, ...Object.fromEntries(SHARDS.map((name) => [name, recording(name)])) },
      { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext,
    );
    await res.arrayBuffer();
    return { status: res.status, starts: recorded.sort(), shard };
  }

  it('a read without a bookmark starts anywhere (the nearest replica); with one, at that bookmark', async () => {
    // A token the isolate has not seen: the directory (its own session, a replica near the
    // caller) says where the account is, and its database's one session checks it and reads.
    expect((await starts('GET', '/user/notes.xml')).starts).toEqual([
      'DB: first-unconstrained',
      'account: first-unconstrained',
    ]);
    const bookmark = '00000001-00000002-00000003-abcdef';
    const withBookmark = await starts('GET', '/user/notes.xml', { 'X-D1-Bookmark': bookmark });
    expect(withBookmark.starts).toContain(`account: ${bookmark}`);
  });

  it('a write starts at the primary, whatever bookmark it sends', async () => {
    const write = await starts(
      'POST',
      '/notes.xml',
      { ...XML, 'X-D1-Bookmark': '00000001-00000002' },
      noteXml({ title: 't', content: 'c', references: [GEN_1_1] }),
    );
    expect(write.status).toBe(201);
    expect(write.starts).toContain('account: first-primary');
    expect(write.starts.filter((s) => s.startsWith('account'))).toEqual(['account: first-primary']);
  });

  it("one request opens one session of the account's database (the token check and the route read one copy), and none of the directory once the isolate knows the token", async () => {
    const account = await userOutsideDirectory();
    const first = await starts('GET', '/user/taggings.js', {}, undefined, account);
    expect(first.starts.filter((s) => s.startsWith('account'))).toHaveLength(1);
    // The isolate's token cache carries the account's database: no round trip more than one
    // database ever took (docs/scale.md "The directory").
    const again = await starts('GET', '/user/taggings.js', {}, undefined, account);
    expect(again.starts).toEqual(['account: first-unconstrained']);
  });

  it("a bookmark of another placement (before the account moved) starts at the primary of the account's database", async () => {
    const account = await userOutsideDirectory();
    const moved = await starts(
      'GET',
      '/user/notes.xml',
      { 'X-D1-Bookmark': 'p3-00000001-00000002-00000003-abcdef' },
      undefined,
      account,
    );
    expect(moved.starts).toContain('account: first-primary');
  });
});

describe('X-D1-Bookmark on personal responses', () => {
  it('a read and a write each return a bookmark; a write moves it', async () => {
    const { token } = await newUser('bookmarks');
    const read = await call('/user/notes.xml', token);
    expect(read.status).toBe(200);
    const before = read.headers.get('X-D1-Bookmark');
    expect(before).toMatch(BOOKMARK);

    const write = await call('/notes.xml', token, {
      method: 'POST',
      headers: XML,
      body: noteXml({ title: 'seen', content: 'x', references: [GEN_1_1] }),
    });
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
    expect(
      (await call('/user/notes.xml', 'no-such-token')).headers.get('X-D1-Bookmark'),
    ).toBeNull();
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
    const res = await call('/notes.xml', token, {
      method: 'POST',
      headers: { ...XML, 'X-D1-Bookmark': 'not a bookmark' },
      body: noteXml({ title: 't', content: 'c', references: [GEN_1_1] }),
    });
    expect(res.status).toBe(201);
  });

  it("another user's bookmark only orders the read: it shows nothing of theirs", async () => {
    const a = await newUser();
    const b = await newUser();
    const write = await call('/notes.xml', a.token, {
      method: 'POST',
      headers: XML,
      body: noteXml({ title: 'private', content: 'c', references: [GEN_1_1] }),
    });
    const res = await call('/user/notes.xml', b.token, {
      headers: { 'X-D1-Bookmark': write.headers.get('X-D1-Bookmark')! },
    });
    const body = parseXml(await res.text());
    expect(body.notes.note).toBeUndefined();
  });

  it('browsers may send and read it (CORS)', async () => {
    const pre = await call('/user/notes.js', null, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://app.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization,x-d1-bookmark',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('Access-Control-Allow-Headers')!.split(',')).toContain('X-D1-Bookmark');
    const { token } = await newUser();
    const res = await call('/user/notes.js', token, { headers: { Origin: 'https://app.example' } });
    expect(res.headers.get('Access-Control-Expose-Headers')!.split(',')).toContain('X-D1-Bookmark');
  });
});
