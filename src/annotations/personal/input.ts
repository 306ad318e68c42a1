import { parseVerseId, verseId } from '../../catalogue/ids';
import { hasVerse } from '../../catalogue/navigation';
import { findBook, type Catalogue } from '../../catalogue/store';
import type { BodyObject, BodyValue } from '../../http/body';
import { badRequest, echo } from '../../http/errors';

/**
 * Validation of write bodies (after src/http/body.ts has turned XML or JSON into one neutral
 * shape). Every check appends to a list, so a 422 names EVERY problem at once (one `error`
 * element each). The limits are documented in docs/annotations.md "Limits".
 */
export const LIMITS = {
  tagName: 100,
  title: 255,
  content: 10_000,
  references: 100,
  name: 100,
  email: 254,
  passwordMin: 8,
  passwordMax: 1_024,
} as const;

export type Problems = string[];

/**
 * The items of a repeated element, in every spelling a client may send (a client
 * writing JSON by hand writes a plain array):
 *   XML  <references><reference>…</reference>…</references>   → { reference: […] } or { reference: {…} }
 *   JSON {"references":{"reference":[…]}}, {"references":{"reference":{…}}}, {"references":[…]}
 * `''` (an empty element) has no items; anything else is null (not a list of `item`).
 */
export function repeated(value: BodyValue | undefined, item: string): BodyValue[] | null {
  if (value === '') return [];
  if (Array.isArray(value)) return value;
  const container = asObject(value);
  if (!container) return null;
  const keys = Object.keys(container).filter((k) => k !== 'meta');
  if (keys.length === 0) return [];
  if (keys.length !== 1 || keys[0] !== item) return null;
  const items = container[item];
  return Array.isArray(items) ? items : [items];
}

/**
 * The resource object of a body: `{root: {…}}` or `{plural: {root: {…}}}` (docs/contract.md:
 * early docs wrapped note bodies as `<notes><note>…</note></notes>`), also `{plural: [{…}]}` in
 * JSON; exactly one item is accepted in the plural form so a client can send back what a GET
 * returned. Anything else is a 400 (a wrong root element is malformed, not merely invalid).
 */
export function unwrap(body: BodyObject, root: string, plural: string): BodyObject {
  const [name] = Object.keys(body);
  let value: BodyValue | undefined = body[name];
  if (name === plural) {
    const items = repeated(value, root);
    if (!items) throw badRequest(`Expected <${plural}><${root}>…</${root}></${plural}>`);
    if (items.length !== 1) throw badRequest(`Expected exactly one <${root}> element`);
    value = items[0];
  } else if (name !== root) {
    throw badRequest(
      `Expected a <${root}> root element (or {"${root}":{…}} in JSON), got <${echo(name)}>`,
    );
  }
  // `<note/>` is an element with no fields.
  if (value === '') return {};
  const object = asObject(value);
  if (!object) throw badRequest(`<${root}> must contain elements, not text`);
  return object;
}

function asObject(value: BodyValue | undefined): BodyObject | null {
  return value !== undefined && typeof value === 'object' && !Array.isArray(value) ? value : null;
}

/**
 * C0 control characters other than tab, LF and CR, U+FFFE/U+FFFF and lone surrogates cannot be
 * carried by XML 1.0, so the XML renderer would drop them and a value would not round-trip.
 * Decision (docs/annotations.md "Text"): such values are refused with a 422, never silently
 * altered; everything else (markup characters, `]]>`, emoji, right-to-left text, tab/newlines) is
 * stored byte for byte.
 */
const CONTROL =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Unicode's explicit direction controls, the embeddings and overrides (U+202A–202E) and the
 * isolates (U+2066–2069), reorder the text after them: a tag name "\u202Ehtiaf" reads "faith"
 * in every list that shows it. Names and titles (`name` fields) refuse them with a 422 (pages
 * also isolate user text, `<bdi>`); a note's content, read on its own, may carry them.
 */
const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

/** Length in characters (code points), so an emoji counts once. */
export function charLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/**
 * A text field: undefined when absent, otherwise the string (checked for control characters and
 * the length limit). `required` also refuses an empty value.
 */
export function textField(
  obj: BodyObject,
  key: string,
  problems: Problems,
  /** `name`: a name or title, shown in lists among others' (no direction controls). */
  options: { label?: string; max: number; required?: boolean; name?: boolean },
): string | undefined {
  return checkedText(obj[key], options.label ?? key, problems, options);
}

/**
 * A text value given otherwise than in a body (the MCP's tools' arguments), checked as
 * `textField` checks a body's field; `label` names it in the problems.
 */
export function checkedText(
  value: unknown,
  label: string,
  problems: Problems,
  options: { max: number; required?: boolean; name?: boolean },
): string | undefined {
  if (value === undefined) {
    if (options.required) problems.push(`${label} is required`);
    return undefined;
  }
  if (typeof value !== 'string') {
    problems.push(`${label} must be text`);
    return undefined;
  }
  if (options.required && value.trim() === '') problems.push(`${label} must not be empty`);
  if (charLength(value) > options.max)
    problems.push(`${label} is longer than ${options.max} characters`);
  if (CONTROL.test(value)) problems.push(`${label} contains control characters`);
  if (options.name && DIRECTION_CONTROL.test(value))
    problems.push(
      `${label} contains Unicode direction controls (U+202A–U+202E, U+2066–U+2069), which reorder how it reads`,
    );
  return value;
}

