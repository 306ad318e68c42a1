import { describe, expect, it } from 'vitest';
import { fitVersification } from '../../scripts/versions/versification';
import type { VersionIR } from '../../scripts/snapshot/ir';

// Which versification a source follows, from its chapters' verse counts alone (made-up text).
const source = (counts: number[]): VersionIR => ({
  books: [
    {
      osis: 'Mal',
      chapters: counts.map((n, i) => ({
        chapter: i + 1,
        verses: Array.from({ length: n }, (_, v) => ({
          verse: v + 1,
          para: false,
          tokens: [{ text: 'x' }],
        })),
      })),
    },
  ],
});

describe('fitVersification', () => {
  it("finds the KJV's numbering first when it fits exactly", () => {
    const [best] = fitVersification(source([14, 17, 18, 6]));
    expect(best).toMatchObject({ system: 'kjv', chapters: 4, agree: 4, differ: [] });
  });
  it("finds the Hebrew Bible's (three chapters of Malachi) and says where the KJV's differs", () => {
    const fits = fitVersification(source([14, 17, 24]));
    expect(fits[0]).toMatchObject({ system: 'nab', agree: 3, differ: [] });
    expect(fits.find((f) => f.system === 'kjv')!.differ).toEqual([
      'Mal.3: source 24, kjv 18',
      'Mal.4: source none, kjv 6',
    ]);
  });
});
