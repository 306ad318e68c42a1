/**
 * CrossWire's tagged KJV (bibledit-cloud-data kjv.xml, the source of the SWORD module KJV): OSIS
 * with milestone verses (`<verse sID="Gen.1.1"/>` … `<verse eID="Gen.1.1"/>`), each English phrase
 * in a `<w>` with its Strong's numbers (`lemma="strong:H07225"`), in the New Testament also the
 * Textus Receptus words it renders (`lemma.TR:ουτως`), their Robinson morphology and their
 * positions in the TR (`src="4 5"`).
 *
 * The file is 28 MB of very regular XML, so this is a single pass of one tag regex over the text
 * (1–2 s) rather than a DOM: a verse's words are the `<w>`s between its two milestones,
 * in order, and nothing of the printed text between them is lost (see `flushLoose`), so that the
 * words of a verse joined (`text + after`) read as the KJV verse.
 *
 * A Psalm's title (`<title type="psalm">`: 116 titles, 466 words of which 424 tagged) stands
 * before verse 1, outside every verse; the KJV text the snapshot serves prints it as part of verse
 * 1 (its `title`, data/psalm-titles.json), so its words are read as verse text and become the
 * first words of verse 1, each marked `title`.
 *
 * Left out, as the KJV does not print them as verse text: notes (`<note>`: the translators' margin
 * and CrossWire's tagging remarks), the other titles (a book's and a chapter's, outside every
 * verse, untagged; Psalm 119's acrostic headings, inside verses: a Hebrew letter's name, untagged),
 * milestones, and the colophons after Paul's letters (`<div type="colophon">`, outside every
 * chapter).
 */
import { readFileSync } from 'node:fs';
import { normalizeStrongs } from '../../../src/snapshot/strongs';
import { cachedReading } from '../readings-cache';
import { decodeEntities } from './lexicons/xml';
import { studyFile } from './sources';
import type { MorphCode, TaggedVerse, TaggedWord } from './types';

/**
 * Every tag of the file (no comments, CDATA or `>` inside attribute values: the file writes `&gt;`).
 * Groups: closing slash, name, attributes, self-closing slash.
 */
const TAG = /<(\/?)([A-Za-z][\w.:-]*)([^>]*?)(\/?)>/g;
const SID = /\bsID="([^"]*)"/;
const EID = /\beID="([^"]*)"/;
const LEMMA = /\blemma="([^"]*)"/;
const MORPH = /\bmorph="([^"]*)"/;
const SRC = /\bsrc="([^"]*)"/;
const TYPE = /\btype="([^"]*)"/;
const OSIS_ID = /\bosisID="([^"]*)"/;
/** One original word rendered by several English phrases: `type="x-split-28"` on each (unique in the file). */
const SPLIT = /\btype="x-split-(\d+)"/;
/** A run of words in text outside `<w>`: letters, digits, apostrophes, hyphens, single spaces between. */
const PHRASE = /[\p{L}\p{N}'’-]+(?: [\p{L}\p{N}'’-]+)*/gu;
/** Text with no word in it for sure (a fast test before PHRASE). */
const SEPARATORS_ONLY = /^[ .,;:!?()]*$/;

/** Elements whose content is not verse text. */
const SKIPPED = new Set(['note', 'title']);

/** `Gen.1.1`, `1John.3.16` → book, chapter, verse. */
export function parseOsisVerse(id: string): { book: string; chapter: number; verse: number } {
  const m = /^([1-4]?[A-Za-z]+)\.(\d+)\.(\d+)$/.exec(id);
  if (!m) throw new Error(`not an OSIS verse id: "${id}"`);
  return { book: m[1]!, chapter: Number(m[2]), verse: Number(m[3]) };
}

/**
 * The four attribute parts of the file that break its own pattern, each read as what it plainly
 * means (the rest of the file writes the same code the corrected way thousands of times). Any other
 * part outside the pattern stops the build, so that a new release of the package is looked at.
 */
