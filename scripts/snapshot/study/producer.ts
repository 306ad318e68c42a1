/**
 * The word-study pairs of the snapshot (value shapes in src/snapshot/study-types.ts,
 * layout in docs/study.md):
 * - `wd:` the tagged words of every chapter of every tagged version (data/versions.json `words`),
 *   and `vw:` the same in blocks of verses for the pages of results (../verse-blocks.ts);
 * - `cc:` per version and Strong's number, the verses where it occurs with counts per book and
 *   per rendering (the concordance: one read however frequent the number);
 * - `gm:` per version, the grammar index (every parsed word's features: grammar search);
 * - `lx:` per number its lexicon entry (scripts/snapshot/study/lexicons) with its occurrences;
 * - `study`: the tagged versions, the sources with their licenses, the numbers never assigned.
 * The build fails when a word carries a number no lexicon has and the number is not a known gap
 * (data/strongs-known-gaps.json), or when a tagged version's word count differs from its
 * manifest's `expect.words`.
 */
import {
  chapterWordsKey,
  concordanceKey,
  grammarIndexKey,
  lemmaIndexKey,
  lexiconKey,
  studyMetaKey,
} from '../../../src/snapshot/keys';
import { foldLemma } from '../../../src/snapshot/search-text';
import type {
  ChapterWordsValue,
  ConcordanceValue,
  LemmaIndexValue,
  LexiconValue,
  StudyMetaValue,
  WordValue,
} from '../../../src/snapshot/study-types';
import {
  encodeVerseCodes,
  verseCodeNumber,
  verseOfNumber,
} from '../../../src/snapshot/verse-codes';
import {
  buildsBook,
  type PairProducer,
  type ProducedPair,
  type ProducerContext,
} from '../producer-types';
import { grammarIndexValue } from './grammar-index';
import { knownGaps } from './known-gaps';
import { studyLexicon } from './lexicon-source';
import { taggedText } from './tagged';
import { wordsBlockPairs } from '../verse-blocks';
import type { TaggedVerse, TaggedWord } from './types';

/** Cantillation marks (U+0591–U+05AF) and the meteg: a Hebrew rendering is counted by its letters and vowels. */
const CANTILLATION = /[\u0591-\u05AF\u05BD]/g;

function compact(w: TaggedWord): WordValue {
  const v: WordValue = { t: w.text };
  if (w.strongs.length) v.s = w.strongs;
  if (w.lemma?.length) v.l = w.lemma;
  if (w.morph?.length) v.m = w.morph.map((m) => m.code);
  if (w.src?.length) v.g = w.src;
  if (w.added) v.a = 1;
  if (w.title) v.h = 1;
  // Most words are followed by one space: only the others say what follows (`x`, '' at a verse's end).
  if (w.after !== ' ') v.x = w.after ?? '';
  return v;
}

/**
 * How a word renders its number, for the concordance's counts: the English as printed ("I love",
 * "the LORD"), or the original word (without cantillation); '' for a word the KJV leaves
 * untranslated.
 */
function rendering(w: TaggedWord, original: boolean): string {
  const text = original ? w.text.replace(CANTILLATION, '') : w.text;
  return text.trim().replace(/\s+/g, ' ').normalize('NFC');
}

/**
 * The numbers of the original-language words a word adds to the concordance's `occurrences`: each
 * of its numbers (a KJV phrase may render two words of one number: "by sevens", H7651 H7651)
 * but those of a word an earlier one renders already (TaggedWord.repeats).
 */
export function originalNumbers(w: TaggedWord): string[] {
  return w.repeats ? w.strongs.filter((_, k) => !w.repeats!.includes(k)) : w.strongs;
}

interface Occurrences {
  /** Tagged words (KJV: English phrases) carrying the number, each once. */
  words: number;
  /** Original-language words tagged with the number (see TaggedWord.repeats). */
  originals: number;
  codes: number[];
  perBook: Map<string, number>;
  /** Renderings by their lower-case form: each printed form with its count. */
  renderings: Map<string, Map<string, number>>;
}

/** One tagged version's words in the snapshot's books, grouped by chapter, with the concordance counts. */
interface TaggedVersion {
  version: string;
  original: boolean;
  verses: TaggedVerse[];
  occurrences: Map<string, Occurrences>;
}

