import type { Context } from 'hono';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { AppEnv } from '../env';
import { ApiError, badRequest, echo } from './errors';

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

export type BodyValue = string | BodyObject | BodyValue[];
export interface BodyObject {
  [name: string]: BodyValue;
}

export type BodyFormat = 'xml' | 'json';

/** 64 KiB: far above the largest valid note (10,000 characters of content plus 100 references). */
export const MAX_BODY_BYTES = 64 * 1024;
/** Deepest valid body is 5 levels (notes/note/references/reference/start); 32 leaves room. */
export const MAX_DEPTH = 32;

/** `application/xml`, `text/xml`; `application/javascript` (spec), `application/json`; parameters allowed. */
export function bodyFormat(contentType: string | undefined): BodyFormat | null {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/xml' || type === 'text/xml') return 'xml';
  if (type === 'application/javascript' || type === 'application/json') return 'json';
  return null;
}

/** Names that no element or key may have: every member of Object.prototype (see above). */
const RESERVED_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

function checkName(name: string): void {
  if (RESERVED_NAMES.has(name))
    throw badRequest(
      `Element or key name ${echo(name)} is not allowed (it is reserved in the request body)`,
    );
}

/** An empty body object without a prototype (see the module comment). */
function bodyObject(): BodyObject {
  return Object.create(null) as BodyObject;
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
export async function readBody(c: Context<AppEnv>): Promise<BodyObject> {
  const limit = declaredBodyLimit(c);
  const format = bodyFormat(c.req.header('Content-Type'));
  if (!format) {
    throw new ApiError(415, [
      'Unsupported or missing Content-Type: send application/xml (or text/xml) for XML, application/javascript (or application/json) for JSON',
    ]);
  }
  const text = decodeUtf8(await readLimited(c.req.raw, limit));
  if (text.trim() === '') throw badRequest('Request body is empty');
  return format === 'xml' ? parseXmlBody(text) : parseJsonBody(text);
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

function fromJson(value: unknown): BodyValue {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value === null) return '';
  if (Array.isArray(value)) {
    return value.map((item) => {
      if (Array.isArray(item))
        throw badRequest('Malformed JSON body: nested arrays are not allowed');
      return fromJson(item);
    });
  }
  const out = bodyObject();
  for (const key of Object.keys(value as object)) {
    checkName(key);
    out[key] = fromJson((value as Record<string, unknown>)[key]);
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

export function parseJsonBody(text: string): BodyObject {
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
  return fromJson(value) as BodyObject;
}

// ---------------------------------------------------------------------------------------------
// XML

const DTD = /<!DOCTYPE|<!ENTITY/i;

const PREDEFINED = new Map([
  ['lt', '<'],
  ['gt', '>'],
  ['amp', '&'],
  ['quot', '"'],
  ['apos', "'"],
]);

/**
 * The parser runs with processEntities off (no entity expansion at all), so the five predefined
 * XML entities and numeric character references are decoded here; anything else is a 400.
 */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&([^;&\s]{0,10});?/g, (whole, name: string) => {
    if (!whole.endsWith(';')) throw badRequest('Malformed XML body: bare "&" (write &amp;)');
    const predefined = PREDEFINED.get(name);
    if (predefined !== undefined) return predefined;
    const numeric = /^#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(name);
    if (numeric) {
      const code = numeric[1] !== undefined ? parseInt(numeric[1], 16) : Number(numeric[2]);
      if (code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)) return String.fromCodePoint(code);
    }
    throw badRequest(`Malformed XML body: unknown entity &${name};`);
  });
}

type OrderedNode = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: true,
  processEntities: false,
  htmlEntities: false,
  trimValues: false,
  parseTagValue: false,
  cdataPropName: '#cdata',
  commentPropName: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // fast-xml-parser counts the elements open above the one being opened: the root is at 0, so a
  // body MAX_DEPTH levels deep opens its deepest element at MAX_DEPTH - 1.
  maxNestedTags: MAX_DEPTH - 1,
  // fast-xml-parser renames some prototype member names (`toString` → `__toString`) by default;
  // we refuse them instead, as for JSON.
  onDangerousProperty: (name: string) => {
    checkName(name);
    return name;
  },
});

function nodeName(node: OrderedNode): string {
  return Object.keys(node).find((k) => k !== ':@') ?? '';
}

/** An element's ordered children → string (text only) or object (child elements). */
function fromOrdered(children: OrderedNode[]): BodyValue {
  let text = '';
  let sawElement = false;
  let sawText = false;
  const out = bodyObject();
  for (const child of children) {
    const name = nodeName(child);
    if (name === '#text') {
      const value = String(child['#text']);
      if (value.trim() !== '') sawText = true;
      text += decodeEntities(value);
    } else if (name === '#cdata') {
      sawText = true;
      for (const inner of child['#cdata'] as OrderedNode[]) text += String(inner['#text'] ?? '');
    } else if (name) {
      checkName(name);
      sawElement = true;
      const value = fromOrdered(child[name] as OrderedNode[]);
      const existing = out[name];
      if (existing === undefined) out[name] = value;
      else if (Array.isArray(existing)) existing.push(value);
      else out[name] = [existing, value];
    }
  }
  if (!sawElement) return text;
  if (sawText) throw badRequest('Malformed XML body: text mixed with elements');
  return out;
}

export function parseXmlBody(text: string): BodyObject {
  if (DTD.test(text))
    throw badRequest('XML bodies must not contain a DOCTYPE or ENTITY declaration');
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    throw badRequest(`Malformed XML body: ${valid.err.msg} (line ${valid.err.line})`);
  let ordered: OrderedNode[];
  try {
    ordered = parser.parse(text) as OrderedNode[];
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const message = (err as Error).message;
    // fast-xml-parser refuses `__proto__` itself; the answer is the same as for every reserved name.
    const reserved = /Invalid name: "([^"]*)" is a reserved/.exec(message);
    if (reserved) checkName(reserved[1]);
    if (/nested tags/i.test(message))
      throw badRequest(`Request body is nested deeper than ${MAX_DEPTH} levels`);
    throw badRequest(`Malformed XML body: ${message}`);
  }
  const roots = ordered.filter((n) => {
    const name = nodeName(n);
    return name !== '#text' || String(n['#text']).trim() !== '';
  });
  if (roots.length !== 1 || nodeName(roots[0]).startsWith('#'))
    throw badRequest('Malformed XML body: expected exactly one root element');
  const name = nodeName(roots[0]);
  checkName(name);
  const body = bodyObject();
  body[name] = fromOrdered(roots[0][name] as OrderedNode[]);
  return body;
}
