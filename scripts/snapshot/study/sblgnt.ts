/**
 * The SBL Greek New Testament with MorphGNT's parsing (bibledit-cloud-data `morphgnt/`, one file
 * per book, `61-Mt-morphgnt.txt` … `87-Re-morphgnt.txt`): one word a line,
 * `BBCCVV POS PARSING TEXT WORD NORMALIZED LEMMA` (morphgnt.txt), e.g.
 * `010101 N- ----NSF- Βίβλος Βίβλος βίβλος βίβλος`, book 01 being Matthew.
 *
 * Each line is one TaggedWord: `text` the WORD column (no punctuation), `after` what TEXT puts
 * after it (`,` `.` `·` `;` `—`, brackets) then a space, and what TEXT puts before the next word
 * (an opening parenthesis, `⟦`); a verse's first word keeps its leading punctuation in `text`,
 * as there is no word before it. The SBL edition's signs for its apparatus (`⸀ ⸁ ⸂ ⸃ ⸄ ⸅`, some
 * numbered `⸀1`) are left out: they point to notes this service does not carry.
 * `lemma` is MorphGNT's lemma, `morph` its two columns joined (`morphgnt:V-3AAI-S--`,
 * src/study/morphology/morphgnt.ts), and `strongs` the Strong's number whose headword the lemma
 * is, when exactly one is (`strongsByLemma`). Verses keep the SBLGNT's numbering
 * (data/versification-map.json gives the KJV slot where it differs).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { foldLemma } from '../../../src/snapshot/search-text';
import { loadCanon } from '../canon';
import { studyFile } from './sources';
import type { TaggedVerse, TaggedWord } from './types';

/**
 * A MorphGNT code as morphgnt.txt describes it: the part of speech, then one letter or `-` per
 * place (person, tense, voice, mood, case, number, gender, degree). The build may not import the
 * Worker's decoder (src/study/morphology/morphgnt.ts); test/node/morphology-coverage.test.ts
 * reads every code of the source with it.
 */
const MORPHGNT_CODE =
  /^(?:A-|C-|D-|I-|N-|P-|RA|RD|RI|RP|RR|V-|X-)[-123][-PIFAXY][-AMPE][-IDSONP][-NGDAV][-SP][-MFN][-CS]$/;

/** The SBL edition's apparatus signs, with the number some carry (`⸀1`). */
const APPARATUS = /[\u2E00-\u2E05]\d?/g;

/** How the words' lemmas found their Strong's numbers (the report prints it). */
export interface SblgntStrongsCount {
  words: number;
  /** Words whose lemma is one headword exactly (accents and case as written). */
  exact: number;
  /** Words whose lemma no headword is exactly but one is without accents and case. */
  folded: number;
  /** Words whose lemma heads several entries (τις: G5100 and G5101): no number. */
  ambiguous: number;
  /** Words whose lemma heads none (οἶδα, which Strong's gives as εἴδω): no number. */
  unmatched: number;
}

/**
 * The forms of a lemma to look up: itself, and for MorphGNT's optional final letter
 * (`οὕτω(ς)`, `ἔξεστι(ν)`) the word with and without it.
 */
function lemmaForms(lemma: string): string[] {
  const m = /^(.+)\((\p{L}+)\)$/u.exec(lemma);
  return m ? [lemma, m[1]! + m[2]!, m[1]!] : [lemma];
}

/**
 * The number of each lemma, from the Greek entries' headwords (`G…` → headword): a lemma that is
 * exactly one headword (NFC) takes its number; failing that, one that is a single headword with
 * accents and case folded away (foldLemma, as search by lemma compares). A lemma that names
 * several entries either way, or none, takes no number: it is counted, not guessed.
 */
export function strongsByLemma(
  headwords: Iterable<[string, string]>,
): (lemma: string) => { number?: string; how: 'exact' | 'folded' | 'ambiguous' | 'unmatched' } {
  const exact = new Map<string, Set<string>>();
  const folded = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, n: string) => {
    if (!key) return;
    if (!map.has(key)) map.set(key, new Set());
    map.get(key)!.add(n);
  };
  for (const [n, word] of headwords) {
    if (!n.startsWith('G')) continue;
    add(exact, word.normalize('NFC').trim(), n);
    add(folded, foldLemma(word), n);
  }
  const one = (map: Map<string, Set<string>>, keys: string[]) => {
    for (const k of keys) {
      const found = map.get(k);
      if (found) return [...found];
    }
    return null;
  };
  return (lemma) => {
    const forms = lemmaForms(lemma.normalize('NFC'));
    const byExact = one(exact, forms);
    const found = byExact ?? one(folded, forms.map(foldLemma));
    if (!found) return { how: 'unmatched' };
    if (found.length > 1) return { how: 'ambiguous' };
    return { number: found[0], how: byExact ? 'exact' : 'folded' };
  };
}

