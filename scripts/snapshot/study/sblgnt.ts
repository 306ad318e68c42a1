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
 * is, when exactly one is (`strongsByLemma`), in the sense the word's voice or form gives it
 * where Strong's splits the lemma (./sblgnt-senses.ts). MorphGNT's slips listed in
 * data/morphgnt-errata.json are corrected before a verse is read (../corrections.ts). Verses keep
 * the SBLGNT's numbering (data/versification-map.json gives the KJV slot where it differs).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { foldLemma } from '../../../src/snapshot/search-text';
import { loadCanon } from '../canon';
import { parseCorrections, VersionCorrections } from '../corrections';
import { dataFile } from '../data-files';
import { DATA_DIR } from '../paths';
import { readSenseRules, senseRules, type SenseRule } from './sblgnt-senses';
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
  /** Per rule of data/sblgnt-senses.json, the words it gave the number of another sense. */
  senses: { rule: string; words: number }[];
  /** The fixes of data/morphgnt-errata.json applied. */
  corrected: number;
}

/**
 * The forms of a lemma to look up: itself, and for MorphGNT's optional final letter
 * (`οὕτω(ς)`, `ἔξεστι(ν)`) the word with and without it.
 */
function lemmaForms(lemma: string): string[] {
  const m = /^(.+)\((\p{L}+)\)$/u.exec(lemma);
  return m ? [lemma, m[1]! + m[2]!, m[1]!] : [lemma];
}

/** Whether a word starts with a capital (a proper name, in MorphGNT's lemmas). */
const capitalised = (word: string) => /^\p{Lu}/u.test(word.normalize('NFD'));

/** The places of a word's accents (acute, grave, circumflex) among its letters, e.g. `1`. */
function accentPlaces(word: string): string {
  const places: number[] = [];
  let letter = -1;
  for (const ch of word.normalize('NFD')) {
    if (/\p{L}/u.test(ch)) letter++;
    else if (/[\u0300\u0301\u0342]/.test(ch)) places.push(letter);
  }
  return places.join(' ');
}

/**
 * The number of each lemma, from the Greek entries' headwords (`G…` → headword): a lemma that is
 * exactly one headword (NFC) takes its number; failing that, one that is a single headword with
 * accents and case folded away (foldLemma, as search by lemma compares). Folding joins spellings
 * of one word (Βαρναβᾶς, Strong's Βαρνάβας; Σεβαστός, Strong's σεβαστός "Augustus"), not a name
 * and another word: a name (a capitalised lemma) takes a lower-case headword's number only where
 * the accents stand on the same letters, or the lemma has none (Πύρρος is not πυῤῥός "red", and
 * Strong's has no entry for Pyrrhus). A lemma that names several entries either way, or none,
 * takes no number: it is counted, not guessed.
 */
