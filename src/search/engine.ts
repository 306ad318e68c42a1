import { formBit, type Postings } from '../snapshot/postings-codec';
import { fold } from '../snapshot/search-text';
import { MAX_CLAUSES, type Clause } from './keyword-query';

/**
 * Matching and ranking over decoded postings (docs/search.md). Pure: the route loads the
 * postings and renders the page.
 *
 * Relevance is BM25 (impacts precomputed at build time, idf from the stem's document frequency).
 * Documents are ordered by the number of clauses matched in the exact form typed (so `loved`
 * lists verses with `loved` before those with only `love` or `loveth`, and `amó` verses with
 * `amó` before those with `amo`), then by the number matched in that form with any accents
 * (`amo` before `amor` for `amó`), then by score, then canonically (doc ids are canonical order),
 * which makes equal scores stable.
 */

/** Doc ids below this fit in the low bits of the packed sort key (the full build has ~100k). */
const DOC_BITS_LIMIT = 2 ** 20;

export type Precision = 'all' | 'any';
export type SortOrder = 'relevance' | 'canonical';

export interface SearchInput {
  /** Documents in the whole index (doc ids are below it). */
  docCount: number;
  /** Documents of the language searched (BM25 idf: one run per language). */
  idfDocs: number;
  k1: number;
  clauses: Clause[];
  /** Postings per stem (every stem of the clauses and of `exclude`). */
  postings: Map<string, Postings>;
  exclude: string[];
  /** Documents that may match (version, language, testament, book filters); null = all. */
  allowed: Uint8Array | null;
  precision: Precision;
  sort: SortOrder;
  /**
   * How many of the first results are wanted (the page's offset + limit): only they are ordered,
   * so that a word in every verse costs a count and a selection, not a sort of 60,000 verses.
   */
  want: number;
}

export interface SearchResult {
  /** How many documents match. */
  total: number;
  /** The first `want` matching doc ids, in result order. */
  docs: Int32Array;
  /**
   * The relevance rank of each of `docs` (exact clauses, then score relative to this run's best):
   * what merges runs of several languages. Absent for canonical order.
   */
  ranks?: Float64Array;
}

function idf(docCount: number, df: number): number {
  return Math.log(1 + (docCount - df + 0.5) / (df + 0.5));
}

/** Index of `doc` in ascending `docs`, or -1. */
function find(docs: Int32Array, doc: number, from: number): number {
  let lo = from;
  let hi = docs.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (docs[mid] < doc) lo = mid + 1;
    else if (docs[mid] > doc) hi = mid - 1;
    else return mid;
  }
  return -1;
}

function hasPosition(p: Postings, i: number, position: number): boolean {
  for (let k = p.posOffsets[i]; k < p.posOffsets[i + 1]; k++)
    if (p.positions[k] === position) return true;
  return false;
}

/**
 * Adds one clause's matches into the accumulators. A phrase matches where its words' stems stand
 * at consecutive positions; its score is the sum of its words' scores.
 */
function scoreClause(
  input: SearchInput,
  clause: Clause,
  score: Float64Array,
  matched: Uint8Array,
  exact: Uint8Array,
  folded: Uint8Array,
): void {
  const lists = clause.terms.map((t) => input.postings.get(t.stem)!);
  if (lists.some((p) => p.docs.length === 0)) return;
  const weights = lists.map((p) => (idf(input.idfDocs, p.df) * (input.k1 + 1)) / 255);
  // Per term, the bit of the form typed, and the bits of every form equal to it once folded
  // (`amó` typed: `amó` exact; `amo`, `amó` folded-equal).
  const bits = clause.terms.map((t, k) => {
    const id = lists[k].forms.indexOf(t.form);
    return id < 0 ? 0 : formBit(id);
  });
  const foldedBits = clause.terms.map((t, k) =>
    lists[k].forms.reduce((b, f, id) => (fold(f) === t.term ? (b | formBit(id)) >>> 0 : b), 0),
  );
  const first = lists[0];
  const cursors = new Int32Array(lists.length);
  for (let i = 0; i < first.docs.length; i++) {
    const doc = first.docs[i];
    if (input.allowed && !input.allowed[doc]) continue;
    const at = [i];
    let ok = true;
    for (let k = 1; k < lists.length && ok; k++) {
      const j = find(lists[k].docs, doc, cursors[k]);
      if (j < 0) ok = false;
      else {
        cursors[k] = j;
        at.push(j);
      }
    }
    if (!ok) continue;
    if (lists.length > 1) {
      let phrase = false;
      for (let q = first.posOffsets[i]; q < first.posOffsets[i + 1] && !phrase; q++) {
        const p0 = first.positions[q];
        phrase = true;
        for (let k = 1; k < lists.length && phrase; k++)
          phrase = hasPosition(lists[k], at[k], p0 + k);
      }
      if (!phrase) continue;
    }
    let s = 0;
    let isExact = true;
    let isFolded = true;
    for (let k = 0; k < lists.length; k++) {
      s += weights[k] * lists[k].impacts[at[k]];
      if (!(lists[k].formBits[at[k]] & bits[k])) isExact = false;
      if (!(lists[k].formBits[at[k]] & foldedBits[k])) isFolded = false;
    }
    score[doc] += s;
    matched[doc]++;
    if (isExact) exact[doc]++;
    if (isFolded) folded[doc]++;
  }
}

