/**
 * The response document model shared by every route and both renderers.
 *
 * A document is a plain object with one root key (`books`, `verses`, `errors`, …). Inside it,
 * object keys become XML elements (in key order) and JSON properties of the same name; an array
 * becomes repeated elements named by its key; an object with an `id` key also gets an `id`
 * attribute (spec: "Each resource element carries an id attribute equal to its id child");
 * `cdata()` marks text that the spec puts in a CDATA section; `null` is an empty element.
 * Routes build documents; only src/render/ turns them into bytes.
 */

/** Text the spec wraps in CDATA (verse text, copyright, tag names, note titles and content). */
export class CData {
  constructor(readonly value: string) {}
  /** JSON has no CDATA: the value is a plain string there. */
  toJSON(): string {
    return this.value;
  }
}

export function cdata(value: string): CData {
  return new CData(value);
}

export type Field =
  string | number | CData | null | undefined | DocNode | DocNode[] | string[] | number[];

export interface DocNode {
  [name: string]: Field;
}

/** A whole response document: exactly one root key. */
export type ResponseDocument = Record<string, DocNode>;
