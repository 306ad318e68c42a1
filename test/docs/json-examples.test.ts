import { beforeAll, describe, expect, it } from 'vitest';
import doc from '../../docs/json.md?raw';
import { call, newUser } from '../support/http';

/**
 * docs/json.md "Examples" against real responses (the docs match the service). The
 * page is inlined when Vite transforms this file (`?raw`), so nothing is read at run time and a
 * drift on either side fails here.
 */

interface Example {
  request: string;
  mode: 'whole' | 'excerpt';
  body: string;
}

const EXAMPLE = /<!-- example: GET (\S+) (whole|excerpt) -->\n```(?:json|xml)\n([\s\S]*?)\n```/g;
const examples: Example[] = [...doc.matchAll(EXAMPLE)].map((m) => ({
  request: m[1],
  mode: m[2] as Example['mode'],
  body: m[3],
}));

const ELLIPSIS = '…';

/** A documented string with `…` matches a real one with the same beginning, end and middle pieces in order. */
function matchesElided(documented: string, actual: string): boolean {
  const pieces = documented.split(ELLIPSIS);
  if (!actual.startsWith(pieces[0]) || !actual.endsWith(pieces.at(-1)!)) return false;
  let at = pieces[0].length;
  for (const piece of pieces.slice(1, -1)) {
    const found = actual.indexOf(piece, at);
    if (found < 0) return false;
    at = found + piece.length;
  }
  return at <= actual.length - pieces.at(-1)!.length;
}

/** The documented value with every elided string replaced by the real one it matches, so toEqual shows any other difference. */
function resolve(documented: unknown, actual: unknown, path: string): unknown {
  if (typeof documented === 'string' && documented.includes(ELLIPSIS)) {
    expect(typeof actual, path).toBe('string');
    expect(
      matchesElided(documented, actual as string),
      `${path}: ${JSON.stringify(actual)} does not match ${JSON.stringify(documented)}`,
    ).toBe(true);
    return actual;
  }
  if (Array.isArray(documented))
    return documented.map((d, i) =>
      resolve(d, (actual as unknown[] | undefined)?.[i], `${path}[${i}]`),
    );
  if (documented && typeof documented === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(documented))
      out[k] = resolve(v, (actual as Record<string, unknown> | undefined)?.[k], `${path}.${k}`);
    return out;
  }
  return documented;
}

let token: string;
beforeAll(async () => {
  token = (await newUser()).token;
});

describe('docs/json.md examples are real responses', () => {
  it('finds the examples (the marker syntax has not drifted)', () => {
    expect(examples.map((e) => `${e.request} ${e.mode}`)).toEqual([
      '/verses/KJV:John.3.16.js whole',
      '/verses.xml?keyword=xyzzy&version=KJV excerpt',
      '/verses.js?keyword=xyzzy&version=KJV excerpt',
      '/user.xml excerpt',
      '/user.js excerpt',
    ]);
  });

  it.each(examples)('GET $request ($mode)', async ({ request, mode, body }) => {
    const res = await call(request, token);
    expect(res.status).toBe(200);
    const text = await res.text();
    if (mode === 'excerpt') {
      expect(text).toContain(body);
      return;
    }
    const actual = JSON.parse(text);
    const documented = JSON.parse(body);
    expect(actual).toEqual(resolve(documented, actual, '$'));
    // Key order is part of the contract (the XML's element order).
    expect(JSON.stringify(actual)).toBe(JSON.stringify(resolve(documented, actual, '$')));
  });
});

describe('the elision rule itself', () => {
  it.each([
    ['…', 'anything', true],
    ['<script>…</script><noscript>…</noscript>', '<script>a</script><noscript>b</noscript>', true],
    ['Public domain…', 'Public domain. KJV', true],
    ['Public domain…', 'Private', false],
    ['ab…ba', 'aba', false],
  ])('%j matches %j: %s', (documented, actual, expected) => {
    expect(matchesElided(documented, actual)).toBe(expected);
  });
});
