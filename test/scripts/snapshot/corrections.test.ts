/**
 * The correction mechanism of the snapshot build (scripts/snapshot/corrections.ts): every
 * problems() entry is a validation error, so the build fails on it (snapshot.ts).
 */
import { describe, expect, it } from 'vitest';
import errata from '../../../data/asv-errata.json';
import sourceFixes from '../../../data/source-fixes.json';
import {
  parseCorrections,
  VersionCorrections,
  type Correction,
} from '../../../scripts/snapshot/corrections';

const fix = (verse: string, from: string, to: string, n = 1): Correction => ({
  version: 'ASV',
  verse,
  from,
  to,
  evidence: 'test',
  file: 'data/test.json',
  n,
});

describe('VersionCorrections', () => {
  it('applies the fixes of a verse in list order and counts them per file', () => {
    const c = new VersionCorrections('ASV', [
      fix('Ps.23.4', 'thou I', 'though I', 1),
      fix('Ps.23.4', 'though', 'though $&', 2),
      fix('Ps.1.1', 'x', 'y', 3),
    ]);
    expect(c.apply('Ps.23.4', 'Yea, thou I walk')).toBe('Yea, though $& I walk');
    expect(c.apply('Ps.1.1', 'x')).toBe('y');
    expect(c.apply('Ps.2.1', 'untouched')).toBe('untouched');
    expect(c.problems()).toEqual([]);
    expect(c.appliedByFile()).toEqual({ 'data/test.json': 3 });
  });

  it.each([
    ['does not occur', 'thou I', 'Yea, though I walk', 0],
    ['occurs twice', 'thou I', 'thou I and thou I', 2],
    ['occurs twice, overlapping', 'unto unto', 'unto unto unto', 2],
  ])(
    'fails the build when `from` %s instead of exactly once, leaving the verse as it was',
    (_, from, text, times) => {
      const c = new VersionCorrections('ASV', [fix('Ps.23.4', from, 'x')]);
      expect(c.apply('Ps.23.4', text)).toBe(text);
      expect(c.problems()).toEqual([
        expect.stringContaining(
          `${JSON.stringify(from)} occurs ${times} times, expected exactly once`,
        ),
      ]);
      expect(c.appliedByFile()).toEqual({ 'data/test.json': 0 });
    },
  );

  it('counts occurrences after the earlier fixes of the same verse', () => {
    const c = new VersionCorrections('ASV', [
      fix('Ps.1.1', 'a b', 'a b a', 1),
      fix('Ps.1.1', 'a', 'A', 2),
    ]);
    c.apply('Ps.1.1', 'a b');
    expect(c.problems()).toEqual([expect.stringContaining('fix #2: "a" occurs 2 times')]);
  });

  it('fails the build for a fix whose verse the source does not have', () => {
    const c = new VersionCorrections('ASV', [fix('Ps.151.1', 'a', 'b')]);
    expect(c.problems()).toEqual([expect.stringContaining('the source has no such verse')]);
  });

  it("ignores other versions' fixes", () => {
    const c = new VersionCorrections('KJV', [fix('Ps.23.4', 'thou I', 'though I')]);
    expect(c.apply('Ps.23.4', 'thou I')).toBe('thou I');
    expect(c.problems()).toEqual([]);
  });
});

describe('correction files', () => {
  it('reads data/source-fixes.json and data/asv-errata.json in one shape', () => {
    const list = [
      ...parseCorrections('data/source-fixes.json', sourceFixes),
      ...parseCorrections('data/asv-errata.json', errata),
    ];
    expect(list.filter((c) => c.file === 'data/asv-errata.json')).toHaveLength(346);
    expect(
      list.filter((c) => c.file === 'data/asv-errata.json').every((c) => c.version === 'ASV'),
    ).toBe(true);
    expect(new Set(list.map((c) => c.version))).toEqual(new Set(['ASV', 'RV1909']));
    expect(list).toContainEqual(
      expect.objectContaining({ verse: 'Ps.23.4', from: 'thou I', to: 'though I' }),
    );
  });

  it('rejects a malformed entry', () => {
    expect(() =>
      parseCorrections('x', {
        fixes: [{ verse: 'Ps.1.1', from: 'a', to: 'a', evidence: 'e', version: 'ASV' }],
      }),
    ).toThrow(/equal to "to"/);
    expect(() =>
      parseCorrections('x', { fixes: [{ verse: 'Ps.1.1', from: 'a', to: 'b', evidence: 'e' }] }),
    ).toThrow(/no "version"/);
    expect(() =>
      parseCorrections('x', { fixes: [{ verse: 'Ps.1.1', from: 'a', to: 'b', version: 'ASV' }] }),
    ).toThrow(/"evidence" must be a string/);
  });
});
