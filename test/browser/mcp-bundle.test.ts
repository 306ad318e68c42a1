import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_TOOL_NAMES } from '../../src/api/mcp';
import { openSite, type Site } from './harness';

/**
 * The MCP endpoint in the deployed bundle (docs/mcp.md "The bundle"): the shared site serves what
 * `wrangler deploy --dry-run` builds, so here our MCP server (src/mcp/server.ts) runs minified,
 * loaded by the route's `import()`, in workerd, over real HTTP, answering the SDK's own client;
 * and esbuild's metafile of that bundle shows that neither the SDK nor zod is in it.
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
  it('holds our MCP server, and neither the MCP SDK nor zod nor Ajv', () => {
    const meta = JSON.parse(readFileSync(path.join(site.bundle, 'meta.json'), 'utf8')) as {
      outputs: Record<string, { inputs: Record<string, unknown> }>;
    };
    const [output] = Object.entries(meta.outputs).filter(([name]) => name.endsWith('index.js'));
    const inputs = Object.keys(output[1].inputs);
    expect(inputs).toContain('src/mcp/server.ts');
    expect(inputs.filter((i) => /node_modules\/(@modelcontextprotocol|zod|ajv)\//.test(i))).toEqual(
      [],
    );
  });

  it('lists the tools and runs one', async () => {
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

  it('answers an unknown tool, and arguments outside a schema, with JSON-RPC errors', async () => {
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(
      /-32602.*Unknown tool: no_such_tool/,
    );
    await expect(
      client.callTool({ name: 'list_my_notes', arguments: { page: 0 } }),
    ).rejects.toThrow(
      /Invalid arguments for list_my_notes: ✖ Too small: expected number to be >=1/,
    );
  });
});
