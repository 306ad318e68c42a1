import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { ApiError, badRequest } from './errors';
import { bodyObject, checkName, MAX_DEPTH, type BodyObject, type BodyValue } from './body-shape';

export { MAX_DEPTH, type BodyObject, type BodyValue } from './body-shape';

/**
 * Request bodies for writes (docs/contract.md "Writes: how a body is sent"), read into one neutral shape
 * so that routes never care whether the client sent XML or JSON:
 *
 *   XML  <note><title>T</title><references><reference><start>…</start>…</reference></references></note>
 *   JSON {"note":{"title":"T","references":{"reference":[{"start":"…"}]}}}
 *   both → { note: { title: 'T', references: { reference: [{ start: '…' }] } } }
 *
 * A leaf is always a string (XML text and CDATA concatenated; JSON numbers and booleans turned
 * into text, null into ''). Repeated XML elements and JSON arrays become arrays. Attributes are
 * ignored (the spec puts every input value in a child element).
 *
 * Hostile input is refused before any parser sees it (docs/annotations.md "Limits"):
 * - more than MAX_BODY_BYTES: 413, decided from Content-Length when it is too large and otherwise
 *   by counting bytes while streaming, so a missing or lying Content-Length cannot make us hold
 *   more than the limit in memory (hono/body-limit trusts a present Content-Length, so it is not
 *   used here);
 * - `<!DOCTYPE` / `<!ENTITY` anywhere: 400 (no DTDs, so no external entities and no expansion);
 * - nesting deeper than MAX_DEPTH: 400 (JSON: a linear scan before JSON.parse; XML: the
 *   validator is iterative, then the parser's own `maxNestedTags` stops at the limit);
 * - invalid UTF-8, malformed XML or JSON, unknown entities: 400;
 * - an element or key named like a member of Object.prototype (`__proto__`, `constructor`,
 *   `toString`, `hasOwnProperty`, …) at any depth: 400. Such a key in a plain object
 *   either replaces the prototype (`__proto__`) or reads an inherited function where a field is
 *   looked up, so it is refused here, once, for every route; and every object this module builds
 *   has no prototype at all (`Object.create(null)`), so no lookup can reach an inherited member.
 */

export type BodyFormat = 'xml' | 'json';

/** 64 KiB: far above the largest valid note (10,000 characters of content plus 100 references). */
export const MAX_BODY_BYTES = 64 * 1024;
/** `application/xml`, `text/xml`; `application/javascript` (spec), `application/json`; parameters allowed. */
export function bodyFormat(contentType: string | undefined): BodyFormat | null {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/xml' || type === 'text/xml') return 'xml';
  if (type === 'application/javascript' || type === 'application/json') return 'json';
  return null;
}

const tooLarge = (limit: number) =>
  new ApiError(413, [`Request body is larger than ${limit} bytes`]);

/** Reads at most `limit` bytes; 413 as soon as one more arrives (the rest is never read). */
export async function readLimited(request: Request, limit = MAX_BODY_BYTES): Promise<Uint8Array> {
  const declared = request.headers.get('Content-Length');
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limit)
    throw tooLarge(limit);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      // The client stopped sending part-way (connection reset, aborted upload): its request is
      // incomplete, not our failure (a 400, never a 500).
      throw badRequest('Request body ended before it was complete');
    }
    const { done, value } = chunk;
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Stop the sender; what arrived so far is dropped.
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/**
 * The largest body the matched route reads: what its bounds in the route table declare
 * (src/api/budgets.ts; MAX_BODY_BYTES for a write, more for the import, less for finding
 * references), set on the context by the middleware src/app.ts registers from the table. A route
 * that reads a body without declaring its limit is a defect of the table, never a default.
 */
export function declaredBodyLimit(c: Context<AppEnv>): number {
  const limit = c.get('bodyLimit');
  if (!limit) throw new Error(`${c.req.method} ${c.req.path} reads a body but declares no limit`);
  return limit;
}

/**
 * The body of a POST or PUT as a neutral object (one root key).
 * 415 for a missing or unsupported Content-Type; 413 / 400 as above, at the route's declared limit.
 */