const PART_FIXES: Record<string, { reads: string; where: string }> = {
  /** The colon and the `V` lost: γενομενης is a second aorist middle deponent participle. */
  'robinson-2ADP-GSF': { reads: 'robinson:V-2ADP-GSF', where: 'Mark.14.17' },
  /** An underscore for the hyphen (`PRT-N` is written so 2,702 times). */
  'robinson:PRT_N': { reads: 'robinson:PRT-N', where: 'John.10.35' },
  /** A Robinson code with the scheme `strong:` (beside `robinson:V-2ADI-3S`). */
  'strong:N-NSM': { reads: 'robinson:N-NSM', where: 'Acts.20.37' },
  /** A Strong's number without its scheme (`strong:G1722 G5129`, εν τουτω). */
  G5129: { reads: 'strong:G5129', where: '2Cor.8.10' },
};

/** One part of a `lemma` or `morph` attribute, read. */
type Part =
  | { kind: 'strong'; number: string }
  | { kind: 'tr'; word: string }
  | { kind: 'morph'; code: MorphCode };

/**
 * Parts read so far, by the part as written: the file repeats some 33,000 distinct parts 735,000
 * times, so each is read once (and the morphology codes, frozen, are shared by the words that
 * carry them rather than copied 200,000 times).
 */
const partCache = new Map<string, Part>();

/** One part as written (`strong:H07225`, `lemma.TR:ουτως`, `robinson:N-NSM`), with PART_FIXES applied. */
function readPart(written: string, where: string, fixes: string[]): Part {
  const fix = PART_FIXES[written];
  if (fix) {
    if (fix.where !== where)
      throw new Error(`kjv.xml ${where}: "${written}", known only in ${fix.where}`);
    fixes.push(`${where}: "${written}" read as "${fix.reads}"`);
    written = fix.reads;
  }
  const cached = partCache.get(written);
  if (cached) return cached;
  const colon = written.indexOf(':');
  const scheme = written.slice(0, colon);
  const value = decodeEntities(written.slice(colon + 1));
  let part: Part;
  if (colon < 0) throw new Error(`kjv.xml ${where}: attribute part without a scheme "${written}"`);
  else if (scheme === 'strong') {
    const number = normalizeStrongs(value);
    if (!number) throw new Error(`kjv.xml ${where}: unreadable Strong's number "${written}"`);
    part = { kind: 'strong', number };
  } else if (scheme === 'lemma.TR') part = { kind: 'tr', word: value };
  else if (scheme === 'robinson' || scheme === 'strongMorph')
    part = { kind: 'morph', code: Object.freeze({ scheme, code: value }) };
  else throw new Error(`kjv.xml ${where}: unknown attribute part "${written}"`);
  partCache.set(written, part);
  return part;
}

/**
 * An attribute's parts, read; whole attribute values repeat too (`strong:H0430` 2,600 times), so
 * each value is split once. A value with a fixed part is not kept, so that each fix is listed.
 */
const attrCache = new Map<string, Part[]>();

function readParts(value: string, where: string, fixes: string[]): Part[] {
  const cached = attrCache.get(value);
  if (cached) return cached;
  const out: Part[] = [];
  let fixed = false;
  for (const written of value.split(' ')) {
    if (!written) continue;
    fixed ||= written in PART_FIXES;
    out.push(readPart(written, where, fixes));
  }
  if (!fixed) attrCache.set(value, out);
  return out;
}

/** The `lemma` attribute's parts: `strong:` numbers (normalized) and `lemma.TR:` words (new arrays). */
function readLemma(
  value: string,
  where: string,
  fixes: string[],
): { strongs: string[]; tr: string[] } {
  const strongs: string[] = [];
  const tr: string[] = [];
  for (const p of readParts(value, where, fixes)) {
    if (p.kind === 'strong') strongs.push(p.number);
    else if (p.kind === 'tr') tr.push(p.word);
    else throw new Error(`kjv.xml ${where}: a morphology code in a lemma: "${value}"`);
  }
  return { strongs, tr };
}

/** The `morph` attribute's codes as written: `robinson:` (NT), `strongMorph:` (OT verbs, `TH8804`). */
function readMorph(value: string, where: string, fixes: string[]): MorphCode[] {
  return readParts(value, where, fixes).map((p) => {
    if (p.kind !== 'morph')
      throw new Error(`kjv.xml ${where}: not a morphology code in "${value}"`);
    return p.code;
  });
}

