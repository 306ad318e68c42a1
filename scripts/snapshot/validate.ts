/**
 * Validation of an imported version. Every check that fails is collected and the build aborts
 * with the whole list (build.ts), so a source change can never slip a broken text into KV.
 *
 * Checks: every book known to the canon table; testaments in contiguous blocks, each in canon
 * order; no duplicate books; chapters 1..n; verse numbers ascending without duplicates; no empty
 * or absent verse below a chapter's last verse unless data/versification-gaps.json lists it (and
 * no stale entries there); no markup or footnote residue in the text; no glued words; expected
 * totals (source.expect) and, where configured (source.versification), the exact versification
 * of bible-passage-reference-parser's translation_info(); Psalm titles where data/psalm-titles.json
 * says, 22 Psalm 119 headings; no letter ending with its subscription (apart.ts); where configured
 * (source.oneLetterWords), no one-letter word the language does not have (a word split in two).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bcv_parser } from 'bible-passage-reference-parser/esm/bcv_parser.js';
import * as lang from 'bible-passage-reference-parser/esm/lang/en.js';
import type { Canon } from './canon';
import { checkPsalmTitles, checkSubscriptions, type PsalmTitleSpec } from './apart';
import { parseCorrections, type Correction } from './corrections';
import { tokensText, type VersionIR } from './ir';
import { DATA_DIR } from './paths';
import { DATA_FILES, dataFile } from './data-files';

export interface ValidateOptions {
  canon: Canon;
  /** Known gaps of this version: "Book.C.V" -> reason. */
  gaps: Record<string, string>;
  expect?: { books?: number; verses?: number };
  /** A translation_info() system name, e.g. "kjv": book order and verses per chapter must match exactly. */
  versification?: string;
  /** Characters that must not appear in this source's text (leftover source markers). */
  forbiddenChars?: string;
  /** `from` ranges of this version in data/versification-map.json: each verse must have text. */
  mappedFrom?: string[];
  /** Which Psalms must open with a title (data/psalm-titles.json, loadPsalmTitles). */
  psalmTitles?: PsalmTitleSpec;
  /** Words of one letter this source's language has (e.g. `yáéoóuúae`); any other one-letter word is a split word. */
  oneLetterWords?: string;
  /**
   * Where words that only look odd (glued words, a missing space, a stray one-letter word) go
   * instead of the errors: a version added with `npm run version:add` (`source.oddWords`
   * "warn") is served as its source prints it, each such word reported with its file and line
   * (docs/translations.md#errors-and-warnings-of-an-import). The build's own sources keep them
   * errors: each was corrected in data/source-fixes.json.
   */
  warnings?: string[];
}

/** data/psalm-titles.json resolved per version: the KJV's titled Psalms, plus the version's `extra`, less its `missing`. */
export function loadPsalmTitles(
  file = dataFile(DATA_DIR, 'psalmTitles'),
): (version: string) => PsalmTitleSpec {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as {
    untitled: number[];
    versions: Record<string, { extra?: Record<string, string>; missing?: Record<string, string> }>;
  };
  const num = (id: string) => {
    const m = /^Ps\.(\d+)$/.exec(id);
    if (!m) throw new Error(`psalm-titles.json: "${id}" is not a Psalm (Ps.N)`);
    return Number(m[1]);
  };
  return (version) => {
    const v = raw.versions[version] ?? {};
    const titled = new Set<number>();
    for (let n = 1; n <= 150; n++) if (!raw.untitled.includes(n)) titled.add(n);
    for (const id of Object.keys(v.extra ?? {})) titled.add(num(id));
    for (const id of Object.keys(v.missing ?? {})) titled.delete(num(id));
    return { titled: [...titled].sort((a, b) => a - b) };
  };
}

/** The versification map's entries per version (data/versification-map.json; read by the worker too). */
export function loadMappedFrom(
  file = dataFile(DATA_DIR, 'versificationMap'),
): Record<string, string[]> {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as {
    versions: Record<string, { from: string }[]>;
  };
  return Object.fromEntries(
    Object.entries(raw.versions).map(([v, entries]) => [v, entries.map((e) => e.from)]),
  );
}

