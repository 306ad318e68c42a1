import { LruCache } from './lru';

/**
 * What an isolate keeps between requests, under one budget of bytes: the snapshot's values and
 * what is made of them (the catalogue's tables, decoded postings, a chapter's tagged words), the
 * kept responses, the router's matches, the verified tokens, the references parsed. One LRU over
 * them all, so that what is read most stays whatever its kind, and no kind can grow past the
 * budget by being counted in entries: a chapter's tagged words are 60 KB, a lexicon entry 1 KB.
 *
 * A Workers isolate has 128 MB; this budget is 40 MiB of what the entries hold, by the weight each
 * kind gives its values (an upper estimate of the heap they take: a parsed JSON value is weighed
 * at three times its text). `npm run bench` reports the isolate's heap after a crawl of varied
 * pages (docs/speed.md "The isolate's memory"). Outside it stand only what the data bounds (the
 * versification maps, the reference parser of each language, the grammar indexes of the tagged
 * versions: src/study/grammar/search.ts) and the Spanish stemmer's memo, below this module, with a
 * bound of its own (src/snapshot/stemmers.ts).
 */
export const ISOLATE_CACHE_BYTES = 40 * 1024 * 1024;

/** What an entry costs besides its value: its key (two bytes a character) and the map's own. */
const ENTRY_BYTES = 96;

interface Entry {
  value: unknown;
  bytes: number;
}

const entries = new LruCache<Entry>(ISOLATE_CACHE_BYTES, (e) => e.bytes);
/** Values being made, shared by the requests that ask at the same time. */
const making = new Map<string, Promise<unknown>>();

/** The value kept under `key` (null is a value: a miss remembered), or undefined when none is kept. */
export function kept<T>(key: string): T | undefined {
  return entries.get(key)?.value as T | undefined;
}

/** Keeps `value` under `key`, weighing `bytes` (an upper estimate of the heap it holds). */
export function keep(key: string, value: unknown, bytes: number): void {
  entries.set(key, { value, bytes: bytes + key.length * 2 + ENTRY_BYTES });
}

export function forget(key: string): void {
  entries.delete(key);
}

/** Forgets every entry of a kind (by its key's prefix) whose value matches: for rare events, a linear scan. */
export function forgetWhere(prefix: string, matches: (value: unknown) => boolean): void {
  entries.deleteWhere((e, key) => key.startsWith(prefix) && matches(e.value));
}

/**
 * The value kept under `key`, or the one `make` gives, kept then (shared by the requests that ask
 * at the same time; a failed `make` keeps nothing, so the next request tries again).
 */
export function keptOrMade<T>(
  key: string,
  make: () => Promise<{ value: T; bytes: number }>,
): Promise<T> {
  const hit = entries.get(key);
  if (hit) return Promise.resolve(hit.value as T);
  let pending = making.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = make().then(({ value, bytes }) => {
      keep(key, value, bytes);
      return value;
    });
    making.set(key, pending);
    const done = () => making.delete(key);
    pending.then(done, done);
  }
  return pending;
}

/** What the entries weigh together (for the bench and the tests). */
export function keptBytes(): number {
  return entries.weight;
}
