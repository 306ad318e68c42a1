/**
 * Which versification a source follows, from its chapters' verse counts: the systems of
 * bible-passage-reference-parser's translation_info() (the KJV's, the Hebrew Bible's as the NAB
 * numbers it, the Vulgate's, the Septuagint's …), each scored by the chapters of the source's
 * books whose last verse it agrees with. `npm run version:add` prints the closest and the chapters
 * that differ from it and from the KJV's (where a verse may not stand in the KJV's slot), and pins
 * `versification` on the entry when the source is the KJV's exactly (the build then checks it).
 */
import { bcv_parser } from 'bible-passage-reference-parser/esm/bcv_parser.js';
import * as lang from 'bible-passage-reference-parser/esm/lang/en.js';
import type { VersionIR } from '../snapshot/ir';

/** The systems compared: those of the parser whose counts differ from one another. */
export const SYSTEMS = ['kjv', 'default', 'nab', 'vulgate', 'lxx', 'nlt', 'ceb'] as const;

export interface VersificationFit {
  system: string;
  /** Chapters of the source the system knows, and those whose last verse it agrees with. */
  chapters: number;
  agree: number;
  /** `Book.C: source N, system M`, for each chapter that differs. */
  differ: string[];
}

/** The last verse of each chapter of each book, as the source numbers them. */
function shape(ir: VersionIR): Map<string, number[]> {
  return new Map(
    ir.books.map((b) => [
      b.osis,
      b.chapters.map((c) => Math.max(0, ...c.verses.map((v) => v.lastverse ?? v.verse))),
    ]),
  );
}

export function fitVersification(ir: VersionIR): VersificationFit[] {
  const parser = new bcv_parser(lang as never);
  const ours = shape(ir);
  const fits = SYSTEMS.map((system) => {
    const info = parser.translation_info(system) as { chapters: Record<string, number[]> };
    let chapters = 0;
    let agree = 0;
    const differ: string[] = [];
    for (const [osis, counts] of ours) {
      const theirs = info.chapters[osis];
      if (!theirs) continue;
      const n = Math.max(counts.length, theirs.length);
      for (let c = 0; c < n; c++) {
        chapters++;
        if (counts[c] === theirs[c]) agree++;
        else
          differ.push(
            `${osis}.${c + 1}: source ${counts[c] ?? 'none'}, ${system} ${theirs[c] ?? 'none'}`,
          );
      }
    }
    return { system, chapters, agree, differ };
  });
  // The closest first; between equals, the order of SYSTEMS (the KJV's first).
  return fits.sort((a, b) => b.agree / (b.chapters || 1) - a.agree / (a.chapters || 1));
}
