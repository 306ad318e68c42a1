import type { SnapshotReader } from '../cache/snapshot-reader';
import { versionMapOf } from '../catalogue/empty-slots';
import { chapterId, verseId } from '../catalogue/ids';
import { chapterFromId, verseFromId } from '../catalogue/lookup';
import { chapterPath, versePath } from '../catalogue/paths';
import { versionOf, type Catalogue } from '../catalogue/store';
import { slotsOf } from '../catalogue/versification';
import { ApiError, echo, notFound } from '../http/errors';
import { cdata, type DocNode } from '../render/document';
import { fold } from '../snapshot/search-text';
import type { ChapterWordsValue } from '../snapshot/study-types';
import type { BookEntry } from '../snapshot/types';
import { loadChapterWords } from './store';

/**
 * The Textus Receptus (TR) beside the SBL Greek New Testament (SBLGNT), word by word
 * (docs/study.md "TR beside SBLGNT"). The TR is unaccented lower case and the SBLGNT accented,
 * so words are compared folded (src/snapshot/search-text.ts `fold`: no accents, breathings, case
 * or apostrophes). The TR is in the KJV's numbering and the SBLGNT in its own; verses are paired
 * through data/versification-map.json (the SBLGNT's 3 John 1:15 is part of the KJV's 1:14), and
 * each group of verses that hold the same text is aligned as one (a longest common subsequence).
 */

export const GREEK_EDITIONS = { tr: 'TR', sblgnt: 'SBLGNT' } as const;

/** What an unmatched run of the alignment is, read from the TR to the SBLGNT. */
export type DifferenceKind = 'added' | 'omitted' | 'changed';

/** One word of a verse, where it is. */
export interface PlacedWord {
  verse: number;
  /** 1-based, within its verse. */
  position: number;
  text: string;
}

export interface Difference {
  /** added: words of the SBLGNT the TR lacks; omitted: TR words the SBLGNT lacks; changed: both. */
  kind: DifferenceKind;
  tr: PlacedWord[];
  sblgnt: PlacedWord[];
}

/**
 * The runs where two word lists differ, by a longest common subsequence of their folded forms.
 * Pure: the script that counts the differing verses of the New Testament uses it too.
 */
export function alignWords<T>(
  a: T[],
  b: T[],
  key: (w: T) => string,
): { kind: DifferenceKind; a: T[]; b: T[] }[] {
  const ka = a.map(key);
  const kb = b.map(key);
  const n = ka.length;
  const m = kb.length;
  // lcs[i][j]: the length of the longest common subsequence of a[i..] and b[j..].
  const width = m + 1;
  const lcs = new Uint16Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i * width + j] =
        ka[i] === kb[j]
          ? lcs[(i + 1) * width + j + 1]! + 1
          : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
  const out: { kind: DifferenceKind; a: T[]; b: T[] }[] = [];
  let run = { a: [] as T[], b: [] as T[] };
  const flush = () => {
    if (run.a.length || run.b.length)
      out.push({
        kind: run.a.length && run.b.length ? 'changed' : run.a.length ? 'omitted' : 'added',
        ...run,
      });
    run = { a: [], b: [] };
  };
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && ka[i] === kb[j]) {
      flush();
      i++;
      j++;
    } else if (j >= m || (i < n && lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!)) {
      run.a.push(a[i++]!);
    } else {
      run.b.push(b[j++]!);
    }
  }
  flush();
  return out;
}

/** The words of a verse of a chapter value, placed. */
function placed(value: Pick<ChapterWordsValue, 'verses'>, verse: number): PlacedWord[] {
  const v = value.verses.find((x) => x.verse === verse);
  return (v?.words ?? []).map((w, k) => ({ verse, position: k + 1, text: w.t }));
}

/** A group of verses holding the same text: the TR's (KJV slots) and the SBLGNT's. */
interface Group {
  tr: number[];
  sblgnt: number[];
}

/**
 * The chapter's groups: the TR's verse n and every SBLGNT verse that stands for the KJV's n,
 * joined where one verse stands for several (the SBLGNT's 2 Cor 13:12 is the KJV's 13:12-13). An
 * SBLGNT verse whose text the KJV has in another chapter (Revelation 12:18, the KJV's 13:1) is a
 * group of its own, with no TR verse.
 */
