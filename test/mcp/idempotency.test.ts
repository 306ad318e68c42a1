import { describe, expect, it } from 'vitest';
import { MCP_PATH } from '../../src/api/mcp';
import { countRows } from '../support/annotations';
import { call, newUser } from '../support/http';

/**
 * The MCP tools that write take an `idempotency_key` (docs/mcp.md, docs/sync.md): the same call
 * again answers as the first did and stores nothing new; the key with other arguments is refused.
 */

async function toolCall(token: string, name: string, args: Record<string, unknown>) {
  const res = await call(MCP_PATH, null, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name, arguments: args },
    }),
  });
  expect(res.status).toBe(200);
  const body = await res.json<{ result: { content: { text: string }[]; isError?: boolean } }>();
  return { text: body.result.content.map((c) => c.text).join(''), isError: !!body.result.isError };
}

describe('MCP: idempotency_key on the tools that write', () => {
  it('add_note called twice with one key stores one note and answers the first result again', async () => {
    const { id, token } = await newUser('mcp-key');
    const args = { title: 'once', references: ['John 3:16'], idempotency_key: 'call-1' };
    const first = await toolCall(token, 'add_note', args);
    expect(first.isError).toBe(false);
    const again = await toolCall(token, 'add_note', args);
    expect(again.isError).toBe(false);
    expect(again.text.startsWith(first.text)).toBe(true);
    expect(again.text).toContain('answered before');
    expect(await countRows('notes', 'user_id = ?', id)).toBe(1);
    // The same key with other arguments: refused, nothing stored.
    const other = await toolCall(token, 'add_note', { ...args, title: 'twice' });
    expect(other.isError).toBe(true);
    expect(other.text).toContain('used with another call');
    expect(await countRows('notes', 'user_id = ?', id)).toBe(1);
  });

  it('tag_verses with one key stores one tagging; a failed call keeps nothing, so its retry runs', async () => {
    const { id, token } = await newUser('mcp-key');
    const bad = await toolCall(token, 'tag_verses', {
      tag: 'x',
      references: ['Nowhere 1:1'],
      idempotency_key: 'tag-1',
    });
    expect(bad.isError).toBe(true);
    // The failed call kept nothing: its key is free for the call as it should have been.
    const args = { tag: 'kept', references: ['Ps 23:1'], idempotency_key: 'tag-1' };
    expect((await toolCall(token, 'tag_verses', args)).text).toContain('Tagged');
    expect((await toolCall(token, 'tag_verses', args)).text).toContain('Tagged');
    expect(await countRows('taggings', 'user_id = ?', id)).toBe(1);
  });
});
