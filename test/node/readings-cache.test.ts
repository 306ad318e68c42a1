import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachedReading, keptEntry } from '../../scripts/snapshot/readings-cache';

// The build's readings kept between processes (scripts/snapshot/readings-cache.ts), in a folder of
// the test's own: what the cache keeps, returns and replaces, with made-up readings.

describe('readings kept between processes (scripts/snapshot/readings-cache.ts)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'readings-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const counting = <T>(reading: () => T) => {
    const read = Object.assign(() => (read.calls++, reading()), { calls: 0 });
    return read;
  };

  it('reads once, then gives back an equal copy of its own, keeping Maps keyed by the reading’s own objects', () => {
    const read = counting(() => {
      const word = { text: 'love', strongs: ['G25'], added: undefined };
      return { verses: [{ words: [word] }], neighbours: new Map([[word, [{ position: 1 }]]]) };
    });
    const hits: string[] = [];
    const first = cachedReading('made-up', read, (f) => hits.push(f), dir);
    expect(hits).toEqual([]);
    const second = cachedReading('made-up', read, (f) => hits.push(f), dir);
    expect(read.calls).toBe(1);
    expect(hits).toHaveLength(1);
    expect(second).toStrictEqual(first);
    expect(second).not.toBe(first);
    // The Map's key is the very word of the verses, as in the reading that was kept.
    expect(second.neighbours.get(second.verses[0]!.words[0]!)).toEqual([{ position: 1 }]);
    // A change to one copy is not in the next.
    second.verses[0]!.words[0]!.text = 'changed';
    expect(cachedReading('made-up', read, undefined, dir).verses[0]!.words[0]!.text).toBe('love');
  });

  it('keeps a reading made elsewhere (a producer run off-thread) by its key text: the same text reads it back, another none', () => {
    const hits: string[] = [];
    const entry = keptEntry<{ pairs: { key: string; value: string }[] }>('made', 'ctx 1', dir)!;
    expect(entry.kept()).toBeNull();
    entry.keep({ pairs: [{ key: 'k', value: 'made 1' }] });
    const again = keptEntry<{ pairs: { key: string; value: string }[] }>('made', 'ctx 1', dir)!;
    expect(again.kept((f) => hits.push(f))).toStrictEqual({
      pairs: [{ key: 'k', value: 'made 1' }],
    });
    expect(hits).toHaveLength(1);
    expect(keptEntry('made', 'ctx 2', dir)!.kept()).toBeNull();
  });

  it('keeps the latest four readings per name (clones on other commits share the cache): the oldest go, other names stay', () => {
    for (const [i, age] of [9, 7, 5, 3].entries()) {
      const file = path.join(dir, `reading-made-up-000000000000000${i}.v8`);
      writeFileSync(file, 'from older inputs');
      const at = new Date(Date.now() - age * 60_000);
      utimesSync(file, at, at);
    }
    writeFileSync(path.join(dir, 'reading-other-0000000000000000.v8'), 'another reading');
    cachedReading('made-up', () => ({ n: 1 }), undefined, dir);
    const files = readdirSync(dir).sort();
    expect(files.filter((f) => f.startsWith('reading-made-up-'))).toHaveLength(4);
    expect(files).toContain('reading-other-0000000000000000.v8');
    // The oldest of the four older readings went; the three newest stay beside the new one.
    expect(files).not.toContain('reading-made-up-0000000000000000.v8');
    expect(files).toContain('reading-made-up-0000000000000001.v8');
    expect(cachedReading('made-up', () => ({ n: 2 }), undefined, dir)).toEqual({ n: 1 });
  });

  it('reads the source again when the kept file is cut short, and keeps the new reading', () => {
    cachedReading('made-up', () => ({ n: 1 }), undefined, dir);
    const [file] = readdirSync(dir);
    writeFileSync(path.join(dir, file!), Buffer.from([0xff, 0x0f, 0x6f]));
    const read = counting(() => ({ n: 2 }));
    expect(cachedReading('made-up', read, undefined, dir)).toEqual({ n: 2 });
    expect(cachedReading('made-up', read, undefined, dir)).toEqual({ n: 2 });
    expect(read.calls).toBe(1);
  });

  it('reads again when a file it is also keyed by changes (a reader outside the build), keeping both readings', () => {
    const reader = path.join(dir, 'reader.ts');
    const kept = path.join(dir, 'kept');
    writeFileSync(reader, 'one way of reading');
    let n = 0;
    const read = counting(() => ({ n: ++n }));
    expect(cachedReading('made-up', read, undefined, kept, [reader])).toEqual({ n: 1 });
    expect(cachedReading('made-up', read, undefined, kept, [reader])).toEqual({ n: 1 });
    writeFileSync(reader, 'another way of reading');
    expect(cachedReading('made-up', read, undefined, kept, [reader])).toEqual({ n: 2 });
    expect(read.calls).toBe(2);
    expect(readdirSync(kept)).toHaveLength(2);
  });

  it('uses a reading it cannot keep (a function in it) as read, and reads it again next time', () => {
    const read = counting(() => ({ at: (n: number) => n }));
    expect(cachedReading('made-up', read, undefined, dir).at(3)).toBe(3);
    expect(cachedReading('made-up', read, undefined, dir).at(4)).toBe(4);
    expect(read.calls).toBe(2);
    expect(readdirSync(dir)).toEqual([]);
  });
});
