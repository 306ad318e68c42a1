import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_TOOL_NAMES } from '../../src/api/mcp';
import { openSite, type Site } from './harness';

/**
 * The MCP endpoint in the deployed bundle (docs/mcp.md "The bundle"): the shared site serves what
 * `wrangler deploy --dry-run` builds, so here the SDK runs minified, loaded by the route's
 * `import()`, with Ajv replaced by wrangler.toml's `[alias]` stub, in workerd, over real HTTP.
 * (test/mcp/ tests every tool through Vitest's module runner, which does not bundle.)
 */

let site: Site;
let client: Client;

beforeAll(async () => {
  site = await openSite('reader@mcp-bundle.test');
  client = new Client({ name: 'mcp-bundle-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${site.url}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${site.token}` } },
    }),
  );
});

afterAll(async () => {
  await client?.close();
});

describe('MCP in the deployed bundle', () => {
  it('lists the tools and runs one, the Ajv stub never called', async () => {
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(MCP_TOOL_NAMES);
    const result = (await client.callTool({
      name: 'lookup_passage',
      arguments: { reference: 'John 3:16' },
    })) as CallToolResult;
    expect(result.isError).toBeUndefined();
    expect(result.content[0]).toMatchObject({
      type: 'text',
      text: expect.stringContaining('16 For God so loved the world'),
    });
  });

  it('answers an unknown tool with a JSON-RPC error', async () => {
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(
      /-32602.*Unknown tool: no_such_tool/,
    );
  });
});
