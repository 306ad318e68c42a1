import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import libraryData from '../../data/library.json';
import versionsData from '../../data/versions.json';
import { MCP_TOOL_NAMES } from '../../src/api/mcp';
import { versionChoices } from '../../src/mcp/fields';
import { QUOTAS } from '../../src/annotations/personal/quotas';
import { basic, BASE, call, getJson, HAS_RV1909, HAS_STUDY, newUser } from '../support/http';
import { accountDb } from '../support/shards';

/**
 * The MCP endpoint (docs/mcp.md) through the SDK's own client, against the whole Worker in the
 * Workers runtime: the client's requests go into the Worker's entry point (test/support/http.ts
 * `call`) with the fixture's KV and D1.
 */

/** A client connected to /mcp with this Authorization header. */
async function connect(authorization: string): Promise<Client> {
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${BASE}/mcp`), {
    requestInit: { headers: { Authorization: authorization } },
    fetch: (url, init) => call(new URL(url).pathname, null, init),
  });
  await client.connect(transport);
  return client;
}

/** The text of a tool's result, and whether it is an error. */
async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<{ text: string; isError: boolean }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
  return { text, isError: result.isError === true };
}

/** A raw JSON-RPC POST to /mcp, as a client that is not the SDK's sends it. */
function post(token: string, body: string): Promise<Response> {
  return call('/mcp', null, {
    method: 'POST',
    body,
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
    },
  });
}

let token: string;
let client: Client;

beforeAll(async () => {
  ({ token } = await newUser('mcp'));
  client = await connect(`Bearer ${token}`);
});

afterAll(async () => {
  await client.close();
});

describe('MCP: tools/list', () => {
  it('lists every tool with a JSON Schema of its arguments', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(MCP_TOOL_NAMES);
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('lookup_passage')!.inputSchema).toMatchObject({
      type: 'object',
      properties: { reference: { type: 'string' }, version: { type: 'string' } },
      required: ['reference'],
    });
    expect(byName.get('add_note')!.inputSchema.required).toEqual(['title', 'references']);
    expect(byName.get('add_note')!.annotations?.readOnlyHint).toBe(false);
    expect(byName.get('search_text')!.annotations?.readOnlyHint).toBe(true);
    for (const t of tools) expect(t.description!.length, t.name).toBeGreaterThan(40);
  });

  it('names the versions and commentaries data/ builds, as data/versions.json and library.json list them', async () => {
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    const versionOf = (tool: string) =>
      (byName.get(tool)!.inputSchema.properties as Record<string, { description: string }>).version
        .description;
    for (const { id } of versionsData.versions) {
      expect(versionOf('lookup_passage')).toContain(id);
      expect(versionOf('search_text')).toContain(id);
    }
    for (const { name } of libraryData.commentaries)
      expect(byName.get('verse_study')!.description).toContain(name);
  });

  it('groups the version codes by language for a description', () => {
    expect(
      versionChoices([
        { id: 'KJV', langNameEng: 'English' },
        { id: 'WEB', langNameEng: 'English' },
        { id: 'LSG', langNameEng: 'French' },
        { id: 'WLC', langNameEng: 'Hebrew (Biblical)' },
      ]),
    ).toBe('KJV, WEB (English), LSG (French), WLC (Hebrew)');
  });
});

describe('MCP: the API’s description', () => {
  it('/openapi.json says where the endpoint is, how to authenticate and which tools it has', async () => {
    const res = await call('/openapi.json', null);
    const { description } = ((await res.json()) as { info: { description: string } }).info;
    expect(description).toContain('`POST /mcp`');
    expect(description).toContain('Authorization: Bearer <token>');
    for (const name of MCP_TOOL_NAMES) expect(description).toContain(`\`${name}\``);
  });
});

