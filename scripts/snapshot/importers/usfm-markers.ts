/**
 * What each USFM 3 marker means to the catalogue (https://ubsicap.github.io/usfm/), as one table:
 * the reader (usfm-book.ts) asks `roleOf(name)` and never names a marker itself but \id, \c and \v.
 * A marker missing here is not fatal: its words are kept as text and it is counted and reported.
 */

export type MarkerRole =
  /** Starts a paragraph (the next verse to start there is marked `para`). */
  | 'paragraph'
  /** A line of poetry or a list item: separates words, starts no paragraph. */
  | 'line'
  /** A Psalm's title or an acrostic heading: the next verse's `title`. */
  | 'title'
  /** A section heading (its words are not verse text; notes in it go to the next verse). */
  | 'heading'
  /** Book identification, titles and introductions: not verse text. */
  | 'book'
  /** A character style whose words are verse text (\nd, \w, \qs …). */
  | 'char'
  /** A character style whose words are not verse text (published numbers, figures …). */
  | 'char-hidden'
  /** Words supplied by the translators. */
  | 'add'
  /** Words of Jesus. */
  | 'wj'
  /** A footnote or an endnote (\f, \fe). */
  | 'footnote'
  /** A cross-reference note (\x). */
  | 'crossref'
  /** Inside a note: its words (\ft, \fq, \fqa, \xt …). */
  | 'note-text'
  /** Inside a note: the reference it repeats (\fr, \xo): not its words. */
  | 'note-origin'
  /** Study content (\ef, \ex, \esb): dropped whole. */
  | 'study'
  /** Chapter decorations (\cl, \cp, \cd): not verse text. */
  | 'chapter-extra';

const TABLE: Record<string, MarkerRole> = {};
const set = (role: MarkerRole, ...names: string[]) => {
  for (const n of names) TABLE[n] = role;
};

set(
  'paragraph',
  'p',
  'm',
  'po',
  'pr',
  'cls',
  'pmo',
  'pm',
  'pmc',
  'pmr',
  'mi',
  'pc',
  'ph',
  'lh',
  'lf',
  'b',
  'pb',
  'pi',
);
set(
  'line',
  'nb',
  'q',
  'qr',
  'qc',
  'qm',
  'li',
  'lim',
  'liv',
  'tr',
  'tc',
  'th',
  'tcr',
  'thr',
  'lit',
  'qd',
);
set('title', 'd', 'qa');
set('heading', 's', 'ms', 'mr', 'sr', 'r', 'sp', 'sd', 'mte');
set(
  'book',
  'id',
  'ide',
  'h',
  'toc',
  'toca',
  'mt',
  'rem',
  'sts',
  'usfm',
  'restore',
  'imt',
  'is',
  'ip',
  'ipi',
  'im',
  'imi',
  'ipq',
  'imq',
  'ipr',
  'iq',
  'ib',
  'ili',
  'iot',
  'io',
  'iex',
  'imte',
  'ie',
);
set('chapter-extra', 'cl', 'cp', 'cd');
set(
  'char',
  'nd',
  'w',
  'k',
  'bk',
  'qs',
  'qac',
  'tl',
  'sc',
  'it',
  'bd',
  'bdit',
  'em',
  'no',
  'sup',
  'pn',
  'png',
  'addpn',
  'sls',
  'ord',
  'dc',
  'qt',
  'sig',
  'ndx',
  'rb',
  'jmp',
  'wg',
  'wh',
  'wa',
  'lik',
  'litl',
  'ior',
);
set('char-hidden', 'ca', 'va', 'vp', 'fig', 'rq', 'pro', 'cat');
set('add', 'add');
set('wj', 'wj');
set('footnote', 'f', 'fe');
set('crossref', 'x');
set(
  'note-text',
  'ft',
  'fq',
  'fqa',
  'fk',
  'fl',
  'fw',
  'fp',
  'fv',
  'fdc',
  'fm',
  'xk',
  'xq',
  'xt',
  'xta',
  'xop',
  'xot',
  'xnt',
  'xdc',
);
set('note-origin', 'fr', 'xo');
set('study', 'ef', 'ex', 'esb', 'esbe');

/** A marker's role, its number dropped (`q2` is `q`, `toc1` is `toc`); undefined when unknown. */
export function roleOf(name: string): MarkerRole | 'milestone' | undefined {
  // Milestones (`\qt-s |who="Pilate"\*` … `\qt-e\*`, alignment's `\zaln-s`) mark spans, not words.
  if (/-[se]$/.test(name)) return 'milestone';
  return TABLE[name] ?? TABLE[name.replace(/\d+$/, '')];
}

/** Books of USFM's peripheral codes: front and back matter, glossaries, indexes (not scripture). */
export const PERIPHERAL_BOOKS = new Set(['FRT', 'BAK', 'OTH', 'INT', 'CNC', 'GLO', 'TDX', 'NDX']);
