import { LIST_PAGE, PAGE_BYTES, TEXT_LIST_PAGE, type PageBounds } from '../http/paging';
import {
  DEFAULT_LIMIT,
  MAX_CROSS_REFERENCE_TEXTS,
  MAX_LIMIT,
  MAX_NUMBERS,
  MAX_PAGE_VALUES,
  MAX_PUBLIC_NOTES,
  RENDERINGS_LISTED,
  REPORTS_TO_HIDE,
  TAG_LIST_MIN_ACCOUNTS,
  MAX_TOMBSTONES,
  TOMBSTONE_DAYS,
} from './limits';
import type { RateLimitKind } from '../http/rate-limits';
import {
  CHAPTER_ANSWER_BYTES,
  DOWNLOAD_ANSWER_BYTES,
  EXPORT_ANSWER_BYTES,
  IMPORT_BODY_BYTES,
  KV_READS,
  limiterKind,
  NO_BODY,
  PAGE_ANSWER_BYTES,
  REFERENCES_BODY_BYTES,
  RESOURCE_ANSWER_BYTES,
  UNLIMITED,
  WRITE_BODY_BYTES,
  type Bounds,
} from './budgets';
import type { Schema } from './schemas';
import { SITE_FONTS } from './fonts';
import { FEATURES, VALUES, type FeatureName } from '../snapshot/grammar-vocabulary';
import {
  MAX_REFERENCE_NUMBERS,
  MAX_REFERENCE_WORDS,
  MAX_REFERENCE_TEXT_LENGTH,
  MAX_REFERENCE_TEXTS,
  MAX_SEED_LENGTH,
} from './limits';

/**
 * THE table of route facts: every operation the service answers, with who may call
 * it, its formats, the rate limit it counts against and what the OpenAPI document says of it.
 * The request middleware's public paths, the personal guard's paths, CORS's methods and the
 * OpenAPI document (/openapi.json, /docs) are all computed from it (below and in
 * src/openapi/document.ts); test/openapi/document.test.ts checks that the app answers exactly these
 * routes, and test/routes/table.test.ts that each answers as its access says.
 */

export type Method = 'get' | 'post' | 'put' | 'delete';

export interface Param {
  name: string;
  in: 'path' | 'query' | 'header';
  description: string;
  schema?: Schema;
  required?: boolean;
  example?: string;
}

/**
 * Who may call a route: anyone (`public`: the API description and the site's assets, not behind
 * `/v{N}`, no suffix), a caller with a token (`token`: scripture, search, the reading site), or
 * the owner of personal content (`personal`: API version 1 only, verified in D1 on every request,
 * never cached).
 */
export type Access = 'public' | 'token' | 'personal';

/** The groups of operations, in the order the description and /docs list them. */
export const TAGS = [
  'Scripture',
  'Search',
  'Study',
  'Library',
  'Account',
  'Tags',
  'Taggings',
  'Notes',
  'Moderation',
  'Service',
] as const;

export interface Operation {
  method: Method;
  /** Path without the format suffix, in OpenAPI template form: `/verses/{verse_id}`. */
  path: string;
  summary: string;
  tag: (typeof TAGS)[number];
  /** Default `token`. */
  access?: Access;
  /** Formats of a token or personal route (default xml, js and the page); `['html']`: a page only. */
  formats?: ('xml' | 'js' | 'html')[];
  /** Media type of a public route (its path is whole: no suffix). */
  media?: 'json' | 'html' | 'css' | 'javascript' | 'woff2';
  /**
   * What the route may cost (./budgets.ts): the rate limit it counts against or why none, its
   * largest answer and its largest request body. Required, so that no route lands without them;
   * test/routes/bounds.test.ts holds every route to what it declares.
   */
  bounds: Bounds;
  params?: Param[];
  /** components.schemas name of the JSON response; omitted: empty body (delete) or a redirect. */
  response?: string;
  status?: 200 | 201 | 302;
  body?: string;
  errors?: number[];
  /**
   * How the answer may be cached when it is not by the scripture cache's rule (one answer per
   * resource under a snapshot): `seeded`, drawn by chance unless the request gives `seed`, so
   * cached (the scripture cache) only with one and else `no-store`; `own`, the handler answers
   * its own validators (a download's ETag is its SHA-256).
   */
  cache?: 'seeded' | 'own';
  /**
   * A write that takes an `Idempotency-Key` (docs/sync.md): src/app.ts registers the idempotency
   * middleware on it, and its handler records its answer in its own write batch.
   */
  idempotent?: true;
  /**
   * A write that honours `If-Match` on the revision of what it changes (docs/sync.md): a stale one
   * answers 412 with the resource as it is now, in this components.schemas document.
   */
  conditional?: string;
  /**
   * A read of what other accounts write (public notes, the moderation queue): its D1 session
   * starts at the primary, never at a replica that may not have seen a withdrawal yet
   * (src/db/session.ts; docs/public-notes.md "Caching and freshness").
   */
  readsOthers?: true;
}

const p = (name: string, description: string, example?: string): Param => ({
  name,
  in: 'path',
  description,
  required: true,
  example,
});
const q = (name: string, description: string, schema: Schema = { type: 'string' }): Param => ({
  name,
  in: 'query',
  description,
  schema,
});

/**
 * Section headings before the verses' text (src/catalogue/headings.ts), off by default so that
 * the text is the verses' alone.
 */
const INCLUDE_HEADINGS = q(
  'include_headings',
  '`true`: each verse\'s section headings (a USFM source\'s `\\s#`), as `<h3 class="heading">`, before its text; default `false`',
  { type: 'string', enum: ['true', 'false'] },
);

/** What each grammatical filter of /verses reads (docs/study.md "Grammar search"). */
const GRAMMAR_FEATURE: Record<FeatureName, string> = {
  pos: 'Part of speech',
  tense: 'Greek tense (second tenses are their tense)',
  voice: 'Greek voice (deponents are filed under the voice of their form)',
  mood: 'Greek mood (participles and infinitives too)',
  person: 'Person',
  number: 'Number',
  gender: 'Gender (`common`: also a Hebrew noun of either gender)',
  case: 'Greek case',
  stem: 'Hebrew or Aramaic verb stem (binyan)',
  form: 'Hebrew or Aramaic verb form (`infinitive`: either infinitive; the KJV says no more, nor tells a wayyiqtol from an imperfect)',
};

/**
 * Grammar search's filters: any of them makes /verses a grammar search, the verses where one word
 * (an OSHB morpheme) has every feature given, with `strongs` or `lemma` on that same word; a
 * value the text searched cannot say is a 400 that names it.
 */
const GRAMMAR_PARAMS: Param[] = FEATURES.map((f) =>
  q(f, `${GRAMMAR_FEATURE[f]}: grammar search`, { type: 'string', enum: [...VALUES[f]] }),
);