describe('MCP: scripture tools', () => {
  it('lookup_passage quotes the verses with their numbers and the version copyright', async () => {
    const { text, isError } = await callTool(client, 'lookup_passage', {
      reference: 'John 3:16-17',
    });
    expect(isError).toBe(false);
    const kjv = (await getJson('/versions/KJV.js', token)).body.versions.version[0];
    const verse = (await getJson('/verses/KJV:John.3.16.js', token)).body.verses.verse[0];
    expect(text).toContain('John 3:16-17 (KJV)');
    expect(text).toContain('16 For God so loved the world');
    expect(text).toMatch(/\n17 For God sent not/);
    expect(text).not.toContain('<');
    expect(verse.text).toContain('For God so loved');
    expect(text).toContain(
      kjv.copyright
        .replace(/<[^>]+>/g, '')
        .trim()
        .slice(0, 30),
    );
  });

  it('lookup_passage reads a Spanish reference, and cuts a long passage, saying so', async () => {
    const juan = await callTool(client, 'lookup_passage', { reference: 'Juan 3:16' });
    expect(juan.text).toContain('John 3:16 (KJV)');
    const long = await callTool(client, 'lookup_passage', { reference: 'Psalm 119' });
    expect(long.text).toContain('(80 of 176 verses shown');
    expect(long.text.split('\n').filter((l) => /^\d+ /.test(l))).toHaveLength(80);
  });

  it.skipIf(!HAS_RV1909)('lookup_passage reads the RV1909 in Spanish', async () => {
    const { text } = await callTool(client, 'lookup_passage', {
      reference: 'Juan 3:16',
      version: 'RV1909',
    });
    expect(text).toContain('Juan 3:16 (RV1909)');
    expect(text).toContain('Porque de tal manera amó Dios al mundo');
  });

  it('lookup_passage: an unknown reference or version is a tool error, not a protocol error', async () => {
    const nowhere = await callTool(client, 'lookup_passage', { reference: 'Hezekiah 4:2' });
    expect(nowhere.isError).toBe(true);
    expect(nowhere.text).toContain('No passage of the KJV found for "Hezekiah 4:2"');
    const version = await callTool(client, 'lookup_passage', {
      reference: 'John 1:1',
      version: 'NIV',
    });
    expect(version).toEqual({ isError: true, text: 'Unknown version: NIV' });
  });

  it('search_text finds verses by keyword, marks the match, pages, and gives the copyright', async () => {
    const { text, isError } = await callTool(client, 'search_text', {
      query: 'Nicodemus',
      version: 'KJV',
    });
    expect(isError).toBe(false);
    const api = (await getJson('/verses.js?keyword=Nicodemus&version=KJV', token)).body.search
      .result;
    expect(text).toContain(`${api.summary.total} verses match "Nicodemus"; page 1 of 1:`);
    expect(text).toContain('John 3:1 (KJV): There was a man of the Pharisees, named *Nicodemus*');
    expect(text).toContain('King James');
    const many = await callTool(client, 'search_text', { query: 'God', version: 'KJV', page: 2 });
    expect(many.text).toMatch(/verses match "God"; page 2 of \d+:/);
    expect(many.text).toContain('(more: page 3)');
  });
});

describe.skipIf(!HAS_STUDY)('MCP: word_study', () => {
  it("gives the lexicon entry and the first KJV verses of a Strong's number", async () => {
    const { text, isError } = await callTool(client, 'word_study', { number: 'h0430' });
    expect(isError).toBe(false);
    const entry = (await getJson('/strongs/H430.js', token)).body.strongs.entry[0];
    const kjv = entry.occurrences.find((o: { version: string }) => o.version === 'KJV');
    expect(text.split('\n')[0]).toContain(`H430 ${entry.word}`);
    expect(text).toContain(`Definition: ${entry.definition}`);
    expect(text).toContain(`BDB (`);
    // The concordance's first verses, the rendering of the number in asterisks.
    const concordance = (await getJson('/verses.js?strongs=H430&version=KJV&limit=8', token)).body
      .search.result.verses.verse;
    expect(text).toContain(`First KJV verses (concordance):\n${concordance[0].reference}: `);
    expect(text).toMatch(/\*[a-zA-Z ]*God\*/);
    expect(text).toContain(`(8 of ${kjv.verses} verses shown`);
    expect(text).toContain('Lexicon: ');
  });

  it('an unknown or malformed number is a tool error that says why', async () => {
    const bad = await callTool(client, 'word_study', { number: 'X12' });
    expect(bad.isError).toBe(true);
    expect(bad.text).toContain("Malformed Strong's number: X12");
    const none = await callTool(client, 'word_study', { number: 'G99999' });
    expect(none.isError).toBe(true);
  });
});

