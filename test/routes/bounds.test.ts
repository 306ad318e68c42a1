import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  ANSWER_CEILING_BYTES,
  CHAPTER_ANSWER_BYTES,
  describedBounds,
  DOWNLOAD_ANSWER_BYTES,
  EXEMPT_ANSWERS,
  EXPORT_ANSWER_BYTES,
  IMPORT_BODY_BYTES,
  KV_READS,
  limiterKind,
  MCP_ANSWER_BYTES,
  NO_BODY,
  PAGE_ANSWER_BYTES,
  REFERENCES_BODY_BYTES,
  RESOURCE_ANSWER_BYTES,
  UNLIMITED,
  WRITE_BODY_BYTES,
  type Bounds,
} from '../../src/api/budgets';
import { MCP_BOUNDS } from '../../src/api/mcp';
import { schemas } from '../../src/api/schemas';
import { accessOf, ROUTES, type Operation } from '../../src/api/table';
import { RATE_LIMITS } from '../../src/http/rate-limits';
import { caseRouteOf, HEAVY_CASES } from '../../scripts/bench/heaviest';
import { call, newUser } from '../support/http';
import { forgetWhere } from '../../src/cache/isolate';
import { kvReadsOf } from '../../src/http/server-timing';
import { createNote, createTagging, JOHN_3_16 } from '../support/annotations';
import { makeModerator } from '../support/shards';

/**
 * The sweep: every operation of the route table, in every format it has, under the hostile input
 * the earlier batteries used (docs/configuration.md "Every route's rate limit, largest answer and body"), held to what it declares (src/api/budgets.ts):
 * no answer of 500 or more, none over its declared bytes, every body over its declared limit
 * refused with a 413, and no route without a limiter (or the reason it has none), an answer
 * budget and a body limit. A new route without them does not type-check; one whose answer outgrows
 * them fails here.
 */

type Format = 'xml' | 'js' | 'html' | null;

const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
const ANSWER_BUDGETS = new Set([
  MCP_ANSWER_BYTES,
  RESOURCE_ANSWER_BYTES,
  CHAPTER_ANSWER_BYTES,
  PAGE_ANSWER_BYTES,
  DOWNLOAD_ANSWER_BYTES,
  EXPORT_ANSWER_BYTES,
]);
const BODY_LIMITS = new Set([WRITE_BODY_BYTES, IMPORT_BODY_BYTES, REFERENCES_BODY_BYTES]);
const REASONS = new Set<string>(Object.values(UNLIMITED));

/** Query values a route needs to do its work (as the hostile-parameter test gives them). */
const BASE_QUERY: Record<string, string> = {
  keyword: 'love',
  'q[]': 'John 3:16',
  query: 'love',
  q: 'love',
};

/** The caller's own resources, so that a personal route reads something real. */
interface Owned {
  note: string;
  tagging: string;
  tag: string;
}

const name = (route: Operation) => `${route.method.toUpperCase()} ${route.path}`;

function pathOf(route: Operation, owned: Owned, override?: string): string {
  let path = route.path;
  for (const p of route.params ?? []) {
    if (p.in !== 'path') continue;
    const own: Record<string, string> = {
      note_id: owned.note,
      tagging_id: owned.tagging,
      tag: owned.tag,
      tag_name: owned.tag,
    };
    const value =
      override ?? (accessOf(route) === 'personal' ? own[p.name] : undefined) ?? p.example ?? 'x';
    path = path.replace(`{${p.name}}`, encodeURIComponent(value).replace(/%2C/g, ','));
  }
  return path;
}

function urlOf(route: Operation, format: Format, path: string, query: URLSearchParams): string {
  const suffix = format === null || format === 'html' ? '' : `.${format}`;
  const search = query.toString();
  return `${path === '/' && suffix ? '' : path}${suffix}${search ? `?${search}` : ''}`;
}

const queryNames = (route: Operation) =>
  (route.params ?? []).filter((p) => p.in === 'query').map((p) => p.name);