/** Paging of a list within `bounds` (src/http/paging.ts); `bytes`: its pages also end at PAGE_BYTES. */
function pageParams(bounds: PageBounds, bytes: boolean): Param[] {
  const cut = bytes
    ? `; a page also ends before its items pass ${PAGE_BYTES / 1024} KiB rendered, and \`summary.rpp\` then gives how many it holds`
    : '';
  return [
    q(
      'offset',
      `Items to skip (default 0). The response's \`summary\` gives \`start\` (offset + 1), \`total\` and \`rpp\`; the next page is offset = start - 1 + rpp while that is below total`,
      { type: 'integer', minimum: 0 },
    ),
    q(
      'limit',
      `Items per page: default ${bounds.fallback}, larger values are clamped to ${bounds.max}${cut}`,
      { type: 'integer', minimum: 1 },
    ),
  ];
}

/** The lists of names and references (topics, tags, a tag's references). */
const PAGE_PARAMS = pageParams(LIST_PAGE, false);
/** The taggings: their pages end at PAGE_BYTES too. */
const TAGGING_PAGE_PARAMS = pageParams(LIST_PAGE, true);
/** The lists that carry a reader's text: notes, a chapter's annotations. */
const TEXT_PAGE_PARAMS = pageParams(TEXT_LIST_PAGE, true);

/** `include=text` of the cross-references (src/library/cross-references.ts). */
const CROSS_REFERENCE_INCLUDE = q(
  'include',
  `\`text\`: each target with its verse text as /verses gives it, for the first ${MAX_CROSS_REFERENCE_TEXTS} targets (summary.texts says how many); any other value is a 400`,
  { type: 'string', enum: ['text'] },
);

const TAG_NAME = p(
  'tag_name',
  'Tag name, form-encoded as the official client sends it: `+` or `%20` is a space, `%2B` a plus sign',
  'good+news',
);

/** What `public` does on a note write (docs/public-notes.md "Publishing"). */
const PUBLISHING = `public 1 publishes it beside the text for every reader (at most ${MAX_PUBLIC_NOTES} public notes an account; each such write counts against the publishing limit; with the review switch PUBLIC_NOTE_REVIEW_DAYS on, a new account's go to the moderators' queue first)`;

/**
 * When a large page counts against the passage limit: each rendering (Ps 119's cross-references
 * with text are 509 KB, 50 ms of CPU as a page), never a request its kept answer serves.
 */
const RENDERED_AFRESH = 'rendered afresh: a request a kept answer serves does not count';

/** The bounds of a large page whose renderings count against the passage limit (RENDERED_AFRESH). */
const renderedPage = (kvReads: number): Bounds => ({
  limiter: 'passage',
  limiterWhen: RENDERED_AFRESH,
  answerBytes: PAGE_ANSWER_BYTES,
  bodyBytes: NO_BODY,
  kvReads,
});