describe.skipIf(!env.TEST_HAS_LIBRARY)('MCP: verse_study', () => {
  it("gives a verse's cross-references with text, commentaries and topics, with their sources", async () => {
    const { text, isError } = await callTool(client, 'verse_study', { reference: 'Psalm 23:1' });
    expect(isError).toBe(false);
    const xrefs = (await getJson('/verses/KJV:Ps.23.1/cross-references.js', token)).body
      .cross_references;
    const first = xrefs.verse[0].reference[0];
    expect(text).toContain('Psalms 23:1 (KJV)');
    expect(text).toContain(`Cross-references:\n- ${first.name}`);
    expect(text).toContain('Commentaries:\n- ');
    expect(text).toContain("Topics (Nave's):\n- ");
    expect(text).toContain(`Source: ${xrefs.copyright.slice(0, 20)}`);
    expect(text).toContain("Nave's Topical Bible: ");
  });
});

describe('MCP: the caller’s notes and tags', () => {
  it('add_note writes a note the REST API shows, and list_my_notes lists it', async () => {
    const added = await callTool(client, 'add_note', {
      title: 'Born again',
      content: 'Nicodemus at night',
      references: ['John 3:1-8', 'Juan 3:16'],
    });
    expect(added.isError).toBe(false);
    const id = Number(/Saved note (\d+)/.exec(added.text)![1]);
    const rest = (await getJson(`/notes/${id}.js`, token)).body.notes.note[0];
    expect(rest.title).toBe('Born again');
    expect(rest.content).toBe('Nicodemus at night');
    expect(rest.references.reference).toEqual([
      expect.objectContaining({ start: 'KJV:John.3.1', end: 'KJV:John.3.8' }),
      expect.objectContaining({ start: 'KJV:John.3.16', end: 'KJV:John.3.16' }),
    ]);
    const list = await callTool(client, 'list_my_notes', {});
    expect(list.text).toContain(`Note ${id}: Born again`);
    expect(list.text).toContain('On: KJV:John.3.1–John.3.8, KJV:John.3.16');
  });

  it('tag_verses creates a tagging as POST /user/taggings does, once', async () => {
    const first = await callTool(client, 'tag_verses', { tag: 'shepherd', references: ['Ps 23'] });
    expect(first.text).toMatch(
      /^Tagged KJV:Ps\.23\.1–Ps\.23\.6 with "shepherd" \(tagging \d+\)\.$/,
    );
    const again = await callTool(client, 'tag_verses', { tag: 'shepherd', references: ['Ps 23'] });
    expect(again.text).toContain('You already had this tagging');
    const rest = (await getJson('/user/taggings/shepherd.js', token)).body.taggings;
    expect(rest.tagging).toHaveLength(1);
    expect(rest.tagging[0].references.reference[0]).toMatchObject({
      start: 'KJV:Ps.23.1',
      end: 'KJV:Ps.23.6',
    });
  });

  it('bad input writes nothing and names every problem', async () => {
    const before = (await getJson('/user/notes.js', token)).body.notes.summary.total;
    const bad = await callTool(client, 'add_note', {
      title: ' ',
      references: ['Hezekiah 4:2', 'John 3:16'],
    });
    expect(bad.isError).toBe(true);
    expect(bad.text).toContain('title must not be empty');
    expect(bad.text).toContain('"Hezekiah 4:2" names no verse of the KJV');
    expect((await getJson('/user/notes.js', token)).body.notes.summary.total).toBe(before);
  });

  it('too many verse ranges: refused before anything is read further or written', async () => {
    const before = (await getJson('/user/notes.js', token)).body.notes.summary.total;
    const bad = await callTool(client, 'add_note', {
      title: 'Everything',
      references: Array(3).fill('Gen 1 - Rev 22'),
    });
    expect(bad).toEqual({
      isError: true,
      text: 'The references name more than 100 verse ranges (a reference over several books is one range per book); at most 100 are allowed',
    });
    expect((await getJson('/user/notes.js', token)).body.notes.summary.total).toBe(before);
  });

  it('over a quota: a tool error, and nothing written', async () => {
    const full = await newUser('mcp-full');
    // The account's note text at its quota, written straight into D1.
    await (
      await accountDb(full.id)
    )
      .prepare(
        'INSERT INTO notes (user_id, title, content, public, created_at, updated_at) VALUES (?1, ?2, ?3, 0, ?4, ?4)',
      )
      .bind(full.id, 't', 'x'.repeat(QUOTAS.noteText - 1), Date.now())
      .run();
    const other = await connect(basic(full.token));
    const refused = await callTool(other, 'add_note', {
      title: 'One more',
      references: ['Gen 1:1'],
    });
    await other.close();
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('Account quota reached: nothing of this request was written');
    const { results } = await (
      await accountDb(full.id)
    )
      .prepare('SELECT count(*) AS n FROM notes WHERE user_id = ?')
      .bind(full.id)
      .all<{ n: number }>();
    expect(results[0].n).toBe(1);
  });
});

