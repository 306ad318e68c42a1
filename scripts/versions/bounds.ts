/**
 * The bounds on a source (docs/translations.md#bounds-on-a-source) checked on what any importer
 * read, for `npm run version:add`: the USFM and USX reader stops at them with the file and line
 * (../snapshot/importers/usfm-book.ts, whose limits these are); an OSIS source is checked here,
 * by its verse ids, before a number reaches data/versification-gaps.json.
 */
import {
  MAX_BRIDGE_SPAN,
  MAX_CHAPTER,
  MAX_VERSE,
  MAX_VERSE_CHARS,
} from '../snapshot/importers/usfm-book';
import { codePointLength, tokensText, type VersionIR } from '../snapshot/ir';

/** The first verse past a bound, as a message naming it (and its file and line when known). */
export function boundsProblem(ir: VersionIR, source: string): string | null {
  for (const b of ir.books)
    for (const c of b.chapters) {
      if (c.chapter < 1 || c.chapter > MAX_CHAPTER)
        return `${source}: ${b.osis}.${c.chapter}: a chapter number must be 1 to ${MAX_CHAPTER} (Psalms has 150 chapters, the most of the canon)`;
      for (const v of c.verses) {
        const id = `${b.osis}.${c.chapter}.${v.verse}`;
        const at = ir.sourceLines?.get(id) ?? source;
        const last = v.lastverse ?? v.verse;
        if (v.verse < 1 || last > MAX_VERSE)
          return `${at}: ${b.osis}.${c.chapter}.${last > MAX_VERSE ? last : v.verse}: a verse number must be 1 to ${MAX_VERSE} (Psalm 119 has 176 verses, the most of the canon)`;
        if (last - v.verse + 1 > MAX_BRIDGE_SPAN)
          return `${at}: ${id}-${last}: a bridge of ${last - v.verse + 1} verses, more than ${MAX_BRIDGE_SPAN}`;
        for (const [part, toks] of [
          ['text', v.tokens],
          ['title', v.title ?? []],
        ] as const) {
          const chars = codePointLength(tokensText(toks));
          if (chars > MAX_VERSE_CHARS)
            return `${at}: ${id}: its ${part} has ${chars} characters, more than ${MAX_VERSE_CHARS} (the longest verse of the canon has 4,184)`;
        }
      }
    }
  return null;
}
