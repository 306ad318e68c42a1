/**
 * The Open Scriptures Hebrew Bible (bibledit-cloud-data morphhb/*.xml: the Westminster Leningrad
 * Codex with lemmas and morphology), one OSIS file per book:
 *
 *   <verse osisID="Gen.1.1">
 *     <w lemma="b/7225" n="1.0" morph="HR/Ncfsa" id="01xeN">בְּ/רֵאשִׁ֖ית</w>
 *     …<w …>עַל</w><seg type="x-maqqef">־</seg><w …>הָ/אָ֖רֶץ</w><seg type="x-sof-pasuq">׃</seg>
 *   </verse>
 *
 * A verse is a container here (not milestones as in kjv.xml). Each `<w>` of the verse's own text
 * is one word; its text keeps large, small and suspended letters (`<seg>` inside the word) and
 * loses the morpheme slashes. The `<seg>`s between words (maqaf ־, sof pasuq ׃, paseq ׀, the
 * paragraph marks פ and ס, the inverted nun ׆) are printed text and go into the `after` of the
 * word before them; `<note>`s are skipped whole.
 *
 * Ketiv and qere: the OSHB's main text is the written text (ketiv), unpointed where the
 * Masoretes read otherwise, and the qere stands in a note after it (`<note type="variant">
 * <catchWord>…</catchWord><rdg type="x-qere"><w …>…</w></rdg></note>`). This reader keeps the
 * main text, so a word is the ketiv and the qere is left out with the other notes; a word read
 * but not written (qere without ketiv, a note with no catchWord: Ruth 3:5 אֵלַי) is not a word
 * of the text, and a word written but not read (an empty qere) stays.
 *
 * Verses keep the OSHB's numbering (the Hebrew one: Psalm titles are verse 1, Mal 3:19–24 …);
 * ./verse-map.ts renumbers them to the KJV's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { normalizeStrongs } from '../../../src/snapshot/strongs';
import { loadCanon } from '../canon';
import { cachedReading } from '../readings-cache';
import { decodeEntities } from './lexicons/xml';
import { studyFile } from './sources';
import type { TaggedVerse, TaggedWord } from './types';

/** Every tag (the files have no comments, CDATA or `>` inside attribute values). */
const TAG = /<(\/?)([A-Za-z][\w.:-]*)([^>]*?)(\/?)>/g;
const OSIS_ID = /\bosisID="([^"]*)"/;
const LEMMA = /\blemma="([^"]*)"/;
const MORPH = /\bmorph="([^"]*)"/;

/**
 * A lemma's parts, split at `/`: a Strong's number (`7225`), with a letter where the OSHB tells
 * homonyms apart (`1254 a`, the "augmented Strong's") or a `+` on the first part of a name of
 * several words (`1008+`, Beth of Beth-el), or a prefix that has no number: b (in), c (and),
 * d (the), i (interrogative he), k (like), l (to), m (from), s (relative she).
 */
const NUMBER_PART = /^(\d+)(?: ([a-z]))?\+?$/;
const PREFIXES = new Set(['b', 'c', 'd', 'i', 'k', 'l', 'm', 's']);

/**
 * The Strong's numbers of a lemma. The letter of an augmented number is dropped (`1254 a` →
 * H1254): the lexicons of the build (Strong's, BDB by Strong's number) and the KJV's tags know
 * only the plain numbers, and a concordance of H1254 should hold every word the KJV tags H1254.
 * The lemma as written (`lemma`) keeps the letter.
 */
export function oshbStrongs(lemma: string, where = ''): string[] {
  const out: string[] = [];
  for (const raw of lemma.split('/')) {
    const part = raw.trim();
    const m = NUMBER_PART.exec(part);
    if (m) {
      const n = normalizeStrongs(`H${m[1]}`);
      if (!n) throw new Error(`OSHB ${where}: Strong's number out of range in lemma "${lemma}"`);
      if (!out.includes(n)) out.push(n);
    } else if (!PREFIXES.has(part))
      throw new Error(`OSHB ${where}: unknown lemma part "${part}" in "${lemma}"`);
  }
  return out;
}

/**
 * What stands between two words, as printed: one space for the source's line breaks and
 * indentation, none around a maqaf (which joins words) or before a sof pasuq.
 */
function between(raw: string): string {
  return raw.replace(/\s+/g, ' ').replace(/ ?־ ?/g, '־').replace(/ ׃/g, '׃');
}

/**
 * Where the OSHB marks the start of a KJV verse inside its text (`<note>KJV:1Kgs.18.34</note>`,
 * before the word that opens it): `word` is that word's index in the verse's words.
 */
export interface KjvMark {
  word: number;
  kjv: string;
}

const KJV_MARK = /^KJV:(\S+)$/;

/**
 * The words of one book file, in order. With `marks`, also records per verse (`Book.C.V`) the
 * KJV verse marks in its notes (./verse-map.ts finds the word where a verse is split with them).
 */
