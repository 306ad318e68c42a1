/**
 * Keyword search index producer (docs/search.md; layout in docs/kv-layout.md "Search
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
 * by the worker's own module (src/snapshot/search-text.ts). Two passes: the first tokenizes every
 * document once, keeps its occurrences as numbers (form id, position) and learns document lengths
 * (BM25 needs the average) and every stem's forms; the second writes the postings from those
 * numbers into byte buffers, chapter by chapter.
 */
import { encodePostings, toBase64, type PostingEntry } from '../../src/snapshot/postings-codec';
import { fold, indexTerms } from '../../src/snapshot/search-text';
import {
  searchMetaKey,
  searchTermKey,
  searchVocabKey,
  vocabInitial,
} from '../../src/snapshot/keys';
import type {
  SearchLanguageMeta,
  SearchMetaValue,
  SearchTermValue,
  SearchVocabValue,
} from '../../src/snapshot/types';
import { chapterValue } from './assemble';
import {
  buildsBook,
  type PairProducer,
  type ProducedPair,
  type ProducerContext,
} from './producer-types';

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
      if (!c || c.chapter !== k + 1)
        throw new Error(
          `search index: ${book.version}:${book.osis} chapter ${k + 1} is not at index ${k}`,
        );
      yield chapterValue(book.version, book.number, book.osis, c).verses.map((v) => ({
        html: v.html,
        lang,
      }));
    }
  }
}

/** Stems and forms are per language: the key of a stem or form is `<lang>:<stem or form>`. */
const keyOf = (lang: string, x: string) => `${lang}:${x}`;
const splitKey = (key: string): [string, string] => {
  const i = key.indexOf(':');
  return [key.slice(0, i), key.slice(i + 1)];
};

/** A growable Int32Array: the occurrences of every document, kept from pass 1 for pass 2. */
class IntList {
  private buf = new Int32Array(1 << 16);
  length = 0;

  push(v: number): void {
    if (this.length === this.buf.length) {
      const next = new Int32Array(this.buf.length * 2);
      next.set(this.buf);
      this.buf = next;
    }
    this.buf[this.length++] = v;
  }

  at(i: number): number {
    return this.buf[i];
  }
}

interface StemState {
  key: string;
  /** Form id → occurrences (pass 1). */
  formCounts: Map<number, number>;
  /** The stem's forms in descending frequency: a form's index here is its id in the postings. */
  forms: string[];
  df: number;
  shards: { base: number; count: number; bytes: number; parts: Uint8Array[] }[];
  prevDoc: number;
  /** The last document counted in df (pass 1). */
  lastDoc: number;
}