/**
 * A position in the Textus Receptus that a KJV word renders: the `position`-th Greek word of this
 * verse (`verse: 0`), of the next (`1`: `src="13n"`) or of the previous verse (`-1`: `src="5p"`).
 * Where the KJV's verse division differs from the TR's (6 places: Rom 1:3–4, 1:9–10, 3:25–26,
 * 2 Cor 1:6–7, 8:13–14, 1 Pet 1:1–2), CrossWire keeps the English in the KJV's verse and points
 * at the Greek in the TR's (its tagging notes there say so: "NEXT VERSE: …").
 */
export interface SourcePosition {
  position: number;
  verse: -1 | 0 | 1;
}

const SRC_PART = /^(\d+)([np]?)$/;

/** The positions of a `src` attribute. */
function readSrc(value: string, where: string): SourcePosition[] {
  return value
    .trim()
    .split(/\s+/)
    .map((part) => {
      const m = SRC_PART.exec(part);
      if (!m) throw new Error(`kjv.xml ${where}: unreadable src position "${part}"`);
      return { position: Number(m[1]), verse: m[2] === 'n' ? 1 : m[2] === 'p' ? -1 : 0 };
    });
}

/** The forms of the Greek article as the TR words write them (lower case, unaccented). */
const ARTICLE = new Set([
  'ο',
  'η',
  'το',
  'του',
  'της',
  'τω',
  'τη',
  'τον',
  'την',
  'οι',
  'αι',
  'τα',
  'των',
  'τοις',
  'ταις',
  'τους',
  'τας',
]);

/**
 * The Greek article is G3588 wherever the tags say it is the article, but 29 times its number is
 * mistyped: G3688 (ὄνος, "ass": 25 times, so that "the poor" and "Peter" were an ass's
 * occurrences), G3488, G2388, G388. Where the Robinson code is the article's (`T-…`) and the TR
 * word is a form of it, the number is read as G3588 (and listed in `fixes`).
 */
function fixArticle(w: TaggedWord, where: string, fixes: string[]): void {
  w.morph?.forEach((m, k) => {
    const n = w.strongs[k];
    if (
      m.scheme === 'robinson' &&
      m.code.startsWith('T-') &&
      n &&
      n !== 'G3588' &&
      ARTICLE.has(w.lemma?.[k] ?? '')
    ) {
      fixes.push(`${where}: ${n} → G3588 (${w.lemma?.[k] ?? '?'} ${m.code})`);
      w.strongs[k] = 'G3588';
    }
  });
}

/**
 * A `<w>`'s record from its attributes (its text comes after). `src` keeps the positions in the
 * word's own verse (what a reader can link to); a word that points into a neighbouring verse is
 * listed in `neighbours` with all its positions.
 */
function taggedWord(
  attrs: string,
  where: string,
  neighbours: Map<TaggedWord, SourcePosition[]>,
  fixes: string[],
): TaggedWord {
  const w: TaggedWord = { text: '', strongs: [] };
  const lemma = LEMMA.exec(attrs)?.[1];
  if (lemma) {
    const { strongs, tr } = readLemma(lemma, where, fixes);
    w.strongs = strongs;
    if (tr.length) w.lemma = tr;
  }
  const morph = MORPH.exec(attrs)?.[1];
  if (morph) {
    const codes = readMorph(morph, where, fixes);
    if (codes.length) w.morph = codes;
  }
  fixArticle(w, where, fixes);
  const src = SRC.exec(attrs)?.[1];
  if (src) {
    const positions = readSrc(src, where);
    const own = positions.filter((p) => p.verse === 0).map((p) => p.position);
    if (own.length) w.src = own;
    if (own.length < positions.length) neighbours.set(w, positions);
  }
  return w;
}

/** Punctuation that opens a verse, as a word of its own with its spaces after it. */
function leading(text: string): TaggedWord {
  const w: TaggedWord = { text: text.trim(), strongs: [] };
  appendAfter(w, text.slice(text.trimEnd().length));
  return w;
}

/** Adds text to what follows a word (only non-empty `after`s are kept). */
function appendAfter(w: TaggedWord, text: string): void {
  if (text) w.after = (w.after ?? '') + text;
}

