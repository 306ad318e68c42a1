import { versionMapOf } from '../catalogue/empty-slots';
import { chapterFromId, verseFromId } from '../catalogue/lookup';
import { versesIn } from '../catalogue/navigation';
import { chapterLink, verseLink } from '../catalogue/resources';
import type { SnapshotReader } from '../cache/snapshot-reader';
import type { Catalogue } from '../catalogue/store';
import { coveredVerses } from '../catalogue/versification';
import { badRequest, echo, notFound } from '../http/errors';
import { pageSummary, type Page } from '../http/paging';
import { cdata, type DocNode } from '../render/document';
import type {
  LibraryMetaValue,
  TopicNamesValue,
  TopicValue,
  VerseIndexValue,
} from '../snapshot/library-types';
import { topicNamesKey } from '../snapshot/keys';
import { keptOrMade } from '../cache/isolate';
import { words } from '../snapshot/search-text';
import { topicNameTerms } from '../snapshot/topic-names';
import { libraryMeta } from './commentaries';
import { kjvChaptersOf, osisPassageNode } from './passages';
import { loadTopic, loadVerseIndex } from './store';
import { versePosition } from '../snapshot/verse-positions';

/**
 * Nave's Topical Bible: the topic search (names, stemmed and accent-insensitive as
 * keyword search is: src/snapshot/topic-names.ts), a topic with its sub-topics, the passages
 * they cite and its related topics, and the topics that cite a verse or the verses of a chapter
 * of any version (through the versification map, as the commentaries).
 */

export const topicPath = (id: string) => `/topics/${id}`;

/** Longest query read (names are short; a bound keeps the scan cheap). */
export const MAX_TOPIC_QUERY = 200;

/**
 * The shortest last word of a query that also matches the start of a word of a name (`nicod`
 * finds NICODEMUS, as a search box is typed); a shorter one matches whole words only, so that
 * `a` does not find most of the 5,320 names.
 */
export const MIN_TOPIC_PREFIX = 3;

interface IndexedTopic {
  id: string;
  name: string;
  terms: Set<string>;
  first: string;
}

interface NameIndex {
  topics: IndexedTopic[];
  /** Each topic's name as words folded but not stemmed (whole and hyphen parts), made on the first prefix query. */
  folded?: string[][];
}

/** Every topic's name with its terms as sets, made once per isolate and snapshot and kept under its budget (~5,300 names). */
function nameIndex(snap: SnapshotReader): Promise<NameIndex> {
  const key = topicNamesKey(snap.id);
  return keptOrMade(`topic names ${key}`, async () => {
    const read = await snap.read<TopicNamesValue>(key);
    if (!read)
      throw notFound(
        "This snapshot was built without Nave's Topical Bible (Debian sword-dict-naves)",
      );
    const topics = read.value.topics.map(([id, name, terms]) => {
      const list = terms.split(' ');
      return { id, name, terms: new Set(list), first: list[0] ?? '' };
    });
    // The sets and, once made, the folded words: about twice the names' JSON again.
    return { value: { topics }, bytes: read.bytes * 3 };
  });
}

export interface TopicHit {
  id: string;
  name: string;
}

/**
 * GET /topics?q=…: the topics whose names hold every word of `q` (stemmed: `loved` finds LOVE),
 * the last word also as the start of a word of the name when it has MIN_TOPIC_PREFIX letters or
 * more (`nicod` finds NICODEMUS). The name that is exactly the query first, then names that start
 * with it, then the other names holding every word whole, then those the last word only begins,
 * shorter names first within each, then by name. Without `q`, every topic in Nave's order
 * (alphabetical, as the module has them). Paged.
 */
