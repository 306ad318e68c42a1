/**
 * A typed client of the scripture-edge API: every path, parameter and response of its OpenAPI
 * document (./schema.ts, generated from it) as TypeScript types, over openapi-fetch. Paths are
 * written as the document writes them, with `.{format}`: pass `format: 'js'` for JSON (the
 * responses are typed for it) or `'xml'` with `parseAs: 'text'`.
 */
import createFetchClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema';

export type { components, operations, paths } from './schema';

export interface ScriptureClientOptions {
  /** Where the service answers, e.g. `https://scripture.example.org` (add `/v1` to pin the version). */
  baseUrl: string;
  /** An API token (`npm run user -- create`); sent as HTTP Basic credentials, the token as user. */
  token?: string;
  /** Another fetch (a Worker's service binding, a test's). */
  fetch?: (request: Request) => Promise<Response>;
}

/** The client: `client.GET('/verses/{verse_id}.{format}', { params: { path: { verse_id, format: 'js' } } })`. */
export function createScriptureClient(options: ScriptureClientOptions): Client<paths> {
  return createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/$/, ''),
    headers: options.token ? { Authorization: `Basic ${btoa(`${options.token}:x`)}` } : {},
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

export {
  pullChanges,
  pushWrite,
  type Change,
  type LocalCopy,
  type SyncOptions,
  type Write,
  type WriteResult,
} from './sync';