export function loadGaps(
  file = dataFile(DATA_DIR, 'versificationGaps'),
): Record<string, Record<string, string>> {
  return (
    JSON.parse(readFileSync(file, 'utf8')) as { versions: Record<string, Record<string, string>> }
  ).versions;
}

/** Verses an edition prints only as a margin note (data/margin-verses.json): version → id → reason. */
export function loadMarginVerses(
  file = dataFile(DATA_DIR, 'marginVerses'),
): Record<string, Record<string, string>> {
  return loadGaps(file);
}

/**
 * Empties the listed margin-note verses of a version (their text is a note, not verse text), so
 * that they are empty slots; returns the problems (a listed verse the source has no text for).
 */
export function emptyMarginVerses(
  version: string,
  ir: VersionIR,
  listed: Record<string, string>,
): string[] {
  const left = new Set(Object.keys(listed));
  for (const b of ir.books)
    for (const c of b.chapters)
      for (const v of c.verses) {
        const id = `${b.osis}.${c.chapter}.${v.verse}`;
        if (!left.has(id) || !v.tokens.length) continue;
        v.tokens = [];
        left.delete(id);
      }
  return [...left].map(
    (id) =>
      `${version} ${id}: listed in data/margin-verses.json but the source has no text there (stale entry)`,
  );
}

/**
 * The correction files (corrections.ts), in the order they are applied: markup typo fixes of any
 * source first, then the ASV errata (whose `from` strings assume the markup is already fixed).
 */
export const CORRECTION_FILES = [
  DATA_FILES.sourceFixes,
  DATA_FILES.asvErrata,
  DATA_FILES.asvErrata2,
];

export function loadCorrections(dir = DATA_DIR): Correction[] {
  return CORRECTION_FILES.flatMap((f) =>
    parseCorrections(`data/${f}`, JSON.parse(readFileSync(path.join(dir, f), 'utf8'))),
  );
}

/** Words that footnote removal glued together in the WEB; they must never come back. */
export const KNOWN_GLUED = ['Godcreated', 'bornSon', 'YahwehGod'];

/**
 * Lowercase-to-uppercase joins that are real words (names and forms in the sources). Anything
 * else matching /\p{Ll}\p{Lu}/ inside a word is reported as a glued word.
 */
export const CAMEL_WHITELIST = new Set<string>([]);

/** The canon's groups of letters (data/canon.json), whose last verse must not end with a subscription. */
const LETTER_GROUPS = ['PAUL', 'GLET'];

/** A lower-case letter before a capital inside a word: two words glued (`bornSon`). */
const GLUED = /[\p{L}’']*\p{Ll}\p{Lu}[\p{L}’']*/gu;
const GLUED_CORE = /\p{Ll}\p{Lu}/u;
/** Punctuation between two letters without a space after it (`said,He`). */
const MISSING_SPACE = /\p{L}+(?:[,;:!?][”’]?|”)\p{L}+/gu;
const MISSING_SPACE_CORE = /\p{L}(?:[,;:!?][”’]?|”)\p{L}/u;

/** Text residue that means markup or footnotes leaked into verse text. */
const RESIDUE: [RegExp, string][] = [
  [/[<>]/, 'raw < or > (markup residue)'],
  [/strong:[HG]?\d|lemma=|osisID|osisRef|\bx-p\b|annotateRef/, 'OSIS attribute residue'],
  [/\bTR adds\b|\bSome manuscripts add\b|omitted by the best authorities/i, 'footnote text'],
  [/\s{2,}|^\s|\s$/, 'uncollapsed or edge whitespace'],
  [/[\u0000-\u001f]/, 'control character'],
];

function* verses(ir: VersionIR) {
  for (const b of ir.books) for (const c of b.chapters) for (const v of c.verses) yield { b, c, v };
}

