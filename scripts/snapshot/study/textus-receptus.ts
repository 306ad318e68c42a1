/**
 * The Greek New Testament behind the KJV, rebuilt from CrossWire's tagged KJV (kjv.xml): every
 * New Testament `<w>` names the Textus Receptus words it renders, by position in the TR verse
 * (`src="4 5"`), with the TR word (`lemma.TR:ο lemma.TR:θεος`), its Strong's number and its
 * Robinson code, one of each per position in the same order. Collecting them by position gives
 * the TR verse in its own word order, including the words the KJV leaves untranslated (empty
 * `<w …/>`s). The TR words are as CrossWire gives them: lower case, unaccented, no punctuation
 * (`ουτως γαρ ηγαπησεν ο θεος τον κοσμον`).
 *
 * A position is read once: a Greek word rendered by two English phrases (`type="x-split-…"`, the
 * same `src` on both) gives one word. Where two `<w>`s name the same position differently (a
 * tagging slip: Matt 23:14 gives υποκριται, position 6, to both "Pharisees" with G5330 and
 * "hypocrites" with G5273), the reading the whole New Testament uses more often for that TR
 * word wins (υποκριται G5273). `readTextusReceptusChecked` lists those and the other
 * irregularities for the report.
 */
import { readKjv, type KjvReading, type SourcePosition } from './kjv-tagged';
import { studyFile } from './sources';
import type { MorphCode, TaggedVerse, TaggedWord } from './types';

/** One Greek word of a verse as the tags give it. */
interface Greek {
  word: string;
  strongs?: string;
  morph?: MorphCode;
}

/** What the report says about the rebuilt text (none of it stops the build). */
export interface TextusReceptusCheck {
  /** Verses whose positions are not 1…n without a gap (`Book.C.V`, with the missing positions). */
  gaps: { verse: string; missing: number[] }[];
  /** `<w>`s whose TR words, Strong's numbers, morphology codes and positions differ in count. */
  countMismatches: string[];
  /** Positions named twice with a different word, number or code (the one kept first). */
  conflicts: string[];
  /** Positions given from the neighbouring verse (`src="13n"`, `"5p"`). */
  fromNeighbours: number;
}

const id = (v: TaggedVerse) => `${v.book}.${v.chapter}.${v.verse}`;
const key = (g: Greek) => `${g.word} ${g.strongs ?? '-'} ${g.morph?.code ?? '-'}`;

/** The TR's New Testament: one TaggedVerse per KJV verse (the same 7,957), one word per Greek word. */
export function readTextusReceptus(file = studyFile('kjv')): TaggedVerse[] {
  return readTextusReceptusChecked(file).verses;
}

/**
 * readTextusReceptus with what the report lists (see TextusReceptusCheck). `whole`: a reading of
 * all of kjv.xml made already (readKjv), whose New Testament is used instead of parsing it again.
 */
export function readTextusReceptusChecked(
  file = studyFile('kjv'),
  whole?: KjvReading,
): { verses: TaggedVerse[]; check: TextusReceptusCheck } {
  const { verses: read, neighbours } = whole ?? readKjv(file, 'Matt');
  const kjv = whole ? read.slice(read.findIndex((v) => v.book === 'Matt')) : read;
  const check: TextusReceptusCheck = {
    gaps: [],
    countMismatches: [],
    conflicts: [],
    fromNeighbours: 0,
  };
  /** Per verse, per position, every reading the tags give (usually one). */
  const greek = kjv.map(() => new Map<number, Greek[]>());
  /** How often each reading (word, number, code) occurs in the New Testament's tags. */
  const frequency = new Map<string, number>();

  kjv.forEach((verse, i) => {
    for (const w of verse.words) {
      const positions: SourcePosition[] | undefined =
        neighbours.get(w) ?? w.src?.map((position) => ({ position, verse: 0 }));
      if (!positions) continue;
      const lemma = w.lemma ?? [];
      const n = positions.length;
      if (lemma.length !== n || w.strongs.length !== n || (w.morph?.length ?? 0) !== n) {
        check.countMismatches.push(
          `${id(verse)} "${w.text}": ${n} positions, ${lemma.length} TR words, ${w.strongs.length} numbers, ${w.morph?.length ?? 0} codes`,
        );
      }
      positions.forEach((p, k) => {
        const word = lemma[k];
        if (word === undefined) return; // nothing to place (counted above)
        const target = i + p.verse;
        // A neighbour is the verse just before or after in the same book (the file's order).
        if (p.verse !== 0) {
          check.fromNeighbours++;
          const there = kjv[target];
          if (!there || there.book !== verse.book)
            throw new Error(`kjv.xml ${id(verse)}: src points past the book's ends`);
        }
        const g: Greek = { word, strongs: w.strongs[k], morph: w.morph?.[k] };
        frequency.set(key(g), (frequency.get(key(g)) ?? 0) + 1);
        const readings = greek[target]!.get(p.position);
        if (!readings) greek[target]!.set(p.position, [g]);
        else if (!readings.some((r) => key(r) === key(g))) readings.push(g);
      });
    }
  });

  const verses = kjv.map((verse, i): TaggedVerse => {
    const positions = [...greek[i]!.keys()].sort((a, b) => a - b);
    const last = positions[positions.length - 1] ?? 0;
    if (positions.length !== last) {
      const have = new Set(positions);
      const missing: number[] = [];
      for (let p = 1; p <= last; p++) if (!have.has(p)) missing.push(p);
      check.gaps.push({ verse: id(verse), missing });
    }
    const words = positions.map((p, k): TaggedWord => {
      const readings = greek[i]!.get(p)!;
      // The most used reading; on a tie the first in the KJV's order.
      const g = readings.reduce((best, r) =>
        frequency.get(key(r))! > frequency.get(key(best))! ? r : best,
      );
      if (readings.length > 1)
        check.conflicts.push(
          `${id(verse)} position ${p}: ${readings.map(key).join(' / ')}; kept ${key(g)}`,
        );
      const w: TaggedWord = { text: g.word, strongs: g.strongs ? [g.strongs] : [] };
      if (g.morph) w.morph = [g.morph];
      if (k < positions.length - 1) w.after = ' ';
      return w;
    });
    return { book: verse.book, chapter: verse.chapter, verse: verse.verse, words };
  });
  return { verses, check };
}
