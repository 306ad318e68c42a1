import {
  LIST_PAGE,
  PAGE_BYTES,
  PUBLISHED_PAGE_BYTES,
  TEXT_LIST_PAGE,
  type PageBounds,
} from '../../http/paging';
import type { Param } from '../operation';
import type { Schema } from '../schemas';

/** The parameters several tags' operations share, and the two ways to write one. */

/** A path parameter (always required). */
export const p = (name: string, description: string, example?: string): Param => ({
  name,
  in: 'path',
  description,
  required: true,
  example,
});

/** A query parameter (a string unless `schema` says otherwise). */
export const q = (
  name: string,
  description: string,
  schema: Schema = { type: 'string' },
): Param => ({
  name,
  in: 'query',
  description,
  schema,
});

/** A version (`KJV`). */
export const VERSION_ID = p('version_id', 'Version code', 'KJV');
/** A chapter of a version (`KJV:John.3`), with the example given. */
export const chapterId = (example = 'KJV:John.3'): Param =>
  p('chapter_id', '`VERSION:Book.N`', example);
/** A verse of a version (`KJV:John.3.16`), with the example given. */
export const verseId = (example = 'KJV:John.3.16'): Param =>
  p('verse_id', '`VERSION:Book.N.M`', example);
/** The integer ids of the caller's content and of the book groups. */
export const BOOKGROUP_ID = p('bookgroup_id', 'Integer id', '6');
export const TAG_ID = p('tag', 'Integer id, or a form-encoded name', 'faith');
export const TAGGING_ID = p('tagging_id', 'Integer id', '7');
export const NOTE_ID = p('note_id', 'Integer id', '3');

/**
 * Section headings before the verses' text (src/catalogue/headings.ts), off by default so that
 * the text is the verses' alone.
 */
export const INCLUDE_HEADINGS = q(
  'include_headings',
  '`true`: each verse\'s section headings (a USFM source\'s `\\s#`), as `<h3 class="heading">`, before its text; default `false`',
  { type: 'string', enum: ['true', 'false'] },
);

/** Paging of a list within `bounds` (src/http/paging.ts); `bytes`: its pages also end before that many bytes of items. */
function pageParams(bounds: PageBounds, bytes?: number): Param[] {
  const cut = bytes
    ? `; a page also ends before its items pass ${bytes / 1024} KiB rendered, and \`summary.rpp\` then gives how many it holds`
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
export const PAGE_PARAMS = pageParams(LIST_PAGE);
/** The taggings: their pages end at PAGE_BYTES too. */
export const TAGGING_PAGE_PARAMS = pageParams(LIST_PAGE, PAGE_BYTES);
/** The lists that carry a reader's text: notes, a chapter's annotations. */
export const TEXT_PAGE_PARAMS = pageParams(TEXT_LIST_PAGE, PAGE_BYTES);
/** The lists of others' published notes: their pages end at PUBLISHED_PAGE_BYTES. */
export const PUBLISHED_PAGE_PARAMS = pageParams(TEXT_LIST_PAGE, PUBLISHED_PAGE_BYTES);
/** The moderation queue: up to 500 notes, its pages ending at PUBLISHED_PAGE_BYTES. */
export const QUEUE_PAGE_PARAMS = pageParams(LIST_PAGE, PUBLISHED_PAGE_BYTES);
