/**
 * How the library's references become links and are counted: a reference that
 * resolves (./references.ts) links to our verse resources in the KJV (the numbering the sources
 * write; /verses/{id} and /chapters/{id} of other versions follow the versification map); one that
 * does not keeps its words and is reported with its reason, and the build fails unless
 * data/library-unresolved.json lists it.
 */
import type { KjvVerses } from '../study/lexicons/kjv-verses';
import type { RefFound } from './markup';
import {
  lastVerseChapter,
  resolveReference,
  resolveWords,
  type Resolution,
  type Span,
} from './references';
import { listedKey, type ListedReference } from './unresolved';

/** `/verses/KJV:John.3.16`, `/chapters/KJV:1Chr.24`, a range `/chapters/KJV:Matt.19/verses?start=4&end=6`. */
export function spanHref(s: Span): string {
  const chapter = `/chapters/KJV:${s.book}.${s.chapter}`;
  if (s.chapters && s.endChapter === s.chapter) return chapter;
  if (s.endChapter === s.chapter && s.endVerse === s.verse)
    return `/verses/KJV:${s.book}.${s.chapter}.${s.verse}`;
  return `${chapter}/verses?start=${s.verse}&end=${s.endVerse}${s.endChapter === s.chapter ? '' : `&end_chapter=${s.endChapter}`}`;
}

/** The commentaries' entry on a verse (a Scofield note's `Scofield:Mt 6:33`). */
export const noteHref = (s: Span): string =>
  `/verses/KJV:${s.book}.${s.chapter}.${s.verse}/commentaries`;

export interface Unresolved {
  module: string;
  /** The entry (commentary key or topic name). */
  entry: string;
  osisRef: string;
  text: string;
  problem: string;
}

/** What one module's references came to. */
export interface RefTally {
  /** References written (`<reference osisRef>`, `<ref osisRef>` elements). */
  written: number;
  /** Resolved, in all (read as written, as meant, or as data/library-unresolved.json says). */
  resolved: number;
  /** Unresolved and listed with a reason in data/library-unresolved.json (their words stay unlinked). */
  listed: number;
  /** Resolved by the list's `meant`. */
  corrected: number;
  /** Unresolved and not listed: the build fails on any. */
  unlisted: Unresolved[];
  /** References whose attribute was wrong and whose words said what was meant (`Jude 1</ref>:9`). */
  readAsMeant: number;
  /** The list's entries this module used (to find stale ones). */
  used: Set<string>;
}

export const emptyTally = (): RefTally => ({
  written: 0,
  resolved: 0,
  listed: 0,
  corrected: 0,
  unlisted: [],
  readAsMeant: 0,
  used: new Set(),
});

/**
 * A link resolver for one entry: resolves each reference with the book of the one before it
 * (an item without a book continues the entry's list), tallies it, and records its spans.
 */
export function entryLinker(
  module: string,
  entry: string,
  kjv: KjvVerses,
  tally: RefTally,
  ownBook: string,
  spans: Span[],
  listed: Map<string, ListedReference>,
) {
  let book = ownBook;
  let chapter: number | undefined;
  let previousWords = '';
  return (ref: RefFound): string | null => {
    tally.written++;
    let r: Resolution = resolveReference(ref.osisRef, kjv, book);
    if ('problem' in r) {
      // The attribute is wrong: the words say what was meant. As they stand (`Jer.50.1-Jer.3.8` for
      // "Jr 50:1-3,8"; `Col.8.17` for "17" after "2Co 8:16,"); with the digit they end in and the
      // text after them (`PrAzar.1.2` for "Azariah 2" followed by "Ch 15:1": 2 Chronicles 15:1);
      // or with the digit the reference before ends in ("Titus 2" then `Col.8.16` "Co 8:16").
      const digit = (s: string) => /(\d)\s*$/.exec(s)?.[1];
      const readings = [
        ref.text,
        digit(ref.text) && /^[A-Za-z]/.test(ref.after) ? `${digit(ref.text)}${ref.after}` : null,
        digit(previousWords) && /^[A-Za-z]/.test(ref.text.trim())
          ? `${digit(previousWords)}${ref.text.trim()}`
          : null,
      ];
      for (const words of readings) {
        if (!words) continue;
        const read = resolveWords(words.replace(/[^\w:,.\s-].*$/s, ''), kjv, book, chapter);
        if ('problem' in read) continue;
        tally.readAsMeant++;
        r = read;
        break;
      }
    }
    previousWords = ref.text;
    if ('problem' in r) {
      const key = listedKey({ module, entry, osisRef: ref.osisRef });
      const entryListed = listed.get(key);
      if (!entryListed) {
        tally.unlisted.push({
          module,
          entry,
          osisRef: ref.osisRef,
          text: ref.text.trim(),
          problem: r.problem,
        });
        return null;
      }
      tally.used.add(key);
      if (!entryListed.meant) {
        tally.listed++;
        return null;
      }
      const meant = resolveReference(entryListed.meant, kjv);
      if ('problem' in meant)
        throw new Error(
          `data/library-unresolved.json: ${module} ${entry} "${ref.osisRef}": meant "${entryListed.meant}": ${meant.problem}`,
        );
      tally.corrected++;
      r = meant;
    }
    book = r.book;
    chapter = lastVerseChapter(r);
    tally.resolved++;
    spans.push(...r.spans);
    return r.note ? noteHref(r.spans[0]!) : spanHref(r.spans[0]!);
  };
}