/** One line of a morphgnt file, read. */
interface Line {
  ref: string;
  pos: string;
  parsing: string;
  text: string;
  word: string;
  lemma: string;
}

function parseLine(file: string, n: number, line: string): Line {
  const cols = line.split(' ');
  if (cols.length !== 7 || !/^\d{6}$/.test(cols[0]!) || cols[1]!.length !== 2)
    throw new Error(`${file}:${n}: not a MorphGNT line: ${line}`);
  const [ref, pos, parsing, text, word, , lemma] = cols as [string, ...string[]];
  return { ref, pos: pos!, parsing: parsing!, text: text!, word: word!, lemma: lemma! };
}

/** What TEXT puts before and after WORD, the apparatus signs left out. */
function around(l: Line, where: string): { before: string; after: string } {
  const i = l.text.indexOf(l.word);
  if (i < 0) throw new Error(`${where}: "${l.word}" is not in "${l.text}"`);
  return {
    before: l.text.slice(0, i).replace(APPARATUS, ''),
    after: l.text.slice(i + l.word.length).replace(APPARATUS, ''),
  };
}

/**
 * The SBLGNT: one TaggedVerse per verse of the source, in its order and numbering. `numberOf`
 * gives a lemma's Strong's number (strongsByLemma); `counts`, when given, is filled in.
 */
export function readSblgnt(
  numberOf: ReturnType<typeof strongsByLemma>,
  counts?: SblgntStrongsCount,
  dir = studyFile('morphgnt'),
): TaggedVerse[] {
  const books = loadCanon()
    .books.filter((b) => b.testament === 'NT')
    .map((b) => b.osis);
  const files = readdirSync(dir)
    .filter((f) => /^\d\d-\w+-morphgnt\.txt$/.test(f))
    .sort();
  if (files.length !== books.length)
    throw new Error(`${dir}: ${files.length} morphgnt files, ${books.length} books expected`);
  const verses: TaggedVerse[] = [];
  const codes = new Map<string, string>();
  let verse: TaggedVerse | undefined;
  let ref = '';
  for (const file of files) {
    const lines = readFileSync(path.join(dir, file), 'utf8').split('\n');
    lines.forEach((raw, i) => {
      if (!raw.trim()) return;
      const l = parseLine(file, i + 1, raw.normalize('NFC'));
      const book = books[parseInt(l.ref.slice(0, 2), 10) - 1];
      if (!book) throw new Error(`${file}:${i + 1}: no book ${l.ref.slice(0, 2)}`);
      if (l.ref !== ref) {
        ref = l.ref;
        verse = {
          book,
          chapter: parseInt(l.ref.slice(2, 4), 10),
          verse: parseInt(l.ref.slice(4, 6), 10),
          words: [],
        };
        verses.push(verse);
      }
      const { before, after } = around(l, `${file}:${i + 1}`);
      const previous = verse!.words[verse!.words.length - 1];
      const found = numberOf(l.lemma);
      const w: TaggedWord = {
        text: previous ? l.word : before + l.word,
        strongs: found.number ? [found.number] : [],
        lemma: [l.lemma],
        morph: [{ scheme: 'morphgnt', code: l.pos + l.parsing }],
        after,
      };
      if (previous) previous.after = `${previous.after} ${before}`;
      verse!.words.push(w);
      codes.set(l.pos + l.parsing, `${file}:${i + 1}`);
      if (counts) {
        counts.words++;
        counts[found.how]++;
      }
    });
  }
  // Every word parsed: a code outside MorphGNT's scheme stops the build.
  const unread = [...codes].filter(([code]) => !MORPHGNT_CODE.test(code));
  if (unread.length || !codes.size)
    throw new Error(
      `${dir}: ${unread.length} parsing code(s) outside MorphGNT's scheme: ${unread.map(([c, at]) => `${c} (${at})`).join(', ')}`,
    );
  return verses;
}