export async function readBody(c: Context<AppEnv>, textOnly = false): Promise<BodyObject> {
  const limit = declaredBodyLimit(c);
  const format = bodyFormat(c.req.header('Content-Type'));
  if (!format) {
    throw new ApiError(415, [
      'Unsupported or missing Content-Type: send application/xml (or text/xml) for XML, application/javascript (or application/json) for JSON',
    ]);
  }
  const text = decodeUtf8(c.get('bodyBytes') ?? (await readLimited(c.req.raw, limit)));
  if (text.trim() === '') throw badRequest('Request body is empty');
  if (format === 'json') return parseJsonBody(text, textOnly);
  return (await import('./xml-body')).parseXmlBody(text);
}

// ---------------------------------------------------------------------------------------------
// JSON

/** Depth of `{` / `[` outside strings; linear, no recursion. */
function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) {
      if (++depth > max) return true;
    } else if (ch === 0x7d || ch === 0x5d) depth--;
  }
  return false;
}

/**
 * A JSON value in the neutral shape. `textOnly`: a leaf that is not a string (a number, a boolean,
 * null) is a 400 naming where, for a body of texts, whose number would otherwise be read as text
 * (`{"texts":{"text":[5]}}`: no references, answered as if none were found).
 */
function fromJson(value: unknown, textOnly = false, at = ''): BodyValue {
  if (typeof value === 'string') return value;
  if (textOnly && (typeof value !== 'object' || value === null))
    throw badRequest(
      `Malformed JSON body: ${at || 'the value'} is ${value === null ? 'null' : `a ${typeof value}`}, where a text is expected`,
    );
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value === null) return '';
  if (Array.isArray(value)) {
    return value.map((item, i) => {
      if (Array.isArray(item))
        throw badRequest('Malformed JSON body: nested arrays are not allowed');
      return fromJson(item, textOnly, `${at}[${i}]`);
    });
  }
  const out = bodyObject();
  for (const key of Object.keys(value as object)) {
    checkName(key);
    out[key] = fromJson(
      (value as Record<string, unknown>)[key],
      textOnly,
      at ? `${at}.${key}` : key,
    );
  }
  return out;
}

/** The depth check, then JSON.parse: 400 for a body nested too deep or malformed. */
function parseJsonText(text: string): unknown {
  if (jsonDepthExceeds(text, MAX_DEPTH))
    throw badRequest(`Request body is nested deeper than ${MAX_DEPTH} levels`);
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new MalformedJson(`Malformed JSON body: ${(err as Error).message}`);
  }
}

/** A body that is not JSON at all (a 400), told apart from one that is JSON but refused. */
export class MalformedJson extends ApiError {
  constructor(message: string) {
    super(400, [message]);
  }
}

/**
 * Every key of a parsed JSON value checked against the reserved names, and its keys and values
 * counted (each object member and each array item is one): 413 past `maxValues`. Iterative, so
 * that no shape of body can exhaust the stack.
 */
export function checkJsonValue(value: unknown, maxValues: number): void {
  const pending: unknown[] = [value];
  let count = 0;
  while (pending.length) {
    const item = pending.pop();
    if (typeof item !== 'object' || item === null) continue;
    const children = Array.isArray(item) ? item : Object.keys(item);
    count += children.length;
    if (count > maxValues)
      throw new ApiError(413, [`Request body holds more than ${maxValues} keys and values`]);
    if (Array.isArray(item)) pending.push(...item);
    else
      for (const key of children as string[]) {
        checkName(key);
        pending.push((item as Record<string, unknown>)[key]);
      }
  }
}

/**
 * A JSON body that is not reshaped (the MCP endpoint's JSON-RPC messages): at most `limit` bytes,
 * valid UTF-8, MAX_DEPTH deep at most, no reserved key names, at most `maxValues` keys and values;
 * 413 or 400 otherwise, before anything else reads it.
 */
export async function readJsonValue(
  request: Request,
  limit: number,
  maxValues: number,
): Promise<unknown> {
  const value = parseJsonText(decodeUtf8(await readLimited(request, limit)));
  checkJsonValue(value, maxValues);
  return value;
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw badRequest('Request body is not valid UTF-8');
  }
}

export function parseJsonBody(text: string, textOnly = false): BodyObject {
  const value = parseJsonText(text);
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    Object.keys(value).length !== 1
  ) {
    throw badRequest(
      'Malformed JSON body: expected an object with exactly one root property, e.g. {"note":{…}}',
    );
  }
  return fromJson(value, textOnly) as BodyObject;
}