function groups(osis: string, chapter: number, tr: number[], sblgnt: number[]): Group[] {
  const map = versionMapOf(GREEK_EDITIONS.sblgnt);
  const parent = new Map<string, string>();
  const find = (k: string): string => {
    const p = parent.get(k) ?? k;
    if (p === k) return k;
    const root = find(p);
    parent.set(k, root);
    return root;
  };
  const join = (a: string, b: string) => parent.set(find(a), find(b));
  for (const v of tr) parent.set(`t${v}`, `t${v}`);
  for (const v of sblgnt) {
    parent.set(`s${v}`, `s${v}`);
    for (const s of slotsOf(map, osis, chapter, v))
      if (Math.floor(s.n / 1000) === chapter && tr.includes(s.n % 1000))
        join(`s${v}`, `t${s.n % 1000}`);
  }
  const byRoot = new Map<string, Group>();
  for (const k of parent.keys()) {
    const root = find(k);
    if (!byRoot.has(root)) byRoot.set(root, { tr: [], sblgnt: [] });
    const g = byRoot.get(root)!;
    (k[0] === 't' ? g.tr : g.sblgnt).push(Number(k.slice(1)));
  }
  const first = (g: Group) => Math.min(...g.tr, ...g.sblgnt);
  return [...byRoot.values()]
    .map((g) => ({ tr: g.tr.sort((a, b) => a - b), sblgnt: g.sblgnt.sort((a, b) => a - b) }))
    .sort((a, b) => first(a) - first(b));
}

export interface GreekDifferences {
  trBook: BookEntry;
  sblgntBook: BookEntry;
  chapter: number;
  /** The verses compared, each group with its differences. */
  groups: (Group & { differences: Difference[] })[];
}

/** The version's book of the same OSIS id, or the 404 that says the editions lack it. */
function editionBook(cat: Catalogue, version: string, osis: string): BookEntry {
  const book = cat.books.find((b) => b.version === version && b.osis === osis);
  if (!book)
    throw notFound(
      `The Greek differences compare ${GREEK_EDITIONS.tr} and ${GREEK_EDITIONS.sblgnt}, and ${version} has no ${echo(osis)} in this snapshot`,
    );
  return book;
}

/**
 * GET /verses/{id}/greek-differences: `id` a verse or chapter of the TR or the SBLGNT; a verse
 * gives its group of verses (in the TR's numbering, the KJV's, when asked of the SBLGNT), a
 * chapter every group of the chapter.
 */
export async function greekDifferences(
  snap: SnapshotReader,
  cat: Catalogue,
  id: string,
): Promise<GreekDifferences> {
  const version = id.split(':')[0] ?? '';
  const editions: string[] = Object.values(GREEK_EDITIONS);
  if (!editions.includes(version))
    throw notFound(
      `The Greek differences compare ${editions.join(' and ')}: ask for a verse or chapter of one of them (${GREEK_EDITIONS.tr}:John.3.16, ${GREEK_EDITIONS.sblgnt}:John.3), not ${echo(id)}`,
    );
  const isVerse = id.split('.').length > 2;
  const at = isVerse ? verseFromId(cat, id) : { ...chapterFromId(cat, id), verse: 0 };
  const asked = cat.books[at.bookIndex];
  const trBook = editionBook(cat, GREEK_EDITIONS.tr, asked.osis);
  const sblgntBook = editionBook(cat, GREEK_EDITIONS.sblgnt, asked.osis);
  // The asked verse as a KJV slot (the TR's numbering).
  let chapter = at.chapter;
  let trVerse = at.verse;
  let sblgntVerse = 0;
  if (version === GREEK_EDITIONS.sblgnt && isVerse) {
    sblgntVerse = at.verse;
    const [slot] = slotsOf(versionMapOf(version), asked.osis, at.chapter, at.verse);
    chapter = Math.floor(slot!.n / 1000);
    trVerse = slot!.n % 1000;
  }
  const [tr, sblgnt] = await Promise.all([
    loadChapterWords(snap, trBook, chapter),
    loadChapterWords(snap, sblgntBook, chapter),
  ]);
  if (!tr || !sblgnt)
    throw notFound(`No tagged words of both editions for ${echo(`${asked.osis}.${chapter}`)}`);
  const all = compareChapter(asked.osis, chapter, tr, sblgnt);
  const wanted = isVerse
    ? all.filter((g) => g.tr.includes(trVerse) || g.sblgnt.includes(sblgntVerse))
    : all;
  return { trBook, sblgntBook, chapter, groups: wanted };
}

