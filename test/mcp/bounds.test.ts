import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { MCP_BOUNDS, MCP_MAX_BODY_VALUES, MCP_PATH } from '../../src/api/mcp';
import { LIMITS } from '../../src/annotations/personal/input';
import { NOTES_PAGE } from '../../src/mcp/tools/notes';
import { fitAnswer } from '../../src/mcp/text';
import { call, newUser } from '../support/http';

/**
 * What one request to /mcp may cost (docs/mcp.md "Limits"): its body bounded as every body is
 * before the MCP server reads it, every request counted, batches refused, the answer bounded, and
 * arguments that are not an object refused as invalid params.
 */

const HEADERS = {
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
};

/** A raw POST to /mcp with a Bearer token, as a client that is not the SDK's sends it. */
function post(token: string, body: BodyInit): Promise<Response> {
  return call(MCP_PATH, null, {
    method: 'POST',
    body,
    headers: { ...HEADERS, Authorization: `Bearer ${token}` },
  });
}

const rpc = (id: number, method: string, params?: unknown) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });

/** `{"k0":0,"k1":0,…}` with `n` keys. */
function wideObject(n: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (let i = 0; i < n; i++) out[`k${i}`] = 0;
  return out;
}

async function jsonRpcError(res: Response) {
  const body = (await res.json()) as {
    jsonrpc: string;
    id: unknown;
    error: { code: number; message: string };
  };
  expect(body.jsonrpc).toBe('2.0');
  return body;
}

