import { describe, expect, it } from 'vitest';
import { LatestValue } from '../../src/cache/latest';
import { LruCache } from '../../src/cache/lru';
import { cachedUserId, forgetUser, rememberToken, TOKEN_CACHE_TTL_MS } from '../../src/auth/token-cache';

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

describe('LatestValue', () => {
  it('loads once per key, shares the promise, and retries after a failure', async () => {
    const latest = new LatestValue<string>();
    let loads = 0;
    const load = async () => `v${++loads}`;
    const [a, b] = await Promise.all([latest.get('k1', load), latest.get('k1', load)]);
    expect([a, b, loads]).toEqual(['v1', 'v1', 1]);
    expect(await latest.get('k2', load)).toBe('v2');
    await expect(latest.get('k3', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await Promise.resolve();
    expect(await latest.get('k3', load)).toBe('v3');
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
    rememberToken('hash-ttl', 7, t0);
    expect(cachedUserId('hash-ttl', t0)).toBe(7);
    expect(cachedUserId('hash-ttl', t0 + TOKEN_CACHE_TTL_MS - 1)).toBe(7);
    expect(cachedUserId('hash-ttl', t0 + TOKEN_CACHE_TTL_MS)).toBeNull();
    // Expired entries are dropped, not revived by an earlier clock.
    expect(cachedUserId('hash-ttl', t0)).toBeNull();
  });

  it('forgets every token of a user at once (token rotation)', () => {
    rememberToken('hash-a', 8, 0);
    rememberToken('hash-b', 8, 0);
    rememberToken('hash-c', 9, 0);
    forgetUser(8);
    expect(cachedUserId('hash-a', 1)).toBeNull();
    expect(cachedUserId('hash-b', 1)).toBeNull();
    expect(cachedUserId('hash-c', 1)).toBe(9);
  });
});