export function readOshbBook(file: string, marks?: Map<string, KjvMark[]>): TaggedVerse[] {
  const xml = readFileSync(file, 'utf8');
  const name = path.basename(file);
  const verses: TaggedVerse[] = [];
  let verse: TaggedVerse | null = null;
  let verseId = '';
  /** Depth inside `<note>` (qere, accents, editors' notes, KJV verse marks: none is text). */
  let skip = 0;
  let word: TaggedWord | null = null;
  /** Raw text since the last word closed (spaces and `<seg>` marks). */
  let gap = '';
  /** Where the open note started, when marks are wanted. */
  let noteStart = -1;

  const place = (end: boolean) => {
    const words = verse!.words;
    const prev = words[words.length - 1];
    let after = between(gap);
    gap = '';
    if (end) after = after.trimEnd();
    if (!prev) {
      // Nothing before a verse's first word in these files; a mark there would be lost silently.
      if (after.trim()) throw new Error(`OSHB ${verseId}: text before the first word: "${after}"`);
      return;
    }
    if (after) prev.after = (prev.after ?? '') + after;
  };

  let at = 0;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(xml); m; m = TAG.exec(xml)) {
    if (verse && !skip && m.index > at) {
      const text = decodeEntities(xml.slice(at, m.index));
      if (word) word.text += text;
      else gap += text;
    }
    at = TAG.lastIndex;
    const [, closing, tag, attrs, selfClosing] = m as unknown as [
      string,
      string,
      string,
      string,
      string,
    ];
    if (tag === 'verse') {
      if (closing) {
        if (!verse || word || skip)
          throw new Error(`${name}: </verse> out of place after ${verseId}`);
        place(true);
        verses.push(verse);
        verse = null;
      } else {
        const id = OSIS_ID.exec(attrs)?.[1];
        const ref = id && /^([1-4]?[A-Za-z]+)\.(\d+)\.(\d+)$/.exec(id);
        if (!ref) throw new Error(`${name}: verse without a readable osisID: ${attrs}`);
        if (verse) throw new Error(`${name}: verse ${id} inside ${verseId}`);
        verseId = id;
        verse = { book: ref[1]!, chapter: Number(ref[2]), verse: Number(ref[3]), words: [] };
        gap = '';
      }
      continue;
    }
    if (!verse) continue;
    if (tag === 'note') {
      if (selfClosing) continue;
      skip += closing ? -1 : 1;
      if (marks && !closing && skip === 1) noteStart = at;
      if (marks && closing && skip === 0) {
        const mark = KJV_MARK.exec(xml.slice(noteStart, m.index).trim())?.[1];
        if (mark) {
          const list = marks.get(verseId) ?? [];
          list.push({ word: verse.words.length, kjv: mark });
          marks.set(verseId, list);
        }
      }
      continue;
    }
    if (skip || tag !== 'w') continue; // <seg> and anything else: their text is kept, the tag dropped
    if (closing) {
      if (!word) throw new Error(`${name} ${verseId}: </w> without <w>`);
      word.text = word.text.replace(/\//g, '').trim();
      word = null;
      continue;
    }
    if (word) throw new Error(`${name} ${verseId}: <w> inside <w>`);
    place(false);
    const lemma = decodeEntities(LEMMA.exec(attrs)?.[1] ?? '');
    const morph = MORPH.exec(attrs)?.[1];
    const w: TaggedWord = { text: '', strongs: lemma ? oshbStrongs(lemma, verseId) : [] };
    if (lemma) w.lemma = [lemma];
    if (morph) w.morph = [{ scheme: 'oshb', code: decodeEntities(morph) }];
    verse.words.push(w);
    if (!selfClosing) word = w;
  }
  if (verse) throw new Error(`${name}: verse ${verseId} never ends`);
  return verses;
}

/**
 * Reads every book of the OSHB (the 39 of the Hebrew Bible, `Gen.xml` … in the folder; not
 * VerseMap.xml), in the canon's order (data/canon.json), in the OSHB's own numbering. The files'
 * book ids are OSIS ids and must be the canon's (they are: `Gen`, `1Sam`, `Song`, `Ps`, …).
 * The installed folder is read once per change of the build code (../readings-cache.ts).
 */
export function readOshb(dir = studyFile('morphhb')): TaggedVerse[] {
  return dir === studyFile('morphhb')
    ? cachedReading('oshb', () => parseOshb(dir))
    : parseOshb(dir);
}

function parseOshb(dir: string): TaggedVerse[] {
  const canon = loadCanon();
  const books = readdirSync(dir)
    .filter((f) => f.endsWith('.xml') && f !== 'VerseMap.xml')
    .map((f) => ({ file: path.join(dir, f), osis: f.slice(0, -4) }));
  for (const b of books) {
    if (canon.byOsis.get(b.osis)?.testament !== 'OT')
      throw new Error(`OSHB: ${b.osis}.xml is not an Old Testament book of data/canon.json`);
  }
  books.sort((a, b) => canon.position(a.osis) - canon.position(b.osis));
  const verses: TaggedVerse[] = [];
  for (const b of books) {
    const read = readOshbBook(b.file);
    const stray = read.find((v) => v.book !== b.osis);
    if (stray)
      throw new Error(
        `OSHB: ${b.osis}.xml has verse ${stray.book}.${stray.chapter}.${stray.verse}`,
      );
    verses.push(...read);
  }
  return verses;
}
