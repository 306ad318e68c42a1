import { env } from 'cloudflare:workers';
import { XMLParser } from 'fast-xml-parser';
import { vi } from 'vitest';
import { call, parseXml } from './http';
import { countEverywhere } from './shards';

/** Test bindings (typed loosely here: test/support/env.d.ts owns the real declaration). */
export const bindings = env as unknown as { DB: D1Database };

export const XML = { 'Content-Type': 'application/xml' };
export const JSON_TYPE = { 'Content-Type': 'application/javascript' };

export const TIMESTAMP =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d \+0000$/;

export type Format = 'xml' | 'js';
export const FORMATS: Format[] = ['xml', 'js'];

/** Escapes text for an XML element (CR as a reference: a literal CR would be read as LF). */
export function esc(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;');
}

export interface Ref {
  start: string;
  end: string;
}

export function refsXml(refs: Ref[]): string {
  return `<references>${refs.map((r) => `<reference><start>${r.start}</start><end>${r.end}</end></reference>`).join('')}</references>`;
}

export function noteXml(
  note: { title?: string; content?: string; references?: Ref[] },
  root = 'note',
): string {
  const inner =
    (note.title !== undefined ? `<title>${esc(note.title)}</title>` : '') +
    (note.content !== undefined ? `<content>${esc(note.content)}</content>` : '') +
    (note.references ? refsXml(note.references) : '');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root}>${inner}</${root}>`;
}

export function noteJson(note: { title?: string; content?: string; references?: Ref[] }): string {
  const body: Record<string, unknown> = { ...note };
  if (note.references) body.references = { reference: note.references };
  return JSON.stringify({ note: body });
}

export function taggingXml(tagging: { name?: string; id?: number; references?: Ref[] }): string {
  const tag =
    tagging.name !== undefined || tagging.id !== undefined
      ? `<tag>${tagging.id !== undefined ? `<id>${tagging.id}</id>` : ''}${tagging.name !== undefined ? `<name>${esc(tagging.name)}</name>` : ''}</tag>`
      : '';
  return `<tagging>${tag}${tagging.references ? refsXml(tagging.references) : ''}</tagging>`;
}

export function taggingJson(tagging: { name?: string; id?: number; references?: Ref[] }): string {
  const body: Record<string, unknown> = {};
  if (tagging.name !== undefined || tagging.id !== undefined)
    body.tag = { name: tagging.name, id: tagging.id };
  if (tagging.references) body.references = { reference: tagging.references };
  return JSON.stringify({ tagging: body });
}

/** A request with a body in the given format; the body builder picks XML or JSON. */
export function send(
  method: string,
  path: string,
  token: string,
  body: string,
  format: Format,
): Promise<Response> {
  return call(path, token, { method, body, headers: format === 'xml' ? XML : JSON_TYPE });
}

/** The response body as a plain object in both formats (XML parsed with test/support). */
export async function read(res: Response, format: Format): Promise<any> {
  const text = await res.text();
  return format === 'xml' ? parseXml(text) : JSON.parse(text);
}

/** Repeated elements: XML parses one element as an object, JSON always has an array. */
export function list<T = any>(value: T | T[] | undefined | null | ''): T[] {
  if (value === undefined || value === null || value === '') return [];
  return Array.isArray(value) ? value : [value];
}

/** Error messages of an error document in either format. */
export async function errors(res: Response, format: Format = 'xml'): Promise<string[]> {
  const body = await read(res, format);
  return list(body.errors.error).map(String);
}

export async function createNote(
  token: string,
  note: { title?: string; content?: string; references?: Ref[] },
  format: Format = 'xml',
) {
  const res = await send(
    'POST',
    `/notes.${format}`,
    token,
    format === 'xml' ? noteXml(note) : noteJson(note),
    format,
  );
  if (res.status !== 201) throw new Error(`create note: ${res.status} ${await res.text()}`);
  const body = await read(res, format);
  return { res, note: list(body.notes.note)[0] };
}

export async function createTagging(
  token: string,
  tagging: { name?: string; id?: number; references?: Ref[] },
  format: Format = 'xml',
) {
  const res = await send(
    'POST',
    `/user/taggings.${format}`,
    token,
    format === 'xml' ? taggingXml(tagging) : taggingJson(tagging),
    format,
  );
  if (res.status !== 201) throw new Error(`create tagging: ${res.status} ${await res.text()}`);
  const body = await read(res, format);
  return { res, tagging: list(body.taggings.tagging)[0] };
}

/** Rows of a table that `where` lets through, in every database that holds accounts. */
export async function countRows(
  table: string,
  where = '1=1',
  ...params: unknown[]
): Promise<number> {
  return countEverywhere(`SELECT count(*) AS n FROM ${table} WHERE ${where}`, ...params);
}

/**
 * Runs `fn` with the clock `ms` ahead (only `Date` is faked, so timers and I/O behave as usual):
 * timestamps have one-second resolution, and this moves `updated_at` without waiting.
 */
export async function withClockAhead<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}

export const JOHN_3_16 = { start: 'KJV:John.3.16', end: 'KJV:John.3.17' };
export const GEN_1_1 = { start: 'KJV:Gen.1.1', end: 'KJV:Gen.1.1' };

// htmlEntities: decode numeric character references (`&#13;`) as every XML parser does; like a
// conformant parser, fast-xml-parser turns a literal CR into LF (XML 1.0 §2.11).
const rawParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  trimValues: false,
  htmlEntities: true,
  isArray: () => false,
});

/** Parses XML keeping text exactly (no trimming; CDATA sections merged into the text). */
export function parseXmlExact(text: string): any {
  return rawParser.parse(text);
}
