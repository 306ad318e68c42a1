import type { Result, Router } from 'hono/router';
import { keep, kept } from '../cache/isolate';

/**
 * A router that remembers what it matched (the read path under 100 µs of our own
 * CPU). The app's routes include two that Hono's RegExpRouter cannot express
 * (`/:versions/passages` beside `/versions/…`, and `/chapters/:id/annotations` beside the
 * `/chapters/*` guards), so Hono's SmartRouter falls back to its TrieRouter, which walks the tree
 * again on every request: a fifth of our CPU on a kept verse read in the profile
 * (`npm run bench:profile`). A match depends only on the method and the path, and the routes are
 * fixed once the app is built, so each answer is kept, in the isolate's cache under its one
 * budget (src/cache/isolate.ts: paths are the caller's input, and each is weighed by its length).
 * Hono reads a match's handlers and parameters and never writes them.
 */

/** What a match holds besides its path: the handlers' array and the parameters' object. */
const MATCH_BYTES = 256;

let routers = 0;

export class MemoRouter<T> implements Router<T> {
  readonly name: string;
  readonly #id = ++routers;
  #generation = 0;
  /** This router's part of the isolate's keys; a route added later starts a new generation of them. */
  #prefix = `route ${this.#id}.0 `;

  constructor(private readonly inner: Router<T>) {
    this.name = `MemoRouter(${inner.name})`;
  }

  add(method: string, path: string, handler: T): void {
    // Routes are added before the first request; a late one must not meet an old answer.
    this.#prefix = `route ${this.#id}.${++this.#generation} `;
    this.inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${this.#prefix}${method} ${path}`;
    let result = kept<Result<T>>(key);
    if (result === undefined) {
      result = this.inner.match(method, path);
      keep(key, result, MATCH_BYTES);
    }
    return result;
  }
}