describe('MCP bodies: bounded as every body is, before the MCP server reads them', () => {
  it('a ping with 350,000 keys in params: 413 from Content-Length, the MCP server never reached', async () => {
    const { token } = await newUser('mcp-wide');
    const body = rpc(1, 'ping', wideObject(350_000));
    expect(body.length).toBeGreaterThan(4 * 1024 * 1024 - 1024 * 1024);
    const started = Date.now();
    const res = await post(token, body);
    expect(res.status).toBe(413);
    const { error, id } = await jsonRpcError(res);
    expect(id).toBeNull();
    expect(error).toEqual({
      code: -32000,
      message: `Request body is larger than ${MCP_BOUNDS.bodyBytes} bytes`,
    });
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    // The SDK's transport, which served /mcp first, spent 1.2-2.9 s of CPU on it; refused from the header it is milliseconds (a
    // generous ceiling: the machine is shared).
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('a body over the limit without Content-Length is refused too, counted as it streams', async () => {
    const { token } = await newUser('mcp-stream');
    const chunk = new TextEncoder().encode(' '.repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 8) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await post(token, stream);
    expect(res.status).toBe(413);
  });

  it('within the bytes, more keys and values than the bound: 413, for a notification too', async () => {
    const { token } = await newUser('mcp-values');
    for (const body of [
      rpc(2, 'tools/list', wideObject(MCP_MAX_BODY_VALUES + 1)),
      JSON.stringify({
        jsonrpc: '2.0',
        method: 'notifications/initialized',
        params: { many: Array.from({ length: 5_000 }, () => 0) },
      }),
    ]) {
      expect(body.length).toBeLessThan(MCP_BOUNDS.bodyBytes);
      const res = await post(token, body);
      expect(res.status).toBe(413);
      expect((await jsonRpcError(res)).error).toEqual({
        code: -32000,
        message: `Request body holds more than ${MCP_MAX_BODY_VALUES} keys and values`,
      });
    }
    // At the bound, the message reaches the server: a ping is answered.
    const res = await post(token, rpc(3, 'ping', wideObject(MCP_MAX_BODY_VALUES - 10)));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
  });

  it('nested deeper than every body may be, or a reserved key name, or not UTF-8: 400, invalid request', async () => {
    const { token } = await newUser('mcp-shape');
    const deep = `{"jsonrpc":"2.0","id":4,"method":"ping","params":{"a":${'['.repeat(40)}${']'.repeat(40)}}}`;
    const cases: [BodyInit, RegExp][] = [
      [deep, /nested deeper than 32 levels/],
      ['{"jsonrpc":"2.0","id":5,"method":"ping","params":{"__proto__":{"x":1}}}', /__proto__/],
      [rpc(6, 'tools/list', { _meta: { constructor: 1 } }), /name constructor is not allowed/],
      [new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), /not valid UTF-8/],
    ];
    for (const [body, message] of cases) {
      const res = await post(token, body);
      expect(res.status).toBe(400);
      const { error } = await jsonRpcError(res);
      expect(error.code).toBe(-32600);
      expect(error.message).toMatch(message);
    }
    // Not JSON at all is still JSON-RPC's parse error.
    const res = await post(token, '{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(res.status).toBe(400);
    expect((await jsonRpcError(res)).error.code).toBe(-32700);
  });
});

describe('MCP: every request counts against the MCP limit', () => {
  it('pings, lists and reading tools alike, until a 429 in JSON-RPC shape with Retry-After', async () => {
    const limit = env.TEST_RATE_LIMITS.MCP_LIMITER.simple.limit;
    const { token } = await newUser('mcp-limit');
    const answers: Response[] = [];
    // The limiter's windows are fixed: one may start again between two requests, so the refusal
    // may come a window later; it comes.
    while (answers.length <= 2 * limit + 2 && answers.at(-1)?.status !== 429) {
      const n = answers.length;
      const body =
        n % 3 === 0
          ? rpc(n, 'ping')
          : n % 3 === 1
            ? rpc(n, 'tools/call', { name: 'lookup_passage', arguments: { reference: 'John 1:1' } })
            : rpc(n, 'tools/list');
      answers.push(await post(token, body));
    }
    expect(answers[0].status).toBe(200);
    const refused = answers.at(-1)!;
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('60');
    expect((await jsonRpcError(refused)).error).toEqual({
      code: -32000,
      message:
        'Rate limit reached for MCP requests (every POST /mcp: tool calls, lists, pings, notifications): try again in 60 seconds',
    });
    // Another account is not held back.
    const other = await newUser('mcp-limit-other');
    expect((await post(other.token, rpc(1, 'ping'))).status).toBe(200);
  });
});

describe('MCP: a reading tool counts as the route it stands for', () => {
  it('lookup_passage over two chapters shares the passage limit with GET /passages', async () => {
    const limit = env.TEST_RATE_LIMITS.PASSAGE_LIMITER.simple.limit;
    const { token } = await newUser('mcp-passage');
    for (let i = 0; i < limit - 1; i++) {
      const res = await call('/passages.js?q[]=Gen+1-2&version=KJV', token);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    // Fixed windows: the refusal may come a window later, but it comes, in the API's words.
    const answers: string[] = [];
    while (answers.length <= limit + 1 && !answers.at(-1)?.includes('Rate limit')) {
      const res = await post(
        token,
        rpc(answers.length, 'tools/call', {
          name: 'lookup_passage',
          arguments: { reference: 'Gen 1-2' },
        }),
      );
      answers.push(JSON.stringify(await res.json()));
    }
    expect(answers[0]).toContain('Genesis 1');
    expect(answers.at(-1)).toContain(
      'Rate limit reached for reads of passages longer than one chapter',
    );
    expect(answers.length).toBeLessThan(limit);
  });
});

describe('MCP batches are refused', () => {
  it('a batch of tool calls: 400, invalid request, nothing run', async () => {
    const { token } = await newUser('mcp-batch');
    const call1 = JSON.parse(
      rpc(1, 'tools/call', {
        name: 'add_note',
        arguments: { title: 'b', references: ['Gen 1:1'] },
      }),
    );
    const res = await post(token, JSON.stringify([call1, { ...call1, id: 2 }]));
    expect(res.status).toBe(400);
    expect((await jsonRpcError(res)).error).toEqual({
      code: -32600,
      message:
        'Batches are not accepted: send one JSON-RPC message per request (MCP 2025-06-18 removed JSON-RPC batching)',
    });
    const list = await post(token, rpc(3, 'tools/call', { name: 'list_my_notes', arguments: {} }));
    expect(JSON.stringify(await list.json())).toContain('You have no notes yet.');
  });

  it('a batch of one message is a batch too: refused, and its call (with bad arguments) never run', async () => {
    const { token } = await newUser('mcp-batch');
    for (const message of [
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      // Arguments a lone message would have refused with -32602: the batch is refused first.
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'add_note', arguments: [] } },
      JSON.parse(
        rpc(3, 'tools/call', {
          name: 'add_note',
          arguments: { title: 'one', references: ['Gen 1:1'] },
        }),
      ),
    ]) {
      const res = await post(token, JSON.stringify([message]));
      expect(res.status).toBe(400);
      expect((await jsonRpcError(res)).error.code).toBe(-32600);
    }
    const list = await post(token, rpc(4, 'tools/call', { name: 'list_my_notes', arguments: {} }));
    expect(JSON.stringify(await list.json())).toContain('You have no notes yet.');
  });
});

describe('MCP tools/call arguments that are not an object', () => {
  it('an array, a string, a number, null: invalid params (-32602) that say so', async () => {
    const { token } = await newUser('mcp-args');
    for (const [args, what] of [
      [['John 3:16'], 'an array'],
      ['John 3:16', 'a string'],
      [316, 'a number'],
      [null, 'null'],
    ] as const) {
      const res = await post(
        token,
        rpc(9, 'tools/call', { name: 'lookup_passage', arguments: args }),
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        jsonrpc: '2.0',
        id: 9,
        error: {
          code: -32602,
          message: `Invalid arguments for lookup_passage: arguments must be an object of named arguments, not ${what}`,
        },
      });
    }
  });
});