export const ROUTES: Operation[] = [
  {
    method: 'get',
    path: '/status',
    bounds: {
      limiter: UNLIMITED.snapshot,
      answerBytes: RESOURCE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.none,
    },
    tag: 'Service',
    summary: 'Health check: the snapshot and API version that answer',
    response: 'StatusDocument',
  },
  {
    method: 'get',
    path: '/versions',
    bounds: {
      limiter: UNLIMITED.snapshot,
      answerBytes: CHAPTER_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.catalogue,
    },
    tag: 'Scripture',
    summary: 'List versions',
    params: [q('language', 'ISO 639-3 code(s), comma-separated, e.g. `eng`')],
    response: 'VersionsDocument',
  },
  {
    method: 'get',
    path: '/versions/{version_id}',
    bounds: {
      limiter: UNLIMITED.snapshot,
      answerBytes: CHAPTER_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.catalogue,
    },
    tag: 'Scripture',
    summary: 'Show a version',
    params: [p('version_id', 'Version code', 'KJV')],
    response: 'VersionsDocument',
  },
  {
    method: 'get',
    path: '/versions/{version_id}/books',
    bounds: {
      limiter: UNLIMITED.snapshot,
      answerBytes: CHAPTER_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.catalogue,
    },
    tag: 'Scripture',
    summary: "List a version's books",
    params: [
      p('version_id', 'Version code', 'KJV'),
      q('testament', '`OT`, `NT` or `DEUT` (comma list allowed)'),
    ],
    response: 'BooksDocument',
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/versions/{version_id}/download',
    bounds: {
      limiter: 'download',
      limiterWhen: 'a download sent: not a 304, not a HEAD',
      answerBytes: DOWNLOAD_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.download,
    },
    tag: 'Scripture',
    summary: `The whole version in one document, streamed: every book the snapshot holds, its chapters and verses with their text as /verses gives it (Psalm titles inside it) and the translators' notes where the version has them; rendered from the snapshot by the code the build hashed it with, so its bytes are fixed and its ETag is their SHA-256 (If-None-Match: 304, not counted). Its sizes are on the version's checksums`,
    formats: ['xml', 'js'],
    cache: 'own',
    params: [p('version_id', 'Version code', 'KJV')],
    response: 'DownloadDocument',
    errors: [404, 429],
  },
  {
    method: 'get',
    path: '/versions/{version_id}/checksums',
    bounds: {
      limiter: UNLIMITED.snapshot,
      answerBytes: RESOURCE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.catalogue,
    },
    tag: 'Scripture',
    summary:
      "The SHA-256 and size in bytes of the version's download in each format, and of each book's element in it (XML: its book element; JSON: its object in the book array), computed at build time",
    formats: ['xml', 'js'],
    params: [p('version_id', 'Version code', 'KJV')],
    response: 'ChecksumsDocument',
    errors: [404],
  },
  {
    method: 'get',
    path: '/bookgroups',
    bounds: {
      limiter: UNLIMITED.snapshot,
      answerBytes: CHAPTER_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.catalogue,
    },
    tag: 'Scripture',
    summary: 'List the nine book groups',
    response: 'BookGroupsDocument',
  },
  {
    method: 'get',
    path: '/bookgroups/{bookgroup_id}',
    bounds: {
      limiter: UNLIMITED.snapshot,
      answerBytes: CHAPTER_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.catalogue,
    },
    tag: 'Scripture',
    summary: 'Show a book group',
    params: [p('bookgroup_id', 'Integer id', '6')],
    response: 'BookGroupsDocument',
  },
  {
    method: 'get',
    path: '/bookgroups/{bookgroup_id}/books',
    bounds: {
      limiter: UNLIMITED.snapshot,
      answerBytes: CHAPTER_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.catalogue,
    },
    tag: 'Scripture',
    summary: "A group's books across versions",
    params: [p('bookgroup_id', 'Integer id', '6')],
    response: 'BooksDocument',
  },
  {
    method: 'get',
    path: '/books/{book_id}',
    bounds: {
      limiter: UNLIMITED.snapshot,
      answerBytes: CHAPTER_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.catalogue,
    },
    tag: 'Scripture',
    summary: 'Show a book',
    params: [p('book_id', '`VERSION:Book` (OSIS)', 'KJV:John')],
    response: 'BooksDocument',
  },
  {
    method: 'get',
    path: '/books/{book_id}/chapters',
    bounds: {
      limiter: UNLIMITED.snapshot,
      answerBytes: CHAPTER_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.catalogue,
    },
    tag: 'Scripture',
    summary: "List a book's chapters (no text)",
    params: [p('book_id', '`VERSION:Book`', 'KJV:John')],
    response: 'ChaptersDocument',
  },
  {
    method: 'get',
    path: '/chapters/{chapter_id}',
    bounds: {
      limiter: UNLIMITED.snapshot,
      answerBytes: CHAPTER_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.chapter,
    },
    tag: 'Scripture',
    summary: 'Show a chapter with its text',
    params: [
      p('chapter_id', '`VERSION:Book.N`', 'KJV:John.3'),
      INCLUDE_HEADINGS,
      q(
        'parallel',
        'The page only: another version whose same chapter is shown beside, e.g. `ASV`',
      ),
    ],
    response: 'ChaptersDocument',
  },
  {
    method: 'get',
    path: '/chapters/{chapter_id}/verses',
    bounds: {
      limiter: 'passage',
      limiterWhen: 'a range over more than one chapter',
      answerBytes: PAGE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.page,
    },
    tag: 'Scripture',
    summary: "List a chapter's verses (optionally a range, optionally over several chapters)",
    params: [
      p('chapter_id', '`VERSION:Book.N`', 'KJV:John.3'),
      q('start', 'First verse number', { type: 'integer', minimum: 1 }),
      q('end', 'Last verse number (of `end_chapter` when given)', { type: 'integer', minimum: 1 }),
      q('end_chapter', 'Last chapter of a range over several chapters', {
        type: 'integer',
        minimum: 1,
      }),
      INCLUDE_HEADINGS,
    ],
    response: 'VersesDocument',
    errors: [400, 404, 429],
  },
  {
    method: 'get',
    path: '/verses/random',
    bounds: {
      limiter: UNLIMITED.snapshot,
      answerBytes: RESOURCE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.chapter,
    },
    tag: 'Scripture',
    summary:
      'A random verse, never an empty slot: the same document as /verses/{verse_id} for the verse drawn; with seed the same verse for the same seed and filters under one snapshot (a date: a verse of the day), and cacheable; without, a fresh draw each time, never cached',
    formats: ['xml', 'js'],
    cache: 'seeded',
    params: [
      q('seed', `Any text of 1 to ${MAX_SEED_LENGTH} characters, e.g. a date: \`2026-11-27\``),
      q('version', 'Version codes, comma-separated'),
      q('language', 'Languages (ISO 639-3), comma-separated'),
      q('testament', '`OT`, `NT`, `DEUT`, comma-separated'),
      q('book', 'OSIS book codes, comma-separated'),
    ],
    response: 'VersesDocument',
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/verses/{verse_id}',
    bounds: {
      limiter: UNLIMITED.snapshot,
      answerBytes: PAGE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.chapter,
    },
    tag: 'Scripture',
    summary: 'Show a verse',
    params: [p('verse_id', '`VERSION:Book.N.M`', 'KJV:John.3.16'), INCLUDE_HEADINGS],
    response: 'VersesDocument',
  },
  {
    method: 'get',
    path: '/verses/{verse_id}/words',
    bounds: {
      limiter: UNLIMITED.snapshot,
      answerBytes: CHAPTER_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.chapter,
    },
    tag: 'Study',
    summary:
      "A verse's words with their Strong's numbers, lemmas and morphology (tagged versions: KJV, WLC, TR, SBLGNT)",
    params: [p('verse_id', '`VERSION:Book.N.M`', 'KJV:John.3.16')],
    response: 'WordsDocument',
  },
  {
    method: 'get',
    path: '/verses/{verse_id}/greek-differences',
    bounds: {
      limiter: UNLIMITED.snapshot,
      answerBytes: CHAPTER_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.chapter,
    },
    tag: 'Study',
    summary:
      'Where the Textus Receptus (TR) and the SBL Greek New Testament (SBLGNT) differ, word by word: added, omitted or changed, in a verse or a chapter of either',
    params: [
      p(
        'verse_id',
        '`TR:Book.N.M` or `SBLGNT:Book.N.M`, or a chapter `TR:Book.N`',
        'SBLGNT:3John.1.15',
      ),
    ],
    response: 'GreekDifferencesDocument',
  },
  {
    method: 'get',
    path: '/chapters/{chapter_id}/words',
    // Ps 119's words in XML, each with its decoded parsing: 584 KiB (the bench's largest).
    bounds: renderedPage(KV_READS.chapter),
    tag: 'Study',
    summary: "A chapter's verses with their words, Strong's numbers, lemmas and morphology",
    params: [p('chapter_id', '`VERSION:Book.N`', 'KJV:John.3')],
    response: 'WordsDocument',
  },
  {
    method: 'get',
    path: '/strongs/{number}',
    bounds: {
      limiter: UNLIMITED.snapshot,
      answerBytes: CHAPTER_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.page,
    },
    tag: 'Study',
    summary:
      "A Strong's lexicon entry with the fuller lexicon linked to it (BDB, Abbott-Smith) and where it occurs",
    params: [
      p(
        'number',
        '`H` and a number for Hebrew and Aramaic, `G` for Greek; zero padding and lower case are accepted (`G0025`, `g25`)',
        'G25',
      ),
    ],
    response: 'StrongsDocument',
  },
  // The reference library (src/library, docs/library.md).
  {
    method: 'get',
    path: '/commentaries',
    bounds: {
      limiter: UNLIMITED.snapshot,
      answerBytes: RESOURCE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.catalogue,
    },
    tag: 'Library',
    summary:
      'The commentaries of the reference library: name, author, year, language, entries, copyright',
    response: 'CommentaryListDocument',
  },
  {
    method: 'get',
    path: '/chapters/{chapter_id}/commentaries',
    bounds: {
      limiter: UNLIMITED.snapshot,
      answerBytes: CHAPTER_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.chapter,
    },
    tag: 'Library',
    summary:
      'The entries of every commentary that cover a verse of the chapter (any version, through the versification map), with the passage each covers; a long entry is cut, with the path of its whole',
    params: [p('chapter_id', '`VERSION:Book.N`', 'KJV:John.3')],
    response: 'CommentariesDocument',
  },
  {
    method: 'get',
    path: '/verses/{verse_id}/commentaries',
    bounds: {
      limiter: UNLIMITED.snapshot,
      answerBytes: CHAPTER_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.chapter,
    },
    tag: 'Library',
    summary:
      'The entries of every commentary that cover the verse (an entry written for a range covers each verse of it)',
    params: [p('verse_id', '`VERSION:Book.N.M`', 'KJV:John.3.16')],
    response: 'CommentariesDocument',
  },
  {
    method: 'get',
    path: '/commentaries/{commentary_id}/{verse_id}',
    bounds: {
      limiter: UNLIMITED.snapshot,
      answerBytes: CHAPTER_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.chapter,
    },
    tag: 'Library',
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
    bounds: {
      limiter: UNLIMITED.snapshot,
      answerBytes: PAGE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.chapter,
    },
    tag: 'Library',
    summary:
      "Search the names of Nave's topics (every word, stemmed and accent-insensitive: loved finds LOVE; the last word, from three letters, also as the start of a word: nicod finds NICODEMUS); without q, every topic in Nave's order (paged)",
    params: [q('q', 'Words of the name'), ...PAGE_PARAMS],
    response: 'TopicListDocument',
  },
  {
    method: 'get',
    path: '/topics/{topic_id}',
    bounds: renderedPage(KV_READS.chapter),
    tag: 'Library',
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
    bounds: {
      limiter: UNLIMITED.snapshot,
      answerBytes: CHAPTER_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.chapter,
    },
    tag: 'Library',
    summary: "The topics of Nave's whose sub-topics cite the verse, with those sub-topics",
    params: [p('verse_id', '`VERSION:Book.N.M`', 'KJV:John.3.16')],
    response: 'CitingTopicsDocument',
  },
  {
    method: 'get',
    path: '/chapters/{chapter_id}/topics',
    bounds: {
      limiter: UNLIMITED.snapshot,
      answerBytes: CHAPTER_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.chapter,
    },
    tag: 'Library',
    summary:
      "The topics of Nave's that cite verses of the chapter, each with its sub-topics and the verses it cites",
    params: [p('chapter_id', '`VERSION:Book.N`', 'KJV:John.3')],
    response: 'CitingTopicsDocument',
  },
  {
    method: 'get',
    path: '/verses/{verse_id}/cross-references',
    bounds: {
      limiter: UNLIMITED.snapshot,
      answerBytes: CHAPTER_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.page,
    },
    tag: 'Library',
    summary:
      "The cross-references of the verse (the Treasury of Scripture Knowledge), in every version through the versification map: those pointing both ways first, then by how many of the library's units cite the verse and the target together, then canonical order; include=text adds the targets' text",
    params: [p('verse_id', '`VERSION:Book.N.M`', 'KJV:John.3.16'), CROSS_REFERENCE_INCLUDE],
    response: 'CrossReferencesDocument',
  },
  {
    method: 'get',
    path: '/chapters/{chapter_id}/cross-references',
    bounds: renderedPage(KV_READS.page),
    tag: 'Library',
    summary:
      "The cross-references of every verse of the chapter (the Treasury of Scripture Knowledge), each list in the verse resource's order; include=text adds the text of the first targets, a rank at a time across the verses",
    params: [p('chapter_id', '`VERSION:Book.N`', 'KJV:John.3'), CROSS_REFERENCE_INCLUDE],
    response: 'CrossReferencesDocument',
  },
  {
    method: 'get',
    path: '/verses/{verse_id}/footnotes',
    bounds: {
      limiter: UNLIMITED.snapshot,
      answerBytes: CHAPTER_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.chapter,
    },
    tag: 'Scripture',
    summary:
      "The translators' notes on the verse (the KJV's margin, the WEB's footnotes): each at its place in the verse's plain text, with the words it follows and its kind where the source says; a slot the version leaves empty answers with the notes that say why; a version without notes is a 404",
    params: [p('verse_id', '`VERSION:Book.N.M`', 'KJV:Gen.1.11')],
    response: 'FootnotesDocument',
  },
  {
    method: 'get',
    path: '/chapters/{chapter_id}/footnotes',
    bounds: {
      limiter: UNLIMITED.snapshot,
      answerBytes: CHAPTER_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.chapter,
    },
    tag: 'Scripture',
    summary:
      "The translators' notes on every verse of the chapter, from one read; a chapter without notes is an empty list",
    params: [p('chapter_id', '`VERSION:Book.N`', 'WEB:Gen.1')],
    response: 'FootnotesDocument',
  },
  {
    method: 'get',
    path: '/verses/{verse_id}/related',
    bounds: {
      limiter: UNLIMITED.snapshot,
      answerBytes: CHAPTER_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.chapter,
    },
    tag: 'Library',
    summary:
      "Cited with: the passages that Nave's topics and the commentaries cite together with the verse, most often first: co-citation, not the cross-references (see /verses/{verse_id}/cross-references)",
    params: [p('verse_id', '`VERSION:Book.N.M`', 'KJV:John.3.16')],
    response: 'RelatedDocument',
  },
  {
    method: 'get',
    path: '/verses',
    bounds: {
      limiter: 'search',
      answerBytes: PAGE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.search,
    },
    tag: 'Search',
    summary:
      "Keyword search, the concordance of Strong's numbers or of a lemma, or grammar search (pos, tense, stem, form, …: the verses where one word has every feature asked for)",
    params: [
      q(
        'keyword',
        'Words; a quoted phrase must match in order (this, `strongs` or `lemma` is required)',
      ),
      q(
        'strongs',
        `A Strong's number (\`H157\`, \`G25\`), or up to ${MAX_NUMBERS} of one language comma-separated: the concordance, every verse where one occurs in the tagged versions, in canonical order, the words that render it in \`<em>\`; \`keyword\`'s options other than the filters and paging do not apply`,
      ),
      q(
        'lemma',
        "A Hebrew or Greek dictionary form, with or without points and accents (`אָהַב`, `ἀγαπάω`, `αγαπαω`): the concordance of the Strong's numbers whose lexicon headword it is (homographs together), so every inflected form is found; none heads it: no verses",
      ),
      ...GRAMMAR_PARAMS,
      q('precision', '`all` (default) or `any`', { enum: ['all', 'any'] }),
      q('exclude', 'Words that must not appear'),
      q('spelling', '`yes`: suggest words when nothing matches', { enum: ['yes', 'no'] }),
      q('version', 'Version codes, comma-separated'),
      q('language', 'Languages (ISO 639-3), comma-separated'),
      q('testament', '`OT`, `NT`, `DEUT`, comma-separated'),
      q('book', 'OSIS book codes, comma-separated'),
      q('sort_order', '`relevance` (default) or `canonical`', { enum: ['relevance', 'canonical'] }),
      q('offset', 'Results to skip', { type: 'integer', minimum: 0 }),
      q(
        'limit',
        `Results per page: default ${DEFAULT_LIMIT}, larger values are clamped to ${MAX_LIMIT} (each result carries its verse's text; \`summary.rpp\` shows the value used); a page whose verses are far apart also ends before it reads more than ${MAX_PAGE_VALUES} values of text (a chapter each for keyword search, a block of four verses' text and words for the concordance and grammar search), and \`summary.rpp\` then gives how many it holds`,
        { type: 'integer', minimum: 1 },
      ),
      q(
        'renderings',
        `The concordance's \`summary.rendering\`: \`top\` (default) lists each version's ${RENDERINGS_LISTED} most frequent renderings, \`all\` every one`,
        { enum: ['top', 'all'] },
      ),
    ],
    response: 'VerseSearchDocument',
    errors: [400, 404, 429],
  },
  {
    method: 'post',
    path: '/references',
    bounds: {
      limiter: 'references',
      answerBytes: CHAPTER_ANSWER_BYTES,
      bodyBytes: REFERENCES_BODY_BYTES,
      kvReads: KV_READS.none,
    },
    tag: 'Search',
    summary: `Find the references in short texts, as the passages parser reads them, with where each stands (the tagger's, docs/tagger.md): at most ${MAX_REFERENCE_TEXTS} texts of ${MAX_REFERENCE_TEXT_LENGTH} characters each, holding at most ${MAX_REFERENCE_NUMBERS} numbers and ${MAX_REFERENCE_WORDS} words together (413 beyond), each read apart; a body of another shape is a 400; nothing is stored`,
    formats: ['xml', 'js'],
    params: [q('language', '`eng` (the default) or `spa`: the language the texts are read in')],
    body: 'ReferencesBody',
    response: 'ReferencesDocument',
    errors: [400, 413, 415],
  },
  {
    method: 'get',
    path: '/passages',
    bounds: {
      limiter: 'passage',
      limiterWhen: 'more verses than the longest chapter (176)',
      answerBytes: PAGE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.page,
    },
    tag: 'Search',
    summary: 'Look passages up by reference',
    params: [
      {
        ...q('q[]', 'A reference such as `John 3:16-18` (repeatable; `q[0]`, `q` also work)'),
        required: true,
      },
      q('version', 'Version codes, comma-separated, or `ALL`'),
      INCLUDE_HEADINGS,
    ],
    response: 'PassagesDocument',
    errors: [400, 404, 429],
  },
  {
    method: 'get',
    path: '/{versions}/passages',
    bounds: {
      limiter: 'passage',
      limiterWhen: 'more verses than the longest chapter (176)',
      answerBytes: PAGE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.page,
    },
    tag: 'Search',
    summary: 'Look passages up in the versions named in the path',
    params: [
      p('versions', 'Version codes, comma-separated, or `ALL`', 'KJV,ASV'),
      { ...q('q[]', 'A reference'), required: true },
      INCLUDE_HEADINGS,
    ],
    response: 'PassagesDocument',
    errors: [400, 404, 429],
  },
  {
    method: 'get',
    path: '/search',
    bounds: {
      limiter: UNLIMITED.redirect,
      answerBytes: RESOURCE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.catalogue,
    },
    tag: 'Search',
    summary:
      "Automatic search: 302 to the passage lookup for a reference, to the lexicon entry for a Strong's number such as G25, to the keyword search otherwise",
    params: [
      { ...q('query', "A reference, a Strong's number or words"), required: true },
      q('version', 'Version codes, comma-separated'),
    ],
    status: 302,
    errors: [400],
  },
  {
    method: 'get',
    path: '/user',
    bounds: {
      limiter: UNLIMITED.own,
      answerBytes: RESOURCE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.none,
    },
    tag: 'Account',
    summary: "The caller's account",
    response: 'UsersDocument',
    access: 'personal',
  },
  {
    method: 'put',
    path: '/user',
    bounds: {
      limiter: 'write',
      alsoCounts: { email: 'when it sends an email' },
      answerBytes: RESOURCE_ANSWER_BYTES,
      bodyBytes: WRITE_BODY_BYTES,
      kvReads: KV_READS.none,
    },
    tag: 'Account',
    summary: 'Update the account (a new password rotates the token)',
    body: 'UserBody',
    response: 'UsersDocument',
    access: 'personal',
  },
  {
    method: 'get',
    path: '/user/export',
    bounds: {
      limiter: 'transfer',
      answerBytes: EXPORT_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.none,
    },
    tag: 'Account',
    summary: "Export the caller's tags, taggings and notes as one document",
    response: 'ExportDocument',
    access: 'personal',
  },
  {
    method: 'get',
    path: '/user/changes',
    bounds: {
      limiter: 'sync',
      answerBytes: PAGE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.none,
    },
    tag: 'Account',
    summary: `The caller's notes, taggings and tags created, edited or deleted since a cursor, in commit order, each with its revision and the item as it is now (a deletion as a tombstone), a cursor for the next request and whether more remain. Without since, every item the caller has and the deletions kept; a cursor older than the deletions kept (${TOMBSTONE_DAYS} days, at most ${MAX_TOMBSTONES.toLocaleString('en')}) is a 410: sync again from the start`,
    params: [
      q('since', 'The `cursor` of the previous page, unchanged; omit it for a first sync'),
      q(
        'limit',
        `Changes per page, default ${TEXT_LIST_PAGE.fallback}, at most ${TEXT_LIST_PAGE.max} (fewer when they would pass ${PAGE_BYTES / 1024} KiB)`,
        { type: 'integer', minimum: 1 },
      ),
    ],
    response: 'ChangesDocument',
    errors: [410],
    access: 'personal',
  },
  {
    method: 'post',
    path: '/user/import',
    bounds: {
      limiter: 'write',
      alsoCounts: {
        transfer:
          'once before its body is read, then once for each further started 256 KiB of it (at most 6 in all)',
      },
      answerBytes: RESOURCE_ANSWER_BYTES,
      bodyBytes: IMPORT_BODY_BYTES,
      kvReads: KV_READS.catalogue,
    },
    tag: 'Account',
    summary:
      'Import an export document (any account, either format): validated whole, written atomically, items already there by content skipped (also when identical imports arrive at once); the export of any account within its quotas is accepted again. The costliest request there is, set apart from the 30 ms of CPU of every other: its CPU grows with what it holds (an account at every quota, 1.3 MB, 1.1–1.5 s), so it counts against the transfer limit by its size',
    body: 'ImportBody',
    response: 'ImportDocument',
    access: 'personal',
    idempotent: true,
  },
  {
    method: 'get',
    path: '/tags',
    bounds: {
      limiter: UNLIMITED.others,
      answerBytes: PAGE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.catalogue,
    },
    tag: 'Tags',
    summary: `The site-wide tag list: names in use by at least ${TAG_LIST_MIN_ACCOUNTS} accounts and the caller's own, most shared first, then by name (paged)`,
    params: PAGE_PARAMS,
    response: 'TagListDocument',
    access: 'personal',
  },
  {
    method: 'get',
    path: '/user/tags',
    bounds: {
      limiter: UNLIMITED.own,
      answerBytes: PAGE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.catalogue,
    },
    tag: 'Tags',
    summary: "The caller's tags, by name (paged)",
    params: PAGE_PARAMS,
    response: 'TagListDocument',
    access: 'personal',
  },

  {
    method: 'get',
    path: '/tags/{tag}',
    bounds: {
      limiter: UNLIMITED.others,
      answerBytes: PAGE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.catalogue,
    },
    tag: 'Tags',
    summary:
      "A tag (by id or name) with the caller's references (paged by reference); a name another account alone uses is a 404, as an unknown tag",
    params: [p('tag', 'Integer id, or a form-encoded name', 'faith'), ...PAGE_PARAMS],
    response: 'TagListDocument',
    access: 'personal',
  },
  {
    method: 'delete',
    path: '/tags/{tag}',
    bounds: {
      limiter: 'write',
      answerBytes: RESOURCE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.none,
    },
    tag: 'Tags',
    summary: "Remove the caller's taggings of a tag",
    params: [p('tag', 'Integer id, or a form-encoded name', 'faith')],
    access: 'personal',
    idempotent: true,
    conditional: 'TagListDocument',
  },
  {
    method: 'get',
    path: '/user/taggings',
    bounds: {
      limiter: UNLIMITED.own,
      answerBytes: PAGE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.catalogue,
    },
    tag: 'Taggings',
    summary: "The caller's taggings (paged)",
    params: TAGGING_PAGE_PARAMS,
    response: 'TaggingListDocument',
    access: 'personal',
  },
  {
    method: 'post',
    path: '/user/taggings',
    bounds: {
      limiter: 'write',
      answerBytes: RESOURCE_ANSWER_BYTES,
      bodyBytes: WRITE_BODY_BYTES,
      kvReads: KV_READS.catalogue,
    },
    tag: 'Taggings',
    summary:
      'Create a tagging (201); a tagging identical to one the caller has (same tag, same set of references) is not stored again: 200 with that tagging',
    body: 'TaggingBody',
    response: 'TaggingsDocument',
    status: 201,
    access: 'personal',
    idempotent: true,
  },
  {
    method: 'get',
    path: '/user/taggings/{tag_name}',
    bounds: {
      limiter: UNLIMITED.own,
      answerBytes: PAGE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.catalogue,
    },
    tag: 'Taggings',
    summary: "The caller's taggings of a tag name (paged)",
    params: [TAG_NAME, ...TAGGING_PAGE_PARAMS],
    response: 'TaggingListDocument',
    access: 'personal',
  },
  {
    method: 'delete',
    path: '/user/taggings/{tag_name}',
    bounds: {
      limiter: 'write',
      answerBytes: RESOURCE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.none,
    },
    tag: 'Taggings',
    summary: "Delete the caller's taggings of a tag name",
    params: [TAG_NAME],
    access: 'personal',
    idempotent: true,
    conditional: 'TagListDocument',
  },
  {
    method: 'get',
    path: '/taggings/{tagging_id}',
    bounds: {
      limiter: UNLIMITED.own,
      answerBytes: RESOURCE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.catalogue,
    },
    tag: 'Taggings',
    summary: 'Show a tagging',
    params: [p('tagging_id', 'Integer id', '7')],
    response: 'TaggingsDocument',
    access: 'personal',
  },
  {
    method: 'put',
    path: '/taggings/{tagging_id}',
    bounds: {
      limiter: 'write',
      answerBytes: RESOURCE_ANSWER_BYTES,
      bodyBytes: WRITE_BODY_BYTES,
      kvReads: KV_READS.catalogue,
    },
    tag: 'Taggings',
    summary: 'Update a tagging',
    params: [p('tagging_id', 'Integer id', '7')],
    body: 'TaggingBody',
    response: 'TaggingsDocument',
    access: 'personal',
    idempotent: true,
    conditional: 'TaggingsDocument',
  },
  {
    method: 'delete',
    path: '/taggings/{tagging_id}',
    bounds: {
      limiter: 'write',
      answerBytes: RESOURCE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.none,
    },
    tag: 'Taggings',
    summary: 'Delete a tagging',
    params: [p('tagging_id', 'Integer id', '7')],
    access: 'personal',
    idempotent: true,
    conditional: 'TaggingsDocument',
  },
  {
    method: 'get',
    path: '/chapters/{chapter_id}/annotations',
    bounds: {
      limiter: UNLIMITED.own,
      answerBytes: PAGE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.catalogue,
    },
    tag: 'Notes',
    summary:
      "The caller's notes and taggings on a chapter, written on any version, by first verse covered (paged)",
    params: [p('chapter_id', '`VERSION:Book.N`', 'ASV:Gen.1'), ...TEXT_PAGE_PARAMS],
    response: 'ChapterAnnotationsDocument',
    access: 'personal',
  },
  {
    method: 'get',
    path: '/user/notes',
    bounds: {
      limiter: UNLIMITED.own,
      answerBytes: PAGE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.catalogue,
    },
    tag: 'Notes',
    summary: "The caller's notes (paged)",
    params: TEXT_PAGE_PARAMS,
    response: 'NoteListDocument',
    access: 'personal',
  },
  {
    method: 'post',
    path: '/user/notes',
    bounds: {
      limiter: 'write',
      alsoCounts: { publish: 'when it sends public 1' },
      answerBytes: RESOURCE_ANSWER_BYTES,
      bodyBytes: WRITE_BODY_BYTES,
      kvReads: KV_READS.catalogue,
    },
    tag: 'Notes',
    summary: `Create a note (as the official client posts it); ${PUBLISHING}`,
    body: 'NoteBody',
    response: 'NotesDocument',
    status: 201,
    access: 'personal',
    idempotent: true,
  },
  {
    method: 'post',
    path: '/notes',
    bounds: {
      limiter: 'write',
      alsoCounts: { publish: 'when it sends public 1' },
      answerBytes: RESOURCE_ANSWER_BYTES,
      bodyBytes: WRITE_BODY_BYTES,
      kvReads: KV_READS.catalogue,
    },
    tag: 'Notes',
    summary: `Create a note; ${PUBLISHING}`,
    body: 'NoteBody',
    response: 'NotesDocument',
    status: 201,
    access: 'personal',
    idempotent: true,
  },
  {
    method: 'get',
    path: '/notes/{note_id}',
    bounds: {
      limiter: UNLIMITED.own,
      answerBytes: RESOURCE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.catalogue,
    },
    tag: 'Notes',
    summary: 'Show a note',
    params: [p('note_id', 'Integer id', '3')],
    response: 'NotesDocument',
    access: 'personal',
  },
  {
    method: 'put',
    path: '/notes/{note_id}',
    bounds: {
      limiter: 'write',
      alsoCounts: { publish: 'when it sends public 1' },
      answerBytes: RESOURCE_ANSWER_BYTES,
      bodyBytes: WRITE_BODY_BYTES,
      kvReads: KV_READS.catalogue,
    },
    tag: 'Notes',
    summary: `Update a note; ${PUBLISHING}, public 0 withdraws it at once`,
    params: [p('note_id', 'Integer id', '3')],
    body: 'NoteBody',
    response: 'NotesDocument',
    access: 'personal',
    idempotent: true,
    conditional: 'NotesDocument',
  },
  {
    method: 'delete',
    path: '/notes/{note_id}',
    bounds: {
      limiter: 'write',
      answerBytes: RESOURCE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.none,
    },
    tag: 'Notes',
    summary: 'Delete a note',
    params: [p('note_id', 'Integer id', '3')],
    access: 'personal',
    idempotent: true,
    conditional: 'NotesDocument',
  },
  {
    method: 'get',
    path: '/chapters/{chapter_id}/public-notes',
    bounds: {
      limiter: UNLIMITED.others,
      answerBytes: PAGE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.catalogue,
    },
    tag: 'Notes',
    summary:
      'Notes readers published on a chapter, written on any version (a note on KJV John 1:10 is read on RV1909 John 1:10), newest publication first (paged); each author only by display name or the anonymous label. Read fresh from D1 (private, no-store): a withdrawn note is gone from the next answer',
    params: [p('chapter_id', '`VERSION:Book.N`', 'KJV:John.1'), ...TEXT_PAGE_PARAMS],
    response: 'PublicNotesDocument',
    access: 'personal',
    readsOthers: true,
  },
  {
    method: 'get',
    path: '/verses/{verse_id}/public-notes',
    bounds: {
      limiter: UNLIMITED.others,
      answerBytes: PAGE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.catalogue,
    },
    tag: 'Notes',
    summary:
      'Notes readers published on a verse, written on any version, newest publication first (paged), as the chapter list gives them',
    params: [p('verse_id', '`VERSION:Book.N.M`', 'KJV:John.1.10'), ...TEXT_PAGE_PARAMS],
    response: 'PublicNotesDocument',
    access: 'personal',
    readsOthers: true,
  },
  {
    method: 'post',
    path: '/notes/{note_id}/reports',
    bounds: {
      limiter: 'write',
      answerBytes: RESOURCE_ANSWER_BYTES,
      bodyBytes: WRITE_BODY_BYTES,
      kvReads: KV_READS.none,
    },
    tag: 'Notes',
    summary: `Report another reader's public note, once, with a reason (200 with the report: a report is not a resource to read back). Reports from ${REPORTS_TO_HIDE} accounts hide it until a moderator decides. One's own note: 403; a second report: 409; a note the caller cannot read: 404`,
    params: [p('note_id', 'Integer id', '3')],
    body: 'ReportBody',
    response: 'ReportsDocument',
    errors: [403, 409],
    access: 'personal',
    idempotent: true,
  },
  {
    method: 'get',
    path: '/moderation/queue',
    bounds: {
      limiter: UNLIMITED.others,
      answerBytes: PAGE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.catalogue,
    },
    tag: 'Moderation',
    summary:
      "Moderators: public notes waiting for a decision (held for review, hidden by reports) and readable ones somebody reported, longest waiting first, with the reports' reasons (paged); 403 without the moderator role",
    params: PAGE_PARAMS,
    response: 'ModerationQueueDocument',
    errors: [403],
    access: 'personal',
    readsOthers: true,
  },
  {
    method: 'put',
    path: '/moderation/notes/{note_id}',
    bounds: {
      limiter: 'write',
      answerBytes: RESOURCE_ANSWER_BYTES,
      bodyBytes: WRITE_BODY_BYTES,
      kvReads: KV_READS.none,
    },
    tag: 'Moderation',
    summary:
      'Moderators: approve, hide, remove or restore a public note, with an optional reason; answers the log entry written. A removed note stays removed whatever its author does until restored (409 for any other action on it, and for restoring a note that was not removed)',
    params: [p('note_id', 'Integer id', '3')],
    body: 'ModerationBody',
    response: 'ModerationLogDocument',
    errors: [403, 409],
    access: 'personal',
  },
  {
    method: 'get',
    path: '/moderation/log',
    bounds: {
      limiter: UNLIMITED.others,
      answerBytes: PAGE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.catalogue,
    },
    tag: 'Moderation',
    summary: 'Moderators: who did what to which note, why and when, newest first (paged)',
    params: PAGE_PARAMS,
    response: 'ModerationLogDocument',
    errors: [403],
    access: 'personal',
  },
  {
    method: 'get',
    path: '/',
    bounds: {
      limiter: UNLIMITED.snapshot,
      answerBytes: CHAPTER_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.catalogue,
    },
    tag: 'Service',
    summary: 'The reading site: home page (a page only, with a token like every page)',
    formats: ['html'],
  },
  {
    method: 'get',
    path: '/openapi.json',
    bounds: {
      limiter: UNLIMITED.file,
      answerBytes: CHAPTER_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.none,
    },
    tag: 'Service',
    summary: 'This description (OpenAPI 3.1)',
    access: 'public',
    media: 'json',
  },
  {
    method: 'get',
    path: '/docs',
    bounds: {
      limiter: UNLIMITED.file,
      answerBytes: CHAPTER_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.none,
    },
    tag: 'Service',
    summary: 'This description as a readable page',
    access: 'public',
    media: 'html',
  },
  {
    method: 'get',
    path: '/assets/site.css',
    bounds: {
      limiter: UNLIMITED.file,
      answerBytes: RESOURCE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.none,
    },
    tag: 'Service',
    summary: "The reading site's stylesheet",
    access: 'public',
    media: 'css',
  },
  {
    method: 'get',
    path: '/assets/note-form.js',
    bounds: {
      limiter: UNLIMITED.file,
      answerBytes: RESOURCE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.none,
    },
    tag: 'Service',
    summary: "The verse page's note form script",
    access: 'public',
    media: 'javascript',
  },
  {
    method: 'get',
    path: '/assets/chapter-annotations.js',
    bounds: {
      limiter: UNLIMITED.file,
      answerBytes: RESOURCE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.none,
    },
    tag: 'Service',
    summary: "The reading page's margin script (the reader's notes and tags)",
    access: 'public',
    media: 'javascript',
  },
  {
    method: 'get',
    path: '/assets/interlinear.js',
    bounds: {
      limiter: UNLIMITED.file,
      answerBytes: RESOURCE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.none,
    },
    tag: 'Service',
    summary: "The chapter page's interlinear view and word panel script (tagged versions)",
    access: 'public',
    media: 'javascript',
  },
  {
    method: 'get',
    path: '/assets/library.js',
    bounds: {
      limiter: UNLIMITED.file,
      answerBytes: RESOURCE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.none,
    },
    tag: 'Service',
    summary:
      "The reading page's reference library script (commentaries, topics and cross-references, folded in the margin)",
    access: 'public',
    media: 'javascript',
  },
  {
    method: 'get',
    path: '/assets/report.js',
    bounds: {
      limiter: UNLIMITED.file,
      answerBytes: RESOURCE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.none,
    },
    tag: 'Service',
    summary: "The verse page's script that reports another reader's public note",
    access: 'public',
    media: 'javascript',
  },
  {
    method: 'get',
    path: '/assets/moderation.js',
    bounds: {
      limiter: UNLIMITED.file,
      answerBytes: RESOURCE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.none,
    },
    tag: 'Service',
    summary: "The moderation queue page's script (applies an action through the API)",
    access: 'public',
    media: 'javascript',
  },
  {
    method: 'get',
    path: '/assets/footnotes.js',
    bounds: {
      limiter: UNLIMITED.file,
      answerBytes: RESOURCE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.none,
    },
    tag: 'Service',
    summary:
      "The reading pages' translators' notes script (a note beside its mark, on tap or focus)",
    access: 'public',
    media: 'javascript',
  },
  {
    method: 'get',
    path: '/assets/tagger.js',
    bounds: {
      limiter: UNLIMITED.file,
      answerBytes: RESOURCE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.none,
    },
    tag: 'Service',
    summary:
      'The reference tagger for other sites: one script tag links the references of a page to this site and previews their text, with a publishable read key (docs/tagger.md)',
    access: 'public',
    media: 'javascript',
  },
  // The fonts of the Hebrew and Greek text (./fonts.ts).
  ...SITE_FONTS.map((font): Operation => ({
    method: 'get',
    path: font.path,
    bounds: {
      limiter: UNLIMITED.file,
      answerBytes: RESOURCE_ANSWER_BYTES,
      bodyBytes: NO_BODY,
      kvReads: KV_READS.none,
    },
    tag: 'Service',
    summary: `The reading site's font for ${font.script} (${font.family})`,
    access: 'public',
    media: 'woff2',
  })),
];