describe('MCP: rate limits', () => {
  it('search_text counts against the search limit as GET /verses?keyword= does', async () => {
    const limit = env.TEST_RATE_LIMITS.SEARCH_LIMITER.simple.limit;
    const searcher = await newUser('mcp-search');
    // The REST searches and the tool's share one count: all but one of the limit through the API.
    for (let i = 0; i < limit - 1; i++)
      expect((await call('/verses.js?keyword=light&version=KJV', searcher.token)).status).toBe(200);
    const other = await connect(`Bearer ${searcher.token}`);
    // The limiter's windows are fixed: one may start again between two calls, so the refusal may
    // come a window later; it comes, with the API's words, and the tool's searches are counted.
    const answers: { text: string; isError: boolean }[] = [];
    while (answers.length <= limit + 1 && !answers.at(-1)?.isError)
      answers.push(await callTool(other, 'search_text', { query: 'light', version: 'KJV' }));
    await other.close();
    expect(answers[0].isError).toBe(false);
    expect(answers.at(-1)).toEqual({
      isError: true,
      text: 'Rate limit reached for keyword searches: try again in 60 seconds',
    });
  });
});

describe('MCP: the write limit', () => {
  it('add_note and tag_verses count against the write limit as the REST writes do', async () => {
    const limit = env.TEST_RATE_LIMITS.WRITE_LIMITER.simple.limit;
    const writer = await newUser('mcp-writer');
    // REST writes count before their body is read: invalid ones are cheap and store nothing.
    for (let i = 0; i < limit - 2; i++)
      expect(
        (
          await call('/notes.js', writer.token, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: '{"note":{}}',
          })
        ).status,
      ).toBe(422);
    const other = await connect(`Bearer ${writer.token}`);
    const answers = [await callTool(other, 'add_note', { title: 'n', references: ['Gen 1:1'] })];
    // Fixed windows: the refusal may come a window later, but it comes.
    while (answers.length <= limit + 2 && !answers.at(-1)?.isError)
      answers.push(await callTool(other, 'tag_verses', { tag: 'w', references: ['Gen 1:1'] }));
    await other.close();
    expect(answers[0].isError).toBe(false);
    expect(answers.at(-1)).toEqual({
      isError: true,
      text: expect.stringMatching(/^Rate limit reached for writes .*: try again in 60 seconds$/),
    });
  });
});

