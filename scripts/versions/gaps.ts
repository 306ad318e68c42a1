/**
 * The empty verse slots of a new version, each with what its source shows there, for
 * data/versification-gaps.json: the build refuses a slot without text that the file does not
 * list (validate.ts), so `npm run version:add` lists them, and prints them: a verse the source
 * leaves out is reported, never dropped silently.
 */
import type { VersionIR } from '../snapshot/ir';

export function findGaps(ir: VersionIR): Record<string, string> {
  const gaps: Record<string, string> = {};
  for (const b of ir.books)
    for (const c of b.chapters) {
      const covered = new Map<number, (typeof c.verses)[number]>();
      for (const v of c.verses)
        for (let n = v.verse; n <= (v.lastverse ?? v.verse); n++) covered.set(n, v);
      const last = Math.max(0, ...covered.keys());
      for (let n = 1; n <= last; n++) {
        const v = covered.get(n);
        const id = `${b.osis}.${c.chapter}.${n}`;
        if (!v) {
          const before = Math.max(0, ...[...covered.keys()].filter((k) => k < n));
          gaps[id] =
            `The source has no verse ${n} here (verse ${before || 'none'} is followed by verse ${Math.min(...[...covered.keys()].filter((k) => k > n))}).`;
        } else if (!v.tokens.length) {
          const note = v.notes?.[0]?.text;
          gaps[id] = note
            ? `The source numbers the verse but gives it no text, only a note ("${clip(note)}").`
            : 'The source numbers the verse but gives it no text.';
        }
      }
    }
  return gaps;
}

function clip(s: string): string {
  const words = s.split(' ');
  return words.length > 6 ? `${words.slice(0, 6).join(' ')}…` : s;
}
