import { FEATURES, VALUES } from '../../src/snapshot/grammar-vocabulary';
import { MAX_LIMIT, MAX_NUMBERS } from '../../src/api/limits';

/**
 * The heaviest inputs of the routes whose cost depends on what a request asks for, found rather
 * than assumed (docs/speed.md "The heaviest requests"): the bench asks the worker for every
 * candidate once and keeps those whose answers spread over the most chapters, the largest, for
 * the measured rounds (scripts/bench/heaviest.ts `find`), each a request the isolate has not
 * answered before. A page of results reads what it shows per chapter or per verse block, so the
 * chapters a page spans, then its bytes, are what its cost grows with.
 */

/** The finders a heavy case may name, each giving the rounds' inputs of its route. */
export type FinderName = 'grammar' | 'concordance' | 'keyword' | 'cross-references';

/** Inputs kept for the rounds: as many as the bench's default rounds, each new to the isolate. */
export const FOUND = 20;

/** One answer of the worker, as the finders read it. */
export interface Probed {
  status: number;
  bytes: number;
  body: unknown;
}

type Send = (path: string) => Promise<Probed>;

/** A search answer's verses and total (`/verses.js`). */
interface SearchAnswer {
  search?: { result?: { summary?: { total?: number }; verses?: { verse?: { id: string }[] } } };
}

/** The chapters a search answer's verses are in (`KJV:John.3.16` → `KJV:John.3`), and its total. */
function spread(body: unknown): { chapters: number; verses: number; total: number } {
  const result = (body as SearchAnswer).search?.result;
  const ids = (result?.verses?.verse ?? []).map((v) => v.id);
  const chapters = new Set(ids.map((id) => id.slice(0, id.lastIndexOf('.'))));
  return { chapters: chapters.size, verses: ids.length, total: result?.summary?.total ?? 0 };
}

/** The `count` candidates with the most chapters on their page, then the most bytes. */
async function widest(send: Send, candidates: string[], count = FOUND): Promise<string[]> {
  const scored: { path: string; chapters: number; bytes: number }[] = [];
  for (const path of candidates) {
    const answer = await send(path);
    if (answer.status !== 200) continue;
    scored.push({ path, chapters: spread(answer.body).chapters, bytes: answer.bytes });
  }
  scored.sort((a, b) => b.chapters - a.chapters || b.bytes - a.bytes);
  return scored.slice(0, count).map((s) => s.path);
}

/**
 * Grammar search: every value of every feature, in every tagged version, at the largest page, on
 * its first page, a middle one and its last: a rare feature's verses are far apart.
 */
async function grammar(send: Send): Promise<string[]> {
  const candidates: string[] = [];
  for (const feature of FEATURES)
    for (const value of VALUES[feature]) {
      const first = `/verses.js?${feature}=${encodeURIComponent(value)}&limit=${MAX_LIMIT}`;
      const answer = await send(first);
      if (answer.status !== 200) continue;
      const { total } = spread(answer.body);
      const last = Math.floor(Math.max(0, total - 1) / MAX_LIMIT) * MAX_LIMIT;
      const middle = Math.floor(last / 2 / MAX_LIMIT) * MAX_LIMIT;
      candidates.push(first);
      for (const offset of new Set([middle, last]))
        if (offset > 0) candidates.push(`${first}&offset=${offset}`);
    }
  return widest(send, candidates);
}

/**
 * The concordance: MAX_NUMBERS numbers of one language a request (the most it takes), the numbers
 * of each run of that many in turn, every `stride`-th run.
 */
async function concordance(send: Send): Promise<string[]> {
  const candidates: string[] = [];
  const stride = 4;
  for (const [prefix, last] of [
    ['H', 8674],
    ['G', 5624],
  ] as const)
    for (let first = 1; first <= last; first += MAX_NUMBERS * stride) {
      const numbers = Array.from(
        { length: Math.min(MAX_NUMBERS, last - first + 1) },
        (_, i) => `${prefix}${first + i}`,
      );
      candidates.push(`/verses.js?strongs=${numbers.join(',')}&limit=${MAX_LIMIT}`);
    }
  return widest(send, candidates);
}

/**
 * Keyword search: frequent words of each language, alone and together, by relevance (the
 * default): the best-scored verses of a common word are short ones anywhere.
 */
async function keyword(send: Send): Promise<string[]> {
  const english = ['the', 'and', 'of', 'to', 'that', 'in', 'he', 'shall', 'unto', 'for', 'i'];
  const more = ['his', 'a', 'lord', 'they', 'be', 'is', 'him', 'not', 'them', 'it', 'with'];
  const spanish = ['de', 'y', 'que', 'el', 'la', 'a', 'en', 'los', 'su', 'no', 'se'];
  const words = [...english, ...more, ...spanish];
  const candidates = [
    ...words.map((w) => `/verses.js?keyword=${w}&limit=${MAX_LIMIT}`),
    ...words.map((w) => `/verses.js?keyword=${w}&limit=${MAX_LIMIT}&offset=${MAX_LIMIT * 5}`),
    ...english.map(
      (w, i) => `/verses.js?keyword=${w}+${more[i]}+${spanish[i]}&precision=any&limit=${MAX_LIMIT}`,
    ),
  ];
  return widest(send, candidates);
}

/** A chapter's cross-references with their text: every KJV chapter, the largest answers. */
async function crossReferences(send: Send): Promise<string[]> {
  const books = (await send('/versions/KJV/books.js')).body as {
    books: { book: { abbr: string; osis_end: string }[] };
  };
  const scored: { path: string; bytes: number }[] = [];
  for (const b of books.books.book)
    for (let c = 1, last = Number(b.osis_end.split('.').at(-2)); c <= last; c++) {
      const path = `/chapters/KJV:${b.abbr}.${c}/cross-references.js?include=text`;
      const answer = await send(path);
      if (answer.status === 200) scored.push({ path, bytes: answer.bytes });
    }
  scored.sort((a, b) => b.bytes - a.bytes);
  // The largest, as the page too (the heaviest rendering of the same reads).
  return scored.slice(0, FOUND / 2).flatMap((s) => [s.path, s.path.replace('.js?', '?')]);
}

/** Every finder's inputs, found by asking `send` (the bench's worker, a signed-in reader). */
export async function findWorst(
  send: Send,
  names: ReadonlySet<FinderName>,
): Promise<Map<FinderName, string[]>> {
  const found = new Map<FinderName, string[]>();
  const finders: Record<FinderName, () => Promise<string[]>> = {
    grammar: () => grammar(send),
    concordance: () => concordance(send),
    keyword: () => keyword(send),
    'cross-references': () => crossReferences(send),
  };
  for (const name of names) found.set(name, await finders[name]());
  return found;
}
