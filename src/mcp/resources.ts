import { chapterById } from '../catalogue/lookup';
import { chapterName } from '../catalogue/names';
import { loadCatalogue, versionOf, type Catalogue } from '../catalogue/store';
import { ApiError } from '../http/errors';
import type { ToolContext } from './context';
import { INVALID_PARAMS, RESOURCE_NOT_FOUND, RpcError } from './jsonrpc';
import { copyrightLine } from './tools/scripture';
import { fitAnswer, plainText } from './text';

/**
 * The chapters as MCP resources (docs/mcp.md "Resources"), so that an assistant can attach a
 * chapter's text to a conversation: `scripture://chapters/KJV:John.3`, the API's chapter id after
 * a fixed prefix. `resources/templates/list` gives one template per version
 * (`scripture://chapters/KJV:{book}.{chapter}`); `resources/list` pages through every chapter of
 * every version, CHAPTERS_PAGE at a time, in the catalogue's order; `resources/read` gives the
 * chapter as plain text, a verse a line with its number, the section headings before their verse,
 * and the version's copyright line, as lookup_passage quotes.
 */

export const CHAPTER_URI_PREFIX = 'scripture://chapters/';
const MIME = 'text/plain';

/** A resource as `resources/list` names it (MCP "Resources"). */
interface Resource {
  uri: string;
  name: string;
  title: string;
  mimeType: string;
}

/** A template as `resources/templates/list` gives it. */
interface ResourceTemplate {
  uriTemplate: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
}

/** Chapters a page of `resources/list` names: about 100 bytes each, a page well within the answer's bound. */
export const CHAPTERS_PAGE = 200;

/** One template per version. */
export async function chapterTemplates(ctx: ToolContext): Promise<ResourceTemplate[]> {
  const cat = await loadCatalogue(ctx.snapshot);
  return cat.versions.map((v) => ({
    uriTemplate: `${CHAPTER_URI_PREFIX}${v.id}:{book}.{chapter}`,
    name: `${v.id}-chapter`,
    title: `A chapter of the ${v.name}`,
    description: `A chapter of the ${v.name} (${v.id}) as plain text, a verse a line; {book} is its OSIS id (Gen, Ps, John), {chapter} its number, as in the API's chapter ids (${v.id}:John.3).`,
    mimeType: MIME,
  }));
}

/**
 * A page of every chapter of every version. The cursor is the position of the page's first
 * chapter, as a decimal string; a cursor that is not one, or one past the last chapter, is
 * invalid params, as the protocol asks.
 */
export async function chapterResources(
  ctx: ToolContext,
  cursor: string | undefined,
): Promise<{ resources: Resource[]; nextCursor?: string }> {
  const start = cursor === undefined ? 0 : Number(cursor);
  if (!Number.isSafeInteger(start) || start < 0 || String(start) !== (cursor ?? '0'))
    throw new RpcError(INVALID_PARAMS, 'Invalid cursor');
  const cat = await loadCatalogue(ctx.snapshot);
  // A position past the last chapter is no page the list gives: a cursor it never gave.
  const positions = cat.books.reduce((n, b) => n + b.chapters.length, 0);
  if (start > 0 && start >= positions) throw new RpcError(INVALID_PARAMS, 'Invalid cursor');
  const resources: Resource[] = [];
  let position = 0;
  for (const book of cat.books) {
    const chapters = book.chapters.length;
    if (position + chapters <= start) {
      position += chapters;
      continue;
    }
    for (let chapter = 1; chapter <= chapters; chapter++, position++) {
      if (position < start || book.chapters[chapter - 1] === 0) continue;
      if (resources.length === CHAPTERS_PAGE) return { resources, nextCursor: String(position) };
      resources.push({
        uri: `${CHAPTER_URI_PREFIX}${book.version}:${book.osis}.${chapter}`,
        name: `${book.version}:${book.osis}.${chapter}`,
        title: `${book.name} ${chapter} (${book.version})`,
        mimeType: MIME,
      });
    }
  }
  return { resources };
}

/** A chapter's text, by its URI; an unknown or malformed one is "resource not found", saying why. */
export async function readChapterResource(
  ctx: ToolContext,
  uri: string,
): Promise<{ contents: { uri: string; mimeType: string; text: string }[] }> {
  if (!uri.startsWith(CHAPTER_URI_PREFIX))
    throw new RpcError(
      RESOURCE_NOT_FOUND,
      `Resource not found: expected ${CHAPTER_URI_PREFIX}VERSION:Book.N`,
    );
  const cat = await loadCatalogue(ctx.snapshot);
  let read;
  try {
    read = await chapterById(
      ctx.snapshot,
      cat,
      decodeURIComponent(uri.slice(CHAPTER_URI_PREFIX.length)),
    );
  } catch (err) {
    if (err instanceof ApiError || err instanceof URIError)
      throw new RpcError(
        RESOURCE_NOT_FOUND,
        `Resource not found: ${err instanceof ApiError ? err.messages.join(' ') : 'malformed URI'}`,
      );
    throw err;
  }
  return {
    contents: [
      {
        uri,
        mimeType: MIME,
        text: chapterText(cat, read.bookIndex, read.chapter, read.value.verses),
      },
    ],
  };
}

/** The chapter as lookup_passage quotes a passage: its name, a verse a line, the copyright line. */
function chapterText(
  cat: Catalogue,
  bookIndex: number,
  chapter: number,
  verses: { verse: number; lastverse: number; html: string; headings?: string }[],
): string {
  const book = cat.books[bookIndex];
  const lines = [`${chapterName(book, chapter)} (${book.version})`];
  for (const entry of verses) {
    if (entry.headings) lines.push(plainText(entry.headings));
    const number = `${entry.verse}${entry.lastverse !== entry.verse ? `-${entry.lastverse}` : ''}`;
    lines.push(`${number} ${plainText(entry.html)}`);
  }
  lines.push('', copyrightLine(versionOf(cat, book)));
  return fitAnswer(lines.join('\n'));
}
