/**
 * The ONE tokenizer and normalizer of keyword search (docs/search.md): the snapshot build
 * (scripts/snapshot/search-index.ts) indexes verse HTML with it and the worker tokenizes queries
 * and highlights verses with it, so the index and the queries can never disagree.
 *
 * Pure module: no Workers or Node APIs.
 *
 * - Text comes from verse HTML with tags removed and entities decoded. A tag never splits a word
 *   (`so <span class="add">lov</span>ed` is `loved`), but the verse number (`<sup>…</sup>`) is
 *   left out and acts as a word break.
 * - Words are letters/digits/marks, joined by inner apostrophes and hyphens.
 * - Two normal forms of a word. Its form (`formOf`): lower case, apostrophes removed
 *   (`LORD’s` → `lords`), accents KEPT (`Amó` → `amó`). Its folded term (`fold`): the form with
 *   accents removed (NFD, marks dropped; `amó` → `amo`). Stems are made from folded terms, so
 *   matching is case-, accent- and punctuation-insensitive; the index keeps forms, so a hit whose
 *   accents match the query's ranks above one that matches only folded.
 * - A hyphenated word is one term written together (`Maher-shalal-hash-baz` →
 *   `mahershalalhashbaz`, the same term as `Mahershalalhashbaz`); the index also holds its parts.
 * - `stem()` is a light English stemmer (plural, -ed, -ing, and the archaic -eth/-est of the KJV)
 *   so that `loved` finds `love`; the surface form is kept too so that exact forms rank first.
 */

/** Longest term kept (longer words are cut); keeps KV keys short and bounded. */
export const MAX_TERM_LENGTH = 48;

