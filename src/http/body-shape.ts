import { badRequest, echo } from './errors';

/**
 * The neutral shape every request body is read into, XML or JSON (src/http/body.ts says how),
 * and the names no body may use: shared by the JSON reader there and the XML reader
 * (src/http/xml-body.ts), which loads apart.
 */

export type BodyValue = string | BodyObject | BodyValue[];
export interface BodyObject {
  [name: string]: BodyValue;
}

/** Deepest valid body is 5 levels (notes/note/references/reference/start); 32 leaves room. */
export const MAX_DEPTH = 32;

/** Names that no element or key may have: every member of Object.prototype (src/http/body.ts says why). */
const RESERVED_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

export function checkName(name: string): void {
  if (RESERVED_NAMES.has(name))
    throw badRequest(
      `Element or key name ${echo(name)} is not allowed (it is reserved in the request body)`,
    );
}

/** An empty body object without a prototype (src/http/body.ts says why). */
export function bodyObject(): BodyObject {
  return Object.create(null) as BodyObject;
}
