import { describe, expect, it } from 'vitest';
import { MCP_PATH } from '../../src/api/mcp';
import {
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '../../src/mcp/protocol-versions';
import { call, newUser } from '../support/http';

/**
 * What src/mcp/server.ts answers of the protocol itself, which the SDK's transport and `Server`
 * answered before it (docs/mcp.md "The endpoint"), with raw requests as a client that is not the
 * SDK's sends them: the transport's HTTP checks, initialize's negotiation, ping, a notification,
 * an unknown method, a message that is not JSON-RPC, params of the wrong kind.
 */

const HEADERS = {
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
};

/** A POST to /mcp of `body` (JSON), with these headers over the usual ones. */
function post(token: string, body: unknown, headers: Record<string, string> = {}) {
  return call(MCP_PATH, null, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { ...HEADERS, Authorization: `Bearer ${token}`, ...headers },
  });
}

const initialize = (protocolVersion: unknown) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
});

const ping = { jsonrpc: '2.0', id: 'p', method: 'ping' };

/** A transport's refusal: its status, and JSON-RPC's shape with no id. */
async function refusal(res: Response, status: number, code: number, message: RegExp | string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('Content-Type')).toBe('application/json');
  const body = (await res.json()) as { error: { message: string } };
  expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code } });
  expect(body.error.message).toMatch(message);
}