const WORD = /[\p{L}\p{M}\p{N}]+(?:['’‘ʼ\-‐‑][\p{L}\p{M}\p{N}]+)*/gu;
const HYPHENS = /[-‐‑]/;
const APOSTROPHES = /['’‘ʼ]/g;
const MARKS = /\p{M}/gu;

/**
 * Letters and digits of ASCII only: what normalizing, the marks and the ligatures change is not
 * in such a word, so its form and its folded term are both its lower case (most words of the
 * English versions; the build folds every word of every verse).
 */
const ASCII_WORD = /^[A-Za-z0-9]*$/;

function cut(word: string): string {
  return word.length > MAX_TERM_LENGTH ? word.slice(0, MAX_TERM_LENGTH) : word;
}

/**
 * Form of one word (no hyphen splitting): lower case, no apostrophes, accents kept and composed
 * (NFC, so `amó` typed with a combining accent is the same form as the precomposed one).
 */
export function formOf(word: string): string {
  if (ASCII_WORD.test(word)) return cut(word.toLowerCase());
  return cut(word.normalize('NFC').toLowerCase().replace(APOSTROPHES, ''));
}

/** Folded term of one word (no hyphen splitting): accent-free, lower case, no apostrophes. */
export function fold(word: string): string {
  if (ASCII_WORD.test(word)) return cut(word.toLowerCase());
  return cut(
    word
      .normalize('NFD')
      .replace(MARKS, '')
      .toLowerCase()
      .replace(APOSTROPHES, '')
      .replace(/æ/g, 'ae')
      .replace(/œ/g, 'oe')
      .replace(/ß/g, 'ss'),
  );
}

/**
 * A lexicon headword as search by lemma compares it: its words folded (no vowel
 * points, cantillation, accents or case), one space between them; '' when it has no word. Numbers
 * are not words of a headword: some lexicons number homographs or append a Strong's number to
 * the headword (Abbott-Smith's `ἄγιος G40`, `ἄν 1`).
 */
export function foldLemma(text: string): string {
  return (text.match(WORD) ?? [])
    .map(fold)
    .filter((w) => !/^[gh]?\d+$/.test(w))
    .join(' ');
}

/** A word found in text: its forms and folded terms, its hyphen parts (when hyphenated) and where it is. */
export interface Word {
  /** Folded term of the whole word, hyphens removed (what stems are made from). */
  term: string;
  /** Form of the whole word, hyphens removed (accents kept: what the exact-form rank compares). */
  form: string;
  /** Folded terms of the hyphen-separated parts; empty when the word has no hyphen. */
  parts: string[];
  /** Forms of the hyphen-separated parts (same length as `parts`). */
  partForms: string[];
  /** Offsets in the text the word was found in ([start, end)). */
  start: number;
  end: number;
}

/** Words of plain text, in order. */
export function words(text: string): Word[] {
  const out: Word[] = [];
  for (const m of text.matchAll(WORD)) {
    const raw = m[0];
    const start = m.index!;
    const pieces = HYPHENS.test(raw) ? raw.split(/[-‐‑]+/).filter((p) => fold(p).length > 0) : [];
    const whole = pieces.length ? pieces.join('') : raw;
    const term = fold(whole);
    if (!term) continue;
    const split = pieces.length > 1;
    out.push({
      term,
      form: formOf(whole),
      parts: split ? pieces.map(fold) : [],
      partForms: split ? pieces.map(formOf) : [],
      start,
      end: start + raw.length,
    });
  }
  return out;
}

/** Text of verse HTML, with for every character the HTML range it came from. */
export interface HtmlText {
  text: string;
  /** htmlStart[i] / htmlEnd[i]: where text[i] is in the HTML (an entity spans several bytes). */
  htmlStart: number[];
  htmlEnd: number[];
}

const ENTITIES = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
  ['nbsp', '\u00a0'],
]);

function entity(name: string): string | null {
  if (name.startsWith('#x') || name.startsWith('#X')) {
    const n = parseInt(name.slice(2), 16);
    return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : null;
  }
  if (name.startsWith('#')) {
    const n = parseInt(name.slice(1), 10);
    return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : null;
  }
  return ENTITIES.get(name) ?? null;
}

/**
 * The readable text of verse HTML. Tags add nothing (so markup never breaks a word); a `<sup>`
 * (the verse number) is dropped and becomes a space.
 */
export function htmlText(html: string): HtmlText {
  return readHtml(html, true);
}

/** htmlText without the ranges (their arrays were a third of indexing a verse). */
function plainText(html: string): string {
  return readHtml(html, false).text;
}

function readHtml(html: string, ranges: boolean): HtmlText {
  let text = '';
  const htmlStart: number[] = [];
  const htmlEnd: number[] = [];
  const push = (s: string, from: number, to: number) => {
    if (ranges)
      for (let k = 0; k < s.length; k++) {
        htmlStart.push(from);
        htmlEnd.push(to);
      }
    text += s;
  };
  let i = 0;
  while (i < html.length) {
    const ch = html[i];
    if (ch === '<') {
      const close = html.indexOf('>', i);
      if (close < 0) break;
      if (/^<sup[\s>]/i.test(html.slice(i, i + 5))) {
        const endSup = html.indexOf('</sup>', close);
        const after = endSup < 0 ? html.length : endSup + 6;
        push(' ', i, i);
        i = after;
        continue;
      }
      i = close + 1;
      continue;
    }
    if (ch === '&') {
      const semi = html.indexOf(';', i);
      if (semi > i && semi - i <= 10) {
        const decoded = entity(html.slice(i + 1, semi));
        if (decoded !== null) {
          push(decoded, i, semi + 1);
          i = semi + 1;
          continue;
        }
      }
    }
    push(ch, i, i + 1);
    i++;
  }
  return { text, htmlStart, htmlEnd };
}

// ---- Stemming ------------------------------------------------------------------------------

const VOWEL = /[aeiouy]/;
/** Words ending in -est / -ing that are not verb or superlative forms (`forest` is not `for`). */
const KEEP = new Set([
  'forest',
  'earnest',
  'honest',
  'dishonest',
  'harvest',
  'interest',
  'manifest',
  'modest',
  'protest',
  'request',
  'conquest',
  'arrest',
  'contest',
  'priest',
  'tempest',
  'bequest',
  'digest',
  'suggest',
  'detest',
  'molest',
  'behest',
  'invest',
  'infest',
  'attest',
  'divest',
  'unrest',
  'inquest',
  'evening',
  'morning',
  'nothing',
  'something',
  'anything',
  'everything',
  'during',
  'lightning',
  'ceiling',
  'offspring',
  'darling',
  'sterling',
]);

function stripVerbSuffix(w: string): string | null {
  if (KEEP.has(w)) return null;
  for (const suffix of ['edst', 'ing', 'eth', 'est', 'ed']) {
    if (!w.endsWith(suffix)) continue;
    const base = w.slice(0, -suffix.length);
    if (base.length < 3 || !VOWEL.test(base)) return null;
    // `seed`, `need`, `proceed`: the e is part of the word.
    if (suffix === 'ed' && base.endsWith('e')) return null;
    // `stopped` → `stop`, `sinned` → `sin`; but `called` → `call`, `blessed` → `bless`.
    if (
      base.length >= 4 &&
      base[base.length - 1] === base[base.length - 2] &&
      !/[lsz]/.test(base[base.length - 1]) &&
      !VOWEL.test(base[base.length - 1])
    ) {
      return base.slice(0, -1);
    }
    return base;
  }
  return null;
}

/**
 * Light English stem of a normal-form word: `love`, `loves`, `loved`, `loveth`, `lovest` and
 * `loving` are all `lov`. Deliberately conservative (only inflections); numbers are kept.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let w = word;
  // Plurals and third person: `cities` → `citi`, `churches` → `church`, `loves` → `love`.
  if (w.endsWith('ies') && w.length > 4) w = w.slice(0, -3) + 'i';
  else if (w.endsWith('ied') && w.length > 4) w = w.slice(0, -3) + 'i';
  else if (w.endsWith('iest') && w.length > 5) w = w.slice(0, -4) + 'i';
  else if (/(?:[sxz]|ch|sh)es$/.test(w) && w.length > 5) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/[sui]s$/.test(w)) w = w.slice(0, -1);
  const stripped = stripVerbSuffix(w);
  if (stripped) w = stripped;
  // Final e and y: `love` = `lov` (as `loved`), `glory` = `glori` (as `glories`).
  if (w.length > 3 && w.endsWith('e') && w[w.length - 2] !== 'e') w = w.slice(0, -1);
  else if (w.length > 3 && w.endsWith('y') && !VOWEL.test(w[w.length - 2]))
    w = w.slice(0, -1) + 'i';
  return w;
}

// ---- Indexing ------------------------------------------------------------------------------

/** One indexed occurrence: the form (accents kept) at a word position. */
export interface Occurrence {
  form: string;
  position: number;
}

/**
 * Occurrences of verse HTML as the index holds them, and the document length (word positions).
 * A hyphenated word takes one position per part; its joined form sits at the first part's
 * position, so `burnt-offering` matches both `burntoffering` and the phrase "burnt offering".
 */
export function indexTerms(html: string): { occurrences: Occurrence[]; length: number } {
  const occurrences: Occurrence[] = [];
  let position = 0;
  for (const w of words(plainText(html))) {
    occurrences.push({ form: w.form, position });
    if (w.partForms.length) {
      w.partForms.forEach((p, k) => occurrences.push({ form: p, position: position + k }));
      position += w.parts.length;
    } else {
      position++;
    }
  }
  return { occurrences, length: position };
}