/** Who may call a route (default `token`). */
export const accessOf = (route: Operation): Access => route.access ?? 'token';

/** The rate limit a route counts against, if any (its `bounds`). */
export const rateLimitOf = (route: Operation): RateLimitKind | undefined =>
  limiterKind(route.bounds);

/**
 * The routes whose limiter counts every request: src/app.ts registers its middleware on each
 * from here, so that what the table declares is what is counted. The others' handlers count where
 * their condition is known (`limiterWhen`, `alsoCounts`).
 */
export const LIMITED_EVERY_REQUEST: readonly Operation[] = ROUTES.filter(
  (r) =>
    rateLimitOf(r) !== undefined &&
    r.bounds.limiterWhen === undefined &&
    rateLimitOf(r) !== 'readKey',
);

/** Paths served to anyone, without a token and whatever their suffix (the request middleware). */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set(
  ROUTES.filter((r) => accessOf(r) === 'public').map((r) => r.path),
);

/** `/chapters/{chapter_id}/annotations` → `/chapters/:chapter_id/annotations` (Hono's form). */
export const honoPath = (path: string) => path.replace(/\{([a-z_]+)\}/g, ':$1');

const firstSegment = (path: string) => `/${path.split('/')[1]}`;
const personal = ROUTES.filter((r) => accessOf(r) === 'personal');
const shared = new Set(
  ROUTES.filter((r) => accessOf(r) !== 'personal').map((r) => firstSegment(r.path)),
);