export function buildSearchIndex(
  ctx: ProducerContext,
  log: (msg: string) => void = console.log,
): ProducedPair[] {
  // Pass 1: every document tokenized once (its occurrences kept as form ids and positions for
  // pass 2), document lengths, stems and their forms. Forms and stems are numbered in the order
  // they are first met; a form's stem is computed once.
  const lengths: number[] = [];
  const docLangs: string[] = [];
  const chapterStarts: number[] = [];
  const occForms = new IntList();
  const occPositions = new IntList();
  const docStarts: number[] = [];
  // Form ids per language: one lookup by the form alone for each of the build's millions of
  // occurrences (a document's words are all of its language).
  const formIds = new Map<string, Map<string, number>>();
  const forms: { lang: string; form: string; stem: number; docs: number; lastDoc: number }[] = [];
  const stemIds = new Map<string, number>();
  const stems: StemState[] = [];
  const languages: Record<string, SearchLanguageMeta> = {};
  const lengthSum: Record<string, number> = {};
  const formId = (ids: Map<string, number>, lang: string, form: string): number => {
    let f = ids.get(form);
    if (f !== undefined) return f;
    const stemmer = ctx.stemmers.get(lang);
    if (!stemmer) throw new Error(`search index: no stemmer loaded for language ${lang}`);
    // Stems come from the folded form (accents off), which keeps matching accent-insensitive;
    // the form itself (accents on) is what the postings record.
    const stemKey = keyOf(lang, stemmer(fold(form)));
    let stem = stemIds.get(stemKey);
    if (stem === undefined) {
      stem = stems.length;
      stemIds.set(stemKey, stem);
      stems.push({
        key: stemKey,
        formCounts: new Map(),
        forms: [],
        df: 0,
        shards: [],
        prevDoc: -1,
        lastDoc: -1,
      });
    }
    f = forms.length;
    ids.set(form, f);
    forms.push({ lang, form, stem, docs: 0, lastDoc: -1 });
    return f;
  };
  for (const docs of chapterDocs(ctx)) {
    chapterStarts.push(lengths.length);
    for (const d of docs) {
      const { occurrences, length } = indexTerms(d.html);
      const doc = lengths.length;
      lengths.push(length);
      docLangs.push(d.lang);
      docStarts.push(occForms.length);
      const lm = (languages[d.lang] ??= { ranges: [], docs: 0, avgLength: 0 });
      const last = lm.ranges[lm.ranges.length - 1];
      if (last && last[1] === doc) last[1] = doc + 1;
      else lm.ranges.push([doc, doc + 1]);
      lm.docs++;
      lengthSum[d.lang] = (lengthSum[d.lang] ?? 0) + length;
      let ids = formIds.get(d.lang);
      if (!ids) formIds.set(d.lang, (ids = new Map()));
      for (const o of occurrences) {
        const f = formId(ids, d.lang, o.form);
        const form = forms[f];
        const st = stems[form.stem];
        st.formCounts.set(f, (st.formCounts.get(f) ?? 0) + 1);
        if (st.lastDoc !== doc) {
          st.lastDoc = doc;
          st.df++;
        }
        if (form.lastDoc !== doc) {
          form.lastDoc = doc;
          form.docs++;
        }
        occForms.push(f);
        occPositions.push(o.position);
      }
    }
  }
  const docCount = lengths.length;
  chapterStarts.push(docCount);
  docStarts.push(occForms.length);
  for (const [lang, lm] of Object.entries(languages))
    lm.avgLength = lm.docs ? lengthSum[lang] / lm.docs : 0;
  // A form's id within its stem: by descending frequency, then by the form.
  const formInStem = new Int32Array(forms.length);
  for (const st of stems) {
    const ordered = [...st.formCounts.entries()].sort(
      (a, b) => b[1] - a[1] || (forms[a[0]].form < forms[b[0]].form ? -1 : 1),
    );
    ordered.forEach(([f], i) => (formInStem[f] = i));
    st.forms = ordered.map(([f]) => forms[f].form);
  }

  // Pass 2: postings from the kept occurrences, written per stem into shards of at most SHARD_BYTES.
  const pending = new Map<number, PostingEntry[]>();
  const flush = (st: StemState, entries: PostingEntry[]) => {
    const multi = st.forms.length > 1;
    let shard = st.shards[st.shards.length - 1];
    if (!shard) {
      shard = { base: entries[0].doc, count: 0, bytes: 0, parts: [] };
      st.shards.push(shard);
      st.prevDoc = entries[0].doc;
    }
    // Usually a chapter's entries fit the open shard whole: then no entry of them starts a new one,
    // and encoding them at once gives the bytes one by one would (a writer per call, not per entry).
    const together = encodePostings(entries, st.prevDoc, multi);
    if (shard.bytes + together.length <= SHARD_BYTES) {
      shard.parts.push(together);
      shard.bytes += together.length;
      shard.count += entries.length;
      st.prevDoc = entries[entries.length - 1].doc;
      return;
    }
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
  /** Stem → its group among the current document's stems (-1: none yet). */
  const groupOf = new Int32Array(stems.length).fill(-1);
  for (let c = 0; c + 1 < chapterStarts.length; c++) {
    for (let doc = chapterStarts[c]; doc < chapterStarts[c + 1]; doc++) {
      const dl = lengths[doc];
      const avgLength = languages[docLangs[doc]].avgLength;
      // The document's stems in the order they first occur, each with its positions and forms.
      const groups: { stem: number; positions: number[]; forms: number[] }[] = [];
      for (let i = docStarts[doc]; i < docStarts[doc + 1]; i++) {
        const f = occForms.at(i);
        const stem = forms[f].stem;
        let g = groupOf[stem];
        if (g === -1) {
          g = groupOf[stem] = groups.length;
          groups.push({ stem, positions: [], forms: [] });
        }
        const group = groups[g];
        group.positions.push(occPositions.at(i));
        if (!group.forms.includes(formInStem[f])) group.forms.push(formInStem[f]);
      }
      for (const { stem, positions, forms: present } of groups) {
        groupOf[stem] = -1;
        const tf = positions.length;
        const tfPart = (tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * dl) / (avgLength || 1)));
        const impact = Math.max(1, Math.min(255, Math.round((tfPart / (K1 + 1)) * 255)));
        const entry: PostingEntry = {
          doc,
          impact,
          positions: positions.sort((a, b) => a - b),
          forms: present.sort((a, b) => a - b),
        };
        let list = pending.get(stem);
        if (!list) pending.set(stem, (list = []));
        list.push(entry);
      }
    }
    // Flush per chapter so pending stays small.
    for (const [stem, entries] of pending) flush(stems[stem], entries);
    pending.clear();
  }

  // Pairs.
  const pairs: ProducedPair[] = [];
  const meta: SearchMetaValue = {
    format: 3,
    docs: docCount,
    languages,
    chapterStarts,
    k1: K1,
    b: B,
  };
  pairs.push({ key: searchMetaKey(ctx.snapshotId), value: JSON.stringify(meta) });
  const byName = [...stems].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const st of byName) {
    st.shards.forEach((sh, n) => {
      const total = new Uint8Array(sh.bytes);
      let o = 0;
      for (const part of sh.parts) {
        total.set(part, o);
        o += part.length;
      }
      const value: SearchTermValue =
        n === 0
          ? {
              forms: st.forms,
              df: st.df,
              shards: st.shards.length,
              base: sh.base,
              count: sh.count,
              p: toBase64(total),
            }
          : { base: sh.base, count: sh.count, p: toBase64(total) };
      const [lang, stem] = splitKey(st.key);
      pairs.push({
        key: searchTermKey(ctx.snapshotId, lang, stem, n),
        value: JSON.stringify(value),
      });
    });
  }
  const byInitial = new Map<string, [string, number][]>();
  for (const { lang, form, docs } of forms) {
    // Grouped by the folded initial (`ángel` under `a`), as the worker looks a query word up.
    const initial = keyOf(lang, vocabInitial(form));
    let list = byInitial.get(initial);
    if (!list) byInitial.set(initial, (list = []));
    list.push([form, docs]);
  }
  for (const [langInitial, list] of [...byInitial].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    list.sort((a, b) => (a[0] < b[0] ? -1 : 1));
    const value: SearchVocabValue = { forms: list.map((x) => x[0]), freqs: list.map((x) => x[1]) };
    const [lang, initial] = splitKey(langInitial);
    pairs.push({
      key: searchVocabKey(ctx.snapshotId, lang, initial),
      value: JSON.stringify(value),
    });
  }

  // Report the index size and key count (docs/search.md).
  let bytes = 0;
  let largest = { key: '', bytes: 0 };
  for (const p of pairs) {
    const b = Buffer.byteLength(p.key) + Buffer.byteLength(p.value);
    bytes += b;
    if (b > largest.bytes) largest = { key: p.key.slice(p.key.indexOf(':sx:') + 1), bytes: b };
  }
  const multiShard = byName.filter((st) => st.shards.length > 1).map((st) => st.key);
  log(
    `search index: ${docCount} docs (${Object.entries(languages)
      .map(([l, m]) => `${l} ${m.docs}`)
      .join(', ')}), ${stems.length} stems, ${forms.length} forms, ${pairs.length} keys, ` +
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
