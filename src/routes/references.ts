import type { Context } from 'hono';
import type { AppEnv } from '../env';
import {
  MAX_REFERENCE_BODY_BYTES,
  MAX_REFERENCE_TEXT_LENGTH,
  MAX_REFERENCE_TEXTS,
} from '../api/limits';
import { readBody, type BodyValue } from '../http/body';
import { ApiError, badRequest, echo } from '../http/errors';
import { findReferences, loadReferenceParser, REFERENCE_LANGUAGES } from '../search/references';
import { respond } from './respond';

/**
 * POST /references: the references in a few short texts, as the passages parser reads them, with
 * where each stands: what the tagger (public/assets/tagger.js, docs/tagger.md) asks once per page.
 * The texts are the words before each number of the page and the number; each is parsed apart,
 * and the bounds of src/api/limits.ts keep a request's CPU within a few tens of milliseconds.
 */
export async function referencesRoute(c: Context<AppEnv>) {
  const language = c.req.query('language') ?? 'eng';
  if (!REFERENCE_LANGUAGES.includes(language))
    throw badRequest(
      `Unknown language ${echo(language)}: references are read in ${REFERENCE_LANGUAGES.join(', ')}`,
    );
  const texts = textsOf(await readBody(c, MAX_REFERENCE_BODY_BYTES));
  await loadReferenceParser();
  const reference = texts.flatMap((text, index) =>
    findReferences(text, language).map((found) => ({
      text: index,
      start: found.start,
      end: found.end,
      osis: found.osis.join(','),
    })),
  );
  return respond(c, 'references', { reference });
}

/** The body's texts (`{"texts":{"text":[…]}}`), within their bounds: else a 400 or a 413. */
function textsOf(body: Record<string, BodyValue>): string[] {
  const texts = body.texts;
  const value =
    texts !== undefined && typeof texts === 'object' && !Array.isArray(texts)
      ? texts.text
      : undefined;
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  if (texts === undefined || list.some((t) => typeof t !== 'string'))
    throw badRequest('Expected {"texts":{"text":["…"]}} (XML: <texts><text>…</text></texts>)');
  const strings = list as string[];
  if (strings.length > MAX_REFERENCE_TEXTS)
    throw new ApiError(413, [
      `Too many texts: ${strings.length}, at most ${MAX_REFERENCE_TEXTS} in one request`,
    ]);
  const long = strings.findIndex((t) => t.length > MAX_REFERENCE_TEXT_LENGTH);
  if (long >= 0)
    throw new ApiError(413, [
      `Text ${long} has ${strings[long].length} characters, at most ${MAX_REFERENCE_TEXT_LENGTH}`,
    ]);
  return strings;
}
