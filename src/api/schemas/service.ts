import { ref, str, object, document, type Schema } from './shapes';

/** The JSON Schemas of the Service operations' documents and bodies (all of them: ../schemas.ts). */
export function serviceSchemas() {
  return {
    Status: object({ id: { const: 'ok' }, snapshot_id: str, api_version: { enum: [1, 2] } }),
    StatusDocument: document('statuses', 'status', ref('Status')),
  } satisfies Record<string, Schema>;
}
