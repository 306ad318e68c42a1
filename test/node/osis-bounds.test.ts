import { describe, expect, it } from 'vitest';
import { loadCanon } from '../../scripts/snapshot/canon';
import { parseOsisVerses } from '../../scripts/snapshot/importers/osis';
import type { ImportContext } from '../../scripts/snapshot/importers/types';
import { boundsProblem } from '../../scripts/versions/bounds';

/**
 * `npm run version:add`'s bounds on an OSIS source (scripts/versions/bounds.ts), at each edge, as
 * the USFM reader's are (test/node/usfm.test.ts): the number one past a bound is refused with the
 * verse id that passes it; the bound itself is read. The whole command on one of them:
 * test/node/version-add.test.ts.
 */
const ctx = { canon: loadCanon(), version: 'X', log: () => {} } as unknown as ImportContext;
const problem = (chapters: string) =>
  boundsProblem(
    parseOsisVerses(
      `<osis><osisText osisIDWork="X"><div type="book" osisID="Ps">${chapters}</div></osisText></osis>`,
      ctx,
    ),
    'made-up.osis.xml',
  );
const chapter = (n: number, verses: string) => `<chapter osisID="Ps.${n}">${verses}</chapter>`;
const verse = (id: string, text = 'W.') => `<verse osisID="${id}">${text}</verse>`;

describe("version:add's bounds on an OSIS source, at each edge", () => {
  it('a chapter number: 150 is read, 151 refused', () => {
    expect(problem(chapter(150, verse('Ps.150.1')))).toBeNull();
    expect(problem(chapter(151, verse('Ps.151.1')))).toBe(
      'made-up.osis.xml: Ps.151: a chapter number must be 1 to 150 (Psalms has 150 chapters, the most of the canon)',
    );
  });

  it('a verse number: 200 is read, 201 refused', () => {
    expect(problem(chapter(119, verse('Ps.119.200')))).toBeNull();
    expect(problem(chapter(119, verse('Ps.119.201')))).toBe(
      'made-up.osis.xml: Ps.119.201: a verse number must be 1 to 200 (Psalm 119 has 176 verses, the most of the canon)',
    );
  });

  it('a bridge: 30 verses are read, 31 refused; one past the verse bound names its last verse', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `Ps.1.${i + 1}`).join(' ');
    expect(problem(chapter(1, verse(ids(30))))).toBeNull();
    expect(problem(chapter(1, verse(ids(31))))).toBe(
      'made-up.osis.xml: Ps.1.1-31: a bridge of 31 verses, more than 30',
    );
    expect(problem(chapter(1, verse('Ps.1.190 Ps.1.201')))).toBe(
      'made-up.osis.xml: Ps.1.201: a verse number must be 1 to 200 (Psalm 119 has 176 verses, the most of the canon)',
    );
  });

  it("a verse's text: 10,000 characters are read, 10,001 refused", () => {
    expect(problem(chapter(1, verse('Ps.1.1', 'x'.repeat(10_000))))).toBeNull();
    expect(problem(chapter(1, verse('Ps.1.1', 'x'.repeat(10_001))))).toBe(
      'made-up.osis.xml: Ps.1.1: its text has 10001 characters, more than 10000 (the longest verse of the canon has 4,184)',
    );
  });
});
