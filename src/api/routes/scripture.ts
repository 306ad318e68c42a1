import { MAX_SEED_LENGTH } from '../limits';
import {
  DOWNLOAD_ANSWER_BYTES,
  KV_READS,
  NO_BODY,
  PAGE_ANSWER_BYTES,
  RESOURCE_ANSWER_BYTES,
} from '../budgets';
import { p, q, VERSION_ID, chapterId, verseId, BOOKGROUP_ID, INCLUDE_HEADINGS } from './params';
import { unlimited, limited, SNAPSHOT_CHAPTER, SNAPSHOT_CATALOGUE } from './presets';
import { tagged } from '../operation';

/** The catalogue and the text: versions, book groups, books, chapters, verses. */
export const SCRIPTURE_ROUTES = tagged('Scripture', [
  {
    method: 'get',
    path: '/versions',
    bounds: SNAPSHOT_CATALOGUE,
    summary: 'List versions',
    params: [q('language', 'ISO 639-3 code(s), comma-separated, e.g. `eng`')],
    response: 'VersionsDocument',
  },
  {
    method: 'get',
    path: '/versions/{version_id}',
    bounds: SNAPSHOT_CATALOGUE,
    summary: 'Show a version',
    params: [VERSION_ID],
    response: 'VersionsDocument',
  },
  {
    method: 'get',
    path: '/versions/{version_id}/books',
    bounds: SNAPSHOT_CATALOGUE,
    summary: "List a version's books",
    params: [VERSION_ID, q('testament', '`OT`, `NT` or `DEUT` (comma list allowed)')],
    response: 'BooksDocument',
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/versions/{version_id}/download',
    bounds: limited(
      'download',
      DOWNLOAD_ANSWER_BYTES,
      NO_BODY,
      KV_READS.download,
      'a download sent: not a 304, not a HEAD',
    ),
    summary: `The whole version in one document, streamed: every book the snapshot holds, its chapters and verses with their text as /verses gives it (Psalm titles inside it) and the translators' notes where the version has them; rendered from the snapshot by the code the build hashed it with, so its bytes are fixed and its ETag is their SHA-256 (If-None-Match: 304, not counted). Its sizes are on the version's checksums`,
    formats: ['xml', 'js'],
    cache: 'own',
    params: [VERSION_ID],
    response: 'DownloadDocument',
    errors: [404, 429],
  },
  {
    method: 'get',
    path: '/versions/{version_id}/checksums',
    bounds: unlimited('snapshot', RESOURCE_ANSWER_BYTES, KV_READS.catalogue),
    summary:
      "The SHA-256 and size in bytes of the version's download in each format, and of each book's element in it (XML: its book element; JSON: its object in the book array), computed at build time",
    formats: ['xml', 'js'],
    params: [VERSION_ID],
    response: 'ChecksumsDocument',
    errors: [404],
  },
  {
    method: 'get',
    path: '/bookgroups',
    bounds: SNAPSHOT_CATALOGUE,
    summary: 'List the nine book groups',
    response: 'BookGroupsDocument',
  },
  {
    method: 'get',
    path: '/bookgroups/{bookgroup_id}',
    bounds: SNAPSHOT_CATALOGUE,
    summary: 'Show a book group',
    params: [BOOKGROUP_ID],
    response: 'BookGroupsDocument',
  },
  {
    method: 'get',
    path: '/bookgroups/{bookgroup_id}/books',
    bounds: SNAPSHOT_CATALOGUE,
    summary: "A group's books across versions",
    params: [BOOKGROUP_ID],
    response: 'BooksDocument',
  },
  {
    method: 'get',
    path: '/books/{book_id}',
    bounds: SNAPSHOT_CATALOGUE,
    summary: 'Show a book',
    params: [p('book_id', '`VERSION:Book` (OSIS)', 'KJV:John')],
    response: 'BooksDocument',
  },
  {
    method: 'get',
    path: '/books/{book_id}/chapters',
    bounds: SNAPSHOT_CATALOGUE,
    summary: "List a book's chapters (no text)",
    params: [p('book_id', '`VERSION:Book`', 'KJV:John')],
    response: 'ChaptersDocument',
  },
  {
    method: 'get',
    path: '/chapters/{chapter_id}',
    bounds: SNAPSHOT_CHAPTER,
    summary: 'Show a chapter with its text',
    params: [
      chapterId(),
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
    bounds: limited(
      'passage',
      PAGE_ANSWER_BYTES,
      NO_BODY,
      KV_READS.page,
      'a range over more than one chapter',
    ),
    summary: "List a chapter's verses (optionally a range, optionally over several chapters)",
    params: [
      chapterId(),
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
    bounds: unlimited('snapshot', RESOURCE_ANSWER_BYTES, KV_READS.chapter),
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
    bounds: unlimited('snapshot', PAGE_ANSWER_BYTES, KV_READS.chapter),
    summary: 'Show a verse',
    params: [verseId(), INCLUDE_HEADINGS],
    response: 'VersesDocument',
  },
]);

/** The translators' notes, listed after the library's cross-references in the description. */
export const FOOTNOTE_ROUTES = tagged('Scripture', [
  {
    method: 'get',
    path: '/verses/{verse_id}/footnotes',
    bounds: SNAPSHOT_CHAPTER,
    summary:
      "The translators' notes on the verse (the KJV's margin, the WEB's footnotes): each at its place in the verse's plain text, with the words it follows and its kind where the source says; a slot the version leaves empty answers with the notes that say why; a version without notes is a 404",
    params: [verseId('KJV:Gen.1.11')],
    response: 'FootnotesDocument',
  },
  {
    method: 'get',
    path: '/chapters/{chapter_id}/footnotes',
    bounds: SNAPSHOT_CHAPTER,
    summary:
      "The translators' notes on every verse of the chapter, from one read; a chapter without notes is an empty list",
    params: [chapterId('WEB:Gen.1')],
    response: 'FootnotesDocument',
  },
]);
