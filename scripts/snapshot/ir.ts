/**
 * The neutral intermediate form every importer returns: books -> chapters -> verses, each verse a
 * list of text tokens. Only markup.ts turns it into HTML, so all sources share one renderer.
 */
import type { FootnoteKind } from '../../src/snapshot/types';

/** A run of verse text. Whitespace is already collapsed (see normalizeTokens). */
export interface TextToken {
  text: string;
  /** Words supplied by the translators (KJV `[word]`, ASV `` `word' ``, OSIS `<transChange type="added">`). */
  add?: boolean;
  /** Words of Jesus (OSIS `<q who="Jesus">`). */
  wj?: boolean;
}

/**
 * What an importer emits while reading a verse, before normalization: text, plus two kinds of
 * invisible gap markers that decide spacing once the neighbouring text is known.
 */
export type RawToken =
  | TextToken
  /**
   * A removed footnote or cross-reference, or the end of a quotation element: becomes a space
   * only where words would otherwise glue together ("God<note/>created", "he,”</q>they").
   */
  | { gap: 'soft' }
  /** A poetry line or line-break milestone: a space (collapsed with neighbouring spaces). */
  | { gap: 'space' };

export interface VerseIR {
  verse: number;
  /** Last verse number this record covers (merged verses); defaults to `verse`. */
  lastverse?: number;
  /** The verse starts a paragraph. */
  para: boolean;
  /** Psalm title (or acrostic heading) shown before the verse. */
  title?: TextToken[];
  /**
   * Section headings that stand before the verse (USFM \s#, \ms#), in order: not verse text, so
   * neither the verse's text nor keyword search sees them; served on request (include_headings).
   */
  headings?: string[];
  /** The headings' language where it is not the version's (the SBLGNT prints English ones). */
  headingsLang?: string;
  /**
   * A passage the edition prints among the headings before the verse without a verse number, after
   * the first `at` of them (the SBLGNT's Intermediate Ending of Mark, after "Other Endings of
   * Mark" and "Intermediate Ending", before "Long Ending" and 16:9). Not verse text: served with
   * the headings, as they are.
   */
  unnumbered?: { at: number; tokens: TextToken[] };
  /** Normalized verse text; empty means the slot exists but has no text (a versification gap). */
  tokens: TextToken[];
  /** The translators' notes on this verse (its text or its title), in the order of their places. */
  notes?: NoteIR[];
}

/**
 * One translators' note: where it stands (after `offset` code points of the verse's plain text, or
 * of its title) and what it says. `anchor` is the source's own words for what the note is on
 * (the KJV's margin notes name them: "grass: Heb. tender grass"); absent, it is the word before
 * the offset (footnotes/validate.ts sets it once the text is final).
 */
export interface NoteIR {
  in: 'text' | 'title';
  offset: number;
  text: string;
  anchor?: string;
  kind?: FootnoteKind;
}

export interface ChapterIR {
  chapter: number;
  verses: VerseIR[];
}

export interface BookIR {
  /** OSIS id (already mapped through the canon table; validate.ts checks it is known). */
  osis: string;
  chapters: ChapterIR[];
}

export interface VersionIR {
  /** Books in the source's own order. */
  books: BookIR[];
  /**
   * Where each verse stands in the source ("Gen.1.1" → "path/02-GEN.usfm:12"), when the importer
   * knows it (USFM, USX): the build's warnings about a verse name its file and line.
   */
  sourceLines?: Map<string, string>;
}

