import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLIENT_SCHEMA_FILE, clientSchemaSource } from '../../scripts/lib/client-schema';

// The typed client cannot drift from the OpenAPI document: its committed types are what the
// generator writes from the document now (CI runs this on every change).
describe('the typed client (clients/typescript)', () => {
  it('has the types the OpenAPI document gives (npm run client:generate writes them)', async () => {
    const committed = readFileSync(CLIENT_SCHEMA_FILE, 'utf8');
    const now = await clientSchemaSource();
    expect(
      committed === now,
      'clients/typescript/src/schema.ts is stale: run npm run client:generate',
    ).toBe(true);
    // Every operation of the document is a path of the client.
    expect(now).toContain('"/verses/{verse_id}/footnotes.{format}": {');
    expect(now).toContain('"/chapters/{chapter_id}/cross-references.{format}": {');
  });
});