function baseQuery(route: Operation): URLSearchParams {
  const query = new URLSearchParams();
  for (const n of queryNames(route)) if (n in BASE_QUERY) query.append(n, BASE_QUERY[n]);
  return query;
}

/** The GET probes of one route in one format: the plain request, junk parameters, a 60 KB query, a long id. */
function getProbes(route: Operation, format: Format, owned: Owned): string[] {
  const path = pathOf(route, owned);
  const plain = baseQuery(route);
  const junk = baseQuery(route);
  for (const n of [...PROTOTYPE_NAMES, 'zz_unknown', 'zz_unknown']) junk.append(n, 'x');
  for (const n of queryNames(route)) for (const v of PROTOTYPE_NAMES.slice(0, 2)) junk.append(n, v);
  const long = baseQuery(route);
  const names = queryNames(route).length ? queryNames(route) : ['zz_unknown'];
  for (const n of names) long.append(n, 'a'.repeat(Math.floor(60_000 / names.length)));
  const probes = [urlOf(route, format, path, plain), urlOf(route, format, path, junk)];
  probes.push(urlOf(route, format, path, long));
  if ((route.params ?? []).some((p) => p.in === 'path'))
    probes.push(urlOf(route, format, pathOf(route, owned, 'a'.repeat(4_000)), plain));
  return probes;
}

/** The root key and fields of a route's body, from its schema (src/api/schemas.ts). */
function bodyShape(route: Operation): { root: string; fields: string[] } {
  const schema = schemas()[route.body ?? ''] as
    { properties?: Record<string, { properties?: Record<string, unknown> }> } | undefined;
  const root = Object.keys(schema?.properties ?? { x: {} })[0];
  return { root, fields: Object.keys(schema?.properties?.[root]?.properties ?? {}) };
}

/** Hostile JSON bodies: wrong shapes, prototype keys at every depth, deep and wide documents. */
function jsonBodies(route: Operation): string[] {
  const { root, fields } = bodyShape(route);
  const wrongFields = Object.fromEntries(fields.map((f) => [f, { nested: ['x'] }]));
  const wide = Object.fromEntries(Array.from({ length: 2_500 }, (_, i) => [`k${i}`, i]));
  return [
    '[]',
    '"a string"',
    '7',
    'null',
    '{}',
    JSON.stringify({ [root]: [] }),
    JSON.stringify({ [root]: 'a string' }),
    JSON.stringify({ [root]: wrongFields }),
    JSON.stringify({ [root]: Object.fromEntries(fields.map((f) => [f, ['a', 'b']])) }),
    ...PROTOTYPE_NAMES.map((n) => `{"${root}":{"${n}":{"${n}":"x"}}}`),
    `{"${root}":${'['.repeat(5_000)}${']'.repeat(5_000)}}`,
    JSON.stringify({ [root]: wide }),
    JSON.stringify(wide),
  ];
}

/** The same in XML, and a document type. */
function xmlBodies(route: Operation): string[] {
  const { root, fields } = bodyShape(route);
  return [
    `<${root}/>`,
    `<${root}>text</${root}>`,
    `<${root}>${fields.map((f) => `<${f}><nested>x</nested><nested>y</nested></${f}>`).join('')}</${root}>`,
    ...PROTOTYPE_NAMES.map((n) => `<${root}><${n}>x</${n}></${root}>`),
    `<${root}>${'<a>'.repeat(5_000)}${'</a>'.repeat(5_000)}</${root}>`,
    `<${root}>${Array.from({ length: 2_500 }, (_, i) => `<k${i}/>`).join('')}</${root}>`,
    `<!DOCTYPE ${root} [<!ENTITY a "aaaa">]><${root}>&a;</${root}>`,
    'not xml at all <',
  ];
}

/** A body one byte over `limit`, well formed up to where it is cut. */
const overLimit = (limit: number, format: 'xml' | 'js') =>
  format === 'xml' ? `<x>${'a'.repeat(limit + 1 - 7)}</x>` : `{"x":"${'a'.repeat(limit + 1 - 8)}"}`;