export function search(input: SearchInput): SearchResult {
  const n = input.docCount;
  const score = new Float64Array(n);
  const matched = new Uint8Array(n);
  const exact = new Uint8Array(n);
  const folded = new Uint8Array(n);
  for (const clause of input.clauses) scoreClause(input, clause, score, matched, exact, folded);
  const need = input.precision === 'all' ? input.clauses.length : 1;
  for (const s of input.exclude) {
    const p = input.postings.get(s);
    if (p) for (let i = 0; i < p.docs.length; i++) matched[p.docs[i]] = 0;
  }
  let count = 0;
  for (let d = 0; d < n; d++) if (matched[d] >= need) count++;
  const docs = new Int32Array(count);
  let o = 0;
  for (let d = 0; d < n; d++) if (matched[d] >= need) docs[o++] = d;
  const want = Math.min(count, Math.max(0, input.want));
  if (input.sort === 'canonical') return { total: count, docs: docs.subarray(0, want) };
  // One numeric key per doc: clauses matched in the form typed, then clauses matched in that form
  // with other accents, then score (relative, quantized to 1e-6, far below any real difference),
  // then canonical order (the low 20 bits hold the doc id inverted). The tier is below
  // (MAX_CLAUSES + 1)², so the key is below 289 · 10⁶ · 2²⁰ < 2⁵³: exact in a double.
  let maxScore = 0;
  for (let i = 0; i < count; i++) if (score[docs[i]] > maxScore) maxScore = score[docs[i]];
  maxScore ||= 1;
  const rank = (d: number) =>
    (exact[d] * (MAX_CLAUSES + 1) + folded[d]) * 1_000_001 +
    Math.round((score[d] / maxScore) * 1e6);
  if (n > DOC_BITS_LIMIT) {
    const order = Int32Array.from(
      Array.from(docs).sort((a, b) => rank(b) - rank(a) || a - b),
    ).subarray(0, want);
    return { total: count, docs: order, ranks: Float64Array.from(order, rank) };
  }
  const keys = new Float64Array(count);
  for (let i = 0; i < count; i++)
    keys[i] = rank(docs[i]) * DOC_BITS_LIMIT + (DOC_BITS_LIMIT - 1 - docs[i]);
  const top = largest(keys, want);
  const sorted = new Int32Array(want);
  for (let i = 0; i < want; i++) sorted[i] = DOC_BITS_LIMIT - 1 - (top[i] % DOC_BITS_LIMIT);
  return { total: count, docs: sorted, ranks: Float64Array.from(sorted, rank) };
}

/**
 * The `k` largest of `keys` (distinct: each holds its doc id), largest first. When they are few,
 * the k-th largest is found first (quickselect, linear on average), so that only they are sorted.
 */
function largest(keys: Float64Array, k: number): Float64Array {
  if (k === 0) return new Float64Array(0);
  if (k * 8 >= keys.length) return keys.sort().reverse().subarray(0, k);
  const work = keys.slice();
  let lo = 0;
  let hi = work.length - 1;
  const target = work.length - k; // the index the k-th largest takes in ascending order
  while (lo < hi) {
    const pivot = work[(lo + hi) >>> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (work[i] < pivot) i++;
      while (work[j] > pivot) j--;
      if (i <= j) {
        const t = work[i];
        work[i++] = work[j];
        work[j--] = t;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else break;
  }
  const threshold = work[target];
  const out = new Float64Array(k);
  let o = 0;
  for (let i = 0; i < keys.length; i++) if (keys[i] >= threshold) out[o++] = keys[i];
  return out.sort().reverse();
}

/**
 * One result from the runs of several languages (their doc ranges never overlap): canonical order
 * is doc order; relevance interleaves by rank (each run's best scores 10⁶ relative to itself, so
 * the best verse of each language ranks alike), then canonically.
 */
export function mergeResults(
  runs: SearchResult[],
  sort: SortOrder,
  want: number,
): { total: number; docs: Int32Array } {
  const total = runs.reduce((n, r) => n + r.total, 0);
  const found = runs.filter((r) => r.docs.length);
  if (found.length <= 1) return { total, docs: found[0]?.docs ?? new Int32Array(0) };
  if (sort === 'canonical' || found.some((r) => r.docs.length > 1 && !r.ranks)) {
    const all = new Int32Array(found.reduce((n, r) => n + r.docs.length, 0));
    let o = 0;
    for (const r of found) {
      all.set(r.docs, o);
      o += r.docs.length;
    }
    return { total, docs: all.sort().subarray(0, want) };
  }
  const pairs: [number, number][] = [];
  for (const r of found) r.docs.forEach((d, i) => pairs.push([d, r.ranks?.[i] ?? 0]));
  pairs.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  return { total, docs: Int32Array.from(pairs.slice(0, want), (p) => p[0]) };
}
