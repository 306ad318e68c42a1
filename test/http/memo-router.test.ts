import { describe, expect, it } from 'vitest';
import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';
import { createApp } from '../../src/app';
import { ISOLATE_CACHE_BYTES, keep } from '../../src/cache/isolate';
import { MemoRouter } from '../../src/http/memo-router';

// The app's router remembers its matches (src/http/memo-router.ts).

/** A router that counts how often it is asked, answering through a real TrieRouter. */
class CountingRouter<T> implements Router<T> {
  name = 'counting';
  asked = 0;
  readonly trie = new TrieRouter<T>();
  add(method: string, path: string, handler: T) {
    this.trie.add(method, path, handler);
  }
  match(method: string, path: string): Result<T> {
    this.asked++;
    return this.trie.match(method, path);
  }
}

describe('MemoRouter', () => {
  it('answers as the router it wraps, for every kind of route of the app', () => {
    const app = createApp();
    expect(app.router.name).toMatch(/^MemoRouter\(/);
    const plain = new TrieRouter<unknown>();
    const handlers = (result: Result<unknown>) =>
      result[0].map(([tuple, params]) => [(tuple as unknown[])[0], { ...params }]);
    // Hono adds each route as [handler, route]: the same tuples here.
    for (const route of app.routes) plain.add(route.method, route.path, [route.handler, route]);
    const paths = [
      '/verses/KJV:John.3.16',
      '/KJV,ASV/passages',
      '/passages',
      '/chapters/KJV:John.3/annotations',
      '/chapters/KJV:John.3',
      '/user/tags/love',
      '/notes/12',
      '/nothing/here',
    ];
    for (const method of ['GET', 'POST', 'DELETE']) {
      for (const path of paths) {
        const expected = handlers(plain.match(method, path));
        expect(expected.length, `${method} ${path}`).toBeGreaterThan(0);
        // Twice: the second answer comes from memory.
        for (let i = 0; i < 2; i++) {
          const got = handlers(app.router.match(method, path));
          expect(got, `${method} ${path}`).toEqual(expected);
        }
      }
    }
  });

  it('asks the router it wraps once per method and path, and forgets the least recently used under the isolate’s budget', () => {
    const inner = new CountingRouter<string>();
    const router = new MemoRouter(inner);
    router.add('GET', '/verses/:id', 'verse');
    router.add('ALL', '/verses/*', 'guard');
    expect(router.match('GET', '/verses/a')[0].map(([h, p]) => [h, { ...p }])).toEqual([
      ['verse', { id: 'a' }],
      ['guard', {}],
    ]);
    router.match('GET', '/verses/a');
    expect(inner.asked).toBe(1);
    router.match('POST', '/verses/a');
    router.match('GET', '/verses/b');
    expect(inner.asked).toBe(3);
    // Paths are the caller's input: the answers are kept under the isolate's one budget
    // (src/cache/isolate.ts), each weighed by its path, and the least recently used go first.
    keep(`test memo-router ${Math.random()}`, null, ISOLATE_CACHE_BYTES);
    const before = inner.asked;
    router.match('GET', '/verses/a');
    expect(inner.asked).toBe(before + 1);
    router.match('GET', '/verses/a');
    expect(inner.asked).toBe(before + 1);
  });
});
