/**
 * The grammar index of a tagged version (`gm:` value, src/snapshot/grammar-index.ts): every
 * parsed word of the original, or each morpheme of an OSHB word, with its features in the grammar
 * search's vocabulary (src/snapshot/grammar-vocabulary.ts, read from the decoded parts by
 * src/study/grammar/parts.ts), its verse,
 * its place among the verse's tagged words and its Strong's numbers.
 *  - WLC (OSHB): one entry per morpheme; the lemma's parts (`c/1961`) give each morpheme but the
 *    suffixes its number, so `strongs` and the features hold on the same morpheme.
 *  - KJV New Testament: one entry per Greek word an English word renders (`g`, with `s` and `m` at
 *    the same index), each Greek word once (the first English word that renders it).
 *  - KJV Old Testament: one entry per Strong's tense number of a word, with the word's numbers;
 *    a Hebrew word the KJV renders in two phrases (`x-split`: Gen 16:1 "bare … children") once,
 *    at its first phrase, as the concordance counts it (TaggedWord.repeats): the second phrase,
 *    whose numbers all name a word the first renders, adds none.
 *  - TR and any Greek text: one entry per word.
 */
import { decodeMorph } from '../../../src/study/morphology/index';
import {
  encodeGrammarIndex,
  type GrammarEntry,
  type GrammarIndexValue,
} from '../../../src/snapshot/grammar-index';
import { featureCode, pack, type FeatureCodes } from '../../../src/snapshot/grammar-vocabulary';
import { morphemeFeatures } from '../../../src/study/grammar/parts';
import { oshbStrongs } from './oshb';
import type { TaggedVerse, TaggedWord } from './types';
import { verseCodeNumber } from '../../../src/snapshot/verse-codes';

const SUFFIX = featureCode('pos', 'suffix');

/** Each morpheme's Strong's numbers: the lemma's parts in order, skipping the suffixes (which have none). */
function morphemeNumbers(w: TaggedWord, morphemes: FeatureCodes[], suffix: number): string[][] {
  const parts = (w.lemma?.[0] ?? '').split('/');
  const content = morphemes.filter((m) => m.pos !== suffix).length;
  if (parts.length !== content) return morphemes.map(() => w.strongs);
  let at = 0;
  return morphemes.map((m) => (m.pos === suffix ? [] : oshbStrongs(parts[at++] ?? '')));
}

/** The entries of one word: its features per morpheme or Greek word, each with its numbers. */
function wordEntries(w: TaggedWord): { features: FeatureCodes; numbers: string[] }[] {
  const out: { features: FeatureCodes; numbers: string[] }[] = [];
  const codes = w.morph ?? [];
  if (w.src?.length) {
    // KJV NT: the i-th code parses the i-th Greek word rendered.
    codes.forEach((m, i) => {
      for (const features of morphemeFeatures(decodeMorph(m.scheme, m.code).parts))
        out.push({ features, numbers: w.strongs[i] ? [w.strongs[i]] : [] });
    });
    return out;
  }
  for (const m of codes) {
    const morphemes = morphemeFeatures(decodeMorph(m.scheme, m.code).parts);
    if (m.scheme === 'oshb') {
      const numbers = morphemeNumbers(w, morphemes, SUFFIX);
      morphemes.forEach((features, k) => out.push({ features, numbers: numbers[k] }));
    } else for (const features of morphemes) out.push({ features, numbers: w.strongs });
  }
  return out;
}

export function grammarIndexValue(
  version: string,
  verses: TaggedVerse[],
  ordOf: ReadonlyMap<string, number>,
): GrammarIndexValue | null {
  const sorted = verses
    .map((x) => ({
      x,
      code: verseCodeNumber({ ord: ordOf.get(x.book)!, chapter: x.chapter, verse: x.verse }),
    }))
    .sort((a, b) => a.code - b.code);
  const verseCodes: number[] = [];
  const entries: GrammarEntry[] = [];
  const numberSets = new Map<string, number>([['', 0]]);
  const books: GrammarIndexValue['books'] = [];
  for (const { x, code } of sorted) {
    const schemes = new Set(x.words.flatMap((w) => (w.morph ?? []).map((m) => m.scheme)));
    if (!schemes.size) continue;
    if (schemes.size > 1) throw new Error(`${version} ${x.book}: morphology in several schemes`);
    const scheme = [...schemes][0]!;
    let book = books[books.length - 1];
    if (book?.osis !== x.book) {
      book = { osis: x.book, scheme, start: entries.length, end: entries.length };
      books.push(book);
    } else if (book.scheme !== scheme)
      throw new Error(`${version} ${x.book}: morphology in two schemes`);
    const verseIndex = verseCodes.length;
    const seen = new Set<number>();
    let any = false;
    x.words.forEach((w, word) => {
      // The rest of a Hebrew word an earlier phrase renders (the concordance's rule).
      if (!w.src?.length && w.strongs.length && w.repeats?.length === w.strongs.length) return;
      const list = wordEntries(w);
      list.forEach((e, i) => {
        // A Greek word two English phrases render is one word of the original.
        const position = w.src?.[i];
        if (position !== undefined) {
          if (seen.has(position)) return;
          seen.add(position);
        }
        const { packed, stem } = pack(e.features);
        const key = [...new Set(e.numbers)].join(' ');
        let numberSet = numberSets.get(key);
        if (numberSet === undefined) numberSets.set(key, (numberSet = numberSets.size));
        entries.push({ verseIndex, word, packed, stem, numberSet });
        any = true;
      });
    });
    if (any) verseCodes.push(code);
    book.end = entries.length;
  }
  if (!entries.length) return null;
  return encodeGrammarIndex(version, books, verseCodes, entries, [...numberSets.keys()]);
}
