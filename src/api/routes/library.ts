import { MAX_CROSS_REFERENCE_TEXTS } from '../limits';
import {
  CHAPTER_ANSWER_BYTES,
  KV_READS,
  PAGE_ANSWER_BYTES,
  RESOURCE_ANSWER_BYTES,
} from '../budgets';
import { p, q, chapterId, verseId, PAGE_PARAMS } from './params';
import { unlimited, SNAPSHOT_CHAPTER, renderedPage } from './presets';
import { tagged } from '../operation';

/** `include=text` of the cross-references (src/library/cross-references.ts). */
const CROSS_REFERENCE_INCLUDE = q(
  'include',
  `\`text\`: each target with its verse text as /verses gives it, for the first ${MAX_CROSS_REFERENCE_TEXTS} targets (summary.texts says how many); any other value is a 400`,
  { type: 'string', enum: ['text'] },
);

/** The reference library (src/library, docs/library.md). */
export const LIBRARY_ROUTES = tagged('Library', [
  // The reference library (src/library, docs/library.md).
  {
    method: 'get',
    path: '/commentaries',
    bounds: unlimited('snapshot', RESOURCE_ANSWER_BYTES, KV_READS.catalogue),
    summary:
      'The commentaries of the reference library: name, author, year, language, entries, copyright',
    response: 'CommentaryListDocument',
  },
  {
    method: 'get',
    path: '/chapters/{chapter_id}/commentaries',
    bounds: SNAPSHOT_CHAPTER,
    summary:
      'The entries of every commentary that cover a verse of the chapter (any version, through the versification map), with the passage each covers; a long entry is cut, with the path of its whole',
    params: [chapterId()],
    response: 'CommentariesDocument',
  },
  {
    method: 'get',
    path: '/verses/{verse_id}/commentaries',
    bounds: SNAPSHOT_CHAPTER,
    summary:
      'The entries of every commentary that cover the verse (an entry written for a range covers each verse of it)',
    params: [verseId()],
    response: 'CommentariesDocument',
  },
  {
    method: 'get',
    path: '/commentaries/{commentary_id}/{verse_id}',
    bounds: SNAPSHOT_CHAPTER,
    summary:
      "A commentary entry's whole text, in pages of about 32 KiB, by its commentary and the KJV verse it starts at (the whole path of a cut entry; verse 0: an introduction)",
    params: [
      p('commentary_id', '`MHCC`, `Scofield` or `TDavid`', 'TDavid'),
      p('verse_id', 'The KJV verse the entry starts at', 'KJV:Ps.23.1'),
      q('page', 'Page, from 1 (default 1)', { type: 'integer', minimum: 1 }),
    ],
    response: 'CommentaryEntryDocument',
  },
  {
    method: 'get',
    path: '/topics',
    bounds: unlimited('snapshot', PAGE_ANSWER_BYTES, KV_READS.chapter),
    summary:
      "Search the names of Nave's topics (every word, stemmed and accent-insensitive: loved finds LOVE; the last word, from three letters, also as the start of a word: nicod finds NICODEMUS); without q, every topic in Nave's order (paged)",
    params: [q('q', 'Words of the name'), ...PAGE_PARAMS],
    response: 'TopicListDocument',
  },
  {
    method: 'get',
    path: '/topics/{topic_id}',
    bounds: renderedPage(KV_READS.chapter),
    summary:
      "A topic of Nave's: its sub-topics (paged) with the passages they cite as links, and its related topics",
    params: [
      p('topic_id', 'The topic id, its name in lower case with hyphens', 'love'),
      ...PAGE_PARAMS,
    ],
    response: 'TopicDocument',
  },
  {
    method: 'get',
    path: '/verses/{verse_id}/topics',
    bounds: SNAPSHOT_CHAPTER,
    summary: "The topics of Nave's whose sub-topics cite the verse, with those sub-topics",
    params: [verseId()],
    response: 'CitingTopicsDocument',
  },
  {
    method: 'get',
    path: '/chapters/{chapter_id}/topics',
    bounds: SNAPSHOT_CHAPTER,
    summary:
      "The topics of Nave's that cite verses of the chapter, each with its sub-topics and the verses it cites",
    params: [chapterId()],
    response: 'CitingTopicsDocument',
  },
  {
    method: 'get',
    path: '/verses/{verse_id}/cross-references',
    bounds: unlimited('snapshot', CHAPTER_ANSWER_BYTES, KV_READS.page),
    summary:
      "The cross-references of the verse (the Treasury of Scripture Knowledge), in every version through the versification map: those pointing both ways first, then by how many of the library's units cite the verse and the target together, then canonical order; include=text adds the targets' text",
    params: [verseId(), CROSS_REFERENCE_INCLUDE],
    response: 'CrossReferencesDocument',
  },
  {
    method: 'get',
    path: '/chapters/{chapter_id}/cross-references',
    bounds: renderedPage(KV_READS.page),
    summary:
      "The cross-references of every verse of the chapter (the Treasury of Scripture Knowledge), each list in the verse resource's order; include=text adds the text of the first targets, a rank at a time across the verses",
    params: [chapterId(), CROSS_REFERENCE_INCLUDE],
    response: 'CrossReferencesDocument',
  },
]);

/** A verse's related material, listed after the footnotes in the description. */
export const RELATED_ROUTES = tagged('Library', [
  {
    method: 'get',
    path: '/verses/{verse_id}/related',
    bounds: SNAPSHOT_CHAPTER,
    summary:
      "Cited with: the passages that Nave's topics and the commentaries cite together with the verse, most often first: co-citation, not the cross-references (see /verses/{verse_id}/cross-references)",
    params: [verseId()],
    response: 'RelatedDocument',
  },
]);
