import type { Context } from 'hono';
import { rangeName } from '../catalogue/names';
import { loadChapter } from '../catalogue/store';
import { chapterVersesPath, MAX_VERSES_PER_RESPONSE } from '../catalogue/verse-range';
import type { AppEnv } from '../env';
import { badRequest } from '../http/errors';
import { cdata, type DocNode } from '../render/document';
import { respond } from '../render/respond';
import { selectVersions } from '../search/filters';
import { passagesOf, type Passage } from '../search/passages';
import { MAX_REFERENCE_LENGTH, parseReferences } from '../search/references';
import { catalogue } from './catalogue-context';

/**
 * GET /passages.xml?q[]=john+3:16&version=KJV and GET /{VERSIONS}/passages.xml?q[]=… (issue
 * "Passages"; original-service.md "Passages"): one `passage` per reference per version, or
 * several consecutive ones when the passage is longer than 500 verses (issue 8 §1).
 */

/** Verses shown in `text_preview` (original-service.md: "at most the first three verses"). */
const PREVIEW_VERSES = 3;
/** Most `q` values and most references per request (each costs chapter reads). */
const MAX_QUERIES = 20;
const MAX_REFERENCES = 50;
/**
 * Most passages per response, so that their previews stay within the verse bound (issue 8 §1:
 * no response carries an unbounded number of verses; 166 × 3 ≤ 500). 50 one-book references in
 * three versions (150) fit; `Gen 1 - Rev 22` in every version does not.
 */
const MAX_PASSAGES = Math.floor(MAX_VERSES_PER_RESPONSE / PREVIEW_VERSES);

/** Every `q[]`, `q[0]`, `q[1]` … and plain `q` value, in the order they were given. */
export function referenceQueries(url: string): string[] {
  const params = new URL(url).searchParams;
  const out: string[] = [];
  for (const [name, value] of params) if (/^q(\[\d*\])?$/.test(name)) out.push(value);
  return out;
}

/** The first verses of the passage, as HTML (reads the passage's first chapters only). */
async function preview(c: Context<AppEnv>, p: Passage, book: Parameters<typeof loadChapter>[2]): Promise<string> {
  const html: string[] = [];
  for (let ch = p.startChapter; ch <= p.endChapter && html.length < PREVIEW_VERSES; ch++) {
    const value = await loadChapter(c.env, c.var.kvReads, book, ch);
    for (const v of value?.verses ?? []) {
      if (ch === p.startChapter && v.lastverse < p.startVerse) continue;
      if (ch === p.endChapter && v.verse > p.endVerse) break;
      html.push(v.html);
      if (html.length >= PREVIEW_VERSES) break;
    }
  }
  return html.join('');
}

export async function passages(c: Context<AppEnv>, versionsParam: string | undefined): Promise<Response> {
  const queries = referenceQueries(c.req.url);
  if (!queries.length) throw badRequest('q[] is required: give a passage reference, e.g. ?q[]=john+3:16');
  if (queries.length > MAX_QUERIES) throw badRequest(`Too many references (at most ${MAX_QUERIES} q[] values)`);
  for (const q of queries) if (q.length > MAX_REFERENCE_LENGTH) throw badRequest(`A reference is too long (at most ${MAX_REFERENCE_LENGTH} characters)`);
  const cat = await catalogue(c);
  const versions = selectVersions(cat, versionsParam);
  const ranges = queries.flatMap(parseReferences);
  if (ranges.length > MAX_REFERENCES) throw badRequest(`Too many references (at most ${MAX_REFERENCES})`);

  // Resolved first (catalogue only), so an over-long answer is refused before any chapter read.
  const found = ranges.flatMap((range) => versions.flatMap((version) => passagesOf(cat, version, range).map((p) => ({ p, version }))));
  if (found.length > MAX_PASSAGES) {
    throw badRequest(`Too many passages (${found.length}; at most ${MAX_PASSAGES} per response): ask for fewer references or name the versions`);
  }
  const passage: DocNode[] = [];
  for (const { p, version } of found) {
    const book = cat.books[p.bookIndex];
    passage.push({
      display: rangeName(book, p),
      version: version.id,
      path: chapterVersesPath(book, p, c.var.format),
      text_preview: cdata(await preview(c, p, book)),
      copyright: cdata(version.copyright),
    });
  }
  return respond(c, 'search', { result: { type: 'passages', passages: { passage } } });
}

/** `/passages` and `/{VERSIONS}/passages` (versions from `version` or from the path). */
export const passagesByQuery = (c: Context<AppEnv>) => passages(c, c.req.query('version'));
export const passagesByPath = (c: Context<AppEnv>) => passages(c, c.req.param('versions'));