export async function searchTopics(
  snap: SnapshotReader,
  q: string | undefined,
  page: Page,
  /** False: whole words only (the keyword search results page, whose words are whole). */
  lastWordBegins = true,
): Promise<{ hits: TopicHit[]; total: number; query: string }> {
  const index = await nameIndex(snap);
  const query = (q ?? '').trim();
  if (query.length > MAX_TOPIC_QUERY)
    throw badRequest(`q is too long (at most ${MAX_TOPIC_QUERY} characters)`);
  let found = index.topics;
  if (query) {
    const terms = topicNameTerms(query);
    if (!terms.length) throw badRequest(`q has no words: ${echo(query)}`);
    const whole = terms.join(' ');
    // The last word as typed (folded, not stemmed: `lovi` is the start of `loving`, not of its
    // stem), and the terms of the words before it, which must be whole.
    const last = words(query).at(-1)!;
    const prefix = lastWordBegins && last.term.length >= MIN_TOPIC_PREFIX ? last.term : null;
    const folded = prefix ? foldedNames(index) : null;
    const before = topicNameTerms(query.slice(0, last.start));
    const ranked: { t: IndexedTopic; rank: number }[] = [];
    index.topics.forEach((t, i) => {
      if (terms.every((term) => t.terms.has(term))) {
        ranked.push({
          t,
          rank: [...t.terms].join(' ') === whole ? 0 : t.first === terms[0] ? 1 : 2,
        });
      } else if (
        prefix &&
        before.every((term) => t.terms.has(term)) &&
        folded![i]!.some((w) => w.startsWith(prefix))
      ) {
        ranked.push({ t, rank: 3 });
      }
    });
    found = ranked
      .sort(
        (a, b) =>
          a.rank - b.rank || a.t.name.length - b.t.name.length || (a.t.name < b.t.name ? -1 : 1),
      )
      .map((x) => x.t);
  }
  return {
    hits: found
      .slice(page.offset, page.offset + page.limit)
      .map((t) => ({ id: t.id, name: t.name })),
    total: found.length,
    query,
  };
}

/** The names' folded words, made once per isolate and snapshot (~5,300 names), when a query first needs them. */
function foldedNames(index: NameIndex): string[][] {
  index.folded ??= index.topics.map((t) => words(t.name).flatMap((w) => [w.term, ...w.parts]));
  return index.folded;
}

const topicLink = (id: string, name: string): DocNode => ({ id, name, path: topicPath(id) });

/** The `topics` root of a search: the topics found and the summary. */
export function topicSearchDocument(
  found: { hits: TopicHit[]; total: number },
  page: Page,
): DocNode {
  return {
    topic: found.hits.map((h) => topicLink(h.id, h.name)),
    summary: pageSummary(page, found.total),
  };
}

/** GET /topics/{id}: the topic (ids are lower case; any case is read). */
export async function topicById(
  snap: SnapshotReader,
  cat: Catalogue,
  id: string,
): Promise<{ topic: TopicValue; meta: LibraryMetaValue }> {
  const meta = await libraryMeta(snap);
  const normalized = id.toLowerCase();
  const topic = /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(normalized)
    ? await loadTopic(snap, normalized)
    : null;
  if (!topic) throw notFound(`Unknown topic: ${echo(id)} (search the names with /topics?q=…)`);
  return { topic, meta };
}

/** The `topics` root of one topic: its sub-topics (paged), their passages, its related topics. */
export function topicDocument(
  cat: Catalogue,
  topic: TopicValue,
  meta: LibraryMetaValue,
  page: Page,
): DocNode {
  const subtopics = topic.subtopics.slice(page.offset, page.offset + page.limit);
  return {
    topic: [
      {
        id: topic.id,
        name: topic.name,
        path: topicPath(topic.id),
        subtopic: subtopics.map((s, i) => ({
          index: page.offset + i + 1,
          depth: s.d,
          text: cdata(s.h),
          passage: s.r
            .map((osis) => osisPassageNode(cat, osis))
            .filter((p): p is DocNode => p !== null),
        })),
        related: topic.related.map(([id, name], i) => ({
          ...topicLink(id, name),
          link: i < topic.see ? 'see' : 'see-from',
        })),
        copyright: cdata(meta.topics?.copyright ?? ''),
      },
    ],
    summary: pageSummary(page, topic.subtopics.length),
  };
}

