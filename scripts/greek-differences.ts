/**
 * The TR and the SBLGNT compared over the whole New Testament, chapter by chapter, by the code
 * the route uses (src/study/greek-differences.ts compareChapter) on the words the build reads
 * (scripts/snapshot/study/tagged.ts): the groups, those that differ, and the differences by kind,
 * the changes of spelling alone by what spells them apart: the figures docs/study.md "TR beside
 * SBLGNT" gives, which test/node/study-sources.test.ts holds to this count.
 *
 *   npx tsx scripts/greek-differences.ts
 */
import { pathToFileURL } from 'node:url';
import {
  compareChapter,
  otherSblgntChapters,
  spellingKind,
  type DifferenceKind,
  type GreekDifferences,
} from '../src/study/greek-differences';
import { studySourcesInstalled } from './snapshot/study/sources';
import { taggedText } from './snapshot/study/tagged';
import type { TaggedVerse } from './snapshot/study/types';

/** A text's chapters as the route reads them (chapter values), by `Book.C`. */
type Chapters = Map<
  string,
  { chapter: number; verses: { verse: number; words: { t: string }[] }[] }
>;

/** A text's words as chapter values (what the route reads), by `Book.C`. */
function chapters(verses: TaggedVerse[]): Chapters {
  const out: Chapters = new Map();
  for (const v of verses) {
    const key = `${v.book}.${v.chapter}`;
    if (!out.has(key)) out.set(key, { chapter: v.chapter, verses: [] });
    out.get(key)!.verses.push({ verse: v.verse, words: v.words.map((w) => ({ t: w.text })) });
  }
  return out;
}

/** The two texts' chapters, read once per process. */
export interface GreekTexts {
  tr: Chapters;
  sblgnt: Chapters;
}

/** The two editions' words as the route reads them (`tr` and `sblgnt`: the tagged texts' verses). */
export function greekTexts(tr: TaggedVerse[], sblgnt: TaggedVerse[]): GreekTexts {
  return { tr: chapters(tr), sblgnt: chapters(sblgnt) };
}

/** One chapter of the TR (`osis`, `chapter`) compared with the SBLGNT, as the route compares it. */
export function chapterDifferences(
  texts: GreekTexts,
  osis: string,
  chapter: number,
): GreekDifferences['groups'] {
  const trChapter = texts.tr.get(`${osis}.${chapter}`);
  if (!trChapter) throw new Error(`the TR has no ${osis} ${chapter}`);
  const own = texts.sblgnt.get(`${osis}.${chapter}`) ?? { chapter, verses: [] };
  const others = otherSblgntChapters(
    osis,
    chapter,
    trChapter.verses.map((v) => v.verse),
  ).flatMap((o) => texts.sblgnt.get(`${osis}.${o}`) ?? []);
  return compareChapter(osis, chapter, trChapter, [own, ...others]);
}

/** The New Testament's figures (docs/study.md "TR beside SBLGNT"). */
export interface DifferenceCount {
  groups: number;
  differing: number;
  differences: number;
  kinds: Record<DifferenceKind, number>;
  /** The changes of spelling alone by what spells the words apart (each counted once). */
  spelling: Record<'movable ν' | 'elision', number>;
}

/** Every chapter of the TR compared, and the differences counted. */
export function countDifferences(texts: GreekTexts): DifferenceCount {
  const count: DifferenceCount = {
    groups: 0,
    differing: 0,
    differences: 0,
    kinds: { added: 0, omitted: 0, changed: 0, spelling: 0 },
    spelling: { 'movable ν': 0, elision: 0 },
  };
  for (const key of texts.tr.keys()) {
    const [osis, chapter] = key.split('.') as [string, string];
    for (const g of chapterDifferences(texts, osis, Number(chapter))) {
      count.groups++;
      if (g.differences.length) count.differing++;
      for (const d of g.differences) {
        count.differences++;
        count.kinds[d.kind]++;
        // A change of spelling alone is word for word, counted once by its first pair: the one
        // of two words, Acts 21:33's αλυσεσιν δυσιν, is two movable ν.
        if (d.kind === 'spelling')
          count.spelling[spellingKind(d.tr[0]!.text, d.sblgnt[0]!.text)!]++;
      }
    }
  }
  return count;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(
      'usage: npx tsx scripts/greek-differences.ts\n  counts the differences of the TR and the SBLGNT over the New Testament, by kind (needs bibledit-cloud-data)',
    );
    process.exit(0);
  }
  if (!studySourcesInstalled()) {
    console.log('The study sources are not installed: apt install bibledit-cloud-data');
    process.exit(1);
  }
  console.log(countDifferences(greekTexts(taggedText('textus-receptus')!, taggedText('sblgnt')!)));
}
