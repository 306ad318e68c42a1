import type { Context } from 'hono';
import { MCP_BOUNDS, MCP_MAX_BODY_VALUES, MCP_PATH } from '../api/mcp';
import type { AppEnv } from '../env';
import { directoryDatabase, requestDatabase } from '../db/session';
import { afterWrite } from '../middleware/personal';
import { HTTPException } from 'hono/http-exception';
import { MalformedJson, readJsonValue } from '../http/body';
import { ApiError, badRequest, echo, headersOf, notFound } from '../http/errors';
import { logUnhandledError } from '../http/log';
import { enforceRateLimit } from '../http/rate-limits';
import type { ToolContext } from '../mcp/context';
import { INVALID_REQUEST, PARSE_ERROR, SERVER_ERROR } from '../mcp/jsonrpc';
// Imported with the module, not with `import()` on the first call: esbuild wraps every module a
// dynamic import reaches in a lazy initializer, the server's shared ones too (Drizzle, the schema,
// the annotations, the route table), and those the top level needs anyway then cost a fresh
// isolate more to evaluate than the server itself (docs/speed.md "Cold start": 183 modules
// wrapped; test/browser/bundle.test.ts).
import { answerMcp } from '../mcp/server';

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
  code = SERVER_ERROR,
): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status,
    headers: {
      ...headers,
      'Content-Type': 'application/json',
      'Cache-Control': 'private, no-store',
    },
  });
}

/**
 * app.onError's answer at /mcp: an error raised before the MCP server (the token's 401, a
 * cross-site 403, the rate limit's 429, the body's 413 and 400, the 404 of a prefixed path) with
 * its status and headers (`WWW-Authenticate`, `Retry-After`), in JSON-RPC's shape; anything
 * unexpected logged, as elsewhere. The code: a body that is not JSON is a parse error, one the
 * endpoint refuses (too deep, a reserved key, a batch) an invalid request, and the rest (401, 413,
 * 429…) the implementation-defined server error, as the MCP server's transport answers its own.
 */
export function mcpErrorAnswer(err: Error): Response {
  if (err instanceof ApiError) {
    const code =
      err instanceof MalformedJson
        ? PARSE_ERROR
        : err.status === 400
          ? INVALID_REQUEST
          : SERVER_ERROR;
    return mcpErrorResponse(err.status, err.messages.join('; '), err.headers, code);
  }
  if (err instanceof HTTPException)
    return mcpErrorResponse(err.status, err.message || 'Request failed', headersOf(err.res));
  logUnhandledError(err);
  return mcpErrorResponse(500, 'Internal error');
}

/**
 * The one JSON-RPC message of a POST, read as every body is (src/http/body.ts: the byte limit,
 * the depth, reserved key names) and bounded in keys and values, before the MCP server reads it
 * (docs/mcp.md "Limits"). A batch is refused: MCP 2025-06-18 removed JSON-RPC batching, and a batch would
 * multiply every bound of a call (docs/mcp.md "Batches").
 */
async function mcpMessage(c: Context<AppEnv>): Promise<unknown> {
  const message = await readJsonValue(c.req.raw, MCP_BOUNDS.bodyBytes, MCP_MAX_BODY_VALUES);
  if (Array.isArray(message))
    throw badRequest(
      'Batches are not accepted: send one JSON-RPC message per request (MCP 2025-06-18 removed JSON-RPC batching)',
    );
  return message;
}

/** What the tools may use of this request (src/mcp/context.ts). */
function toolContext(c: Context<AppEnv>): ToolContext {
  return {
    snapshot: c.get('snapshot'),
    db: requestDatabase(c),
    directory: directoryDatabase(c),
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
  // Every request counts, whatever it asks (a tool call, a list, a ping, a notification),
  // before its body is read; a tool call also counts as its route would (src/mcp/tools/).
  await enforceRateLimit(c, 'mcp');
  const message = await mcpMessage(c);
  const response = await answerMcp(c.req.raw, message, toolContext(c));
  // The caller's notes travel here: never kept by a browser or a shared cache.
  response.headers.set('Cache-Control', 'private, no-store');
  // A tool that tagged verses changed which tags the caller uses (src/middleware/personal.ts).
  await afterWrite(c);
  return response;
}
