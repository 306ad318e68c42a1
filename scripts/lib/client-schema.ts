/**
 * The typed client's types (clients/typescript/src/schema.ts), written by openapi-typescript from
 * the service's own OpenAPI document (src/openapi/document.ts, the document /openapi.json serves):
 * one source, so the client cannot drift from the routes; test/node/client.test.ts fails when the
 * committed file is not what this writes now (`npm run client:generate` writes it again).
 */
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { openApiDocument } from '../../src/openapi/document';
import { REPO_ROOT } from '../snapshot/paths';

export const CLIENT_SCHEMA_FILE = path.join(REPO_ROOT, 'clients', 'typescript', 'src', 'schema.ts');

const HEADER = `/**
 * The service's paths, operations and schemas as TypeScript types, written by openapi-typescript
 * from its OpenAPI 3.1 document (/openapi.json). Generated: do not edit. \`npm run
 * client:generate\` in the scripture-edge repository writes it again.
 */
`;

export async function clientSchemaSource(): Promise<string> {
  const ast = await openapiTS(openApiDocument() as unknown as Parameters<typeof openapiTS>[0]);
  return HEADER + astToString(ast);
}
