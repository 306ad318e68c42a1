import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { textDirection } from '../../src/pages/lang';
import { loadCanon } from '../../scripts/snapshot/canon';
import { readUsfm } from '../../scripts/snapshot/importers/usfm';
import { REPO_ROOT } from '../../scripts/snapshot/paths';
import { MAP_MARK, removeMap, setMap } from '../../scripts/versions/data-edits';
import {
  BIBLEDIT_DIR,
  detectSystem,
  mapToKjv,
  readSystems,
} from '../../scripts/versions/verse-map';

// A source's numbering recognised among bibledit-cloud-data's systems and its verses placed in the
// KJV's slots (scripts/versions/verse-map.ts), on the small fixtures of test/fixtures/usfm/ (each
// with its README): the Hebrew Malachi (the WLC's words), Psalms 1-10 numbered as the Vulgate
// and as the Septuagint number them (placeholder words).

const canon = loadCanon();
const fixture = (name: string) =>
  readUsfm(path.join(REPO_ROOT, 'test/fixtures/usfm', name), canon).ir;
const HAS_TABLES = existsSync(path.join(BIBLEDIT_DIR, 'mapping'));

describe.skipIf(!HAS_TABLES)('verse-level versification (bibledit-cloud-data tables)', () => {
  const systems = readSystems(canon);

  it('recognises the Hebrew numbering of Malachi and places 3:19-24 in the KJV 4:1-6, as the WLC map does', () => {
    const ir = fixture('hebrew-malachi');
    const [best] = detectSystem(ir, systems);
    expect(best).toMatchObject({ system: 'Original', chapters: 3, agree: 3 });
    const placed = mapToKjv(ir, best!.system, canon);
    expect(placed.unplaced).toEqual([]);
    expect(placed.entries.map((e) => [e.from, e.to])).toEqual([['Mal.3.19-24', 'Mal.4.1-6']]);
    // The same as the WLC's entries, which come from the OSHB's VerseMap.xml, not these tables.
    const wlc = (
      JSON.parse(readFileSync(path.join(REPO_ROOT, 'data/versification-map.json'), 'utf8')) as {
        versions: Record<string, { from: string; to: string }[]>;
      }
    ).versions.WLC!.filter((e) => e.from.startsWith('Mal.'));
    expect(wlc.map((e) => [e.from, e.to])).toEqual([['Mal.3.19-24', 'Mal.4.1-6']]);
    // Its text runs right to left (the language's likely script).
    expect(textDirection('hbo')).toBe('rtl');
  });

  it('recognises a Vulgate Psalter and places its verses: titles on the KJV verse 1, Psalm 9:22-39 in Psalm 10', () => {
    const ir = fixture('vulgate-psalms');
    const [best] = detectSystem(ir, systems);
    expect(best).toMatchObject({ system: 'Vulgate', chapters: 10, agree: 10 });
    const placed = mapToKjv(ir, 'Vulgate', canon);
    expect(placed.unplaced).toEqual([]);
    const to = (from: string) => placed.entries.find((e) => e.from === from)?.to;
    expect(to('Ps.9.22-39')).toBe('Ps.10.1-18');
    // Psalm 3's title is its verse 1 in the Vulgate, the start of the KJV's verse 1: its verse 2
    // is the rest of the KJV's 1, and so on; the Vulgate's Psalm 2:12-13 are the KJV's 2:12.
    expect(to('Ps.3.2-9')).toBe('Ps.3.1-8');
    expect(to('Ps.2.13')).toBe('Ps.2.12');
    // Psalm 1 is numbered alike: no entry.
    expect(placed.entries.some((e) => e.from.startsWith('Ps.1.'))).toBe(false);
    expect(placed.entries.every((e) => e.reason?.endsWith(MAP_MARK))).toBe(true);
  });

  it('recognises a Septuagint Psalter, placed through a table of its family, and reports what no table places', () => {
    const ir = fixture('septuagint-psalms');
    const fits = detectSystem(ir, systems);
    // The Russian Synodal numbers the Psalms as the Septuagint does, and has a table: it comes
    // first among the systems that agree as well.
    const agreeing = fits.filter((f) => f.agree === 10).map((f) => f.system);
    expect(agreeing).toContain('Septuagint');
    expect(fits[0]!.system).toBe('Russian_Canonical');
    const through = mapToKjv(ir, fits[0]!.system, canon);
    expect(through.unplaced).toEqual([]);
    expect(through.entries.find((e) => e.from === 'Ps.9.22-39')?.to).toBe('Ps.10.1-18');
    // The Septuagint's own table is empty: nothing placed, every differing chapter reported.
    const placed = mapToKjv(ir, 'Septuagint', canon);
    expect(placed).toMatchObject({ mapped: false, entries: [] });
    // Every chapter whose end differs from the KJV's is named, none dropped.
    expect(placed.unplaced.map((u) => u.split(':')[0])).toEqual([
      'Ps.3',
      'Ps.4',
      'Ps.5',
      'Ps.6',
      'Ps.7',
      'Ps.8',
      'Ps.9',
      'Ps.10',
    ]);
  });

  it('keeps the KJV numbering of a source that follows it', () => {
    const placed = mapToKjv(
      fixture('lsg'),
      detectSystem(fixture('lsg'), systems)[0]!.system,
      canon,
    );
    expect(placed).toEqual({ system: 'English', mapped: true, entries: [], unplaced: [] });
  });
});

describe("the verse map's edits of data/versification-map.json", () => {
  const text = readFileSync(path.join(REPO_ROOT, 'data/versification-map.json'), 'utf8');
  const entries = [
    { from: 'Mal.3.19-24', to: 'Mal.4.1-6', reason: `made up ${MAP_MARK}` },
    { from: 'Ps.3.2', to: ['Ps.3.1'], reason: `made up ${MAP_MARK}` },
  ];

  it('appends a version in the layout of the file and takes it out again, other lines unchanged', () => {
    const added = setMap(text, 'NEW', entries)!;
    expect(added.startsWith(text.slice(0, text.lastIndexOf('\n  }\n}')))).toBe(true);
    expect(JSON.parse(added).versions.NEW).toEqual(entries);
    expect(added).toContain('\n      { "from": "Mal.3.19-24", "to": "Mal.4.1-6", "reason":');
    expect(removeMap(added, 'NEW')).toBe(text);
    expect(setMap(text, 'NEW', [])).toBeNull();
    expect(removeMap(text, 'NEW')).toBeNull();
  });

  it('leaves entries a person wrote to a person', () => {
    expect(removeMap(text, 'WLC')).toBe(false);
    expect(() => setMap(text, 'WLC', entries)).toThrow(/would change other entries/);
  });
});
