import type { FootnoteValue } from '../../snapshot/types';

/**
 * The translators' notes' marks in a verse's HTML (docs/footnotes.md "Pages"). A note's `offset`
 * counts the characters of the verse's words as the text shows them: the HTML's text without the
 * verse number (`<sup>`) and the title (`<span class="title">`), where a title note counts
 * instead. The build escaped the text, so an entity is one character. Each mark is a link to the
 * note in the page's list of notes (so it works without script); ../../../public/assets/footnotes.js
 * shows the note beside it on tap or focus.
 */

/** A note as the page shows it: its mark's label and the id of its place in the list. */
export interface MarkedNote {
  note: FootnoteValue;
  /** `a`, `b`, … in the order of the chapter's notes. */
  label: string;
  /** The list item's id (`fn-16-a`); the mark's own is `fnref-16-a`. */
  id: string;
}

/** `a` … `z`, then `aa`, `ab` …: a chapter's marks, as printed Bibles letter them. */
export function markLabel(index: number): string {
  let n = index;
  let label = '';
  do {
    label = String.fromCharCode(97 + (n % 26)) + label;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return label;
}

/** Every note of a chapter with its label and id, in the chapter's order. */
export function markedNotes(notes: FootnoteValue[]): MarkedNote[] {
  return notes.map((note, i) => {
    const label = markLabel(i);
    return { note, label, id: `fn-${note.verse}-${label}` };
  });
}

function mark(m: MarkedNote): string {
  return `<sup class="fn-mark"><a href="#${m.id}" id="fnref-${m.id.slice(3)}" aria-describedby="${m.id}">${m.label}</a></sup>`;
}

// A tag, an entity (one character of text), or one character.
const PIECES = /<\/?([a-z]+)[^>]*>|&[#a-z0-9]+;|[\s\S]/giu;

/**
 * `html` with each note's mark after the character its offset counts to (a note at offset 0 right
 * after the verse number, or at the title's start). A note whose place the HTML does not reach
 * (the build checks that none is) is marked at the end.
 */
export function withFootnoteMarks(html: string, notes: MarkedNote[]): string {
  if (!notes.length) return html;
  const pending = {
    text: notes.filter((m) => !m.note.title),
    title: notes.filter((m) => m.note.title),
  };
  const count = { text: 0, title: 0 };
  let out = '';
  // Where the HTML is: in the title (and how deep in its spans), in the verse number.
  let titleDepth = 0;
  let inNumber = false;
  let textStarted = false;
  const flush = (part: 'text' | 'title') => {
    const list = pending[part];
    while (list.length && list[0]!.note.offset <= count[part]) out += mark(list.shift()!);
  };
  for (const m of html.matchAll(PIECES)) {
    const piece = m[0];
    const tag = m[1]?.toLowerCase();
    if (tag) {
      const closing = piece.startsWith('</');
      out += piece;
      if (tag === 'span' && titleDepth > 0) titleDepth += closing ? -1 : 1;
      else if (tag === 'span' && !closing && /class="title"/.test(piece)) {
        titleDepth = 1;
        flush('title');
      } else if (tag === 'sup' && !/class="fn-mark"/.test(piece)) {
        inNumber = !closing;
        if (closing && !textStarted) {
          textStarted = true;
          flush('text');
        }
      }
      continue;
    }
    out += piece;
    if (inNumber) continue;
    if (titleDepth > 0) {
      count.title++;
      flush('title');
    } else {
      textStarted = true;
      count.text++;
      flush('text');
    }
  }
  // Past the HTML's text: at the end, inside the verse's last element.
  const rest = [...pending.title, ...pending.text].map(mark).join('');
  if (!rest) return out;
  const close = /(<\/span>)+$/.exec(out);
  return close ? out.slice(0, close.index) + rest + close[0] : out + rest;
}