/**
 * Personal content by first path segment where every route under it is personal (`/user`,
 * `/tags`, `/taggings`, `/notes`): app.ts guards `/x` and `/x/*`.
 */
export const PERSONAL_PREFIXES: readonly string[] = [
  ...new Set(personal.map((r) => firstSegment(r.path)).filter((s) => !shared.has(s))),
];

/** Personal routes inside another tree (`/chapters/:chapter_id/annotations`), in Hono's form. */
export const PERSONAL_ROUTES: readonly string[] = [
  ...new Set(personal.filter((r) => shared.has(firstSegment(r.path))).map((r) => honoPath(r.path))),
];

const PERSONAL_PATH = new RegExp(
  [
    ...PERSONAL_PREFIXES.map((p) => `^${p}(/|$)`),
    ...PERSONAL_ROUTES.map((r) => `^${r.replace(/:[a-z_]+/g, '[^/]+')}$`),
  ].join('|'),
);

const READS_OTHERS = new RegExp(
  ROUTES.filter((r) => r.readsOthers)
    .map((r) => `^${honoPath(r.path).replace(/:[a-z_]+/g, '[^/]+')}$`)
    .join('|'),
);

/** Whether a route path (no version prefix, no suffix) reads what other accounts write (`readsOthers`). */
export function readsOthersPath(routePath: string): boolean {
  return READS_OTHERS.test(routePath);
}

