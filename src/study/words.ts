import type { SnapshotReader } from '../cache/snapshot-reader';
import { chapterId, sameVersionId, verseId } from '../catalogue/ids';
import { chapterFromId, verseFromId } from '../catalogue/lookup';
import { verseReference } from '../catalogue/names';
import { chapterPath, versePath } from '../catalogue/paths';
import { versionOf, type Catalogue } from '../catalogue/store';
import { echo, notFound } from '../http/errors';
import { cdata, type DocNode } from '../render/document';
import type { WordValue } from '../snapshot/study-types';
import type { BookEntry } from '../snapshot/types';
import { decodeMorph } from './morphology';
import { loadChapterWords, loadStudyMeta } from './store';
import { strongsPath } from '../snapshot/strongs';

/**
 * The words of a verse or chapter: each word of a tagged version in order with its
 * text, Strong's numbers, lemma and morphology (decoded, src/study/morphology), and for the KJV
 * New Testament the Greek words it renders. The plain verse text of the contract is untouched:
 * this is a resource of its own, read from the chapter's words value (one KV read, kept).
 */

/** One verse's words as the API gives them. */
export interface VerseWords {
  bookIndex: number;
  chapter: number;
  verse: number;
  words: WordValue[];
  /** The chapter's headwords and morphology scheme (ChapterWordsValue). */
  heads: Record<string, string>;
  scheme?: string;
}

type ChapterFacts = Pick<VerseWords, 'heads' | 'scheme'>;

const strongsLink = (n: string, word?: string): DocNode => ({
  id: n,
  path: strongsPath(n),
  word: word || undefined,
});

/**
 * Each morphology code decoded once per isolate, and its node shared: a chapter's thousands of
 * words carry a few hundred codes (Ps 119 in the WLC: 4,000 morphemes). The codes are the
 * snapshot's (never a request's), so the data bounds them: under 20,000.
 */
const decoded = new Map<string, DocNode>();

function morphNodes(
  scheme: string | undefined,
  codes: string[] | undefined,
): DocNode[] | undefined {
  return codes?.map((code) => {
    const key = `${scheme ?? ''} ${code}`;
    let node = decoded.get(key);
    if (!node) {
      const r = decodeMorph(scheme ?? '', code);
      decoded.set(key, (node = { scheme: r.scheme, code: r.code, text: r.text }));
    }
    return node;
  });
}

/**
 * The Greek words a KJV New Testament word renders, in the Textus Receptus's order: its `g`
 * positions with the TR word (`l`), number (`s`) and parsing (`m`) at the same index.
 */
function originalNodes(w: WordValue, facts: ChapterFacts): DocNode[] | undefined {
  if (!w.g?.length) return undefined;
  return w.g.map((position, i) => ({
    position,
    text: w.l?.[i] ?? '',
    strongs: w.s?.[i] ? strongsLink(w.s[i], facts.heads[w.s[i]]) : undefined,
    morph: morphNodes(facts.scheme, w.m?.[i] ? [w.m[i]] : undefined),
  }));
}

export function wordNode(w: WordValue, position: number, facts: ChapterFacts): DocNode {
  const kjvNt = !!w.g?.length;
  return {
    position,
    text: w.t,
    after: w.x ?? ' ',
    added: w.a ? 'true' : undefined,
    title: w.h ? 'true' : undefined,
    strongs: (w.s ?? []).map((n) => strongsLink(n, facts.heads[n])),
    // In the KJV NT the lemmas, numbers and parsings are those of the Greek words: they are listed
    // under `original`, each with its own.
    lemma: kjvNt ? undefined : w.l,
    morph: kjvNt ? undefined : morphNodes(facts.scheme, w.m),
    original: originalNodes(w, facts),
  };
}

export function verseWordsNode(cat: Catalogue, v: VerseWords): DocNode {
  const b = cat.books[v.bookIndex];
  return {
    id: verseId(b, v.chapter, v.verse),
    reference: verseReference(b, v.chapter, v.verse),
    path: versePath(b, v.chapter, v.verse),
    word: v.words.map((w, i) => wordNode(w, i + 1, v)),
  };
}

/** The `words` root: the verses with their words, and the version's copyright. */
export function wordsDocument(
  cat: Catalogue,
  bookIndex: number,
  chapter: number,
  verses: VerseWords[],
): DocNode {
  const b = cat.books[bookIndex];
  return {
    version: b.version,
    chapter: { id: chapterId(b, chapter), path: chapterPath(b, chapter) },
    verse: verses.map((v) => verseWordsNode(cat, v)),
    copyright: cdata(versionOf(cat, b).copyright),
  };
}

/** A chapter's words, or the 404 that says which versions have words. */
async function chapterWordsOf(
  snap: SnapshotReader,
  cat: Catalogue,
  book: BookEntry,
  chapter: number,
) {
  const value = await loadChapterWords(snap, book, chapter);
  if (value) return value;
  const meta = await loadStudyMeta(snap);
  const tagged = meta?.tagged.map((t) => t.version) ?? [];
  const has = tagged.some((id) => sameVersionId(id, book.version));
  throw notFound(
    has
      ? `No tagged words for ${echo(chapterId(book, chapter))}`
      : `${book.version} has no tagged words; these versions have: ${tagged.length ? tagged.join(', ') : 'none in this snapshot'}`,
  );
}

/** GET /chapters/{id}/words: every verse of the chapter with its words. */
export async function chapterWords(
  snap: SnapshotReader,
  cat: Catalogue,
  id: string,
): Promise<{ bookIndex: number; chapter: number; verses: VerseWords[] }> {
  const { bookIndex, chapter } = chapterFromId(cat, id);
  const value = await chapterWordsOf(snap, cat, cat.books[bookIndex], chapter);
  return {
    bookIndex,
    chapter,
    verses: value.verses.map((v) => ({
      bookIndex,
      chapter,
      verse: v.verse,
      words: v.words,
      heads: value.heads,
      scheme: value.scheme,
    })),
  };
}

/** GET /verses/{id}/words: one verse with its words (a verse the source has no words for is a 404). */
export async function verseWords(
  snap: SnapshotReader,
  cat: Catalogue,
  id: string,
): Promise<{ bookIndex: number; chapter: number; verses: VerseWords[] }> {
  const { bookIndex, chapter, verse } = verseFromId(cat, id);
  const value = await chapterWordsOf(snap, cat, cat.books[bookIndex], chapter);
  const found = value.verses.find((v) => v.verse === verse);
  if (!found) throw notFound(`No tagged words for ${echo(id)}`);
  return {
    bookIndex,
    chapter,
    verses: [
      { bookIndex, chapter, verse, words: found.words, heads: value.heads, scheme: value.scheme },
    ],
  };
}