export function validateVersion(version: string, ir: VersionIR, opts: ValidateOptions): string[] {
  const errors: string[] = [];
  const err = (where: string, msg: string) => errors.push(`${version} ${where}: ${msg}`);
  const { canon } = opts;

  // Books: known, unique, testament blocks contiguous and each in canon order.
  const seen = new Set<string>();
  const blocks: string[] = [];
  let lastPos = -1;
  for (const b of ir.books) {
    const cb = canon.byOsis.get(b.osis);
    if (!cb) {
      err(b.osis, 'book is not in data/canon.json (add it or an alias)');
      continue;
    }
    if (seen.has(b.osis)) err(b.osis, 'book appears twice');
    seen.add(b.osis);
    if (blocks[blocks.length - 1] !== cb.testament) {
      if (blocks.includes(cb.testament))
        err(b.osis, `${cb.testament} books are not one contiguous block`);
      blocks.push(cb.testament);
      lastPos = -1;
    }
    const pos = canon.position(b.osis);
    if (pos < lastPos) err(b.osis, 'book out of canon order');
    lastPos = pos;
  }

  // Chapters and verses.
  const present = new Set<string>();
  for (const b of ir.books) {
    b.chapters.forEach((c, i) => {
      if (c.chapter !== i + 1)
        err(`${b.osis}.${c.chapter}`, `chapter number out of sequence (expected ${i + 1})`);
      let last = 0;
      for (const v of c.verses) {
        const id = `${b.osis}.${c.chapter}.${v.verse}`;
        if (v.verse <= last) err(id, v.verse === last ? 'duplicate verse' : 'verse out of order');
        last = Math.max(last, v.lastverse ?? v.verse);
        if (v.tokens.length) {
          for (let n = v.verse; n <= (v.lastverse ?? v.verse); n++)
            present.add(`${b.osis}.${c.chapter}.${n}`);
        }
      }
      const max = Math.max(
        0,
        ...[...c.verses].filter((v) => v.tokens.length).map((v) => v.lastverse ?? v.verse),
      );
      if (max === 0) err(`${b.osis}.${c.chapter}`, 'chapter has no text');
      for (let n = 1; n < max; n++) {
        const id = `${b.osis}.${c.chapter}.${n}`;
        if (!present.has(id) && !(id in opts.gaps))
          err(id, 'empty or absent verse not listed in data/versification-gaps.json');
      }
      for (const v of c.verses) {
        const id = `${b.osis}.${c.chapter}.${v.verse}`;
        if (!v.tokens.length && !(id in opts.gaps))
          err(id, 'empty verse not listed in data/versification-gaps.json');
      }
    });
  }
  for (const id of Object.keys(opts.gaps)) {
    if (present.has(id))
      err(id, 'listed in data/versification-gaps.json but has text (stale entry)');
  }
  // A map entry for a verse without text would match annotations to nothing (stale or mistyped).
  for (const from of opts.mappedFrom ?? []) {
    const m = /^(.+)\.(\d+)\.(\d+)(?:-(\d+))?$/.exec(from);
    if (!m) {
      err(from, 'malformed `from` in data/versification-map.json');
      continue;
    }
    for (let n = Number(m[3]); n <= Number(m[4] ?? m[3]); n++) {
      if (!present.has(`${m[1]}.${m[2]}.${n}`))
        err(`${m[1]}.${m[2]}.${n}`, 'mapped in data/versification-map.json but has no text');
    }
  }

  // Text checks. A word that looks odd is a warning where the caller asks so (opts.warnings).
  const odd = (id: string, msg: string) => {
    const at = ir.sourceLines?.get(id);
    if (opts.warnings)
      opts.warnings.push(`${version} ${id}${at ? ` (${at})` : ''}: ${msg}, served as printed`);
    else err(id, msg);
  };
  let count = 0;
  for (const { b, c, v } of verses(ir)) {
    const id = `${b.osis}.${c.chapter}.${v.verse}`;
    for (const [part, toks] of [
      ['text', v.tokens],
      ['title', v.title ?? []],
    ] as const) {
      if (!toks.length) continue;
      const text = tokensText(toks);
      for (const [re, what] of RESIDUE)
        if (re.test(text)) err(id, `${part}: ${what}: ${JSON.stringify(text.slice(0, 120))}`);
      if (opts.forbiddenChars) {
        const bad = [...opts.forbiddenChars].filter((ch) => text.includes(ch));
        if (bad.length) err(id, `${part}: source marker ${bad.join(' ')} left in text`);
      }
      for (const g of KNOWN_GLUED) if (text.includes(g)) err(id, `${part}: glued word "${g}"`);
      // Each pattern is tried whole only on a text where its core occurs: from every letter of a
      // word, the whole pattern scans the rest of the word, and most verses have no such word
      // (the WEB's 38,000 verses: 1.2 s → a few ms).
      if (GLUED_CORE.test(text))
        for (const m of text.matchAll(GLUED)) {
          if (!CAMEL_WHITELIST.has(m[0])) odd(id, `${part}: glued word? "${m[0]}"`);
        }
      if (MISSING_SPACE_CORE.test(text))
        for (const m of text.matchAll(MISSING_SPACE)) odd(id, `${part}: missing space? "${m[0]}"`);
      if (toks.some((t) => !t.text.length)) err(id, `${part}: empty token`);
    }
    if (v.tokens.length) count += 1;
  }

  if (opts.psalmTitles) errors.push(...checkPsalmTitles(version, ir, opts.psalmTitles));
  errors.push(
    ...checkSubscriptions(version, ir, (osis) =>
      LETTER_GROUPS.includes(canon.byOsis.get(osis)?.group ?? ''),
    ),
  );
  if (opts.oneLetterWords) {
    const allowed = new Set([...opts.oneLetterWords.toLowerCase()]);
    for (const { b, c, v } of verses(ir)) {
      for (const m of tokensText(v.tokens).matchAll(
        /(?<![\p{L}\p{M}\p{N}'’-])\p{L}(?![\p{L}\p{M}\p{N}'’-])/gu,
      )) {
        if (!allowed.has(m[0].toLowerCase()))
          odd(
            `${b.osis}.${c.chapter}.${v.verse}`,
            `one-letter word "${m[0]}" (a word split in two? data/source-fixes.json)`,
          );
      }
    }
  }

  if (opts.expect?.books !== undefined && ir.books.length !== opts.expect.books) {
    err('totals', `expected ${opts.expect.books} books, found ${ir.books.length}`);
  }
  if (opts.expect?.verses !== undefined && count !== opts.expect.verses) {
    err('totals', `expected ${opts.expect.verses} verses with text, found ${count}`);
  }
  if (opts.versification) errors.push(...checkVersification(version, ir, opts.versification));
  return errors;
}

