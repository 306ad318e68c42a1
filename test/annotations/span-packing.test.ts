import { describe, expect, it } from 'vitest';
import { readerSpans, type PackedSpans } from '../../src/annotations/references';
import { checkSpanPacking, KIND_PLACE, ORDS, POSITIONS } from '../../src/annotations/span-packing';
import { QUOTAS } from '../../src/api/limits';
import { ID_BLOCK_SIZE, MAX_ID_BLOCK } from '../../src/db/shards';
import { versePosition } from '../../src/snapshot/verse-positions';

/**
 * The coverage read's packing (src/annotations/span-packing.ts) holds for today's quota and ids,
 * refuses at load a quota or an id range it cannot hold, and reads back exactly what the SQL packs
 * at its largest values.
 */
describe("a coverage read's packing", () => {
  it("holds for an account's references quota, up to ORDS references", () => {
    expect(() => checkSpanPacking(QUOTAS.references)).not.toThrow();
    expect(() => checkSpanPacking(ORDS)).not.toThrow();
  });

  it('refuses a references quota past its places', () => {
    expect(() => checkSpanPacking(ORDS + 1)).toThrow(/ORDS is 16384.*PLACES is 16384/);
    expect(() => checkSpanPacking(2 ** 25)).toThrow(/SORT_PLACES/);
  });

  it('refuses ids past KIND_PLACE', () => {
    expect(() => checkSpanPacking(QUOTAS.references, 2 * KIND_PLACE)).toThrow(/KIND_PLACE/);
  });

  it('reads back the largest id, ord and positions exactly', () => {
    const lastId = (MAX_ID_BLOCK + 1) * ID_BLOCK_SIZE - 1;
    const first = versePosition(999, 998);
    const last = versePosition(999, 999);
    const packed = (id: number, ord: number) =>
      `${id * ORDS + ord},"KJV",${first * POSITIONS + last}`;
    const rows: PackedSpans[] = [
      [1, 'Ps', packed(lastId, QUOTAS.references - 1)],
      [0, 'Ps', packed(lastId, 0)],
      [0, 'Ps', packed(lastId - 1, ORDS - 1)],
    ];
    const { keys, refs } = readerSpans(rows);
    expect(keys).toEqual([
      { kind: 'note', id: lastId - 1 },
      { kind: 'note', id: lastId },
      { kind: 'tagging', id: lastId },
    ]);
    expect(refs.ord).toEqual([QUOTAS.references - 1, 0, ORDS - 1]);
    expect(refs.item).toEqual([2, 1, 0]);
    expect(refs.from).toEqual([first, first, first]);
    expect(refs.to).toEqual([last, last, last]);
  });
});