/**
 * A fresh account for each route (so that the sweep's own requests stay below every limit), with
 * a note and a tagging of its own for the personal routes to read and change; a moderator, for
 * the moderation routes. A DELETE is sent for what does not exist: the route's own tests delete.
 */
async function callerFor(route: Operation): Promise<{ token: string; owned: Owned }> {
  const account = await newUser('sweep');
  const none = { note: '999999999', tagging: '999999999', tag: 'no such tag' };
  if (accessOf(route) !== 'personal') return { token: account.token, owned: none };
  await makeModerator(account.id);
  if (route.method === 'delete') return { token: account.token, owned: none };
  const { note } = await createNote(account.token, { title: 'sweep', references: [JOHN_3_16] });
  const { tagging } = await createTagging(account.token, {
    name: 'sweep tag',
    references: [JOHN_3_16],
  });
  return {
    token: account.token,
    owned: { note: String(note.id), tagging: String(tagging.id), tag: 'sweep tag' },
  };
}

interface Answer {
  status: number;
  bytes: number;
  type: string;
  text: string;
  /** The KV reads it made (Server-Timing), the isolate's caches emptied before it; 0 without the entry. */
  kvReads: number;
}

/** One request, the isolate's caches (values, kept answers, tokens) emptied first: its reads are its own. */
async function ask(url: string, token: string | null, init: RequestInit = {}): Promise<Answer> {
  forgetWhere('', () => true);
  const res = await call(url, token, { redirect: 'manual', ...init });
  const body = new Uint8Array(await res.arrayBuffer());
  return {
    status: res.status,
    bytes: body.byteLength,
    type: res.headers.get('Content-Type') ?? '',
    text: new TextDecoder().decode(body.subarray(0, 300)),
    kvReads: kvReadsOf(res.headers.get('Server-Timing')) ?? 0,
  };
}

function expectWithin(route: Operation, what: string, answer: Answer, format: Format) {
  const label = `${name(route)} ${what}: ${answer.status} ${answer.text}`;
  expect(answer.status, label).toBeLessThan(500);
  expect(answer.bytes, `${label}: ${answer.bytes} bytes`).toBeLessThanOrEqual(
    route.bounds.answerBytes,
  );
  expect(answer.kvReads, `${label}: ${answer.kvReads} KV reads`).toBeLessThanOrEqual(
    route.bounds.kvReads,
  );
  if ([204, 301, 302, 304, 308].includes(answer.status) || format === null) return;
  const expected = format === 'html' ? /html/ : format === 'js' ? /json/ : /xml/;
  expect(answer.type, label).toMatch(expected);
}

describe('every route declares its bounds', () => {
  it('a limiter or the reason for none, an answer budget and a body limit, each a named constant', () => {
    const mcp = { method: 'post', path: '/mcp', bounds: MCP_BOUNDS } as Operation;
    for (const route of [...ROUTES, mcp]) {
      const b: Bounds = route.bounds;
      const label = name(route);
      expect(b, label).toBeTruthy();
      const limiter = b.limiter.kind === 'none' ? b.limiter.why : b.limiter.kind;
      expect(limiter in RATE_LIMITS || REASONS.has(limiter), `${label}: ${limiter}`).toBe(true);
      for (const kind of Object.keys(b.alsoCounts ?? {}))
        expect(kind in RATE_LIMITS, `${label}: ${kind}`).toBe(true);
      expect(ANSWER_BUDGETS.has(b.answerBytes), `${label}: ${b.answerBytes}`).toBe(true);
      if (b.answerBytes > ANSWER_CEILING_BYTES)
        expect(EXEMPT_ANSWERS.has(b.answerBytes), `${label} over 1 MiB`).toBe(true);
      if (route.method === 'get' || route.method === 'delete')
        expect(b.bodyBytes, `${label} reads no body`).toBe(NO_BODY);
      else expect(BODY_LIMITS.has(b.bodyBytes), `${label}: ${b.bodyBytes}`).toBe(true);
      expect(Object.values(KV_READS) as number[], `${label}: ${b.kvReads} KV reads`).toContain(
        b.kvReads,
      );
    }
  });

  it('the OpenAPI description gives each operation its bounds (x-bounds)', async () => {
    const doc = (await (await call('/openapi.json', null)).json()) as {
      paths: Record<string, Record<string, { 'x-bounds'?: unknown }>>;
    };
    for (const route of ROUTES) {
      const entry = Object.entries(doc.paths).find(
        ([path]) => path === route.path || path === `${route.path}.{format}`,
      );
      expect(entry?.[1][route.method]?.['x-bounds'], name(route)).toEqual(
        describedBounds(route.bounds),
      );
    }
  });

  it('every limiter a route names has its binding in the configuration', () => {
    for (const route of ROUTES) {
      const kinds = [limiterKind(route.bounds), ...Object.keys(route.bounds.alsoCounts ?? {})];
      for (const kind of kinds.filter((k) => k !== undefined && k in RATE_LIMITS)) {
        const binding = RATE_LIMITS[kind as keyof typeof RATE_LIMITS].binding;
        expect((env as unknown as Record<string, unknown>)[binding], binding).toBeTruthy();
      }
    }
  });
});