/** Drops the spaces at a verse's end, also those before trailing empty words (`<w …/>`). */
function trimEnd(words: TaggedWord[]): void {
  for (let i = words.length - 1; i >= 0; i--) {
    const w = words[i]!;
    if (w.after !== undefined) {
      w.after = w.after.trimEnd();
      if (!w.after) delete w.after;
    }
    if (w.text || w.after) return;
  }
}

/**
 * A slip in the package's copy (not in CrossWire's text): a search-and-replace over Bibledit's
 * code renamed its function `trim` to `filter_string_trim` in this file too, so that "trimmed"
 * (2 Sam 19:24) and "trimmest" (Jer 2:33) read `filter_string_trimmed`, `filter_string_trimmest`.
 */
const PACKAGE_SLIP = /filter_string_(?=trim)/g;

/**
 * Reads kjv.xml: every verse of the KJV (31,102) in the file's order, book ids as the file has
 * them (OSIS: `Gen`, `John`).
 *
 * A `<w>` gives one TaggedWord: its text with any markup inside dropped (a `<transChange>` inside a
 * `<w>` is part of the phrase), '' for an empty `<w …/>` (a Greek or Hebrew word the KJV does not
 * render). A divine name (`<divineName>Lord</divineName>`), which the KJV prints in small capitals,
 * is written in capitals as the text the snapshot serves has it ("the LORD God", "Lord GOD",
 * "the LORD'S"), and its word is marked `divineName`. A `<w>` inside a
 * `<transChange type="added">` is marked `added`. Text outside any `<w>` is split by `flushLoose`.
 * A Psalm title's words open its verse 1, marked `title`. A word whose number names an original
 * word that an earlier word renders already has that number's index in `repeats` (markRepeats).
 */
export function readKjvTagged(file = studyFile('kjv')): TaggedVerse[] {
  return readKjv(file).verses;
}

/** The KJV's verses with the words whose `src` points into a neighbouring verse (see SourcePosition). */
export interface KjvReading {
  verses: TaggedVerse[];
  neighbours: Map<TaggedWord, SourcePosition[]>;
  /** Where a slip of the source was read as what it means (PART_FIXES, fixArticle), for the report. */
  fixes: string[];
}

/**
 * Reads kjv.xml as readKjvTagged does, from the book `fromBook` on when given (the Textus
 * Receptus needs only the New Testament, the last 27 books: it skips parsing the other 39). The
 * whole of the installed file is read once per change of the build code (../readings-cache.ts).
 */
export function readKjv(file = studyFile('kjv'), fromBook?: string): KjvReading {
  return fromBook || file !== studyFile('kjv')
    ? parseKjv(file, fromBook)
    : cachedReading('kjv', () => parseKjv(file));
}

