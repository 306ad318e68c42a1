import type { SnapshotReader } from '../cache/snapshot-reader';
import { versionMapOf } from '../catalogue/empty-slots';
import { chapterId, verseId } from '../catalogue/ids';
import { chapterFromId, verseFromId } from '../catalogue/lookup';
import { chapterPath, versePath } from '../catalogue/paths';
import { versionOf, type Catalogue } from '../catalogue/store';
import { mappedVerses, slotsOf, type VerseAt } from '../catalogue/versification';
import { ApiError, echo, notFound } from '../http/errors';
import { cdata, type DocNode } from '../render/document';
import { fold } from '../snapshot/search-text';
import type { ChapterWordsValue } from '../snapshot/study-types';
import type { BookEntry } from '../snapshot/types';
import { loadChapterWords } from './store';
import { verseAtPosition, versePosition } from '../snapshot/verse-positions';

/**
 * The Textus Receptus (TR) beside the SBL Greek New Testament (SBLGNT), word by word
 * (docs/study.md "TR beside SBLGNT"). The TR is unaccented lower case without punctuation and the
 * SBLGNT accented, with its punctuation and brackets, so words are compared by their letters
 * (`letters`: src/snapshot/search-text.ts `fold`, no accents, breathings, case or apostrophes,
 * and no bracket a verse's first word keeps). The TR is in the KJV's numbering and the SBLGNT in
 * its own; verses are paired through data/versification-map.json (the SBLGNT's 3 John 1:15 is
 * part of the KJV's 1:14, its Revelation 12:18 the start of the KJV's 13:1), and each group of
 * verses that hold the same text is aligned as one (a longest common subsequence).
 */

export const GREEK_EDITIONS = { tr: 'TR', sblgnt: 'SBLGNT' } as const;

/**
 * What an unmatched run of the alignment is, read from the TR to the SBLGNT: `spelling` is a
 * change of spelling alone, word for word (spellingAlone), which a reader may hide.
 */
export type DifferenceKind = 'added' | 'omitted' | 'changed' | 'spelling';

/** One word of a verse, where it is. */
export interface PlacedWord {
  /** The verse's chapter: the group's chapter but for a verse the map places in another. */
  chapter: number;
  verse: number;
  /** 1-based, within its verse. */
  position: number;
  text: string;
}

export interface Difference {
  /**
   * added: words of the SBLGNT the TR lacks; omitted: TR words the SBLGNT lacks; changed: both;
   * spelling: both, each word the other's spelling (a movable ν, an elided vowel).
   */
  kind: DifferenceKind;
  tr: PlacedWord[];
  sblgnt: PlacedWord[];
}

/** A word's letters, as the two editions are compared: folded, without punctuation or brackets. */
export function letters(word: string): string {
  return fold(word).replace(/[^\p{L}]/gu, '');
}

/** The vowels an elision drops (α ε ι ο: ἀλλ’ ἀλλά, δι’ διά, ἀπ’ ἀπό, ἐπ’ ἐπί). */
const ELIDED = /^[αειο]$/;
/** Before a rough breathing the elided word's last consonant is aspirated: ἐφ’ ἐπί, καθ’ κατά. */
const ASPIRATED: Record<string, string> = { φ: 'π', θ: 'τ', χ: 'κ' };

/**
 * Whether two words are one word spelt two ways (`a` and `b` as printed): with and without the
 * movable ν, which follows only -σι (-ξι, -ψι), ἐστι and an ε not after ι (πᾶσιν πᾶσι, γυναιξίν
 * γυναιξί, ἔξεστιν ἔξεστι, εἶπεν εἶπε; ἐστάθην is not ἐστάθη's, nor the infinitive ὑπάγειν
 * ὑπάγει's), or
 * with and without an elided vowel (ἀλλ’ ἀλλά, the TR's αλλ, ἐφ’ ἐπί, δι’ διά). The SBLGNT
 * marks an elided word (’); the TR, unpunctuated, writes it bare, ending in a consonant other than
 * ν or ς (ἐν is not ἕνα's elision), or δι. So the SBLGNT's κουμ is not the TR's κουμι elided (it
 * is another reading of the Aramaic), nor πρωΐ πρωια's.
 */