/** Whether a route path (no version prefix, no suffix) is personal content. */
export function isPersonalPath(routePath: string): boolean {
  return PERSONAL_PATH.test(routePath);
}

/** The groups whose operations read the scripture snapshot alone (nothing of the caller's). */
const SNAPSHOT_TAGS: ReadonlySet<Operation['tag']> = new Set([
  'Scripture',
  'Search',
  'Study',
  'Library',
]);

/**
 * The reads of the scripture snapshot, API and page alike, in Hono's form: the GET operations
 * anyone with a token may call in those groups, but the redirect of `/search` (the same answer for
 * every caller under one snapshot). src/app.ts registers the scripture cache (ETag, kept
 * responses; src/middleware/scripture-cache.ts) on these and on nothing else.
 */
export const SNAPSHOT_READ_PATHS: readonly string[] = [
  ...new Set(
    ROUTES.filter(
      (r) =>
        r.method === 'get' &&
        accessOf(r) === 'token' &&
        SNAPSHOT_TAGS.has(r.tag) &&
        r.status !== 302 &&
        r.cache === undefined,
    ).map((r) => honoPath(r.path)),
  ),
];

/**
 * What a publishable read key may call (docs/tagger.md "Read keys"), by method and route path:
 * the operations of the snapshot's groups that anyone with a token may call and that read the
 * snapshot alone (finding references included), but the redirect of `/search`. Never personal
 * content, the home page or the service's own routes. The request middleware also refuses a key
 * every page (`html`): the verse page holds its reader's notes.
 */
