/**
 * Keyword search index producer (issue "Keyword search"; layout in docs/kv-layout.md "Search
 * index"). Writes, under the snapshot prefix:
 *
 *   sx:meta                 SearchMetaValue: doc count, each language's doc ranges, count and
 *                           average length, first doc of every chapter
 *   sx:t:<lang>:<stem>[#n]  SearchTermValue: postings of one stem (doc, BM25 impact, positions, forms)
 *   sx:v:<lang>:<initial>   SearchVocabValue: forms and frequencies, for spelling suggestions
 *
 * Each document is stemmed with its version's language's stemmer (src/snapshot/stemmers.ts), so
 * English and Spanish stems never share postings; doc ids stay one sequence over all versions.
 * Documents are the verse records of the chapter values (same HTML, via chapterValue), tokenized
 * by the worker's own module (src/snapshot/search-text.ts). Two passes: the first learns document lengths
 * (BM25 needs the average) and every stem's forms; the second writes the postings straight into
 * byte buffers, so memory stays at the size of the encoded index.
 */
import { encodePostings, toBase64, type PostingEntry } from '../../src/snapshot/postings-codec';
import { fold, indexTerms } from '../../src/snapshot/search-text';
import { searchMetaKey, searchTermKey, searchVocabKey, vocabInitial } from '../../src/snapshot/keys';
import type { SearchLanguageMeta, SearchMetaValue, SearchTermValue, SearchVocabValue } from '../../src/snapshot/types';
import { chapterValue } from './assemble';
import { buildsBook, type PairProducer, type ProducedPair, type ProducerContext } from './producer-types';

/** BM25 parameters (the usual defaults). */
const K1 = 1.2;
const B = 0.75;
/**
 * Encoded bytes per postings shard. One read per term for all but the most frequent stems
 * (`the`, `and`, `of` … need two or three); each value stays far below KV's 25 MiB.
 */
export const SHARD_BYTES = 512 * 1024;

interface Doc {
  html: string;
  lang: string;
}

/** Every document in doc-id order (catalogue book order, chapters, records); null = chapter not indexed. */
function* chapterDocs(ctx: ProducerContext): Generator<Doc[]> {
  const irBooks = new Map<string, ProducerContext['versions'][number]['ir']['books'][number]>();
  const langOf = new Map<string, string>();
  for (const v of ctx.versions) {
    langOf.set(v.manifest.id, v.manifest.lang);
    for (const b of v.ir.books) irBooks.set(`${v.manifest.id}:${b.osis}`, b);
  }
  for (const book of ctx.catalogue.books) {
    const lang = langOf.get(book.version)!;
    const ir = irBooks.get(`${book.version}:${book.osis}`);
    const indexed = ir && buildsBook(ctx, book.version, book.osis);
    for (let k = 0; k < book.chapters.length; k++) {
      if (!indexed) {
        yield [];
        continue;
      }
      const c = ir.chapters[k];
      if (!c || c.chapter !== k + 1) throw new Error(`search index: ${book.version}:${book.osis} chapter ${k + 1} is not at index ${k}`);
      yield chapterValue(book.version, book.number, book.osis, c).verses.map((v) => ({ html: v.html, lang }));
    }
  }
}

/** Stems and forms are per language: the key of a stem or form is `<lang>:<stem or form>`. */
const keyOf = (lang: string, x: string) => `${lang}:${x}`;
const splitKey = (key: string): [string, string] => {
  const i = key.indexOf(':');
  return [key.slice(0, i), key.slice(i + 1)];
};

function stemOfFactory(ctx: ProducerContext): (lang: string, form: string) => string {
  const cache = new Map<string, string>();
  return (lang, form) => {
    const k = keyOf(lang, form);
    let s = cache.get(k);
    if (s === undefined) {
      const stemmer = ctx.stemmers.get(lang);
      if (!stemmer) throw new Error(`search index: no stemmer loaded for language ${lang}`);
      // Stems come from the folded form (accents off), which keeps matching accent-insensitive;
      // the form itself (accents on) is what the postings record (issue 19 §3).
      s = keyOf(lang, stemmer(fold(form)));
      cache.set(k, s);
    }
    return s;
  };
}

