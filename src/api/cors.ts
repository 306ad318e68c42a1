import { ROUTE_METHODS } from './table';

/**
 * What CORS allows (src/middleware/cors.ts), part of the contract: the OpenAPI description names
 * the request headers a page may send.
 */

/** Methods the service answers: the route table's. */
export const CORS_METHODS = [...ROUTE_METHODS];
/**
 * Request headers a page may send: a wildcard would not cover Authorization, so each is named.
 * `Mcp-Protocol-Version`: what an MCP client in a page sends to /mcp after initializing (MCP
 * "Transports"; docs/mcp.md). The endpoint is stateless, so no `Mcp-Session-Id` is ever needed.
 * `If-Match` and `Idempotency-Key`: a syncing client's writes (docs/sync.md).
 */
export const CORS_ALLOW_HEADERS = [
  'Authorization',
  'Content-Type',
  'If-None-Match',
  'If-Match',
  'Idempotency-Key',
  'X-D1-Bookmark',
  'Mcp-Protocol-Version',
];
/** Response headers a page may read beyond the CORS-safelisted ones. */
export const CORS_EXPOSE_HEADERS = [
  'ETag',
  'Location',
  'WWW-Authenticate',
  'Server-Timing',
  'Retry-After',
  'Content-Length',
  'X-D1-Bookmark',
  'Idempotent-Replayed',
];
/** Browsers cap this (Chromium at 2 hours); a day is the spec's intent: preflights are rare. */
export const CORS_MAX_AGE_SECONDS = 86_400;