export const isReadKeyOperation = (r: Operation): boolean =>
  accessOf(r) === 'token' && SNAPSHOT_TAGS.has(r.tag) && r.status !== 302;
const READ_KEY_ROUTES = ROUTES.filter(isReadKeyOperation);
const readKeyPattern = (method: string) =>
  new RegExp(
    READ_KEY_ROUTES.filter((r) => r.method === method)
      .map((r) => `^${r.path.replace(/\{[a-z_]+\}/g, '[^/]+')}$`)
      .join('|') || '$^',
  );
const READ_KEY_PATHS: Record<string, RegExp> = {
  GET: readKeyPattern('get'),
  HEAD: readKeyPattern('get'),
  POST: readKeyPattern('post'),
};

/** Whether a read key may make this request (method, route path without prefix and suffix). */
export function isReadKeyRoute(method: string, routePath: string): boolean {
  return READ_KEY_PATHS[method]?.test(routePath) ?? false;
}

/**
 * Reads drawn by chance unless `seed` is given (`/verses/random`), by route path: the scripture
 * cache answers them only with a seed (src/middleware/scripture-cache.ts).
 */
export const SEEDED_READ_PATHS: ReadonlySet<string> = new Set(
  ROUTES.filter((r) => r.cache === 'seeded').map((r) => r.path),
);

