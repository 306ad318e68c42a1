import type { Context } from 'hono';
import { MCP_PATH } from '../api/mcp';
import type { AppEnv } from '../env';
import { requestDatabase } from '../db/session';
import { HTTPException } from 'hono/http-exception';
import { ApiError, echo, headersOf, notFound } from '../http/errors';
import { logUnhandledError } from '../http/log';
import { enforceRateLimit } from '../http/rate-limits';
import type { ToolContext } from '../mcp/context';

/**
 * `/mcp`: the MCP endpoint (docs/mcp.md). The request middleware has verified the token (in D1,
 * as for personal content) before this runs. Registered with `app.all`, so that every method
 * reaches it: POST is MCP's, and the others are answered here as a stateless server answers them.
 */

/** An error at /mcp in JSON-RPC's shape (no request id is known), as MCP clients read errors. */
function mcpErrorResponse(
  status: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(
    JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }),
    {
      status,
      headers: {
        ...headers,
        'Content-Type': 'application/json',
        'Cache-Control': 'private, no-store',
      },
    },
  );
}

/**
 * app.onError's answer at /mcp: an error raised before the MCP server (the token's 401, a
 * cross-site 403, a malformed bookmark's 400, the 404 of a prefixed path) with its status and
 * headers (`WWW-Authenticate`), in JSON-RPC's shape; anything unexpected logged, as elsewhere.
 */
export function mcpErrorAnswer(err: Error): Response {
  if (err instanceof ApiError)
    return mcpErrorResponse(err.status, err.messages.join('; '), err.headers);
  if (err instanceof HTTPException)
    return mcpErrorResponse(err.status, err.message || 'Request failed', headersOf(err.res));
  logUnhandledError(err);
  return mcpErrorResponse(500, 'Internal error');
}

/** What the tools may use of this request (src/mcp/context.ts). */
function toolContext(c: Context<AppEnv>): ToolContext {
  return {
    snapshot: c.get('snapshot'),
    db: requestDatabase(c),
    userId: c.get('user').id,
    countAgainst: (kind) => enforceRateLimit(c, kind),
  };
}

export async function mcpRoute(c: Context<AppEnv>): Promise<Response> {
  // The endpoint is outside the versioned API: `/v1/mcp` and `/mcp.js` are no such resource.
  const path = new URL(c.req.url).pathname;
  if (path !== MCP_PATH)
    throw notFound(`No such resource: ${echo(path)} (the MCP endpoint is ${MCP_PATH})`);
  // Stateless Streamable HTTP (MCP "Transports"): a GET would open an event stream the server
  // never writes to, a DELETE end a session there is none of; the server answers both with 405.
  if (c.req.method !== 'POST')
    return mcpErrorResponse(
      405,
      `Method not allowed: ${MCP_PATH} takes POST (stateless Streamable HTTP, JSON responses)`,
      {
        Allow: 'POST',
      },
    );
  // Loaded here, not at startup: no other request evaluates the MCP SDK and zod.
  const { answerMcp } = await import('../mcp/server');
  const response = await answerMcp(c.req.raw, toolContext(c));
  // The caller's notes travel here: never kept by a browser or a shared cache.
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}