/**
 * A chapter of the two editions compared, group by group (the words of each chapter value as
 * the build wrote them). Pure, so that the figures of docs/study.md are counted by this code.
 */
export function compareChapter(
  osis: string,
  chapter: number,
  tr: Pick<ChapterWordsValue, 'verses'>,
  sblgnt: Pick<ChapterWordsValue, 'verses'>,
): GreekDifferences['groups'] {
  return groups(
    osis,
    chapter,
    tr.verses.map((v) => v.verse),
    sblgnt.verses.map((v) => v.verse),
  ).map((g) => ({
    ...g,
    differences: alignWords(
      g.tr.flatMap((v) => placed(tr, v)),
      g.sblgnt.flatMap((v) => placed(sblgnt, v)),
      (w) => fold(w.text),
    ).map((d) => ({ kind: d.kind, tr: d.a, sblgnt: d.b })),
  }));
}

/** The `differences` root. */
export function greekDifferencesDocument(cat: Catalogue, d: GreekDifferences): DocNode {
  const words = (book: BookEntry, list: PlacedWord[]) =>
    list.length
      ? {
          text: list.map((w) => w.text).join(' '),
          word: list.map((w) => ({
            verse: verseId(book, d.chapter, w.verse),
            position: w.position,
            text: w.text,
          })),
        }
      : undefined;
  const verses = (book: BookEntry, list: number[]) =>
    list.map((v) => ({
      id: verseId(book, d.chapter, v),
      path: versePath(book, d.chapter, v),
    }));
  return {
    chapter: {
      id: chapterId(d.trBook, d.chapter),
      path: chapterPath(d.trBook, d.chapter),
    },
    summary: {
      groups: d.groups.length,
      differing: d.groups.filter((g) => g.differences.length).length,
      differences: d.groups.reduce((n, g) => n + g.differences.length, 0),
    },
    group: d.groups.map((g) => ({
      tr: { verse: verses(d.trBook, g.tr) },
      sblgnt: { verse: verses(d.sblgntBook, g.sblgnt) },
      difference: g.differences.map((x) => ({
        kind: x.kind,
        tr: words(d.trBook, x.tr),
        sblgnt: words(d.sblgntBook, x.sblgnt),
      })),
    })),
    copyright: cdata(
      `${GREEK_EDITIONS.tr}: ${versionOf(cat, d.trBook).copyright} ${GREEK_EDITIONS.sblgnt}: ${versionOf(cat, d.sblgntBook).copyright}`,
    ),
  };
}

/**
 * The verse page's list (src/pages/study.tsx GreekDifferencesSection): on a TR or SBLGNT verse,
 * the differences of its group with the words as text; undefined on another version's page, or
 * where the snapshot lacks either edition's words.
 */
export async function verseGreekDifferences(
  snap: SnapshotReader,
  cat: Catalogue,
  id: string,
): Promise<
  | {
      other: string;
      apiPath: string;
      differences: { kind: DifferenceKind; tr?: string; sblgnt?: string }[];
    }
  | undefined
> {
  const version = id.split(':')[0] ?? '';
  if (!(Object.values(GREEK_EDITIONS) as string[]).includes(version)) return undefined;
  let found: GreekDifferences;
  try {
    found = await greekDifferences(snap, cat, id);
  } catch (err) {
    // The page shows the verse without the list when the snapshot lacks the other edition.
    if (err instanceof ApiError && err.status === 404) return undefined;
    throw err;
  }
  const text = (words: PlacedWord[]) => words.map((w) => w.text).join(' ') || undefined;
  return {
    other: version === GREEK_EDITIONS.tr ? GREEK_EDITIONS.sblgnt : GREEK_EDITIONS.tr,
    apiPath: `/verses/${id}/greek-differences.js`,
    differences: found.groups.flatMap((g) =>
      g.differences.map((d) => ({ kind: d.kind, tr: text(d.tr), sblgnt: text(d.sblgnt) })),
    ),
  };
}