describe('the sweep: hostile input on every route, within its bounds', () => {
  for (const route of ROUTES) {
    const formats: Format[] =
      accessOf(route) === 'public' ? [null] : (route.formats ?? ['xml', 'js', 'html']);
    if (route.method === 'get' || route.method === 'delete') {
      it(`${name(route)}: junk, repeated and prototype-named parameters, a 60 KB query, a long id, HEAD and OPTIONS`, async () => {
        const { token, owned } = await callerFor(route);
        const method = route.method.toUpperCase();
        for (const format of formats)
          for (const url of getProbes(route, format, owned))
            expectWithin(route, url.slice(0, 120), await ask(url, token, { method }), format);
        if (route.method !== 'get') return;
        const plain = urlOf(route, formats[0], pathOf(route, owned), baseQuery(route));
        const head = await ask(plain, token, { method: 'HEAD' });
        expect(head.status, `HEAD ${plain}`).toBeLessThan(500);
        expect(head.bytes, `HEAD ${plain} has no body`).toBe(0);
        const preflight = await ask(plain, null, {
          method: 'OPTIONS',
          headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': method },
        });
        expect(preflight.status, `OPTIONS ${plain}`).toBeLessThan(300);
      });
    } else {
      it(`${name(route)}: wrong shapes, prototype keys, deep and wide bodies, a document type, and one byte over its limit`, async () => {
        const { token, owned } = await callerFor(route);
        const method = route.method.toUpperCase();
        const path = pathOf(route, owned);
        for (const format of ['xml', 'js'] as const) {
          const url = urlOf(route, format, path, new URLSearchParams());
          const contentType = format === 'xml' ? 'application/xml' : 'application/json';
          for (const body of format === 'xml' ? xmlBodies(route) : jsonBodies(route)) {
            const answer = await ask(url, token, {
              method,
              headers: { 'Content-Type': contentType },
              body,
            });
            expectWithin(route, `${url} ${body.slice(0, 60)}`, answer, format);
            expect(answer.status, `${name(route)} ${body.slice(0, 60)}`).not.toBe(500);
          }
          const over = await ask(url, token, {
            method,
            headers: { 'Content-Type': contentType },
            body: overLimit(route.bounds.bodyBytes, format),
          });
          expect(over.status, `${name(route)}: one byte over ${route.bounds.bodyBytes}`).toBe(413);
          expectWithin(route, 'one byte over its limit', over, format);
        }
      });
    }
  }
});

