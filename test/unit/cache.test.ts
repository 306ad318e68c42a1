import { describe, expect, it } from 'vitest';
import { LatestValue } from '../../src/cache/latest';
import { LruCache } from '../../src/cache/lru';

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