/** Resource ids in paths and bodies: positive integers of at most 15 digits (safe in JS and D1). */
const ID = /^[1-9]\d{0,14}$/;

export function parseId(text: string | undefined): number | null {
  return text !== undefined && ID.test(text) ? Number(text) : null;
}

export interface ReferenceInput {
  start: string;
  end: string;
}

/** A verse id of the snapshot in its canonical spelling (`kjv:john.3.16` → `KJV:John.3.16`). */
function resolveVerse(
  cat: Catalogue,
  id: string,
): { canonical: string; bookIndex: number; chapter: number; verse: number } | null {
  if (id.length > 64) return null;
  const ref = parseVerseId(id);
  if (!ref) return null;
  const bookIndex = findBook(cat, ref.version, ref.book);
  if (bookIndex === undefined) return null;
  const book = cat.books[bookIndex];
  if (!hasVerse(book, ref.chapter, ref.verse)) return null;
  return {
    canonical: verseId(book, ref.chapter, ref.verse),
    bookIndex,
    chapter: ref.chapter,
    verse: ref.verse,
  };
}

/** Whether the body has a `references` element at all (on update, absent means "keep"). */
export function hasReferences(obj: BodyObject): boolean {
  return obj.references !== undefined;
}

/** The problem of a list of `count` references, when it is empty or over LIMITS.references. */
function referenceCountProblem(count: number): string | null {
  if (count === 0) return 'references must contain at least one reference';
  if (count > LIMITS.references)
    return `references holds ${count} references; at most ${LIMITS.references} are allowed`;
  return null;
}

/**
 * One reference's verse ids checked (rules below): the reference in the ids' canonical spelling,
 * or null with its problems added, each starting with `label`.
 */
function checkedReference(
  cat: Catalogue,
  label: string,
  start: string,
  end: string,
  problems: Problems,
): ReferenceInput | null {
  const s = resolveVerse(cat, start);
  const e = resolveVerse(cat, end);
  if (!s) problems.push(`${label}: start ${echo(start)} is not a verse of the snapshot`);
  if (!e) problems.push(`${label}: end ${echo(end)} is not a verse of the snapshot`);
  if (!s || !e) return null;
  if (s.bookIndex !== e.bookIndex) {
    problems.push(`${label}: start and end must be in the same version and book`);
    return null;
  }
  if (e.chapter < s.chapter || (e.chapter === s.chapter && e.verse < s.verse)) {
    problems.push(`${label}: end ${e.canonical} is before start ${s.canonical}`);
    return null;
  }
  return { start: s.canonical, end: e.canonical };
}

/**
 * References given as verse ids rather than a body (the MCP's note and tag tools, which resolve
 * what a reader writes into ranges: src/mcp/references.ts), checked by the same rules as the
 * `references` element below, with the same problems.
 */
export function checkReferences(
  cat: Catalogue,
  refs: ReferenceInput[],
  problems: Problems,
): ReferenceInput[] {
  const countProblem = referenceCountProblem(refs.length);
  if (countProblem) {
    problems.push(countProblem);
    return [];
  }
  return refs.flatMap(
    (r, i) => checkedReference(cat, `reference ${i + 1}`, r.start, r.end, problems) ?? [],
  );
}

/**
 * The `references` element: `<references><reference><start/><end/></reference>…</references>`,
 * JSON `{"references":{"reference":[{…}]}}`, a single reference object, or a plain array
 * `{"references":[{…}]}` (`repeated`). Rules (spec
 * "Reference": start and end required; docs/annotations.md):
 * - at least one reference, at most LIMITS.references;
 * - start and end are verse ids that exist in the snapshot;
 * - start and end are in the same version AND the same book (a passage never spans books here);
 * - end is not before start.
 * The catalogue is passed lazily so that bodies without references never touch KV.
 */
export async function referencesField(
  obj: BodyObject,
  problems: Problems,
  catalogue: () => Promise<Catalogue>,
): Promise<ReferenceInput[]> {
  const items = repeated(obj.references, 'reference');
  if (!items) {
    problems.push('references must contain reference elements');
    return [];
  }
  const countProblem = referenceCountProblem(items.length);
  if (countProblem) {
    problems.push(countProblem);
    return [];
  }
  const cat = await catalogue();
  const out: ReferenceInput[] = [];
  items.forEach((item, i) => {
    const label = `reference ${i + 1}`;
    const ref = asObject(item === '' ? {} : item);
    if (!ref) {
      problems.push(`${label} must contain start and end`);
      return;
    }
    const start = typeof ref.start === 'string' ? ref.start : undefined;
    const end = typeof ref.end === 'string' ? ref.end : undefined;
    if (!start) problems.push(`${label}: start is required`);
    if (!end) problems.push(`${label}: end is required`);
    if (!start || !end) return;
    const checked = checkedReference(cat, label, start, end, problems);
    if (checked) out.push(checked);
  });
  return out;
}