describe("the heaviest known input of every route (the bench's cases, scripts/bench/heaviest.ts)", () => {
  it('names a case for every route of the table', () => {
    const covered = new Set(HEAVY_CASES.map((c) => c.route));
    for (const route of ROUTES)
      expect(covered.has(caseRouteOf(route.method, route.path)), name(route)).toBe(true);
  });

  const budgets = new Map(ROUTES.map((r) => [caseRouteOf(r.method, r.path), r]));
  budgets.set('POST /mcp', {
    method: 'post',
    path: '/mcp',
    bounds: MCP_BOUNDS,
    summary: 'MCP',
    tag: 'Service',
  });
  for (const heavy of HEAVY_CASES.filter((c) => budgets.has(c.route))) {
    it(`${heavy.route}, ${heavy.name}: below 500 and within its budget and KV reads on the fixture`, async () => {
      const route = budgets.get(heavy.route)!;
      const { token } = await callerFor(route);
      // The case's path and the first of the inputs its rounds go through.
      for (const path of [heavy.path, ...(heavy.rotate ?? []).slice(0, 1)]) {
        const answer = await ask(path, token, {
          method: heavy.method ?? 'GET',
          ...(heavy.body
            ? {
                headers: {
                  'Content-Type': 'application/json',
                  Accept: 'application/json, text/event-stream',
                },
                body: heavy.body,
              }
            : {}),
        });
        expect(answer.status, `${path}: ${answer.text}`).toBeLessThan(500);
        expect(answer.bytes, path).toBeLessThanOrEqual(route.bounds.answerBytes);
        expect(answer.kvReads, `${path}: KV reads`).toBeLessThanOrEqual(route.bounds.kvReads);
      }
    });
  }
});

describe('the sweep at /mcp: its one JSON-RPC message, bounded as every body', () => {
  const rpc = (method: string, params: unknown) =>
    JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
  const bodies = [
    '[]',
    '"a string"',
    '7',
    'null',
    '{}',
    JSON.stringify([JSON.parse(rpc('ping', {})), JSON.parse(rpc('ping', {}))]),
    rpc('tools/list', Object.fromEntries(Array.from({ length: 2_500 }, (_, i) => [`k${i}`, i]))),
    `{"jsonrpc":"2.0","id":1,"method":"ping","params":${'['.repeat(5_000)}${']'.repeat(5_000)}}`,
    ...PROTOTYPE_NAMES.map((n) => `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"${n}":1}}`),
    rpc('tools/call', { name: 'lookup_passage', arguments: ['Psalm 119'] }),
    rpc('tools/call', { name: 'no_such_tool', arguments: {} }),
    rpc('tools/call', { name: 'list_my_notes', arguments: { limit: 'all', __x: 'y' } }),
    rpc('tools/call', { name: 'grammar_search', arguments: { pos: 'x'.repeat(60_000) } }),
    rpc('tools/call', {
      name: 'grammar_search',
      arguments: { pos: 'noun', version: 'WLC,TR,KJV' },
    }),
    rpc('resources/templates/list', {}),
    rpc('resources/list', { cursor: '9'.repeat(60_000) }),
    rpc('resources/list', { cursor: { __proto__: 1 } }),
    rpc('resources/read', { uri: `scripture://chapters/${'K'.repeat(60_000)}` }),
    rpc('resources/read', { uri: 'scripture://chapters/KJV:Ps.119' }),
    rpc('resources/read', { uri: ['scripture://chapters/KJV:Ps.119'] }),
    'not json at all {',
  ];
  it('answers each below 500, within MCP_BOUNDS, refusing one byte over its body limit with a 413', async () => {
    const { token } = await newUser('sweep');
    const headers = {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
    };
    for (const body of bodies) {
      const answer = await ask('/mcp', token, { method: 'POST', headers, body });
      expect(answer.status, `${body.slice(0, 60)}: ${answer.text}`).toBeLessThan(500);
      expect(answer.bytes, body.slice(0, 60)).toBeLessThanOrEqual(MCP_BOUNDS.answerBytes);
      expect(answer.kvReads, body.slice(0, 60)).toBeLessThanOrEqual(MCP_BOUNDS.kvReads);
    }
    const over = await ask('/mcp', token, {
      method: 'POST',
      headers,
      body: overLimit(MCP_BOUNDS.bodyBytes, 'js'),
    });
    expect(over.status).toBe(413);
    for (const method of ['GET', 'HEAD', 'DELETE', 'PUT']) {
      const other = await ask('/mcp', token, { method });
      expect(other.status, method).toBeLessThan(500);
    }
  });
});