function parseKjv(file: string, fromBook?: string): KjvReading {
  let xml = readFileSync(file, 'utf8').replace(PACKAGE_SLIP, '');
  if (fromBook) {
    const start = xml.indexOf(`<div type="book" osisID="${fromBook}"`);
    if (start < 0) throw new Error(`kjv.xml: no book ${fromBook}`);
    xml = xml.slice(start);
  }
  const neighbours = new Map<TaggedWord, SourcePosition[]>();
  /** The words of an original word split over several phrases (`x-split-N`), by their word. */
  const splits = new Map<TaggedWord, string>();
  const fixes: string[] = [];
  const verses: TaggedVerse[] = [];
  let verse: TaggedVerse | null = null;
  let verseId = '';
  /** The chapter being read (`Ps.3`), for the verse a Psalm title belongs to. */
  let chapterId = '';
  /** The Psalm title being read: its words, collected as a verse of their own until `</title>`. */
  let title: TaggedVerse | null = null;
  /** A Psalm title read, waiting for its verse 1. */
  let pendingTitle: TaggedVerse | null = null;
  /** Depth inside elements whose content is skipped (notes, titles). */
  let skip = 0;
  /** The open `<w>`, if any. */
  let word: TaggedWord | null = null;
  /** The open `<transChange>`s outside a `<w>`, innermost last: whether each is `type="added"`. */
  const changes: boolean[] = [];
  let added = 0;
  /** Depth inside `<divineName>`: its text is written in capitals. */
  let divine = 0;
  /** Text outside `<w>` not yet placed, and whether it was supplied (italic) text. */
  let loose = '';
  let looseAdded = false;

  const lastWord = (): TaggedWord | undefined => verse?.words[verse.words.length - 1];

  /**
   * Places text read outside any `<w>`. Each run of words in it (letters, digits, apostrophes and
   * hyphens, spaces between: "unto him") is one untagged word (`strongs: []`; `added` when it
   * stood in a `<transChange type="added">`), and the spaces and punctuation between them go to
   * the `after` of the word before: "unto him, Behold" is two words, as a comma ends a phrase. A
   * verse's leading punctuation (68 verses open with "(") becomes a word of its own.
   */
  const flushLoose = (): void => {
    if (!verse || !loose) return;
    const text = loose.includes('\n') || loose.includes('  ') ? loose.replace(/\s+/g, ' ') : loose;
    loose = '';
    let prev = lastWord();
    // Most text between words is a space or a space and a comma: no word in it.
    if (prev && SEPARATORS_ONLY.test(text)) {
      appendAfter(prev, text);
      return;
    }
    let at = 0;
    for (const m of text.matchAll(PHRASE)) {
      const between = text.slice(at, m.index);
      if (prev) appendAfter(prev, between);
      else if (between.trim()) verse.words.push(leading(between));
      const w: TaggedWord = { text: m[0], strongs: [] };
      if (looseAdded) w.added = true;
      verse.words.push(w);
      prev = w;
      at = m.index + m[0].length;
    }
    const rest = text.slice(at);
    if (prev) appendAfter(prev, rest);
    else if (rest.trim()) verse.words.push(leading(rest));
  };

  /** Moves a finished `<w>`'s outer spaces into the `after`s around it. */
  const closeWord = (w: TaggedWord): void => {
    const text = w.text.replace(/\s+/g, ' ');
    const trimmed = text.trim();
    if (trimmed !== text) {
      const lead = text.slice(0, text.length - text.trimStart().length);
      const words = verse!.words;
      const prev = words[words.length - 2];
      if (lead && prev) appendAfter(prev, lead);
      const trail = text.slice(text.trimEnd().length);
      if (trail) w.after = trail + (w.after ?? '');
    }
    w.text = trimmed;
  };

  const text = (from: number, to: number): void => {
    if (!verse || skip > 0 || from >= to) return;
    const read = decodeEntities(xml.slice(from, to));
    const t = divine > 0 ? read.toUpperCase() : read;
    if (word) word.text += t;
    else {
      if (loose && looseAdded !== added > 0) flushLoose();
      looseAdded = added > 0;
      loose += t;
    }
  };

  let at = 0;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(xml); m; m = TAG.exec(xml)) {
    text(at, m.index);
    at = TAG.lastIndex;
    const [, closing, name, attrs, selfClosing] = m as unknown as [
      string,
      string,
      string,
      string,
      string,
    ];
    if (name === 'verse') {
      const sID = SID.exec(attrs)?.[1];
      const eID = EID.exec(attrs)?.[1];
      if (sID) {
        if (verse) throw new Error(`kjv.xml: verse ${sID} starts inside ${verseId}`);
        verseId = sID;
        verse = { ...parseOsisVerse(sID), words: [] };
        if (pendingTitle) {
          if (pendingTitle.chapter !== verse.chapter || verse.verse !== 1)
            throw new Error(`kjv.xml: the title of ${chapterId} is followed by ${sID}`);
          verse.words = pendingTitle.words;
          pendingTitle = null;
        }
        loose = '';
      } else if (eID) {
        if (!verse || eID !== verseId)
          throw new Error(
            `kjv.xml: verse end ${eID} outside its verse (open: ${verseId || 'none'})`,
          );
        // The reader relies on these closing inside the verse they open in (they all do).
        if (word || skip || changes.length || divine)
          throw new Error(
            `kjv.xml ${verseId}: <w>, <note>, <title>, <transChange> or <divineName> open at the verse's end`,
          );
        flushLoose();
        trimEnd(verse.words);
        verses.push(verse);
        verse = null;
      }
      continue;
    }
    if (name === 'chapter' && !closing) {
      chapterId = OSIS_ID.exec(attrs)?.[1] ?? '';
      if (pendingTitle) throw new Error(`kjv.xml: a Psalm title before ${chapterId} has no verse`);
      continue;
    }
    if (
      name === 'title' &&
      !verse &&
      !closing &&
      !selfClosing &&
      TYPE.exec(attrs)?.[1] === 'psalm'
    ) {
      // Read as the words of a verse of its own, which verse 1 takes when it starts.
      verseId = `${chapterId} (title)`;
      verse = title = { ...parseOsisVerse(`${chapterId}.1`), words: [] };
      loose = '';
      continue;
    }
    if (name === 'title' && closing && title && skip === 0) {
      if (word || changes.length || divine)
        throw new Error(
          `kjv.xml ${verseId}: <w>, <transChange> or <divineName> open at the title's end`,
        );
      flushLoose();
      trimEnd(title.words);
      for (const w of title.words) w.title = true;
      // The title is printed apart from the verse: a space parts it from the verse's first word.
      const last = title.words[title.words.length - 1];
      if (last) last.after = (last.after ?? '') + ' ';
      pendingTitle = title;
      verse = title = null;
      continue;
    }
    if (!verse) continue;
    if (SKIPPED.has(name)) {
      if (!selfClosing) skip += closing ? -1 : 1;
      continue;
    }
    if (skip > 0) continue;
    if (name === 'w') {
      if (closing) {
        if (!word) throw new Error(`kjv.xml ${verseId}: </w> without <w>`);
        closeWord(word);
        word = null;
        continue;
      }
      if (word) throw new Error(`kjv.xml ${verseId}: <w> inside <w>`);
      flushLoose();
      const w = taggedWord(attrs, verseId, neighbours, fixes);
      const split = SPLIT.exec(attrs)?.[1];
      if (split) splits.set(w, split);
      if (added > 0) w.added = true;
      verse.words.push(w);
      if (!selfClosing) word = w;
    } else if (name === 'divineName' && !selfClosing) {
      divine += closing ? -1 : 1;
      if (word && !closing) word.divineName = true;
    } else if (name === 'transChange' && !word && !selfClosing) {
      // Supplied words outside a <w> are words of their own; inside a <w> they are part of its phrase.
      flushLoose();
      if (closing) {
        if (changes.pop()) added--;
      } else {
        const isAdded = TYPE.exec(attrs)?.[1] === 'added';
        changes.push(isAdded);
        if (isAdded) added++;
      }
    }
    // Any other element (q, inscription, foreign, milestone, …) is transparent.
  }
  if (verse) throw new Error(`kjv.xml: verse ${verseId} never ends`);
  if (pendingTitle) throw new Error(`kjv.xml: the last Psalm title has no verse`);
  markRepeats(verses, neighbours, splits);
  return { verses, neighbours, fixes };
}

