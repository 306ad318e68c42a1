import { formBit, type Postings } from '../snapshot/postings-codec';
import { fold } from '../snapshot/search-text';
import { MAX_CLAUSES, type Clause, type QueryTerm } from './keyword-query';

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

/** A term's BM25 weight per unit of impact (impacts are quantized to 0–255 at build time). */
function weight(input: SearchInput, p: Postings): number {
  return (idf(input.idfDocs, p.df) * (input.k1 + 1)) / 255;
}

/** The form bit of the form typed (`amó` typed: `amó`); 0 when no document holds it. */
function exactBit(t: QueryTerm, p: Postings): number {
  const id = p.forms.indexOf(t.form);
  return id < 0 ? 0 : formBit(id);
}

/** The form bits of every form equal to the one typed once folded (`amó` typed: `amo`, `amó`). */
function foldedBit(t: QueryTerm, p: Postings): number {
  return p.forms.reduce((b, f, id) => (fold(f) === t.term ? (b | formBit(id)) >>> 0 : b), 0);
}

/**
 * Adds one clause's matches into the accumulators. A phrase matches where its words' stems stand
 * at consecutive positions; its score is the sum of its words' scores.
 */
function scoreClause(input: SearchInput, clause: Clause, acc: Accumulators): void {
  if (clause.terms.length === 1) return scoreWord(input, clause.terms[0], acc);
  const { score, matched, exact, folded, touched } = acc;
  const lists = clause.terms.map((t) => input.postings.get(t.stem)!);
  if (lists.some((p) => p.docs.length === 0)) return;
  const weights = lists.map((p) => weight(input, p));
  const bits = clause.terms.map((t, k) => exactBit(t, lists[k]));
  const foldedBits = clause.terms.map((t, k) => foldedBit(t, lists[k]));
  const first = lists[0];
  const cursors = new Int32Array(lists.length);
  const at = new Int32Array(lists.length);
  const allowed = input.allowed;
  for (let i = 0; i < first.docs.length; i++) {
    const doc = first.docs[i];
    if (allowed && !allowed[doc]) continue;
    at[0] = i;
    let ok = true;
    for (let k = 1; k < lists.length && ok; k++) {
      const j = find(lists[k].docs, doc, cursors[k]);
      if (j < 0) ok = false;
      else {
        cursors[k] = j;
        at[k] = j;
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
    if (matched[doc]++ === 0) touched[acc.count++] = doc;
    if (isExact) exact[doc]++;
    if (isFolded) folded[doc]++;
  }
}

/**
 * `scoreClause` for a clause of one word, the commonest (16 common words are 16 clauses of
 * ~100,000 documents each, docs/speed.md "The worst shapes"): the same sums in the same order,
 * without the cursors and the phrase check of several words.
 */
function scoreWord(input: SearchInput, term: QueryTerm, acc: Accumulators): void {
  const { score, matched, exact, folded, touched } = acc;
  const p = input.postings.get(term.stem)!;
  const w = weight(input, p);
  const bit = exactBit(term, p);
  const foldedBits = foldedBit(term, p);
  const { docs, impacts, formBits } = p;
  const allowed = input.allowed;
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i];
    if (allowed && !allowed[doc]) continue;
    score[doc] += w * impacts[i];
    if (matched[doc]++ === 0) touched[acc.count++] = doc;
    const forms = formBits[i];
    if (forms & bit) exact[doc]++;
    if (forms & foldedBits) folded[doc]++;
  }
}

/**
 * The per-document accumulators of a search, over every doc of the index, and the docs it touched
 * (those whose `matched` left 0), in the order first touched.
 */
interface Accumulators {
  score: Float64Array;
  matched: Uint8Array;
  exact: Uint8Array;
  folded: Uint8Array;
  touched: Int32Array;
  count: number;
}

/**
 * One set of accumulators kept between searches (docs/speed.md "The heaviest requests"): allocating
 * and scanning five arrays of the whole index (160,000 docs) per search cost more than matching
 * `the` itself. A search runs synchronously, so one at a time uses them; it zeroes what it touched
 * before it returns, so each starts from zeros.
 */
let kept: Accumulators | null = null;

function accumulators(n: number): Accumulators {
  if (!kept || kept.matched.length < n)
    kept = {
      score: new Float64Array(n),
      matched: new Uint8Array(n),
      exact: new Uint8Array(n),
      folded: new Uint8Array(n),
      touched: new Int32Array(n),
      count: 0,
    };
  kept.count = 0;
  return kept;
}

export function search(input: SearchInput): SearchResult {
  const only = input.clauses.length === 1 ? input.clauses[0].terms : [];
  if (only.length === 1 && input.exclude.length === 0)
    return searchOneWord(input, only[0], input.postings.get(only[0].stem)!);
  const acc = accumulators(input.docCount);
  try {
    return searchWith(input, acc);
  } finally {
    const { score, matched, exact, folded, touched } = acc;
    for (let i = 0; i < acc.count; i++) {
      const d = touched[i];
      score[d] = 0;
      matched[d] = 0;
      exact[d] = 0;
      folded[d] = 0;
    }
    acc.count = 0;
  }
}