/** Highest verse with text per chapter, as the catalogue stores it. */
export function chapterLengths(ir: VersionIR): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const b of ir.books) {
    out.set(
      b.osis,
      b.chapters.map((c) =>
        Math.max(0, ...c.verses.filter((v) => v.tokens.length).map((v) => v.lastverse ?? v.verse)),
      ),
    );
  }
  return out;
}

/** Compare book order and verses per chapter with translation_info(system) exactly. */
export function checkVersification(version: string, ir: VersionIR, system: string): string[] {
  const errors: string[] = [];
  const info = new bcv_parser(lang as never).translation_info(system) as {
    books: string[];
    chapters: Record<string, number[]>;
  };
  const ours = ir.books.map((b) => b.osis);
  const theirs = info.books.filter(
    (b) => ours.includes(b) || info.books.indexOf(b) < info.books.indexOf('Rev') + 1,
  );
  if (ours.join(' ') !== theirs.join(' ')) {
    errors.push(
      `${version} versification: book order differs from translation_info("${system}"): ours ${ours.join(' ')} / theirs ${theirs.join(' ')}`,
    );
  }
  const lengths = chapterLengths(ir);
  for (const osis of ours) {
    const a = lengths.get(osis)!;
    const b = info.chapters[osis];
    if (!b) {
      errors.push(`${version} versification: ${osis} unknown to translation_info("${system}")`);
      continue;
    }
    if (a.join(',') !== b.join(',')) {
      errors.push(
        `${version} versification: ${osis} verses per chapter differ from translation_info("${system}"): ours [${a}] / theirs [${b}]`,
      );
    }
  }
  return errors;
}
