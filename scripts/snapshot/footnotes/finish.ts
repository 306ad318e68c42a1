/**
 * A version's translators' notes made whole and checked once its text is final (after the build's
 * own changes to the text, ../apart.ts): each note's place must fall inside its verse's text (or
 * title; a verse without text keeps its notes at its start), each gets its anchor (the word before its place, where the source names none) and its
 * kind (./kinds.ts, where the source gives none), and a verse's notes are put in the order of
 * their places.
 */
import { tokensText, type NoteIR, type VersionIR } from '../ir';
import type { FootnoteKind } from '../../../src/snapshot/types';
import { kindOf, type KindRule } from './kinds';

export interface FinishedNotes {
  count: number;
  byKind: Partial<Record<FootnoteKind | 'none', number>>;
  problems: string[];
}

/** The last word of `text` (letters, marks, digits, inner apostrophes and hyphens). */
export function lastWord(text: string): string {
  const m = /[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*(?=[^\p{L}\p{M}\p{N}]*$)/u.exec(text);
  return m ? m[0] : '';
}

/** The first word of `text`, for a note that stands before any word. */
function firstWord(text: string): string {
  const m = /[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*/u.exec(text);
  return m ? m[0] : '';
}

export function finishNotes(version: string, ir: VersionIR, rules: KindRule[]): FinishedNotes {
  const problems: string[] = [];
  const byKind: FinishedNotes['byKind'] = {};
  let count = 0;
  for (const b of ir.books)
    for (const c of b.chapters)
      for (const v of c.verses) {
        if (!v.notes?.length) continue;
        const id = `${version} ${b.osis}.${c.chapter}.${v.verse}`;
        // A slot the version leaves without text keeps its notes (the WEB's Acts 8:37: "TR adds …"),
        // at its start: they say why the verse is not there.
        const empty = !v.tokens.length;
        const texts = {
          text: tokensText(v.tokens),
          title: v.title ? tokensText(v.title) : undefined,
        };
        const kept: NoteIR[] = [];
        for (const n of v.notes) {
          const text = empty ? '' : texts[n.in];
          if (text === undefined) {
            problems.push(`${id}: a note on a title the verse does not have ("${n.text}")`);
            continue;
          }
          const chars = [...text];
          if (n.offset < 0 || n.offset > chars.length) {
            problems.push(
              `${id}: a note at ${n.offset}, outside its ${n.in} of ${chars.length} characters`,
            );
            continue;
          }
          if (!n.text.trim()) {
            problems.push(`${id}: an empty note at ${n.offset}`);
            continue;
          }
          const before = chars.slice(0, n.offset).join('');
          n.anchor ??= lastWord(before) || firstWord(text);
          n.kind ??= kindOf(n.text, rules);
          byKind[n.kind ?? 'none'] = (byKind[n.kind ?? 'none'] ?? 0) + 1;
          kept.push(n);
          count++;
        }
        // Title notes first (the title is read before the text), each part in the order of places.
        v.notes = kept
          .map((n, i) => ({ n, i }))
          .sort(
            (a, z) =>
              Number(a.n.in === 'text') - Number(z.n.in === 'text') ||
              a.n.offset - z.n.offset ||
              a.i - z.i,
          )
          .map((x) => x.n);
        if (!v.notes.length) delete v.notes;
      }
  return { count, byKind, problems };
}
