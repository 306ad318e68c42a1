import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildCacheDir,
  cacheEnabled,
  cacheMaxBytes,
  configuredCacheDir,
  DEFAULT_MAX_MB,
  pruneBuildCache,
  touchCacheFile,
} from '../../scripts/snapshot/build-cache';
import { cachedReading } from '../../scripts/snapshot/readings-cache';
import { keepFolder, restoreFolder } from '../../scripts/lib/fixture-cache';

// The build's cache (scripts/snapshot/build-cache.ts, docs/development.md "The build's cache"):
// where it is, that it can be turned off, and that it stays within its bound, least recently used
// first. Made-up files in a folder of the test's own.

/** An environment of these variables alone. */
const env = (vars: Record<string, string>) => vars as unknown as NodeJS.ProcessEnv;

describe("the build's cache", () => {
  let dir: string;
  const saved = { ...process.env };
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'build-cache-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    for (const k of ['SCRIPTURE_CACHE', 'SCRIPTURE_CACHE_DIR', 'SCRIPTURE_CACHE_MAX_MB'])
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
  });

  it('is SCRIPTURE_CACHE_DIR, else $XDG_CACHE_HOME/scripture-edge, else ~/.cache/scripture-edge', () => {
    expect(configuredCacheDir(env({ SCRIPTURE_CACHE_DIR: dir, XDG_CACHE_HOME: '/x' }))).toBe(dir);
    expect(configuredCacheDir(env({ XDG_CACHE_HOME: '/x' }))).toBe('/x/scripture-edge');
    expect(configuredCacheDir(env({}))).toBe(path.join(os.homedir(), '.cache', 'scripture-edge'));
    expect(cacheMaxBytes(env({}))).toBe(DEFAULT_MAX_MB * 1024 * 1024);
    expect(cacheMaxBytes(env({ SCRIPTURE_CACHE_MAX_MB: '10' }))).toBe(10 * 1024 * 1024);
  });

  it('turned off keeps no reading, and holds a command’s output in a folder of the process’s own', () => {
    expect(cacheEnabled(env({}))).toBe(true);
    expect(cacheEnabled(env({ SCRIPTURE_CACHE: 'off' }))).toBe(false);
    const scratch = buildCacheDir(env({ SCRIPTURE_CACHE: 'off', SCRIPTURE_CACHE_DIR: dir }));
    expect(scratch.startsWith(tmpdir())).toBe(true);
    expect(scratch).toContain(String(process.pid));
    expect(existsSync(scratch)).toBe(true);

    process.env.SCRIPTURE_CACHE_DIR = dir;
    process.env.SCRIPTURE_CACHE = 'off';
    let calls = 0;
    const read = () => ({ n: ++calls });
    expect(cachedReading('made-up', read)).toEqual({ n: 1 });
    expect(cachedReading('made-up', read)).toEqual({ n: 2 });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('removes the least recently used files down to its bound, never one used now or since a build began', () => {
    const mb = 1024 * 1024;
    const file = (name: string, minutesAgo: number) => {
      const f = path.join(dir, name);
      writeFileSync(f, Buffer.alloc(mb));
      const at = new Date(Date.now() - minutesAgo * 60_000);
      utimesSync(f, at, at);
      return f;
    };
    file('reading-oldest-0.v8', 50);
    const usedNow = file('reading-old-but-used-1.v8', 40);
    file('reading-older-2.v8', 30);
    file('reading-newer-3.v8', 20);
    file('reading-in-this-build-4.v8', 1);
    file('reading-another-process.v8.123.partial', 60);
    touchCacheFile(usedNow);
    // Six files of 1 MiB, a bound of 3 MiB: the two oldest not in use go, the file in flight stays.
    const pruned = pruneBuildCache(dir, 3 * mb, Date.now() - 5 * 60_000);
    expect(pruned).toEqual({ removed: 2, bytes: 2 * mb, kept: 3 * mb });
    expect(readdirSync(dir).sort()).toEqual([
      'reading-another-process.v8.123.partial',
      'reading-in-this-build-4.v8',
      'reading-newer-3.v8',
      'reading-old-but-used-1.v8',
    ]);
    // Below the bound nothing goes; what this build used stays whatever the bound.
    expect(pruneBuildCache(dir, 10 * mb).removed).toBe(0);
    expect(pruneBuildCache(dir, 0, Date.now() - 5 * 60_000).removed).toBe(1);
    expect(readdirSync(dir)).toContain('reading-in-this-build-4.v8');
    expect(readdirSync(dir)).toContain('reading-old-but-used-1.v8');
  });

  it("keeps the test fixture's folders, each as one file named by its key, and puts them back", () => {
    process.env.SCRIPTURE_CACHE_DIR = path.join(dir, 'cache');
    const made = path.join(dir, 'made');
    mkdirSync(path.join(made, 'nested'), { recursive: true });
    writeFileSync(path.join(made, 'kv-000.json'), '[["a","b"]]');
    writeFileSync(path.join(made, 'nested', 'x.json'), '{}');
    writeFileSync(path.join(made, 'manifest.json'), '{"inputsHash":"h"}');
    keepFolder('fixture-snapshot', 'key one', made);
    expect(readdirSync(path.join(dir, 'cache'))).toEqual([
      expect.stringMatching(/^fixture-snapshot-[0-9a-f]{16}\.v8$/),
    ]);
    // Into a clone's folder, whatever it held: the kept files, and only those.
    const clone = path.join(dir, 'clone');
    mkdirSync(clone);
    writeFileSync(path.join(clone, 'kv-999.json'), 'stale');
    expect(restoreFolder('fixture-snapshot', 'key one', clone, 'manifest.json')).toBe(true);
    expect(readdirSync(clone, { recursive: true }).sort()).toEqual([
      'kv-000.json',
      'manifest.json',
      'nested',
      path.join('nested', 'x.json'),
    ]);
    expect(readFileSync(path.join(clone, 'nested', 'x.json'), 'utf8')).toBe('{}');
    expect(readFileSync(path.join(clone, 'manifest.json'), 'utf8')).toBe('{"inputsHash":"h"}');
    // Another key (other inputs) finds nothing; nor does an unreadable file, nor the cache off.
    expect(restoreFolder('fixture-snapshot', 'key two', clone, 'manifest.json')).toBe(false);
    const [kept] = readdirSync(path.join(dir, 'cache'));
    writeFileSync(path.join(dir, 'cache', kept!), 'not v8');
    expect(restoreFolder('fixture-snapshot', 'key one', clone, 'manifest.json')).toBe(false);
    process.env.SCRIPTURE_CACHE = 'off';
    rmSync(path.join(dir, 'cache'), { recursive: true });
    keepFolder('fixture-snapshot', 'key one', made);
    expect(restoreFolder('fixture-snapshot', 'key one', clone, 'manifest.json')).toBe(false);
    expect(existsSync(path.join(dir, 'cache'))).toBe(false);
  });
});
