import type { Context } from 'hono';
import type { AppEnv } from '../env';
import {
  MAX_REFERENCE_NUMBERS,
  MAX_REFERENCE_TEXT_LENGTH,
  MAX_REFERENCE_TEXTS,
  MAX_REFERENCE_WORDS,
} from '../api/limits';
import { readBody, type BodyValue } from '../http/body';
import { ApiError, badRequest, echo } from '../http/errors';
import {
  findReferencesInTexts,
  loadReferenceParser,
  REFERENCE_LANGUAGES,
} from '../search/references';
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
  // Texts only: a number where a text belongs is a body of another shape, not a text without references.
  const texts = textsOf(await readBody(c, true));
  await loadReferenceParser();
  const reference = findReferencesInTexts(texts, language).flatMap((found, index) =>
    found.map((f) => ({ text: index, start: f.start, end: f.end, osis: f.osis.join(',') })),
  );
  return respond(c, 'references', { reference });
}

/** A word, as MAX_REFERENCE_WORDS counts them: a run of letters of any script. */
const WORD = /\p{L}+/gu;

const SHAPE = 'Expected {"texts":{"text":["…"]}} (XML: <texts><text>…</text></texts>)';

/** The body's texts (`{"texts":{"text":[…]}}`), within their bounds: else a 400 or a 413. */
function textsOf(body: Record<string, BodyValue>): string[] {
  const texts = body.texts;
  // Any other shape is a 400 that says which: an answer with no references would read as "none
  // found" to a client that sent its texts wrongly.
  if (texts === undefined)
    throw badRequest(
      `${SHAPE}: the body has no texts (it has ${echo(Object.keys(body).join(', '))})`,
    );
  if (typeof texts !== 'object' || Array.isArray(texts) || texts.text === undefined)
    throw badRequest(`${SHAPE}: texts holds no text`);
  const list = Array.isArray(texts.text) ? texts.text : [texts.text];
  const wrong = list.findIndex((t) => typeof t !== 'string');
  if (wrong >= 0) throw badRequest(`${SHAPE}: text ${wrong} is not a string`);
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
  const numbers = strings.reduce((n, t) => n + (t.match(/\d+/g)?.length ?? 0), 0);
  if (numbers > MAX_REFERENCE_NUMBERS)
    throw new ApiError(413, [
      `The texts hold ${numbers} numbers, at most ${MAX_REFERENCE_NUMBERS} in one request: send fewer texts`,
    ]);
  const words = strings.reduce((n, t) => n + (t.match(WORD)?.length ?? 0), 0);
  if (words > MAX_REFERENCE_WORDS)
    throw new ApiError(413, [
      `The texts hold ${words} words, at most ${MAX_REFERENCE_WORDS} in one request: send the few words before each number`,
    ]);
  return strings;
}
