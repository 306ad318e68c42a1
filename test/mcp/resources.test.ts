import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAPTERS_PAGE } from '../../src/mcp/resources';
import { BASE, call, getJson, HAS_RV1909, newUser } from '../support/http';

/**
 * The chapters as MCP resources (docs/mcp.md "Resources"), through the SDK's own client against the
 * whole Worker: one template per version, every chapter listed page by page, a chapter read as
 * plain text with its copyright line, and "resource not found" for what is not there.
 */

let token: string;
let client: Client;

beforeAll(async () => {
  ({ token } = await newUser('mcp-resources'));
  client = new Client({ name: 'mcp-resources-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${BASE}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
      fetch: (url, init) => call(new URL(url).pathname, null, init),
    }),
  );
});

afterAll(async () => {
  await client.close();
});

/** The protocol error a request is refused with. */
async function refusal(request: Promise<unknown>): Promise<McpError> {
  const err = await request.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(McpError);
  return err as McpError;
}

describe('MCP resources: the chapters', () => {
  it('says it serves resources, with one chapter template per version', async () => {
    expect(client.getServerCapabilities()?.resources).toBeDefined();
    const versions = (await getJson('/versions.js', token)).body.versions.version as {
      id: string;
    }[];
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(
      versions.map((v) => `scripture://chapters/${v.id}:{book}.{chapter}`),
    );
    expect(resourceTemplates.every((t) => t.mimeType === 'text/plain')).toBe(true);
  });

  it('lists every chapter of every version, a page at a time', async () => {
    let page = await client.listResources();
    const uris: string[] = [];
    let pages = 0;
    for (;;) {
      pages++;
      expect(page.resources.length).toBeLessThanOrEqual(CHAPTERS_PAGE);
      uris.push(...page.resources.map((r) => r.uri));
      if (!page.nextCursor) break;
      page = await client.listResources({ cursor: page.nextCursor });
    }
    expect(pages).toBeGreaterThan(1);
    expect(new Set(uris).size).toBe(uris.length);
    expect(uris).toContain('scripture://chapters/KJV:John.3');
    expect(uris).toContain('scripture://chapters/KJV:Ps.119');
    // The KJV's books, in order, each from its first chapter.
    expect(uris[0]).toBe('scripture://chapters/KJV:Gen.1');
    if (HAS_RV1909) expect(uris).toContain('scripture://chapters/RV1909:Jonah.2');
  });

  it('reads a chapter as plain text: a verse a line with its number, and the copyright line', async () => {
    const { contents } = await client.readResource({ uri: 'scripture://chapters/KJV:John.3' });
    expect(contents).toHaveLength(1);
    const [content] = contents;
    expect(content.uri).toBe('scripture://chapters/KJV:John.3');
    expect(content.mimeType).toBe('text/plain');
    const text = 'text' in content ? content.text : '';
    const verses = (await getJson('/chapters/KJV:John.3/verses.js', token)).body.verses.verse as {
      verse: string | number;
    }[];
    const lines = text.split('\n');
    expect(lines[0]).toBe('John 3 (KJV)');
    expect(lines.filter((l) => /^\d+ /.test(l))).toHaveLength(verses.length);
    expect(text).toMatch(/\n16 For God so loved the world/);
    expect(text).not.toContain('<');
    const kjv = (await getJson('/versions/KJV.js', token)).body.versions.version[0];
    expect(lines[lines.length - 1]).toContain(`King James Version (KJV): `);
    expect(kjv.copyright.length).toBeGreaterThan(0);
  });

  it('reads the longest chapter whole (Psalm 119, 176 verses), within the answer bound', async () => {
    const { contents } = await client.readResource({ uri: 'scripture://chapters/KJV:Ps.119' });
    const text = 'text' in contents[0] ? contents[0].text : '';
    expect(text.split('\n').filter((l) => /^\d+ /.test(l))).toHaveLength(176);
    expect(text).not.toContain('(cut:');
  });

  it('an unknown chapter, version or URI is "resource not found" (-32002), saying why', async () => {
    for (const uri of [
      'scripture://chapters/KJV:John.99',
      'scripture://chapters/NIV:John.3',
      'scripture://chapters/KJV:Hezekiah.1',
      'scripture://verses/KJV:John.3.16',
      'scripture://chapters/%E0%A4%A',
    ]) {
      const err = await refusal(client.readResource({ uri }));
      expect(err.code, uri).toBe(-32002);
      expect(err.message, uri).toContain('Resource not found');
    }
  });

  it('a cursor it did not give is invalid params (-32602)', async () => {
    for (const cursor of ['x', '-1', '1.5', '01', '99999999'])
      expect((await refusal(client.listResources({ cursor }))).code, cursor).toBe(-32602);
  });

  it('a uri or cursor that is not a string is invalid params (-32602) saying so, not an internal error', async () => {
    const rpc = async (method: string, params: unknown) => {
      const res = await call('/mcp', token, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { id: number; error: { code: number; message: string } };
    };
    for (const [method, params, name] of [
      ['resources/read', { uri: ['scripture://chapters/KJV:Ps.119'] }, 'uri'],
      ['resources/read', { uri: 7 }, 'uri'],
      ['resources/read', {}, 'uri'],
      ['resources/list', { cursor: { __proto__: 1 } }, 'cursor'],
      ['resources/list', { cursor: 200 }, 'cursor'],
    ] as const) {
      const { id, error } = await rpc(method, params);
      expect(id).toBe(7);
      expect(error.code, `${method} ${JSON.stringify(params)}`).toBe(-32602);
      expect(error.message).toContain(`${name} must be a string`);
      expect(error.message).not.toMatch(/invalid_type|expected/);
    }
  });
});