/** One topic citing the verses asked for: its lines (sub-topics) that cite them, and which verses. */
export interface CitingTopic {
  id: string;
  name: string;
  lines: { index: number; text: string }[];
  verses: number[];
}

/**
 * The topics whose sub-topics cite `verses` of a version's chapter, in the order of the KJV
 * chapter's index (Nave's alphabetical order), with the verses each cites (that version's numbering).
 */
async function citingTopics(
  snap: SnapshotReader,
  cat: Catalogue,
  bookIndex: number,
  chapter: number,
  verses: number[],
): Promise<CitingTopic[]> {
  const book = cat.books[bookIndex]!;
  const map = versionMapOf(book.version);
  const kjvChapters = kjvChaptersOf(map, book, chapter, verses);
  const values = await Promise.all(kjvChapters.map((k) => loadVerseIndex(snap, k.book, k.chapter)));
  const byId = new Map<string, CitingTopic & { lineSet: Set<number>; verseSet: Set<number> }>();
  kjvChapters.forEach((k, i) => {
    const value: VerseIndexValue | null = values[i]!;
    if (!value) return;
    for (const kv of k.verses) {
      for (const li of value.verses[kv]?.t ?? []) {
        const [ti, si, text] = value.lines[li]!;
        const [id, name] = value.topics[ti]!;
        let t = byId.get(id);
        if (!t)
          byId.set(
            id,
            (t = { id, name, lines: [], verses: [], lineSet: new Set(), verseSet: new Set() }),
          );
        if (!t.lineSet.has(si)) {
          t.lineSet.add(si);
          t.lines.push({ index: si + 1, text });
        }
        for (const v of coveredVerses(map, book, chapter, verses, {
          book: k.book,
          from: versePosition(k.chapter, kv),
          to: versePosition(k.chapter, kv),
        }))
          t.verseSet.add(v);
      }
    }
  });
  return [...byId.values()]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((t) => ({
      id: t.id,
      name: t.name,
      lines: t.lines.sort((a, b) => a.index - b.index),
      verses: [...t.verseSet].sort((a, b) => a - b),
    }));
}

export interface TopicsOfVerses {
  bookIndex: number;
  chapter: number;
  verse?: number;
  topics: CitingTopic[];
  meta: LibraryMetaValue;
}

/** GET /verses/{id}/topics. */
export async function verseTopics(
  snap: SnapshotReader,
  cat: Catalogue,
  id: string,
): Promise<TopicsOfVerses> {
  const { bookIndex, chapter, verse } = verseFromId(cat, id);
  const meta = await libraryMeta(snap);
  return {
    bookIndex,
    chapter,
    verse,
    topics: await citingTopics(snap, cat, bookIndex, chapter, [verse]),
    meta,
  };
}

/** GET /chapters/{id}/topics: the topics citing any verse of the chapter, with the verses each cites. */
export async function chapterTopics(
  snap: SnapshotReader,
  cat: Catalogue,
  id: string,
): Promise<TopicsOfVerses> {
  const { bookIndex, chapter } = chapterFromId(cat, id);
  const meta = await libraryMeta(snap);
  return {
    bookIndex,
    chapter,
    topics: await citingTopics(
      snap,
      cat,
      bookIndex,
      chapter,
      versesIn(cat.books[bookIndex]!, chapter),
    ),
    meta,
  };
}

/** The `topics` root of a verse or a chapter: the resource, the topics citing it, the copyright. */
export function citingTopicsDocument(cat: Catalogue, t: TopicsOfVerses): DocNode {
  const book = cat.books[t.bookIndex]!;
  return {
    ...(t.verse === undefined ? chapterLink(book, t.chapter) : verseLink(book, t.chapter, t.verse)),
    topic: t.topics.map((x) => ({
      ...topicLink(x.id, x.name),
      line: x.lines.map((l) => ({ index: l.index, text: l.text })),
      verses: { verse: x.verses },
    })),
    copyright: cdata(t.meta.topics?.copyright ?? ''),
  };
}