// Characters after which a removed note must leave a space when a word follows: letters, digits,
// closing punctuation and closing quotes/brackets.
const BEFORE_GAP = /[\p{L}\p{N}.,;:!?’”)\]]$/u;
// Characters that start a new word: letters, digits, opening quotes and brackets.
const AFTER_GAP = /^[\p{L}\p{N}“‘([]/u;

const sameFlags = (a: TextToken, b: TextToken) => !!a.add === !!b.add && !!a.wj === !!b.wj;

/**
 * Resolve gap markers, collapse whitespace (also across token boundaries), trim the ends and
 * merge neighbouring tokens with the same flags.
 */
export function normalizeTokens(raw: RawToken[]): TextToken[] {
  // 1. Resolve gaps into plain spaces (or nothing).
  const resolved: TextToken[] = [];
  const lastChar = () => {
    for (let i = resolved.length - 1; i >= 0; i--) {
      const t = resolved[i].text;
      if (t.length) return t[t.length - 1];
    }
    return '';
  };
  for (let i = 0; i < raw.length; i++) {
    const tok = raw[i];
    if ('gap' in tok) {
      const prevTok = resolved[resolved.length - 1];
      const flags = prevTok ? { add: prevTok.add, wj: prevTok.wj } : {};
      if (tok.gap === 'space') {
        resolved.push({ text: ' ', ...flags });
        continue;
      }
      let next = '';
      for (let j = i + 1; j < raw.length && !next; j++) {
        const t = raw[j];
        if ('gap' in t) {
          if (t.gap === 'space') next = ' ';
          continue;
        }
        next = t.text.length ? t.text[0] : '';
      }
      if (BEFORE_GAP.test(lastChar()) && AFTER_GAP.test(next))
        resolved.push({ text: ' ', ...flags });
      continue;
    }
    if (tok.text.length)
      resolved.push({
        text: tok.text,
        ...(tok.add ? { add: true } : {}),
        ...(tok.wj ? { wj: true } : {}),
      });
  }
  // 2. Collapse whitespace across tokens.
  const out: TextToken[] = [];
  let endsWithSpace = true; // true at the start: drops leading whitespace
  for (const t of resolved) {
    let text = t.text.replace(/\s+/g, ' ');
    if (endsWithSpace && text.startsWith(' ')) text = text.slice(1);
    if (!text.length) continue;
    endsWithSpace = text.endsWith(' ');
    const prev = out[out.length - 1];
    if (prev && sameFlags(prev, t)) prev.text += text;
    else out.push({ text, ...(t.add ? { add: true } : {}), ...(t.wj ? { wj: true } : {}) });
  }
  // 3. Trim the end.
  while (out.length) {
    const last = out[out.length - 1];
    last.text = last.text.replace(/\s+$/, '');
    if (last.text.length) break;
    out.pop();
  }
  // A space at the edge of a supplied-words or words-of-Jesus run belongs outside it.
  return moveEdgeSpaces(moveEdgeSpaces(out, 'add'), 'wj');
}

function moveEdgeSpaces(tokens: TextToken[], flag: 'add' | 'wj'): TextToken[] {
  const out: TextToken[] = [];
  const push = (t: TextToken) => {
    if (!t.text.length) return;
    const prev = out[out.length - 1];
    if (prev && sameFlags(prev, t)) prev.text += t.text;
    else out.push(t);
  };
  tokens.forEach((t, i) => {
    if (!t[flag]) return push({ ...t });
    const outside: TextToken = { ...t, text: ' ' };
    delete outside[flag];
    const startsRun = !tokens[i - 1]?.[flag];
    const endsRun = !tokens[i + 1]?.[flag];
    let text = t.text;
    let lead = false;
    let trail = false;
    if (startsRun && text.startsWith(' ')) {
      lead = true;
      text = text.slice(1);
    }
    if (endsRun && text.endsWith(' ')) {
      trail = true;
      text = text.slice(0, -1);
    }
    if (lead) push({ ...outside });
    push({ ...t, text });
    if (trail) push({ ...outside });
  });
  return out;
}

/** Plain text of a token list (for validation and search). */
export function tokensText(tokens: TextToken[]): string {
  return tokens.map((t) => t.text).join('');
}

/** Length in code points: a note's offset counts characters, not UTF-16 units (src/snapshot/types.ts). */
export function codePointLength(text: string): number {
  return [...text].length;
}

/** Build tokens from a string with inline supplied-word markers, e.g. KJV `[was]`. */
export function tokensFromMarked(text: string, marker: RegExp): RawToken[] {
  const out: RawToken[] = [];
  let last = 0;
  for (const m of text.matchAll(marker)) {
    if (m.index! > last) out.push({ text: text.slice(last, m.index) });
    out.push({ text: m[1], add: true });
    last = m.index! + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}
