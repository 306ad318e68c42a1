import { describe, expect, it } from 'vitest';
import { MCP_PATH } from '../../src/api/mcp';
import { call, newUser } from '../support/http';
import { accountDb } from '../support/shards';

/**
 * Unicode direction controls in a note's title (src/annotations/personal/input.ts textField `name`) are
 * refused on every path that writes one: POST /notes, PUT /notes/{id}, and MCP add_note.
 */

const CONTROLS = ['\u202e', '\u202a', '\u2066', '\u2069'];
const GEN_1_1 = { start: 'KJV:Gen.1.1', end: 'KJV:Gen.1.1' };

function json(method: string, path: string, token: string, body: unknown): Promise<Response> {
  return call(path, token, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function titles(userId: number): Promise<string[]> {
  const { results } = await (
    await accountDb(userId)
  )
    .prepare('SELECT title FROM notes WHERE user_id = ?')
    .bind(userId)
    .all<{ title: string }>();
  return results.map((r) => r.title);
}

describe('direction controls in a note title', () => {
  it('POST /notes and PUT /notes/{id}: 422 naming them, and the note unchanged', async () => {
    const { id, token } = await newUser('dir-rest');
    const created = await json('POST', '/notes.js', token, {
      note: { title: 'faith', references: [GEN_1_1] },
    });
    expect(created.status).toBe(201);
    const noteId = ((await created.json()) as any).notes.note[0].id;
    for (const control of CONTROLS) {
      const title = `${control}htiaf`;
      for (const [method, path] of [
        ['POST', '/notes.js'],
        ['PUT', `/notes/${noteId}.js`],
      ]) {
        const res = await json(method, path, token, { note: { title, references: [GEN_1_1] } });
        expect(res.status, `${method} ${path}`).toBe(422);
        expect(await res.text()).toContain('direction controls');
      }
    }
    expect(await titles(id)).toEqual(['faith']);
  });

  it('MCP add_note: the call refused, saying why, and nothing written', async () => {
    const { id, token } = await newUser('dir-mcp');
    for (const control of CONTROLS) {
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
          params: {
            name: 'add_note',
            arguments: { title: `${control}htiaf`, references: ['Gen 1:1'] },
          },
        }),
      });
      expect(res.status).toBe(200);
      expect(JSON.stringify(await res.json())).toContain('direction controls');
    }
    expect(await titles(id)).toEqual([]);
  });
});
