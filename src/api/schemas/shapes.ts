/**
 * The pieces the JSON Schemas of ../schemas.ts are written with: the renderer's JSON mapping
 * (docs/json.md) as functions (one root, repeated elements as arrays, `id` once) and the
 * request bodies' shapes that several documents share.
 */
export type Schema = Record<string, unknown>;

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
export const str: Schema = { type: 'string' };
export const int: Schema = { type: 'integer' };
export const nullable = (s: Schema): Schema => ({ oneOf: [s, { type: 'null' }] });

export function object(
  properties: Record<string, Schema>,
  required: string[] = Object.keys(properties),
): Schema {
  return { type: 'object', properties, required, additionalProperties: false };
}

/** `{"verse":{"path":"/verses/KJV:John.3.17","name":"John 3:17","id":"KJV:John.3.17"}}` */
export function link(kind: string, idType: Schema = str): Schema {
  return object({ [kind]: object({ path: str, name: str, id: idType }) });
}

/** A resource's fields plus optional `next` / `previous` links of its own kind. */
export function withSiblings(
  kind: string,
  properties: Record<string, Schema>,
  idType: Schema = str,
): Schema {
  const required = Object.keys(properties).filter((k) => k !== 'text' && k !== 'empty');
  return object(
    { ...properties, next: link(kind, idType), previous: link(kind, idType) },
    required,
  );
}

/** A response document: `{"<root>": {"<item>": [...], "meta": {...}}}`. */
export function document(root: string, item: string, itemSchema: Schema): Schema {
  return object({
    [root]: object({ [item]: { type: 'array', items: itemSchema }, meta: ref('Meta') }),
  });
}

/** A paged list's summary (src/http/paging.ts): start = offset + 1, total, rpp = the items the page holds at most (the limit, or fewer when they reached the page's byte bound). */
export const pageSummarySchema: Schema = object({ start: int, total: int, rpp: int });

/** A paged list (src/http/paging.ts): the items, then `summary`. */
export function pagedDocument(root: string, item: string, itemSchema: Schema): Schema {
  return object({
    [root]: object({
      [item]: { type: 'array', items: itemSchema },
      summary: pageSummarySchema,
      meta: ref('Meta'),
    }),
  });
}

export const timestamp: Schema = {
  type: 'string',
  description: 'Spec "Timestamps": `Fri, 29 Oct 2010 14:03:39 +0000`',
  pattern:
    '^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \\d\\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \\d{4} \\d\\d:\\d\\d:\\d\\d [+-]\\d{4}$',
};

const referenceInput = object({
  start: { ...str, description: 'verse id, e.g. KJV:John.3.16' },
  end: { ...str, description: 'verse id' },
});
/** Every spelling of a repeated element a client may send (docs/annotations.md). */
const referencesInput: Schema = {
  oneOf: [
    object({ reference: { oneOf: [referenceInput, { type: 'array', items: referenceInput }] } }),
    { type: 'array', items: referenceInput },
  ],
};

export const noteInput: Schema = {
  type: 'object',
  properties: {
    title: { ...str, maxLength: 255 },
    content: { ...str, maxLength: 10000 },
    public: { enum: [0, 1, '0', '1'] },
    references: referencesInput,
  },
};
export const taggingInput: Schema = {
  type: 'object',
  properties: {
    tag: {
      type: 'object',
      properties: { name: { ...str, maxLength: 100 }, id: { oneOf: [int, str] } },
    },
    references: referencesInput,
  },
};
/** `{"x":{"item":[…]}}`, `{"x":{"item":{…}}}` or `{"x":[…]}`, as everywhere in bodies. */
export const repeatedInput = (item: string, schema: Schema): Schema => ({
  oneOf: [
    object({ [item]: { oneOf: [schema, { type: 'array', items: schema }] } }),
    { type: 'array', items: schema },
  ],
});
