import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createScriptureClient } from '../../clients/typescript/src/index';
import { ROUTES, type Operation } from '../../src/api/table';
import { documentedPath } from '../../src/openapi/document';
import worker from '../../src/index';
import { BASE, call, newUser } from '../support/http';
import { makeModerator } from '../support/shards';

/**
 * The typed client (clients/typescript) against the Worker in the Workers runtime: every operation
 * of the route table called through it at least once (the OpenAPI document it is generated from
 * lists the same operations), and typed calls whose fields are read as the types say.
 */
let token: string;
const client = () =>
  createScriptureClient({
    baseUrl: BASE,
    token,
    fetch: async (request: Request) => {
      const ctx = createExecutionContext();
      const res = await worker.fetch(request, env, ctx);
      await waitOnExecutionContext(ctx);
      return res;
    },
  });

/** A parameter's value for the call: its example, or what the call needs (ids made by earlier calls). */
const made: Record<string, string> = {};
const REQUIRED_QUERY: Record<string, string> = {
  'q[]': 'John 3:16',
  query: 'John 3:16',
};
/** Bodies of the writes, as JSON (docs/annotations.md). */
function bodyOf(op: Operation): unknown {
  const refs = [{ start: 'KJV:John.3.16', end: 'KJV:John.3.16' }];
  switch (`${op.method} ${op.path}`) {
    case 'put /user':
      return { user: { first_name: 'Ruth' } };
    case 'post /user/import':
      return JSON.parse(made.export!);
    case 'post /user/taggings':
      return { tagging: { tag: { name: 'faith' }, references: refs } };
    case 'put /taggings/{tagging_id}':
      return { tagging: { tag: { name: 'good news' }, references: refs } };
    case 'post /user/notes':
    case 'post /notes':
      return { note: { title: 'From the typed client', content: 'x', references: refs } };
    case 'put /notes/{note_id}':
      return { note: { title: 'Changed', content: 'y' } };
    case 'post /references':
      return { texts: { text: ['As John 3:16 says'] } };
    case 'post /notes/{note_id}/reports':
      return { report: { reason: 'From the typed client' } };
    case 'put /moderation/notes/{note_id}':
      return { moderation: { action: 'approve', reason: 'From the typed client' } };
    default:
      return undefined;
  }
}
function pathParams(op: Operation): Record<string, string> {
  const params: Record<string, string> = {};
  // Reports and moderation act on another account's public note (one's own cannot be reported).
  const others = op.path.endsWith('/reports') || op.path.startsWith('/moderation/');
  for (const p of op.params ?? [])
    if (p.in === 'path')
      params[p.name] =
        (p.name === 'note_id' && others && made.publicNote) ||
        (p.name === 'note_id' && made.note) ||
        (p.name === 'tagging_id' && made.tagging) ||
        (p.name === 'tag' && (op.method === 'delete' ? 'to delete a' : 'good news')) ||
        (p.name === 'tag_name' && (op.method === 'delete' ? 'to delete b' : 'good news')) ||
        p.example!;
  if (documentedPath(op).endsWith('.{format}')) params.format = 'js';
  return params;
}
/** Queries an operation needs that no single parameter is required for (one of several). */
const NEEDED_QUERY: Record<string, Record<string, string>> = {
  'get /verses': { keyword: 'love' },
};
function queryParams(op: Operation): Record<string, string> | undefined {
  const query = Object.fromEntries(
    (op.params ?? [])
      .filter((p) => p.in === 'query' && p.required)
      .map((p) => [p.name, REQUIRED_QUERY[p.name] ?? p.example!]),
  );
  Object.assign(query, NEEDED_QUERY[`${op.method} ${op.path}`]);
  return Object.keys(query).length ? query : undefined;
}

/** Writes first (they make the ids), reads, then the deletes; the export before the import. */
const ORDER = (op: Operation) =>
  op.path === '/user/export'
    ? 0
    : op.method === 'post' || op.method === 'put'
      ? 1
      : op.method === 'delete'
        ? 3
        : 2;

describe('the typed client (clients/typescript)', () => {
  beforeAll(async () => {
    const user = await newUser('typed-client');
    ({ token } = user);
    // A moderator (the /moderation operations), and another account's public note to report.
    await makeModerator(user.id);
    const author = await newUser('typed-client-author');
    const published = await call('/notes.js', author.token, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        note: {
          title: 'To report',
          public: 1,
          references: { reference: [{ start: 'KJV:John.3.16', end: 'KJV:John.3.16' }] },
        },
      }),
    });
    made.publicNote = String(((await published.json()) as any).notes.note[0].id);
  });

  it('calls every operation of the route table, each answered without an error', async () => {
    const api = client();
    const called = new Set<string>();
    const ops = [...ROUTES].sort((a, b) => ORDER(a) - ORDER(b));
    for (const op of ops) {
      // A delete of a tag removes it: each has a tag of its own, tagged just before.
      if (
        op.method === 'delete' &&
        (op.path === '/tags/{tag}' || op.path === '/user/taggings/{tag_name}')
      ) {
        const tagged = await api.POST('/user/taggings.{format}', {
          params: { path: { format: 'js' } },
          body: {
            tagging: {
              tag: { name: op.path === '/tags/{tag}' ? 'to delete a' : 'to delete b' },
              references: [{ start: 'KJV:John.3.16', end: 'KJV:John.3.16' }],
            },
          } as never,
        });
        expect(tagged.response.status).toBe(201);
      }
      const path = documentedPath(op);
      const body = bodyOf(op);
      const hasFormat = path.endsWith('.{format}');
      const { response, data, error } = await api.request(
        op.method,
        path as never,
        {
          params: { path: pathParams(op), query: queryParams(op) },
          ...(body !== undefined ? { body } : {}),
          parseAs: hasFormat ? 'json' : 'text',
        } as never,
      );
      const where = `${op.method.toUpperCase()} ${path}`;
      expect(response.status, `${where}: ${JSON.stringify(error)}`).toBeLessThan(400);
      if (op.path === '/user/export') made.export = JSON.stringify(data);
      if (op.method === 'post' && op.path.endsWith('notes'))
        made.note ??= String((data as any).notes.note[0].id);
      if (op.method === 'post' && op.path === '/user/taggings')
        made.tagging = String((data as any).taggings.tagging[0].id);
      called.add(`${op.method} ${op.path}`);
    }
    expect(called.size).toBe(ROUTES.length);
  });

  it('reads responses as their types say', async () => {
    const api = client();
    const verse = await api.GET('/verses/{verse_id}.{format}', {
      params: { path: { verse_id: 'KJV:John.3.16', format: 'js' } },
    });
    expect(verse.error).toBeUndefined();
    const v = verse.data!.verses.verse[0]!;
    expect(v.reference).toBe('John 3:16');
    expect(v.text).toMatch(/For God so loved the world/);
    const notes = await api.GET('/verses/{verse_id}/footnotes.{format}', {
      params: { path: { verse_id: 'KJV:Gen.1.11', format: 'js' } },
    });
    expect(notes.data!.footnotes.verse[0]!.note[0]!.anchor).toBe('grass');
    const missing = await api.GET('/verses/{verse_id}.{format}', {
      params: { path: { verse_id: 'KJV:John.3.99', format: 'js' } },
    });
    expect(missing.response.status).toBe(404);
    expect(missing.data).toBeUndefined();
    const created = await api.POST('/notes.{format}', {
      params: { path: { format: 'js' } },
      body: {
        note: { title: 'typed', references: [{ start: 'KJV:John.3.16', end: 'KJV:John.3.16' }] },
      } as never,
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
  });
});