export function spellingAlone(tr: string, sblgnt: string): boolean {
  return spellingKind(tr, sblgnt) !== null;
}

/** What spells two words apart (spellingAlone), or null where they are not one word. */
export function spellingKind(tr: string, sblgnt: string): 'movable ν' | 'elision' | null {
  const [x, y] = [letters(tr), letters(sblgnt)];
  const trShort = x.length < y.length;
  const [short, long] = trShort ? [x, y] : [y, x];
  if (long.length !== short.length + 1) return null;
  const last = long.slice(-1);
  if (last === 'ν' && long.startsWith(short))
    return /(?:[σξψ]ι|[^ι]ε|στι)$/.test(short) ? 'movable ν' : null;
  if (!ELIDED.test(last) || !short) return null;
  const end = short.slice(-1);
  const elided = trShort
    ? /[^αεηιουωνσς]$/.test(short) || short === 'δι'
    : /['’ʼ]\s*$/.test(sblgnt);
  return elided && long === short.slice(0, -1) + (ASPIRATED[end] ?? end) + last ? 'elision' : null;
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

/** A chapter's words, as the comparison reads them. */
type ChapterWords = Pick<ChapterWordsValue, 'chapter' | 'verses'>;

/** The words of a verse of a chapter value, placed. */
function placed(value: ChapterWords, verse: number): PlacedWord[] {
  const v = value.verses.find((x) => x.verse === verse);
  return (v?.words ?? []).map((w, k) => ({
    chapter: value.chapter,
    verse,
    position: k + 1,
    text: w.t,
  }));
}

/**
 * A group of verses holding the same text: the TR's (KJV slots, all in the chapter compared) and
 * the SBLGNT's (a verse may be in the chapter before: Revelation 12:18).
 */
interface Group {
  tr: number[];
  sblgnt: VerseAt[];
}

/**
 * The SBLGNT's chapters other than `chapter` whose verses hold one of the KJV's verses of
 * `chapter` (Revelation 12 for 13: its 12:18 is the start of the KJV's 13:1): those the
 * comparison of `chapter` reads too.
 */
export function otherSblgntChapters(osis: string, chapter: number, tr: number[]): number[] {
  const map = versionMapOf(GREEK_EDITIONS.sblgnt);
  const out = new Set<number>();
  for (const v of tr)
    for (const p of mappedVerses(map, osis, chapter, v))
      if (p.chapter !== chapter) out.add(p.chapter);
  return [...out].sort((a, b) => a - b);
}

/**
 * The chapter's groups: the TR's verse n and every SBLGNT verse that stands for the KJV's n,
 * joined where one verse stands for several (the SBLGNT's 2 Cor 13:12 is the KJV's 13:12-13),
 * wherever the SBLGNT numbers it (its Revelation 12:18 joins the TR's 13:1 with its 13:1). An
 * SBLGNT verse of the chapter whose text the KJV has wholly in another chapter is compared there,
 * not here.
 */
function groups(osis: string, chapter: number, tr: number[], sblgnt: VerseAt[]): Group[] {
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
  for (const { chapter: c, verse: v } of sblgnt) {
    const slots = slotsOf(map, osis, c, v).filter((s) => verseAtPosition(s.n).chapter === chapter);
    if (!slots.length) continue;
    const key = `s${c}.${v}`;
    parent.set(key, key);
    for (const s of slots) {
      const trVerse = verseAtPosition(s.n).verse;
      if (tr.includes(trVerse)) join(key, `t${trVerse}`);
    }
  }
  const byRoot = new Map<string, Group>();
  for (const k of parent.keys()) {
    const root = find(k);
    if (!byRoot.has(root)) byRoot.set(root, { tr: [], sblgnt: [] });
    const g = byRoot.get(root)!;
    if (k[0] === 't') g.tr.push(Number(k.slice(1)));
    else {
      const [c, v] = k.slice(1).split('.').map(Number);
      g.sblgnt.push({ chapter: c!, verse: v! });
    }
  }
  const order = (p: VerseAt) => versePosition(p.chapter, p.verse);
  const first = (g: Group) =>
    Math.min(...g.tr.map((v) => versePosition(chapter, v)), ...g.sblgnt.map(order));
  return [...byRoot.values()]
    .map((g) => ({
      tr: g.tr.sort((a, b) => a - b),
      sblgnt: g.sblgnt.sort((a, b) => order(a) - order(b)),
    }))
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
    ({ chapter, verse: trVerse } = verseAtPosition(slot!.n));
  }
  const [tr, sblgnt] = await Promise.all([
    loadChapterWords(snap, trBook, chapter),
    loadChapterWords(snap, sblgntBook, chapter),
  ]);
  if (!tr || !sblgnt)
    throw notFound(`No tagged words of both editions for ${echo(`${asked.osis}.${chapter}`)}`);
  // The SBLGNT's verses of another chapter that hold this one's KJV verses (Revelation 12:18).
  const others = await Promise.all(
    otherSblgntChapters(
      asked.osis,
      chapter,
      tr.verses.map((v) => v.verse),
    ).map((c) => loadChapterWords(snap, sblgntBook, c)),
  );
  const sblgntChapters = [sblgnt, ...others.filter((o) => o !== null)];
  const all = compareChapter(asked.osis, chapter, tr, sblgntChapters);
  const wanted = isVerse
    ? all.filter(
        (g) =>
          g.tr.includes(trVerse) ||
          g.sblgnt.some((p) => p.chapter === at.chapter && p.verse === sblgntVerse),
      )
    : all;
  return { trBook, sblgntBook, chapter, groups: wanted };
}

/**
 * A chapter of the two editions compared, group by group (the words of each chapter value as
 * the build wrote them): `sblgnt` holds the SBLGNT's chapter and those otherSblgntChapters names.
 * An unmatched run is `spelling` when its words pair one to one, each pair spellingAlone. Pure,
 * so that the figures of docs/study.md are counted by this code
 * (scripts/greek-differences.ts).
 */
export function compareChapter(
  osis: string,
  chapter: number,
  tr: ChapterWords,
  sblgnt: ChapterWords[],
): GreekDifferences['groups'] {
  const sblgntChapter = (c: number) => sblgnt.find((x) => x.chapter === c);
  return groups(
    osis,
    chapter,
    tr.verses.map((v) => v.verse),
    sblgnt.flatMap((c) => c.verses.map((v) => ({ chapter: c.chapter, verse: v.verse }))),
  ).map((g) => ({
    ...g,
    differences: alignWords(
      g.tr.flatMap((v) => placed(tr, v)),
      g.sblgnt.flatMap((p) => placed(sblgntChapter(p.chapter)!, p.verse)),
      (w) => letters(w.text),
    ).map((d) => ({
      kind:
        d.kind === 'changed' &&
        d.a.length === d.b.length &&
        d.a.every((w, i) => spellingAlone(w.text, d.b[i]!.text))
          ? 'spelling'
          : d.kind,
      tr: d.a,
      sblgnt: d.b,
    })),
  }));
}

/** The `differences` root. */
export function greekDifferencesDocument(cat: Catalogue, d: GreekDifferences): DocNode {
  const words = (book: BookEntry, list: PlacedWord[]) =>
    list.length
      ? {
          text: list.map((w) => w.text).join(' '),
          word: list.map((w) => ({
            verse: verseId(book, w.chapter, w.verse),
            position: w.position,
            text: w.text,
          })),
        }
      : undefined;
  const verses = (book: BookEntry, list: VerseAt[]) =>
    list.map((v) => ({
      id: verseId(book, v.chapter, v.verse),
      path: versePath(book, v.chapter, v.verse),
    }));
  const inChapter = (list: number[]) => list.map((verse) => ({ chapter: d.chapter, verse }));
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
      tr: { verse: verses(d.trBook, inChapter(g.tr)) },
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