interface StemState {
  /** Form → occurrences (pass 1), then form ids in descending frequency (pass 2). */
  formCounts: Map<string, number>;
  formIds?: Map<string, number>;
  df: number;
  shards: { base: number; count: number; bytes: number; parts: Uint8Array[] }[];
  prevDoc: number;
}

export function buildSearchIndex(ctx: ProducerContext, log: (msg: string) => void = console.log): ProducedPair[] {
  // Pass 1: document lengths, stems and their forms.
  const stemOf = stemOfFactory(ctx);
  const lengths: number[] = [];
  const chapterStarts: number[] = [];
  const stems = new Map<string, StemState>();
  const formFreq = new Map<string, number>();
  const languages: Record<string, SearchLanguageMeta> = {};
  const lengthSum: Record<string, number> = {};
  for (const docs of chapterDocs(ctx)) {
    chapterStarts.push(lengths.length);
    for (const d of docs) {
      const { occurrences, length } = indexTerms(d.html);
      const doc = lengths.length;
      lengths.push(length);
      const lm = (languages[d.lang] ??= { ranges: [], docs: 0, avgLength: 0 });
      const last = lm.ranges[lm.ranges.length - 1];
      if (last && last[1] === doc) last[1] = doc + 1;
      else lm.ranges.push([doc, doc + 1]);
      lm.docs++;
      lengthSum[d.lang] = (lengthSum[d.lang] ?? 0) + length;
      const seen = new Set<string>();
      for (const o of occurrences) {
        const s = stemOf(d.lang, o.form);
        let st = stems.get(s);
        if (!st) stems.set(s, (st = { formCounts: new Map(), df: 0, shards: [], prevDoc: -1 }));
        st.formCounts.set(o.form, (st.formCounts.get(o.form) ?? 0) + 1);
        if (!seen.has(s)) {
          seen.add(s);
          st.df++;
        }
        const formKey = keyOf(d.lang, o.form);
        if (!seen.has(`\0${formKey}`)) {
          seen.add(`\0${formKey}`);
          formFreq.set(formKey, (formFreq.get(formKey) ?? 0) + 1);
        }
      }
    }
  }
  const docCount = lengths.length;
  chapterStarts.push(docCount);
  for (const [lang, lm] of Object.entries(languages)) lm.avgLength = lm.docs ? lengthSum[lang] / lm.docs : 0;
  for (const st of stems.values()) {
    const ordered = [...st.formCounts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    st.formIds = new Map(ordered.map(([f], i) => [f, i]));
  }

  // Pass 2: postings, written per stem into shards of at most SHARD_BYTES.
  let doc = 0;
  const pending = new Map<string, PostingEntry[]>();
  const flush = (st: StemState, entries: PostingEntry[]) => {
    const multi = st.formIds!.size > 1;
    let shard = st.shards[st.shards.length - 1];
    for (const e of entries) {
      if (!shard || shard.bytes >= SHARD_BYTES) {
        shard = { base: e.doc, count: 0, bytes: 0, parts: [] };
        st.shards.push(shard);
        st.prevDoc = e.doc;
      }
      const bytes = encodePostings([e], st.prevDoc, multi);
      shard.parts.push(bytes);
      shard.bytes += bytes.length;
      shard.count++;
      st.prevDoc = e.doc;
    }
  };
  for (const docs of chapterDocs(ctx)) {
    for (const d of docs) {
      const { occurrences } = indexTerms(d.html);
      const dl = lengths[doc];
      const avgLength = languages[d.lang].avgLength;
      const byStem = new Map<string, { positions: number[]; forms: Set<number> }>();
      for (const o of occurrences) {
        const s = stemOf(d.lang, o.form);
        let e = byStem.get(s);
        if (!e) byStem.set(s, (e = { positions: [], forms: new Set() }));
        e.positions.push(o.position);
        e.forms.add(stems.get(s)!.formIds!.get(o.form)!);
      }
      for (const [s, e] of byStem) {
        const tf = e.positions.length;
        const tfPart = (tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * dl) / (avgLength || 1)));
        const impact = Math.max(1, Math.min(255, Math.round((tfPart / (K1 + 1)) * 255)));
        const positions = e.positions.sort((a, b) => a - b);
        const entry: PostingEntry = { doc, impact, positions, forms: [...e.forms].sort((a, b) => a - b) };
        let list = pending.get(s);
        if (!list) pending.set(s, (list = []));
        list.push(entry);
      }
      doc++;
    }
    // Flush per chapter so pending stays small.
    for (const [s, entries] of pending) flush(stems.get(s)!, entries);
    pending.clear();
  }

  // Pairs.
  const pairs: ProducedPair[] = [];
  const meta: SearchMetaValue = { format: 3, docs: docCount, languages, chapterStarts, k1: K1, b: B };
  pairs.push({ key: searchMetaKey(ctx.snapshotId), value: JSON.stringify(meta) });
  const stemNames = [...stems.keys()].sort();
  for (const s of stemNames) {
    const st = stems.get(s)!;
    st.shards.forEach((sh, n) => {
      const total = new Uint8Array(sh.bytes);
      let o = 0;
      for (const part of sh.parts) {
        total.set(part, o);
        o += part.length;
      }
      const value: SearchTermValue =
        n === 0
          ? { forms: [...st.formIds!.keys()], df: st.df, shards: st.shards.length, base: sh.base, count: sh.count, p: toBase64(total) }
          : { base: sh.base, count: sh.count, p: toBase64(total) };
      const [lang, stem] = splitKey(s);
      pairs.push({ key: searchTermKey(ctx.snapshotId, lang, stem, n), value: JSON.stringify(value) });
    });
  }
  const byInitial = new Map<string, [string, number][]>();
  for (const [formKey, freq] of formFreq) {
    const [lang, form] = splitKey(formKey);
    // Grouped by the folded initial (`ángel` under `a`), as the worker looks a query word up.
    const initial = keyOf(lang, vocabInitial(form));
    let list = byInitial.get(initial);
    if (!list) byInitial.set(initial, (list = []));
    list.push([form, freq]);
  }
  for (const [langInitial, list] of [...byInitial].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    list.sort((a, b) => (a[0] < b[0] ? -1 : 1));
    const value: SearchVocabValue = { forms: list.map((x) => x[0]), freqs: list.map((x) => x[1]) };
    const [lang, initial] = splitKey(langInitial);
    pairs.push({ key: searchVocabKey(ctx.snapshotId, lang, initial), value: JSON.stringify(value) });
  }

  // Report (issue: "the build reports index size and key count").
  let bytes = 0;
  let largest = { key: '', bytes: 0 };
  for (const p of pairs) {
    const b = Buffer.byteLength(p.key) + Buffer.byteLength(p.value);
    bytes += b;
    if (b > largest.bytes) largest = { key: p.key.slice(p.key.indexOf(':sx:') + 1), bytes: b };
  }
  const multiShard = stemNames.filter((s) => stems.get(s)!.shards.length > 1);
  log(
    `search index: ${docCount} docs (${Object.entries(languages).map(([l, m]) => `${l} ${m.docs}`).join(', ')}), ${stems.size} stems, ${formFreq.size} forms, ${pairs.length} keys, ` +
      `${(bytes / 1024 / 1024).toFixed(1)} MiB, largest value ${(largest.bytes / 1024).toFixed(0)} KiB (${largest.key}), ` +
      `${multiShard.length} stems in more than one shard${multiShard.length ? ` (${multiShard.slice(0, 8).join(', ')})` : ''}`,
  );
  return pairs;
}

/** `searchMetaKey`, `searchTermKey`, `searchVocabKey` pairs for the indexed books (ctx.books). */
export const searchIndexProducer: PairProducer = {
  name: 'search-index',
  produce(ctx) {
    return buildSearchIndex(ctx);
  },
};