describe('MCP transport: the HTTP checks of a POST', () => {
  it('406 unless Accept lists both application/json and text/event-stream', async () => {
    const { token } = await newUser('mcp-accept');
    for (const accept of ['application/json', 'text/event-stream', '*/*', null]) {
      const headers: Record<string, string> = { ...HEADERS, Authorization: `Bearer ${token}` };
      if (accept === null) delete headers.Accept;
      else headers.Accept = accept;
      const res = await call(MCP_PATH, null, {
        method: 'POST',
        body: JSON.stringify(ping),
        headers,
      });
      await refusal(res, 406, -32000, 'Not Acceptable: Client must accept both');
      expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    }
  });

  it('415 unless the media type is application/json; parameters and case aside', async () => {
    const { token } = await newUser('mcp-type');
    for (const type of ['text/plain', 'text/plain; a=application/json', 'application/jsonx'])
      await refusal(
        await post(token, ping, { 'Content-Type': type }),
        415,
        -32000,
        'Unsupported Media Type: Content-Type must be application/json',
      );
    for (const type of ['application/json; charset=utf-8', 'Application/JSON']) {
      const res = await post(token, ping, { 'Content-Type': type });
      expect(res.status, type).toBe(200);
      expect(await res.json()).toEqual({ result: {}, jsonrpc: '2.0', id: 'p' });
    }
  });

  it('400 for an MCP-Protocol-Version it does not speak, except on initialize', async () => {
    const { token } = await newUser('mcp-version-header');
    for (const body of [ping, { jsonrpc: '2.0', method: 'notifications/initialized' }])
      await refusal(
        await post(token, body, { 'MCP-Protocol-Version': '1999-01-01' }),
        400,
        -32000,
        `Bad Request: Unsupported protocol version: 1999-01-01 (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
      );
    for (const version of SUPPORTED_PROTOCOL_VERSIONS)
      expect((await post(token, ping, { 'MCP-Protocol-Version': version })).status).toBe(200);
    const init = await post(token, initialize('2025-06-18'), {
      'MCP-Protocol-Version': '1999-01-01',
    });
    expect(init.status).toBe(200);
  });
});

describe('MCP lifecycle and messages', () => {
  it('initialize answers the revision asked for when it speaks it, else its latest', async () => {
    const { token } = await newUser('mcp-initialize');
    for (const [asked, answered] of [
      ...SUPPORTED_PROTOCOL_VERSIONS.map((v) => [v, v]),
      ['1999-01-01', LATEST_PROTOCOL_VERSION],
    ]) {
      const res = await post(token, initialize(asked));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        result: {
          protocolVersion: answered,
          capabilities: { tools: {}, resources: {} },
          serverInfo: { name: 'scripture-edge', version: '1.0.0' },
          instructions: expect.stringContaining('copyright'),
        },
        jsonrpc: '2.0',
        id: 1,
      });
    }
  });

  it('ping answers an empty result; a notification or a response is 202 with no body', async () => {
    const { token } = await newUser('mcp-ping');
    const pong = await post(token, { ...ping, params: { _meta: { progressToken: 3 } } });
    expect(await pong.json()).toEqual({ result: {}, jsonrpc: '2.0', id: 'p' });
    for (const body of [
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } },
      { jsonrpc: '2.0', id: 5, result: {} },
      { jsonrpc: '2.0', id: 5, error: { code: -1, message: 'no' } },
    ]) {
      const res = await post(token, body);
      expect(res.status, JSON.stringify(body)).toBe(202);
      expect(await res.text()).toBe('');
    }
  });

  it('a method it does not offer: -32601 with the request id', async () => {
    const { token } = await newUser('mcp-method');
    for (const method of ['prompts/list', 'resources/subscribe', 'logging/setLevel', 'x']) {
      const res = await post(token, { jsonrpc: '2.0', id: 4, method, params: {} });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        jsonrpc: '2.0',
        id: 4,
        error: { code: -32601, message: 'Method not found' },
      });
    }
  });

  it('a message JSON-RPC does not allow: 400, -32700, as the SDK’s transport answered', async () => {
    const { token } = await newUser('mcp-message');
    for (const body of [
      'ping',
      null,
      { ...ping, jsonrpc: '1.0' },
      { ...ping, id: null },
      { ...ping, id: 1.5 },
      { ...ping, extra: 1 },
      { ...ping, params: [1] },
      { ...ping, params: { _meta: 5 } },
      { jsonrpc: '2.0', id: 1, method: 7 },
      { jsonrpc: '2.0', id: 1, result: [] },
      { jsonrpc: '2.0', error: { code: 'x', message: 'm' } },
    ])
      await refusal(await post(token, body), 400, -32700, 'Parse error: Invalid JSON-RPC message');
  });

  it('params of the wrong kind: -32602 naming the member, not an internal error', async () => {
    const { token } = await newUser('mcp-params');
    for (const [method, params, message] of [
      [
        'initialize',
        { protocolVersion: 5, capabilities: {}, clientInfo: { name: 'c', version: '1' } },
        'Invalid params for initialize: protocolVersion must be a string, not a number',
      ],
      [
        'initialize',
        { protocolVersion: '2025-06-18', capabilities: {} },
        'Invalid params for initialize: clientInfo must be an object, and is missing',
      ],
      [
        'initialize',
        { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c' } },
        'Invalid params for initialize: clientInfo.version must be a string, and is missing',
      ],
      [
        'tools/call',
        undefined,
        'Invalid params for tools/call: name must be a string, and is missing',
      ],
      [
        'tools/list',
        { cursor: 5 },
        'Invalid params for tools/list: cursor must be a string, not a number',
      ],
    ] as const) {
      const res = await post(token, { jsonrpc: '2.0', id: 6, method, params });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 6, error: { code: -32602, message } });
    }
  });
});

describe('MCP tool arguments, checked by src/mcp/schema.ts', () => {
  const callTool = (token: string, name: string, args: unknown) =>
    post(token, { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name, arguments: args } });

  it('every problem named, in zod’s words, the shallowest first', async () => {
    const { token } = await newUser('mcp-arguments');
    const res = await callTool(token, 'add_note', {
      title: 5,
      references: ['', 'x'.repeat(501)],
      version: 'K J V',
      idempotency_key: '',
    });
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: {
        code: -32602,
        message: [
          'Invalid arguments for add_note: ✖ Invalid input: expected string, received number',
          '  → at title',
          '✖ a version code such as KJV',
          '  → at version',
          '✖ Too small: expected string to have >=1 characters',
          '  → at idempotency_key',
          '✖ visible ASCII characters',
          '  → at idempotency_key',
          '✖ Too small: expected string to have >=1 characters',
          '  → at references[0]',
          '✖ Too big: expected string to have <=500 characters',
          '  → at references[1]',
        ].join('\n'),
      },
    });
    for (const [page, problem] of [
      [0, 'Too small: expected number to be >=1'],
      [1001, 'Too big: expected number to be <=1000'],
      [1.5, 'Invalid input: expected int, received number'],
      ['2', 'Invalid input: expected number, received string'],
    ] as const) {
      const refused = await callTool(token, 'list_my_notes', { page });
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
        `Invalid arguments for list_my_notes: ✖ ${problem}\n  → at page`,
      );
    }
  });

  it('an argument a tool does not name is dropped, or refused by a strict tool', async () => {
    const { token } = await newUser('mcp-extra-arguments');
    const lenient = await callTool(token, 'list_my_notes', { page: 1, sort: 'newest' });
    expect(await lenient.json()).toMatchObject({
      id: 3,
      result: { content: [{ type: 'text', text: 'You have no notes yet.' }] },
    });
    const strict = await callTool(token, 'grammar_search', { keyword: 'x', sort: 'y' });
    expect(await strict.json()).toMatchObject({
      error: {
        code: -32602,
        message: 'Invalid arguments for grammar_search: ✖ Unrecognized keys: "keyword", "sort"',
      },
    });
  });
});