/**
 * The counts of a tagged text that data/versions.json pins (`source.expect`), each with the words
 * it counts: any change of the source or the reader that moves one stops the build.
 */
const PINNED: Record<string, { what: string; counts: (w: TaggedWord) => boolean }> = {
  words: { what: 'tagged words', counts: () => true },
  /** KJV: the words of the Psalms' titles, read as the first words of verse 1. */
  titleWords: { what: "words of the Psalms' titles", counts: (w) => w.title === true },
  /** KJV: the words holding a divine name, written in capitals (LORD, GOD) as the KJV prints them. */
  divineNames: { what: 'words with a divine name', counts: (w) => w.divineName === true },
  /** SBLGNT: the words whose lemma found a Strong's number (./sblgnt.ts strongsByLemma). */
  numbered: { what: "words with a Strong's number", counts: (w) => w.strongs.length > 0 },
};

function checkPinned(
  version: string,
  expect: (Record<string, number> & { bookWords?: Record<string, number> }) | undefined,
  verses: TaggedVerse[],
): void {
  // `bookWords`: each book's words, so that a change in one book is named (SBLGNT).
  if (expect?.bookWords) {
    const found: Record<string, number> = {};
    for (const x of verses) found[x.book] = (found[x.book] ?? 0) + x.words.length;
    const differ = [...new Set([...Object.keys(found), ...Object.keys(expect.bookWords)])].filter(
      (b) => found[b] !== expect.bookWords![b],
    );
    if (differ.length)
      throw new Error(
        `${version}: words per book differ from data/versions.json (source.expect.bookWords): ${differ.map((b) => `${b} ${found[b] ?? 0} (expected ${expect.bookWords![b] ?? 0})`).join(', ')}`,
      );
  }
  for (const [name, { what, counts }] of Object.entries(PINNED)) {
    const expected = expect?.[name];
    if (expected === undefined) continue;
    let count = 0;
    for (const x of verses) for (const w of x.words) if (counts(w)) count++;
    if (count !== expected)
      throw new Error(
        `${version}: ${count} ${what}, data/versions.json expects ${expected} (source.expect.${name})`,
      );
  }
}

function taggedVersions(ctx: ProducerContext): TaggedVersion[] {
  const out: TaggedVersion[] = [];
  for (const v of ctx.versions) {
    const name = v.manifest.words as string | undefined;
    if (!name) continue;
    const verses = taggedText(name);
    if (!verses) continue;
    checkPinned(
      v.manifest.id,
      v.manifest.source.expect as Parameters<typeof checkPinned>[1],
      verses,
    );
    const books = new Map(
      ctx.catalogue.books.filter((b) => b.version === v.manifest.id).map((b) => [b.osis, b]),
    );
    // Every book of the version has tagged words, and no tagged verse is outside the version's books.
    const perBook = new Map<string, number>();
    for (const x of verses) perBook.set(x.book, (perBook.get(x.book) ?? 0) + x.words.length);
    const bare = [...books.keys()].filter((b) => !perBook.get(b));
    const stray = [...perBook.keys()].filter((b) => !books.has(b));
    if (bare.length || stray.length)
      throw new Error(
        `${v.manifest.id}: books without tagged words: ${bare.join(' ') || 'none'}; tagged books the version lacks: ${stray.join(' ') || 'none'}`,
      );
    const inSnapshot = verses.filter(
      (x) =>
        books.has(x.book) &&
        buildsBook(ctx, v.manifest.id, x.book) &&
        (!ctx.studyBooks ||
          ctx.studyBooks.has(x.book) ||
          ctx.studyBooks.has(`${x.book}.${x.chapter}`)),
    );
    const tv: TaggedVersion = {
      version: v.manifest.id,
      original: v.manifest.source.format === 'tagged',
      verses: inSnapshot,
      occurrences: new Map(),
    };
    for (const x of inSnapshot) {
      const book = books.get(x.book)!;
      const code = verseCodeNumber({ ord: book.ord, chapter: x.chapter, verse: x.verse });
      for (const w of x.words) {
        const r = rendering(w, tv.original);
        const group = r.toLowerCase();
        for (const n of new Set(w.strongs)) {
          let o = tv.occurrences.get(n);
          if (!o)
            tv.occurrences.set(
              n,
              (o = {
                words: 0,
                originals: 0,
                codes: [],
                perBook: new Map(),
                renderings: new Map(),
              }),
            );
          o.words++;
          if (o.codes[o.codes.length - 1] !== code) {
            o.codes.push(code);
            o.perBook.set(x.book, (o.perBook.get(x.book) ?? 0) + 1);
          }
          if (!r) continue;
          let forms = o.renderings.get(group);
          if (!forms) o.renderings.set(group, (forms = new Map()));
          forms.set(r, (forms.get(r) ?? 0) + 1);
        }
        for (const n of originalNumbers(w)) tv.occurrences.get(n)!.originals++;
      }
    }
    out.push(tv);
  }
  return out;
}