/** The GET operations as patterns of a route path, in the table's order. */
const GET_PATTERNS = ROUTES.filter((r) => r.method === 'get').map((r) => ({
  route: r,
  path: new RegExp(`^${r.path.replace(/\{[a-z_]+\}/g, '[^/]+')}$`),
}));

/**
 * The GET operation a route path (no version prefix, no suffix) is, by its path as a pattern
 * (`/chapters/{chapter_id}` → `^/chapters/[^/]+$`), in the table's order: `/verses/random` before
 * `/verses/{verse_id}`, which would match it too.
 */
export function getOperationOf(routePath: string): Operation | undefined {
  return GET_PATTERNS.find((p) => p.path.test(routePath))?.route;
}

/** Query parameters a request may give more than once: each a passage's reference (`q[]`). */
export const REPEATABLE_PARAMS: ReadonlySet<string> = new Set(['q[]']);

/**
 * The first query parameter the GET of `routePath` reads that `query` gives more than once, but a
 * repeatable one: such a request is a 400, since a route reads one value of each (a list is
 * comma-separated), and keeping the first silently answered another question than the one asked.
 */
export function repeatedParameter(routePath: string, query: URLSearchParams): string | undefined {
  const route = getOperationOf(routePath);
  if (!route) return undefined;
  for (const p of route.params ?? [])
    if (p.in === 'query' && !REPEATABLE_PARAMS.has(p.name) && query.getAll(p.name).length > 1)
      return p.name;
  return undefined;
}

/**
 * The query parameters the table lists for the GET of `path` (`/verses`: `keyword`, `strongs`, …),
 * for pages that build links from the request's query: they carry these alone.
 */
export function queryParamNames(path: string): ReadonlySet<string> {
  const route = ROUTES.find((r) => r.method === 'get' && r.path === path);
  return new Set((route?.params ?? []).filter((p) => p.in === 'query').map((p) => p.name));
}

/** Methods the service answers, for CORS (HEAD with every GET). */
export const ROUTE_METHODS: readonly string[] = [
  ...new Set(
    ROUTES.flatMap((r) => (r.method === 'get' ? ['GET', 'HEAD'] : [r.method.toUpperCase()])),
  ),
];
