import { describe, expect, it } from 'vitest';
import { ISOLATE_CACHE_BYTES, keep, kept, keptBytes, keptOrMade } from '../../src/cache/isolate';
import { LruCache } from '../../src/cache/lru';
import {
  cachedUserId,
  forgetUser,
  rememberToken,
  TOKEN_CACHE_TTL_MS,
} from '../../src/auth/token-cache';

describe('LruCache', () => {
  it('evicts the least recently used entry beyond its bound', () => {
    const lru = new LruCache<number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // a is now the most recent
    lru.set('c', 3);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
  });

  it('bounds by weight and always keeps the newest entry', () => {
    const lru = new LruCache<number[]>(5, (v) => v.length);
    lru.set('a', [1, 2, 3]);
    lru.set('b', [1, 2]);
    expect(lru.size).toBe(2);
    lru.set('c', [1]);
    expect(lru.get('a')).toBeUndefined();
    lru.set('huge', [1, 2, 3, 4, 5, 6, 7]);
    expect(lru.size).toBe(1);
    expect(lru.get('huge')).toHaveLength(7);
  });
});

describe('the isolate cache (one budget for everything kept)', () => {
  it('makes a value once, shares it with the requests that ask at the same time, and retries after a failure', async () => {
    let makes = 0;
    const make = async () => ({ value: `v${++makes}`, bytes: 10 });
    const key = `test ${Math.random()}`;
    const [a, b] = await Promise.all([keptOrMade(key, make), keptOrMade(key, make)]);
    expect([a, b, makes]).toEqual(['v1', 'v1', 1]);
    expect(await keptOrMade(key, make)).toBe('v1');
    const failing = `test failing ${Math.random()}`;
    await expect(keptOrMade(failing, () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(await keptOrMade(failing, make)).toBe('v2');
  });

  it('weighs every kind under one budget: what passes it pushes out the least recently used', () => {
    const key = (i: number) => `test budget ${i}`;
    keep(key(0), 'first', 1);
    // A value as heavy as the whole budget leaves room for nothing else.
    keep(key(1), 'heavy', ISOLATE_CACHE_BYTES);
    expect(kept(key(0))).toBeUndefined();
    expect(kept(key(1))).toBe('heavy');
    expect(keptBytes()).toBeGreaterThanOrEqual(ISOLATE_CACHE_BYTES);
    keep(key(2), null, 1);
    // null is a value (a miss remembered), not the absence of one.
    expect(kept(key(2))).toBeNull();
    expect(kept(key(1))).toBeUndefined();
    expect(keptBytes()).toBeLessThan(ISOLATE_CACHE_BYTES);
  });
});

describe('LruCache deletes', () => {
  it('removes one key, or every entry a predicate matches, and frees their weight', () => {
    const lru = new LruCache<number>(3);
    lru.set('a', 1);
    lru.set('b', 2);
    lru.set('c', 1);
    lru.delete('b');
    expect(lru.get('b')).toBeUndefined();
    lru.deleteWhere((v) => v === 1);
    expect(lru.size).toBe(0);
    // The freed weight is available again: three new entries fit without eviction.
    for (const k of ['x', 'y', 'z']) lru.set(k, 9);
    expect(['x', 'y', 'z'].map((k) => lru.get(k))).toEqual([9, 9, 9]);
  });
});

describe('token cache', () => {
  it('trusts a verified token for TOKEN_CACHE_TTL_MS and not a millisecond longer', () => {
    const t0 = 1_000_000;
    rememberToken('hash-ttl', { id: 7, shard: 'DB', placement: 0 }, t0);
    expect(cachedUserId('hash-ttl', t0)).toBe(7);
    expect(cachedUserId('hash-ttl', t0 + TOKEN_CACHE_TTL_MS - 1)).toBe(7);
    expect(cachedUserId('hash-ttl', t0 + TOKEN_CACHE_TTL_MS)).toBeNull();
    // Expired entries are dropped, not revived by an earlier clock.
    expect(cachedUserId('hash-ttl', t0)).toBeNull();
  });

  it('forgets every token of a user at once (token rotation)', () => {
    rememberToken('hash-a', { id: 8, shard: 'DB', placement: 0 }, 0);
    rememberToken('hash-b', { id: 8, shard: 'DB', placement: 0 }, 0);
    rememberToken('hash-c', { id: 9, shard: 'DB', placement: 0 }, 0);
    forgetUser(8);
    expect(cachedUserId('hash-a', 1)).toBeNull();
    expect(cachedUserId('hash-b', 1)).toBeNull();
    expect(cachedUserId('hash-c', 1)).toBe(9);
  });
});