function* chapterWordPairs(
  ctx: ProducerContext,
  tv: TaggedVersion,
  headword: (n: string) => string,
): Generator<ProducedPair> {
  const byChapter = new Map<string, ChapterWordsValue>();
  for (const x of tv.verses) {
    const id = `${x.book}.${x.chapter}`;
    let chapter = byChapter.get(id);
    if (!chapter)
      byChapter.set(
        id,
        (chapter = {
          version: tv.version,
          book: x.book,
          chapter: x.chapter,
          heads: {},
          verses: [],
        }),
      );
    for (const w of x.words) {
      for (const n of w.strongs) chapter.heads[n] ??= headword(n);
      for (const m of w.morph ?? []) {
        chapter.scheme ??= m.scheme;
        if (m.scheme !== chapter.scheme)
          throw new Error(
            `${tv.version} ${id}: morphology in two schemes (${chapter.scheme}, ${m.scheme})`,
          );
      }
    }
    chapter.verses.push({ verse: x.verse, words: x.words.map(compact) });
  }
  for (const c of byChapter.values()) {
    yield {
      key: chapterWordsKey(ctx.snapshotId, tv.version, c.book, c.chapter),
      value: JSON.stringify(c),
    };
    yield* wordsBlockPairs(ctx.snapshotId, c);
  }
}

function concordanceValue(
  tv: TaggedVersion,
  number: string,
  o: Occurrences,
  bookOrder: string[],
): ConcordanceValue {
  const codes = [...new Set(o.codes)].sort((a, b) => a - b);
  return {
    version: tv.version,
    number,
    words: o.words,
    occurrences: o.originals,
    verses: codes.length,
    refs: encodeVerseCodes(codes.map(verseOfNumber)),
    perBook: bookOrder.filter((b) => o.perBook.has(b)).map((b) => [b, o.perBook.get(b)!]),
    renderings: renderingCounts(o.renderings),
  };
}

/**
 * A number's renderings, grouped regardless of case ("Thou shalt love" 9 and "thou shalt love" 1
 * are one rendering), each written in its most frequent printed form (on a tie, the one with
 * more lower case: the form inside a sentence), most frequent first. All of them: the KJV renders
 * H3068 in 492 phrases, G3588 in 3,765 (the concordance's values are 10.9 MiB in all, 1.4 MiB
 * more than with the 50 most frequent only).
 */