describe('MCP answers are bounded', () => {
  it("the heaviest answer, a full page of list_my_notes at every field's limit, stays under the bound", async () => {
    const { token } = await newUser('mcp-heavy');
    // Each note: the longest title of four-byte characters, 100 references that are ranges,
    // content of characters JSON escapes (tab: two bytes) and four-byte ones.
    const references = Array.from({ length: LIMITS.references }, (_, i) => ({
      start: `KJV:Ps.119.${i + 1}`,
      end: `KJV:Ps.119.${i + 70}`,
    }));
    for (let n = 0; n < NOTES_PAGE; n++) {
      const res = await call('/notes.js', token, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          note: {
            title: '😀'.repeat(LIMITS.title),
            content: '\t😀'.repeat(LIMITS.content / 2),
            references: { reference: references },
          },
        }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
    }
    // The answer repeats the request's id: the longest the body can carry.
    const id = 'i'.repeat(MCP_BOUNDS.bodyBytes - 200);
    const res = await post(
      token,
      JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'list_my_notes', arguments: {} },
      }),
    );
    expect(res.status).toBe(200);
    const answer = await res.text();
    const bytes = new TextEncoder().encode(answer).byteLength;
    expect(answer).not.toContain('(cut:');
    expect(answer).toContain(`Note `);
    expect(answer).toContain(id);
    expect(bytes).toBeGreaterThan(MCP_BOUNDS.answerBytes / 4);
    expect(bytes).toBeLessThanOrEqual(MCP_BOUNDS.answerBytes);
  });

  it('a tool text larger than the bound is cut to fit, with room for an id as long as a body; one that fits is unchanged', () => {
    // What the answer leaves for the tool's text: the bound, less the longest request id and 4 KiB.
    const room = MCP_BOUNDS.answerBytes - MCP_BOUNDS.bodyBytes - 4 * 1024;
    for (const [unit, bytes] of [
      ['a', 1],
      ['"', 2],
      ['\u0001', 6],
      ['😀', 4],
    ] as const) {
      const text = unit.repeat(Math.ceil((2 * MCP_BOUNDS.answerBytes) / bytes));
      const cutText = fitAnswer(text);
      const cutBytes = new TextEncoder().encode(JSON.stringify(cutText)).byteLength;
      expect(cutBytes, JSON.stringify(unit)).toBeLessThanOrEqual(room);
      expect(cutBytes, JSON.stringify(unit)).toBeGreaterThan(room * 0.9);
      expect(cutText).toMatch(/\n\(cut: an answer carries at most 262144 bytes\)$/);
      expect(cutText).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    }
    const fits = 'a'.repeat(room - 2);
    expect(fitAnswer(fits)).toBe(fits);
  });
});
