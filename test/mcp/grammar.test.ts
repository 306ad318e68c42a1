import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, BASE, call, getJson, HAS_STUDY, newUser } from '../support/http';

/**
 * The MCP tool grammar_search (docs/mcp.md) through the SDK's client against the whole Worker,
 * compared with GET /verses with the same filters (docs/study.md "Grammar search").
 */
let client: Client;
let token: string;

async function callTool(
  args: Record<string, unknown>,
): Promise<{ text: string; isError: boolean }> {
  const result = (await client.callTool({
    name: 'grammar_search',
    arguments: args,
  })) as CallToolResult;
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
  return { text, isError: result.isError === true };
}

describe.skipIf(!HAS_STUDY)('MCP: grammar_search', () => {
  beforeAll(async () => {
    ({ token } = await newUser('mcp-grammar'));
    client = new Client({ name: 'mcp-grammar-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${BASE}/mcp`), {
      requestInit: { headers: { Authorization: basic(token) } },
      fetch: (url, init) => call(new URL(url).pathname, null, init),
    });
    await client.connect(transport);
  });
  afterAll(() => client?.close());

  it('finds the verses the route finds, the words marked, and pages', async () => {
    const api = (await getJson('/verses.js?stem=qal&form=wayyiqtol&version=WLC&book=Jonah', token))
      .body.search.result.summary;
    const { text, isError } = await callTool({
      stem: 'qal',
      form: 'wayyiqtol',
      version: 'WLC',
      book: 'Jonah',
    });
    expect(isError).toBe(false);
    const pages = Math.ceil(api.total / 10);
    expect(text).toContain(
      `${api.total} verses (${api.occurrences} words) have a word with stem qal, form wayyiqtol; page 1 of ${pages}:`,
    );
    expect(text).toMatch(/\nJonah 1:1 \(WLC\): \*/);
    expect(text).toContain('(more: page 2)');
    expect(text).toContain('Westminster Leningrad Codex');
  });

  it('answers a filter the text cannot answer as an error naming it', async () => {
    const { text, isError } = await callTool({ tense: 'aorist', version: 'WLC', book: 'Jonah' });
    expect(isError).toBe(true);
    expect(text).toContain('tense=aorist cannot be asked of WLC');
    const unknown = await callTool({ mood: 'subjunctiveish' });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toContain('Unknown mood subjunctiveish');
  });

  it('refuses what GET /verses refuses: strongs with lemma, and a keyword beside the filters', async () => {
    const both = await callTool({ stem: 'qal', strongs: 'H1961', lemma: 'הָיָה' });
    expect(both.isError).toBe(true);
    expect(both.text).toBe('Give strongs or lemma, not both');
    const api = await call(
      `/verses.js?stem=qal&strongs=H1961&lemma=${encodeURIComponent('הָיָה')}`,
      token,
    );
    expect(api.status).toBe(400);
    const keyword = await client
      .callTool({ name: 'grammar_search', arguments: { stem: 'qal', keyword: 'love' } })
      .then(
        () => null,
        (e: unknown) => e as { code: number; message: string },
      );
    expect(keyword?.code).toBe(-32602);
    expect(keyword?.message).toContain('keyword');
  });
});