function searchWith(input: SearchInput, acc: Accumulators): SearchResult {
  const n = input.docCount;
  const { score, matched, exact, folded } = acc;
  for (const clause of input.clauses) scoreClause(input, clause, acc);
  const need = input.precision === 'all' ? input.clauses.length : 1;
  for (const s of input.exclude) {
    const p = input.postings.get(s);
    if (p) for (let i = 0; i < p.docs.length; i++) matched[p.docs[i]] = 0;
  }
  // The matches, ascending: of one clause, the docs it touched (in its first list's order); of
  // several, a scan of the index (cheaper than sorting what they touched).
  const single = input.clauses.length === 1;
  const { touched } = acc;
  let count = 0;
  if (single) for (let i = 0; i < acc.count; i++) count += matched[touched[i]] >= need ? 1 : 0;
  else for (let d = 0; d < n; d++) count += matched[d] >= need ? 1 : 0;
  const docs = new Int32Array(count);
  let o = 0;
  if (single) {
    for (let i = 0; i < acc.count; i++) if (matched[touched[i]] >= need) docs[o++] = touched[i];
  } else for (let d = 0; d < n; d++) if (matched[d] >= need) docs[o++] = d;
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

/** Ranks of a one-word search: exact form and folded form (a bit each), then impact. */
const ONE_WORD_TIERS = 4;
const IMPACTS = 256;

/**
 * A search of one word without exclusions (`the`, docs/speed.md "The heaviest requests"): the
 * order `searchWith` gives, without its accumulators. A doc's rank there is its tier (the form
 * typed, the form folded) then its score, the word's weight times the doc's impact (0–255): 1,024
 * values, in the same order as (tier, impact), since distinct impacts differ by far more than the
 * rank's 1e-6 quantum. So a count per value finds the last one the page reaches, and one pass in
 * doc order collects the page's docs, each value's in canonical order, as the full sort would.
 */
function searchOneWord(input: SearchInput, term: QueryTerm, p: Postings): SearchResult {
  const { allowed, want: wanted } = input;
  const exact = exactBit(term, p);
  const folded = foldedBit(term, p);
  const w = weight(input, p);
  const bucket = (i: number) =>
    ((p.formBits[i] & exact ? 2 : 0) + (p.formBits[i] & folded ? 1 : 0)) * IMPACTS + p.impacts[i];
  const counts = new Int32Array(ONE_WORD_TIERS * IMPACTS);
  let total = 0;
  let maxScore = 0;
  for (let i = 0; i < p.docs.length; i++) {
    if (allowed && !allowed[p.docs[i]]) continue;
    total++;
    counts[bucket(i)]++;
    if (w * p.impacts[i] > maxScore) maxScore = w * p.impacts[i];
  }
  const want = Math.min(total, Math.max(0, wanted));
  if (input.sort === 'canonical') {
    const docs = new Int32Array(want);
    for (let i = 0, o = 0; o < want; i++) if (!allowed || allowed[p.docs[i]]) docs[o++] = p.docs[i];
    return { total, docs };
  }
  // The last bucket the page reaches, from the best down, and how many of its docs it takes.
  let last = counts.length;
  let above = 0;
  while (last > 0 && above + counts[last - 1] < want) above += counts[--last];
  last--;
  const fromLast = want - above;
  const picked: { doc: number; bucket: number; impact: number }[] = [];
  let tookLast = 0;
  for (let i = 0; i < p.docs.length && picked.length < want; i++) {
    if (allowed && !allowed[p.docs[i]]) continue;
    const b = bucket(i);
    if (b < last || (b === last && tookLast++ >= fromLast)) continue;
    picked.push({ doc: p.docs[i], bucket: b, impact: p.impacts[i] });
  }
  picked.sort((a, b) => b.bucket - a.bucket || a.doc - b.doc);
  maxScore ||= 1;
  const tier = (b: number) => {
    const t = Math.floor(b / IMPACTS);
    return (t >> 1) * (MAX_CLAUSES + 1) + (t & 1);
  };
  return {
    total,
    docs: Int32Array.from(picked, (x) => x.doc),
    ranks: Float64Array.from(
      picked,
      // As `searchWith` ranks: the score is the accumulated 0 + weight × impact.
      (x) => tier(x.bucket) * 1_000_001 + Math.round(((0 + w * x.impact) / maxScore) * 1e6),
    ),
  };
}

/**
 * The `k` largest of `keys` (distinct: each holds its doc id), largest first; `keys` is reordered. When they are few,
 * the k-th largest is found first (quickselect, linear on average), so that only they are sorted.
 */
function largest(keys: Float64Array, k: number): Float64Array {
  if (k === 0) return new Float64Array(0);
  if (k * 8 >= keys.length) return keys.sort().reverse().subarray(0, k);
  // Partitioned in place: the caller's keys are made for this call alone.
  const work = keys;
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