function renderingCounts(groups: Map<string, Map<string, number>>): [string, number][] {
  const out: [string, number][] = [];
  for (const forms of groups.values()) {
    let shown = '';
    let best = 0;
    let total = 0;
    for (const [form, count] of forms) {
      total += count;
      if (count > best || (count === best && form > shown)) {
        shown = form;
        best = count;
      }
    }
    out.push([shown, total]);
  }
  return out.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

/**
 * The headword index of one language (`LemmaIndexValue`): every entry's Strong's word and its
 * fuller entries' headwords, folded. Null when the language has no entry (a fixture without it).
 */
export function lemmaIndex(
  entries: ReadonlyMap<string, { word: string; fuller?: { headword: string }[] }>,
  prefix: 'H' | 'G',
  wanted: Set<string> | null,
): LemmaIndexValue | null {
  const index = new Map<string, Set<string>>();
  for (const [n, e] of entries) {
    if (!n.startsWith(prefix) || (wanted && !wanted.has(n))) continue;
    for (const word of [e.word, ...(e.fuller ?? []).map((f) => f.headword)]) {
      const folded = foldLemma(word);
      if (!folded) continue;
      if (!index.has(folded)) index.set(folded, new Set());
      index.get(folded)!.add(n);
    }
  }
  if (!index.size) return null;
  const byNumber = (a: string, b: string) =>
    parseInt(a.slice(1), 10) - parseInt(b.slice(1), 10) || (a < b ? -1 : 1);
  return Object.fromEntries(
    [...index].sort(([a], [b]) => (a < b ? -1 : 1)).map(([w, ns]) => [w, [...ns].sort(byNumber)]),
  );
}

export const studyProducer: PairProducer = {
  name: 'study',
  *produce(ctx) {
    const tagged = taggedVersions(ctx);
    if (!tagged.length) return;
    const lexicon = studyLexicon();
    if (!lexicon) return;

    // Every number a word carries has an entry, or is a known gap (data/strongs-known-gaps.json).
    const gaps = knownGaps();
    const used = new Set<string>();
    for (const tv of tagged) for (const n of tv.occurrences.keys()) used.add(n);
    const unknown = [...used].filter((n) => !lexicon.entries.has(n) && !gaps.has(n)).sort();
    if (unknown.length)
      throw new Error(
        `${unknown.length} Strong's number(s) used by tagged words have no lexicon entry and are not in data/strongs-known-gaps.json: ${unknown.slice(0, 40).join(' ')}`,
      );

    const headword = (n: string) => lexicon.entries.get(n)?.word ?? '';
    for (const tv of tagged) {
      yield* chapterWordPairs(ctx, tv, headword);
      const bookOrder = ctx.catalogue.books
        .filter((b) => b.version === tv.version)
        .map((b) => b.osis);
      for (const [n, o] of tv.occurrences)
        yield {
          key: concordanceKey(ctx.snapshotId, tv.version, n),
          value: JSON.stringify(concordanceValue(tv, n, o, bookOrder)),
        };
      const ordOf = new Map(
        ctx.catalogue.books.filter((b) => b.version === tv.version).map((b) => [b.osis, b.ord]),
      );
      const grammar = grammarIndexValue(tv.version, tv.verses, ordOf);
      if (grammar)
        yield {
          key: grammarIndexKey(ctx.snapshotId, tv.version),
          value: JSON.stringify(grammar),
        };
    }

    // Fixture builds (ctx.studyBooks) keep only the entries their words use.
    const wanted = ctx.studyBooks ? used : null;
    for (const [n, e] of lexicon.entries) {
      if (wanted && !wanted.has(n)) continue;
      const value: LexiconValue = {
        number: n,
        lang: n.startsWith('H') ? 'hbo' : 'grc',
        word: e.word,
        transliteration: e.transliteration,
        pronunciation: e.pronunciation,
        derivation: e.derivation,
        definition: e.definition,
        kjvRenderings: e.kjvRenderings,
        related: e.related,
        fuller: e.fuller ?? [],
        occurrences: tagged.flatMap((tv) => {
          const o = tv.occurrences.get(n);
          return o
            ? [
                {
                  version: tv.version,
                  words: o.words,
                  occurrences: o.originals,
                  verses: new Set(o.codes).size,
                },
              ]
            : [];
        }),
      };
      yield { key: lexiconKey(ctx.snapshotId, n), value: JSON.stringify(value) };
    }

    for (const prefix of ['H', 'G'] as const) {
      const index = lemmaIndex(lexicon.entries, prefix, wanted);
      if (index) yield { key: lemmaIndexKey(ctx.snapshotId, prefix), value: JSON.stringify(index) };
    }

    const meta: StudyMetaValue = {
      tagged: tagged.map((tv) => ({
        version: tv.version,
        prefixes: (['H', 'G'] as const).filter((p) =>
          [...tv.occurrences.keys()].some((n) => n.startsWith(p)),
        ),
      })),
      sources: lexicon.sources,
      gaps: lexicon.gaps,
      lexiconCopyright: lexicon.copyright,
    };
    yield { key: studyMetaKey(ctx.snapshotId), value: JSON.stringify(meta) };
  },
};