export function strongsByLemma(
  headwords: Iterable<[string, string]>,
): (lemma: string) => { number?: string; how: 'exact' | 'folded' | 'ambiguous' | 'unmatched' } {
  const exact = new Map<string, Set<string>>();
  const folded = new Map<string, Set<string>>();
  const headword = new Map<string, string>();
  const add = (map: Map<string, Set<string>>, key: string, n: string) => {
    if (!key) return;
    if (!map.has(key)) map.set(key, new Set());
    map.get(key)!.add(n);
  };
  for (const [n, word] of headwords) {
    if (!n.startsWith('G')) continue;
    headword.set(n, word.normalize('NFC').trim());
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
  /** Whether a folded match joins the lemma to the headword of `n` (not a name to another word). */
  const sameWord = (lemma: string, n: string) => {
    const word = headword.get(n)!;
    if (!capitalised(lemma) || capitalised(word)) return true;
    const accents = accentPlaces(lemma);
    return !accents || accents === accentPlaces(word);
  };
  return (lemma) => {
    const forms = lemmaForms(lemma.normalize('NFC'));
    const byExact = one(exact, forms);
    const found =
      byExact ?? one(folded, forms.map(foldLemma))?.filter((n) => sameWord(lemma, n)) ?? null;
    if (!found?.length) return { how: 'unmatched' };
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
 * A passage the SBL edition prints between two verses without a verse number: Mark 16's
 * Intermediate Ending, which sblgnt/sblgnt.xml gives after 16:8 under the headings "Other Endings
 * of Mark" and "Intermediate Ending" (`<mark-end xml:lang="en">`), in a `<p>` no `<verse-number>`
 * opens, then "Long Ending" before 16:9. MorphGNT files its words as the last words of 16:8.
 */
export interface Unnumbered {
  /** The verse whose MorphGNT lines end with the passage's words (`Mark.16.8`). */
  filedUnder: string;
  /** The verse the edition prints it before (`Mark.16.9`). */
  before: string;
  /** The headings between the two verses, in order, and their language. */
  headings: string[];
  lang: string;
  /** How many of the headings stand before the passage. */
  at: number;
  /** The passage's words (`<w>`), as printed; none where the headings stand alone. */
  words: string[];
}

/** `Mark 16:9` (sblgnt.xml's verse ids) as an OSIS verse id. */
function xmlVerseId(id: string, canon: ReturnType<typeof loadCanon>): string {
  const m = /^(.+) (\d+):(\d+)$/.exec(id);
  const book = m && canon.resolve(m[1]!);
  if (!book) throw new Error(`sblgnt.xml: unknown verse id "${id}"`);
  return `${book}.${m![2]}.${m![3]}`;
}

/**
 * The passages sblgnt.xml prints without a verse number: from each run of `<mark-end>` headings
 * to the next `<verse-number>`, the words (`<w>`) between them and where the headings stand.
 */
export function readUnnumbered(file = studyFile('sblgntXml')): Unnumbered[] {
  const xml = readFileSync(file, 'utf8');
  const canon = loadCanon();
  const out: Unnumbered[] = [];
  let from = xml.indexOf('<mark-end');
  while (from >= 0) {
    const previous = [...xml.slice(0, from).matchAll(/<verse-number id="([^"]+)"/g)].at(-1);
    if (!previous) throw new Error(`sblgnt.xml: headings before the first verse`);
    const passage: Unnumbered = {
      filedUnder: xmlVerseId(previous[1]!, canon),
      before: '',
      headings: [],
      lang: '',
      at: 0,
      words: [],
    };
    const item =
      /<mark-end(?: xml:lang="([^"]+)")?>([^<]*)<\/mark-end>|<w>([^<]*)<\/w>|<verse-number id="([^"]+)"/g;
    item.lastIndex = from;
    for (let m = item.exec(xml); m; m = item.exec(xml)) {
      if (m[4]) {
        passage.before = xmlVerseId(m[4], canon);
        from = xml.indexOf('<mark-end', m.index);
        break;
      }
      if (m[3] !== undefined) passage.words.push(m[3].normalize('NFC'));
      else {
        passage.headings.push(m[2]!.trim());
        passage.lang ||= m[1] ?? '';
        if (!passage.words.length) passage.at = passage.headings.length;
      }
    }
    if (!passage.before) throw new Error(`sblgnt.xml: headings after the last verse`);
    out.push(passage);
  }
  return out;
}

/** MorphGNT's slips, as data/morphgnt-errata.json lists them (../corrections.ts). */
export function readMorphgntErrata(
  file = dataFile(DATA_DIR, 'morphgntErrata'),
): ReturnType<typeof parseCorrections> {
  return parseCorrections('data/morphgnt-errata.json', JSON.parse(readFileSync(file, 'utf8')));
}

/** A file's lines grouped by verse (the first column), with the line number of each group's first. */
function verseGroups(text: string): { ref: string; line: number; lines: string[] }[] {
  const groups: { ref: string; line: number; lines: string[] }[] = [];
  text.split('\n').forEach((raw, i) => {
    if (!raw.trim()) return;
    const line = raw.normalize('NFC');
    const ref = line.slice(0, 6);
    const last = groups[groups.length - 1];
    if (last?.ref === ref) last.lines.push(line);
    else groups.push({ ref, line: i + 1, lines: [line] });
  });
  return groups;
}

/**
 * A verse's lines without the passage MorphGNT files at their end (`passage.words`, checked word
 * by word), and that passage as printed: the TEXT columns, apparatus signs left out.
 */
function withoutPassage(
  lines: string[],
  passage: Unnumbered,
  at: string,
): { lines: string[]; text: string } {
  const n = passage.words.length;
  const tail = lines.slice(lines.length - n);
  const words = tail.map((l) => l.split(' ')[4]);
  if (n >= lines.length || words.join(' ') !== passage.words.join(' '))
    throw new Error(
      `${at}: ${passage.filedUnder} does not end with the passage sblgnt.xml prints before ${passage.before} (${passage.words.slice(0, 3).join(' ')} …)`,
    );
  const text = tail.map((l) => l.split(' ')[3]!.replace(APPARATUS, '')).join(' ');
  return { lines: lines.slice(0, lines.length - n), text };
}

/**
 * The SBLGNT: one TaggedVerse per verse of the source, in its order and numbering. `numberOf`
 * gives a lemma's Strong's number (strongsByLemma), `rules` the number of another sense
 * (./sblgnt-senses.ts), `errata` the slips corrected first; `counts`, when given, is filled in.
 * A passage the edition prints without a verse number (`unnumbered`: Mark 16's Intermediate
 * Ending, which MorphGNT files under 16:8) is not words of a verse: it stands before the verse it
 * precedes in print (`before`, with the headings), and its words are in no verse, so no search,
 * count or comparison takes them for 16:8's.
 */
export function readSblgnt(
  numberOf: ReturnType<typeof strongsByLemma>,
  counts?: SblgntStrongsCount,
  dir = studyFile('morphgnt'),
  errata = readMorphgntErrata(),
  rules: SenseRule[] = readSenseRules(),
  unnumbered: Unnumbered[] = readUnnumbered(),
): TaggedVerse[] {
  const books = loadCanon()
    .books.filter((b) => b.testament === 'NT')
    .map((b) => b.osis);
  const files = readdirSync(dir)
    .filter((f) => /^\d\d-\w+-morphgnt\.txt$/.test(f))
    .sort();
  if (files.length !== books.length)
    throw new Error(`${dir}: ${files.length} morphgnt files, ${books.length} books expected`);
  const corrections = new VersionCorrections('SBLGNT', errata);
  const senses = senseRules(rules);
  const verses: TaggedVerse[] = [];
  const codes = new Map<string, string>();
  /** What stands before a verse (`Mark.16.9`): headings, and the passage printed there. */
  const before = new Map<string, NonNullable<TaggedVerse['before']>>();
  for (const file of files) {
    for (const group of verseGroups(readFileSync(path.join(dir, file), 'utf8'))) {
      const book = books[parseInt(group.ref.slice(0, 2), 10) - 1];
      if (!book) throw new Error(`${file}:${group.line}: no book ${group.ref.slice(0, 2)}`);
      const verse: TaggedVerse = {
        book,
        chapter: parseInt(group.ref.slice(2, 4), 10),
        verse: parseInt(group.ref.slice(4, 6), 10),
        words: [],
      };
      verses.push(verse);
      const id = `${book}.${verse.chapter}.${verse.verse}`;
      let lines = corrections.apply(id, group.lines.join('\n')).split('\n');
      if (lines.length !== group.lines.length)
        throw new Error(`data/morphgnt-errata.json: a fix of ${id} adds or removes a line`);
      const printed = before.get(id);
      if (printed) {
        verse.before = printed;
        before.delete(id);
      }
      for (const passage of unnumbered.filter((u) => u.filedUnder === id)) {
        const { headings, lang, at } = passage;
        if (!passage.words.length) before.set(passage.before, { headings, lang });
        else {
          const cut = withoutPassage(lines, passage, `${file}:${group.line}`);
          lines = cut.lines;
          before.set(passage.before, { headings, lang, unnumbered: { at, text: cut.text } });
        }
      }
      lines.forEach((line, k) => {
        const at = `${file}:${group.line + k}`;
        const l = parseLine(file, group.line + k, line);
        if (l.ref !== group.ref) throw new Error(`${at}: a fix moved the word to ${l.ref}`);
        const { before, after } = around(l, at);
        const previous = verse.words[verse.words.length - 1];
        const found = numberOf(l.lemma);
        const number = senses.senseOf(l.lemma, l.parsing, l.word, found.number);
        const w: TaggedWord = {
          text: previous ? l.word : before + l.word,
          strongs: number ? [number] : [],
          lemma: [l.lemma],
          morph: [{ scheme: 'morphgnt', code: l.pos + l.parsing }],
          after,
        };
        if (previous) previous.after = `${previous.after} ${before}`;
        verse.words.push(w);
        codes.set(l.pos + l.parsing, at);
        if (counts) {
          counts.words++;
          counts[found.how]++;
        }
      });
    }
  }
  const problems = [
    ...corrections.problems(),
    ...senses.problems(),
    ...[...before.keys()].map(
      (id) => `sblgnt.xml prints headings before ${id}, which MorphGNT lacks`,
    ),
  ];
  if (problems.length) throw new Error(problems.join('\n'));
  if (counts) {
    counts.senses = senses.moved();
    counts.corrected = Object.values(corrections.appliedByFile()).reduce((a, b) => a + b, 0);
  }
  // Every word parsed: a code outside MorphGNT's scheme stops the build.
  const unread = [...codes].filter(([code]) => !MORPHGNT_CODE.test(code));
  if (unread.length || !codes.size)
    throw new Error(
      `${dir}: ${unread.length} parsing code(s) outside MorphGNT's scheme: ${unread.map(([c, at]) => `${c} (${at})`).join(', ')}`,
    );
  return verses;
}
