import type { Result, Router } from 'hono/router';
import { LruCache } from '../cache/lru';

/**
 * A router that remembers what it matched (issue 20 §5: the read path under 100 µs of our own
 * CPU). The app's routes include two that Hono's RegExpRouter cannot express
 * (`/:versions/passages` beside `/versions/…`, and `/chapters/:id/annotations` beside the
 * `/chapters/*` guards), so Hono's SmartRouter falls back to its TrieRouter, which walks the tree
 * again on every request: a fifth of our CPU on a kept verse read in the profile
 * (`npm run bench:profile`). A match depends only on the method and the path, and the routes are
 * fixed once the app is built, so each answer is kept (bounded: paths are the caller's input).
 * Hono reads a match's handlers and parameters and never writes them.
 */
const REMEMBERED_PATHS = 2_000;

export class MemoRouter<T> implements Router<T> {
  readonly name: string;
  readonly #matches = new LruCache<Result<T>>(REMEMBERED_PATHS);

  constructor(private readonly inner: Router<T>) {
    this.name = `MemoRouter(${inner.name})`;
  }

  add(method: string, path: string, handler: T): void {
    // Routes are added before the first request; a late one must not meet an old answer.
    this.#matches.clear();
    this.inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    let result = this.#matches.get(key);
    if (result === undefined) {
      result = this.inner.match(method, path);
      this.#matches.set(key, result);
    }
    return result;
  }
}
