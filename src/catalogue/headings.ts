import { badRequest } from '../http/errors';
import type { VerseEntry } from '../snapshot/types';

/**
 * Section headings, served on request: `include_headings=true` on a chapter, its verses, a verse
 * and passages puts a verse's headings (`<h3 class="heading">`, VerseEntry `headings`) before its
 * text, as ESV's API does with its include-headings. By default the text is the verse's alone, so
 * that what every version answers is unchanged by a source that has headings (docs/translations.md).
 */
export function includeHeadings(value: string | undefined): boolean {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw badRequest('include_headings must be true or false');
}

/** A verse's HTML, after its section headings when they are asked for. */
export function verseHtml(entry: VerseEntry, headings: boolean): string {
  return headings && entry.headings ? entry.headings + entry.html : entry.html;
}
