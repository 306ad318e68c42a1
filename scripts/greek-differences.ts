/**
 * The TR and the SBLGNT compared over the whole New Testament, chapter by chapter, by the code
 * the route uses (src/study/greek-differences.ts compareChapter) on the words the build reads
 * (scripts/snapshot/study/tagged.ts): the groups, those that differ, and the differences by kind,
 * the figures docs/study.md "TR beside SBLGNT" gives.
 *
 *   npx tsx scripts/greek-differences.ts
 */
import { compareChapter, otherSblgntChapters } from '../src/study/greek-differences';
import { studySourcesInstalled } from './snapshot/study/sources';
import { taggedText } from './snapshot/study/tagged';
import type { TaggedVerse } from './snapshot/study/types';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(
    'usage: npx tsx scripts/greek-differences.ts\n  counts the differences of the TR and the SBLGNT over the New Testament, by kind (needs bibledit-cloud-data)',
  );
  process.exit(0);
}

/** A text's words as chapter values (what the route reads), by `Book.C`. */
function chapters(verses: TaggedVerse[]) {
  const out = new Map<
    string,
    { chapter: number; verses: { verse: number; words: { t: string }[] }[] }
  >();
  for (const v of verses) {
    const key = `${v.book}.${v.chapter}`;
    if (!out.has(key)) out.set(key, { chapter: v.chapter, verses: [] });
    out.get(key)!.verses.push({ verse: v.verse, words: v.words.map((w) => ({ t: w.text })) });
  }
  return out;
}

if (!studySourcesInstalled()) {
  console.log('The study sources are not installed: apt install bibledit-cloud-data');
  process.exit(1);
}
const tr = chapters(taggedText('textus-receptus')!);
const sblgnt = chapters(taggedText('sblgnt')!);
const kinds: Record<string, number> = {};
let groups = 0;
let differing = 0;
for (const [key, trChapter] of tr) {
  const [osis, c] = key.split('.') as [string, string];
  const chapter = Number(c);
  const own = sblgnt.get(key) ?? { chapter, verses: [] };
  const others = otherSblgntChapters(
    osis,
    chapter,
    trChapter.verses.map((v) => v.verse),
  ).flatMap((o) => sblgnt.get(`${osis}.${o}`) ?? []);
  for (const g of compareChapter(osis, chapter, trChapter, [own, ...others])) {
    groups++;
    if (g.differences.length) differing++;
    for (const d of g.differences) kinds[d.kind] = (kinds[d.kind] ?? 0) + 1;
  }
}
const differences = Object.values(kinds).reduce((a, b) => a + b, 0);
console.log({ groups, differing, differences, kinds });
