import { ref, str, object, timestamp, type Schema } from './shapes';

/** The schemas every tag's documents use: the timestamp, the meta block, the errors, a reference. */
export function sharedSchemas() {
  return {
    Timestamp: timestamp,
    Meta: object({
      fums: str,
      fums_tid: str,
      fums_js_include: str,
      fums_js: str,
      fums_noscript: str,
    }),
    Errors: object({ errors: object({ error: { type: 'array', items: str, minItems: 1 } }) }),
    Reference: object({
      start: str,
      end: str,
      created_at: ref('Timestamp'),
      updated_at: ref('Timestamp'),
    }),
    References: object({ reference: { type: 'array', items: ref('Reference') } }),
  } satisfies Record<string, Schema>;
}