describe('MCP: authentication', () => {
  it('a page may call it: the preflight allows the MCP client’s headers', async () => {
    const res = await call('/mcp', null, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://assistant.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type,mcp-protocol-version',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('Access-Control-Allow-Headers')!.split(',')).toContain(
      'Mcp-Protocol-Version',
    );
  });

  it('without a token, or with a bad one: 401 in JSON-RPC shape with both challenges', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { Authorization: 'Bearer not-a-token' },
      { Authorization: basic('nope') },
    ]) {
      const res = await call('/mcp', null, {
        method: 'POST',
        headers: {
          ...headers,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(res.status).toBe(401);
      expect(res.headers.get('WWW-Authenticate')).toMatch(/^Bearer realm=.*, Basic realm=/);
      const body = (await res.json()) as any;
      expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
      expect(body.error.message).toContain('Authentication required');
    }
    await expect(connect('Bearer wrong')).rejects.toThrow(/Authentication required/);
  });

  it('a Bearer token does not open the REST API, which takes the token as Basic user name', async () => {
    const res = await call('/verses/KJV:John.3.16.js', null, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(401);
  });

  it('checks the token in D1 on every request, as personal routes do: a changed token stops at once', async () => {
    const { id, token: rotated } = await newUser('mcp-rotated');
    // Warm the isolate's token cache with a scripture read, with the header the client will send.
    expect((await call('/verses/KJV:John.3.16.xml', rotated)).status).toBe(200);
    const mine = await connect(basic(rotated));
    expect((await callTool(mine, 'list_my_notes', {})).text).toBe('You have no notes yet.');
    await (
      await accountDb(id)
    )
      .prepare('UPDATE users SET token_hash = ? WHERE id = ?')
      .bind(`rotated-${id}`, id)
      .run();
    await expect(mine.callTool({ name: 'list_my_notes', arguments: {} })).rejects.toThrow(
      /Authentication required/,
    );
    await mine.close();
  });

  it('the SDK client connects with HTTP Basic too', async () => {
    const viaBasic = await connect(basic(token));
    expect((await viaBasic.listTools()).tools).toHaveLength(MCP_TOOL_NAMES.length);
    await viaBasic.close();
  });
});

describe('MCP: bad requests are JSON-RPC errors, never a 5xx', () => {
  it('malformed JSON: parse error', async () => {
    const res = await post(token, '{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
  });

  it('a batch, even of garbage: invalid request (batches are refused)', async () => {
    const res = await post(token, JSON.stringify([1, 'two', { three: 3 }]));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
  });

  it('one message that is not JSON-RPC: the SDK’s parse error', async () => {
    const res = await post(token, JSON.stringify({ three: 3 }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
  });

  it('an unknown method: method not found', async () => {
    const res = await post(
      token,
      JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'scripture/burn' }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32601 } });
  });

  it('an unknown tool, and arguments outside a tool’s schema: invalid params', async () => {
    const unknown = await post(
      token,
      JSON.stringify({
        jsonrpc: '2.0',
        id: 8,
        method: 'tools/call',
        params: { name: 'delete_bible', arguments: {} },
      }),
    );
    expect(await unknown.json()).toMatchObject({
      id: 8,
      error: { code: -32602, message: expect.stringContaining('Unknown tool: delete_bible') },
    });
    const bad = await post(
      token,
      JSON.stringify({
        jsonrpc: '2.0',
        id: 9,
        method: 'tools/call',
        params: { name: 'lookup_passage', arguments: { reference: 316 } },
      }),
    );
    expect(await bad.json()).toMatchObject({
      id: 9,
      error: {
        code: -32602,
        message: expect.stringContaining('Invalid arguments for lookup_passage'),
      },
    });
    await expect(client.callTool({ name: 'search_text', arguments: {} })).rejects.toThrow(/-32602/);
  });

  it('GET and DELETE: 405, POST only; a version prefix or suffix is no such resource', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await call('/mcp', null, {
        method,
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
      });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('Allow')).toBe('POST');
      expect(await res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
    }
    for (const path of ['/v1/mcp', '/mcp.js']) {
      const res = await post(token, '{}').then(() =>
        call(path, null, { method: 'POST', headers: { Authorization: basic(token) }, body: '{}' }),
      );
      expect(res.status, path).toBe(404);
    }
  });
});