/**
 * Marks `repeats` on the words whose numbers name an original word an earlier word renders
 * already, so that the concordance counts each Hebrew or Greek word once (G2316: 1,362 tagged
 * phrases, 1,343 Greek words, as the Textus Receptus has them). A Greek word is its place in the TR
 * (the verse its `src` points into, the position) with the number; a Hebrew word rendered by
 * several phrases is the `x-split` group they share (the Old Testament has no positions; each
 * group's phrases carry the same numbers), each number of the group's first phrase being one word
 * (`by sevens`, H7651 H7651: two). Any other number of a tag is a word of its own.
 */
function markRepeats(
  verses: TaggedVerse[],
  neighbours: Map<TaggedWord, SourcePosition[]>,
  splits: Map<TaggedWord, string>,
): void {
  const seen = new Set<string>();
  verses.forEach((verse, i) => {
    for (const w of verse.words) {
      if (!w.strongs.length) continue;
      const positions = neighbours.get(w) ?? w.src?.map((position) => ({ position, verse: 0 }));
      const split = splits.get(w);
      if (!positions && split === undefined) continue;
      /** How often each number came before in this word (a group's H7651 H7651). */
      const before = new Map<string, number>();
      w.strongs.forEach((n, k) => {
        const ordinal = before.get(n) ?? 0;
        before.set(n, ordinal + 1);
        const p = positions?.[k];
        const key = p
          ? `${i + p.verse} ${p.position} ${n}`
          : split !== undefined
            ? `x${split} ${n} ${ordinal}`
            : null;
        if (key === null) return;
        if (!seen.has(key)) seen.add(key);
        else (w.repeats ??= []).push(k);
      });
    }
  });
}
