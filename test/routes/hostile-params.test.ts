import { beforeAll, describe, expect, it } from 'vitest';
import { accessOf, rateLimitOf, ROUTES, type Operation, type Param } from '../../src/api/table';
import { call, newUser, parseXml } from '../support/http';

/**
 * Every parameter of every route, path and query, given a hostile value: the names every object
 * inherits (an index read as a plain object answers for them), one of them with a Hebrew point
 * (it passes the lemma's "Hebrew or Greek" check and is stripped to the bare name), and values
 * whose KV key would pass KV's 512 bytes. Each must answer in the requested format with a status
 * below 500; what it answers otherwise is each route's own test's business.
 */
const HOSTILE = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'constructor\u05b0',
  'a'.repeat(600),
  'ab'.repeat(240),
  '\u05d0'.repeat(260),
];

/** Values that make a route do its work (the required or leading parameter), so that the other parameters are read. */
const BASE: Record<string, string> = {
  keyword: 'love',
  'q[]': 'John 3:16',
  query: 'love',
  q: 'love',
};
/** Parameters that replace the base ones (`/verses`: a concordance instead of a keyword search). */
const INSTEAD_OF_KEYWORD = new Set(['strongs', 'lemma']);

function url(
  route: Operation,
  fuzzed: Param,
  value: string,
  format: 'xml' | 'js' | 'html',
): string {
  let path = route.path;
  for (const p of route.params ?? []) {
    if (p.in !== 'path') continue;
    path = path.replace(
      `{${p.name}}`,
      encodeURIComponent(p === fuzzed ? value : (p.example ?? 'x')).replace(/%2C/g, ','),
    );
  }
  const query = new URLSearchParams();
  for (const p of route.params ?? []) {
    if (p.in !== 'query') continue;
    if (p === fuzzed) query.append(p.name, value);
    else if (p.name in BASE && !(p.name === 'keyword' && INSTEAD_OF_KEYWORD.has(fuzzed.name)))
      query.append(p.name, BASE[p.name]);
  }
  const suffix = format === 'html' ? '' : `.${format}`;
  const search = query.toString();
  return `${path === '/' && suffix ? '' : path}${suffix}${search ? `?${search}` : ''}`;
}

async function expectAnswered(path: string, format: 'xml' | 'js' | 'html', token: string) {
  const res = await call(path, token, { redirect: 'manual' });
  const text = await res.text();
  expect(res.status, `${path}: ${text.slice(0, 200)}`).toBeLessThan(500);
  if (res.status === 302) {
    expect(res.headers.get('Location'), path).toBeTruthy();
    return;
  }
  const type = res.headers.get('Content-Type') ?? '';
  if (format === 'js') {
    expect(type, path).toMatch(/json/);
    expect(() => JSON.parse(text), path).not.toThrow();
  } else if (format === 'xml') {
    expect(type, path).toMatch(/xml/);
    expect(parseXml(text), path).toBeTruthy();
  } else {
    expect(type, path).toMatch(/html/);
  }
}

const fuzzed = ROUTES.filter(
  (r) =>
    r.method === 'get' &&
    accessOf(r) !== 'public' &&
    (r.params ?? []).some((p) => p.in !== 'header'),
);

describe('hostile values in every parameter of every route', () => {
  let reader: string;
  beforeAll(async () => {
    reader = (await newUser()).token;
  });

  for (const route of fuzzed) {
    for (const param of (route.params ?? []).filter((p) => p.in !== 'header')) {
      it(`GET ${route.path} with a hostile ${param.name}: below 500, in the requested format`, async () => {
        // A searching route counts each request against the caller's limit: an account of its own.
        const token = rateLimitOf(route) ? (await newUser()).token : reader;
        const formats = route.formats ?? ['xml', 'js', 'html'];
        for (const value of HOSTILE) {
          for (const format of formats) {
            // XML and JSON share everything but the renderer: XML for the prototype names alone.
            if (format === 'xml' && value.length > 20) continue;
            await expectAnswered(url(route, param, value, format), format, token);
          }
        }
      });
    }
  }
});

describe('a parameter given twice', () => {
  it('is a 400 that names it, on every route that reads it, but the references of the passages', async () => {
    const { token } = await newUser();
    for (const [path, name] of [
      ['/verses.js?tense=aorist&tense=present', 'tense'],
      ['/verses.js?keyword=love&book=Gen&book=Exod', 'book'],
      ['/verses.xml?strongs=G25&strongs=G26', 'strongs'],
      ['/verses?keyword=love&version=KJV&version=ASV', 'version'],
      ['/chapters/KJV:John.3/verses.js?start=1&start=2', 'start'],
      ['/chapters/KJV:John.3/cross-references.js?include=text&include=text', 'include'],
    ]) {
      const res = await call(path, token);
      expect(res.status, path).toBe(400);
      expect(await res.text(), path).toContain(`${name} is given more than once`);
    }
    // Several references are what a passage lookup takes.
    const passages = await call('/passages.js?q[]=John+3:16&q[]=Gen+1:1&version=KJV', token);
    expect(passages.status).toBe(200);
    // Without a token, the 401 comes first.
    expect((await call('/verses.js?tense=aorist&tense=present', null)).status).toBe(401);
  });
});

describe('an error that repeats the request', () => {
  it('writes a control or a bidirectional override of the query as its code, never as it is', async () => {
    const { token } = await newUser();
    const hostile = encodeURIComponent('x\u0000y\u202Ez\u2066');
    for (const path of [
      `/verses.js?tense=${hostile}`,
      `/verses.xml?tense=${hostile}`,
      `/verses?tense=${hostile}`,
      `/chapters/KJV:John.${hostile}.js`,
      `/chapters/KJV:John.${hostile}`,
      `/verses.xml?keyword=love&precision=${hostile}`,
    ]) {
      const res = await call(path, token);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      const text = await res.text();
      expect(text, path).not.toMatch(/[\u0000\u202E\u2066]/);
      // The messages that repeat the value show where its characters were.
      if (path.includes('tense')) expect(text, path).toMatch(/x\\+u0000y\\+u202Ez/);
    }
  });
});
