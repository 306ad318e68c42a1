import { beforeAll, describe, expect, it } from 'vitest';
import {
  accessOf,
  getOperationOf,
  honoPath,
  isPersonalPath,
  PUBLIC_PATHS,
  readsOthersPath,
  ROUTES,
  SNAPSHOT_READ_PATHS,
  type Operation,
} from '../../src/api/table';
import { call, newUser } from '../support/http';

// One table of route facts (src/api/table.ts). Every operation it lists is walked
// without a token and with one, under API versions 1 and 2, and must answer as its access says.

/** Values for the required query parameters the table names (and `keyword`, which `/verses` needs unless `strongs` is given). */
const QUERY: Record<string, string> = { keyword: 'love', 'q[]': 'John 3:16', query: 'John 3:16' };

function url(route: Operation, format: 'xml' | 'js' | null, version = ''): string {
  let path = route.path;
  for (const p of route.params ?? [])
    if (p.in === 'path')
      path = path.replace(`{${p.name}}`, encodeURIComponent(p.example ?? 'x').replace(/%2C/g, ','));
  const query = (route.params ?? [])
    .filter((p) => p.in === 'query' && (p.required || p.name in QUERY))
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(QUERY[p.name] ?? 'x')}`);
  const suffix = format ? `.${format}` : '';
  return `${version}${path === '/' && suffix ? '' : path}${suffix}${query.length ? `?${query.join('&')}` : ''}`;
}

/** The format a route is called in: its document when it has one, else its page or file. */
const formatOf = (route: Operation) =>
  accessOf(route) === 'public' || (route.formats && !route.formats.includes('xml')) ? null : 'xml';

const request = (route: Operation, token: string | null, version = '') =>
  call(url(route, formatOf(route), version), token, {
    method: route.method.toUpperCase(),
    redirect: 'manual',
    ...(route.method === 'get' ? {} : { headers: { 'Content-Type': 'application/xml' }, body: '' }),
  });

let token: string;
beforeAll(async () => {
  token = (await newUser()).token;
});

describe('the route table', () => {
  it('names the public paths the request middleware lets through: the description and the site’s assets, not the home page', () => {
    expect([...PUBLIC_PATHS].sort()).toEqual([
      '/assets/chapter-annotations.js',
      '/assets/fonts/gentium-plus-greek-400-normal.woff2',
      '/assets/fonts/gentium-plus-greek-ext-400-normal.woff2',
      '/assets/fonts/noto-serif-hebrew-hebrew-400-normal.woff2',
      '/assets/footnotes.js',
      '/assets/interlinear.js',
      '/assets/library.js',
      '/assets/moderation.js',
      '/assets/note-form.js',
      '/assets/report.js',
      '/assets/site.css',
      '/assets/tagger.js',
      '/docs',
      '/openapi.json',
    ]);
    expect(accessOf(ROUTES.find((r) => r.path === '/')!)).toBe('token');
  });

  for (const route of ROUTES) {
    const name = `${route.method.toUpperCase()} ${route.path}`;
    it(`${name} answers as its access (${accessOf(route)}) says, without a token and with one, in v1 and v2`, async () => {
      const access = accessOf(route);
      const anonymous = await request(route, null);
      if (access === 'public') {
        expect(anonymous.status, name).toBe(200);
        return;
      }
      expect(anonymous.status, name).toBe(401);
      expect(anonymous.headers.get('WWW-Authenticate'), name).toMatch(/^Basic /);
      const v1 = await request(route, token);
      const v2 = await request(route, token, '/v2');
      for (const res of [v1, v2]) expect([401, 500], name).not.toContain(res.status);
      if (access === 'personal') {
        expect(v2.status, `${name} under /v2`).toBe(404);
        expect(v1.headers.get('Cache-Control'), name).toBe('private, no-store');
      } else if (route.method === 'get') {
        expect(v1.status, name).toBe(route.status ?? 200);
        expect(v2.status, `${name} under /v2`).toBe(route.status ?? 200);
      }
      // The scripture cache runs on the snapshot's reads the table names, and on nothing else.
      // (A download answers its own ETag, its SHA-256: the table's `cache: 'own'`.)
      const cached = SNAPSHOT_READ_PATHS.includes(honoPath(route.path)) || route.cache === 'own';
      if (v1.status === 200)
        expect(
          v1.headers.get('ETag') !== null,
          `${name}: an ETag only on a read of the snapshot`,
        ).toBe(cached);
    });
  }

  it("reads a route path by the table's paths as patterns: a parameter is one segment, the rest is literal", () => {
    expect(getOperationOf('/verses/random')?.path).toBe('/verses/random');
    expect(getOperationOf('/verses/KJV:John.3.16')?.path).toBe('/verses/{verse_id}');
    expect(getOperationOf('/verses/KJV:John.3.16/extra')).toBeUndefined();
    // The dot of /openapi.json is a dot, not any character.
    expect(getOperationOf('/openapi.json')?.path).toBe('/openapi.json');
    expect(getOperationOf('/openapiXjson')).toBeUndefined();
    expect(isPersonalPath('/user')).toBe(true);
    expect(isPersonalPath('/user/notes')).toBe(true);
    expect(isPersonalPath('/username')).toBe(false);
    expect(isPersonalPath('/chapters/KJV:John.3/annotations')).toBe(true);
    expect(isPersonalPath('/chapters/KJV:John.3')).toBe(false);
    expect(readsOthersPath('/chapters/KJV:John.1/public-notes')).toBe(true);
    expect(readsOthersPath('/chapters/KJV:John.1')).toBe(false);
  });

  it('lets CORS preflights ask for every method the table has', async () => {
    const res = await call('/notes.js', null, {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'PUT' },
    });
    const allowed = (res.headers.get('Access-Control-Allow-Methods') ?? '')
      .split(',')
      .map((m) => m.trim());
    for (const method of new Set(ROUTES.map((r) => r.method.toUpperCase())))
      expect(allowed).toContain(method);
  });
});
