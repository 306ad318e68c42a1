import { ApiError } from '../http/errors';
import { logUnhandledError } from '../http/log';
import type { ToolContext } from './context';
import {
  INTERNAL_ERROR,
  INVALID_PARAMS,
  jsonRpcMessage,
  METHOD_NOT_FOUND,
  PARSE_ERROR,
  RpcError,
  SERVER_ERROR,
  type RequestId,
  wrongKind,
} from './jsonrpc';
import { negotiatedVersion, SUPPORTED_PROTOCOL_VERSIONS } from './protocol-versions';
import { chapterResources, chapterTemplates, readChapterResource } from './resources';
import { issuesText, objectJsonSchema, parseArguments, type JsonSchema } from './schema';
import { fitAnswer } from './text';
import type { Tool } from './tool';
import { TOOLS } from './tools';

/**
 * The MCP server of `/mcp` (docs/mcp.md): MCP's Streamable HTTP transport, stateless (no session
 * id, no Durable Object: no tool keeps anything between calls), each POST one JSON-RPC message
 * answered with JSON, never an event stream. Our own, not the official SDK's `Server` and
 * `WebStandardStreamableHTTPServerTransport`: those and zod, which they validate with, were
 * 166 KiB of the Worker's 1 MiB bundle (docs/mcp.md "The bundle"). It answers what they answered
 * (the HTTP checks of the transport, `initialize`'s negotiation, a notification's 202, an unknown
 * method's -32601), and the SDK's own client is the tests' client (test/mcp/).
 *
 * An unknown tool, and arguments outside a tool's schema, are JSON-RPC errors (-32602), as the
 * MCP specification lists "Unknown tool" and "Invalid arguments", not tool results.
 */

export const SERVER_INFO = { name: 'scripture-edge', version: '1.0.0' };

const INSTRUCTIONS =
  'Bible text, keyword search, word study and a reference library, and the caller\'s own notes and tags. Quote tool output with its copyright line. References are written as readers write them ("John 3:16-18", "Juan 3:16").';

/** What the server offers (MCP "Lifecycle", capability negotiation): tools and resources only. */
const CAPABILITIES = { tools: {}, resources: {} };

interface ListedTool {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  annotations: Record<string, unknown>;
}

/** The tools as `tools/list` gives them, built once per isolate (on the first /mcp request). */
let listed: Map<string, { tool: Tool; listing: ListedTool }> | null = null;
function tools(): Map<string, { tool: Tool; listing: ListedTool }> {
  listed ??= new Map(
    TOOLS.map((tool) => {
      const listing: ListedTool = {
        name: tool.name,
        title: tool.title,
        description: tool.description,
        inputSchema: objectJsonSchema(tool.input, tool.strict === true),
        annotations: {
          title: tool.title,
          readOnlyHint: tool.readOnly,
          destructiveHint: false,
          idempotentHint: tool.readOnly,
          openWorldHint: false,
        },
      };
      return [tool.name, { tool, listing }];
    }),
  );
  return listed;
}

interface CallToolResult {
  content: { type: 'text'; text: string }[];
  isError?: true;
}

const text = (value: string, isError = false): CallToolResult => ({
  content: [{ type: 'text', text: value }],
  ...(isError ? { isError: true as const } : {}),
});

/**
 * One call: its arguments checked (a JSON-RPC error when they do not fit the schema), then the
 * tool run; what the API answers as an error (404, 422, 429…) is the tool's error result with the
 * same words, and anything else is logged and answered as an internal error, never a 5xx.
 */
async function callTool(
  name: string,
  args: Record<string, unknown>,
  ctx: ToolContext,
): Promise<CallToolResult> {
  const found = tools().get(name);
  if (!found) throw new RpcError(INVALID_PARAMS, `Unknown tool: ${name.slice(0, 60)}`);
  const parsed = parseArguments(found.tool.input, found.tool.strict === true, args);
  if (!parsed.ok)
    throw new RpcError(
      INVALID_PARAMS,
      `Invalid arguments for ${name}: ${issuesText(parsed.issues)}`,
    );
  try {
    return text(fitAnswer(await found.tool.run(parsed.value, ctx)));
  } catch (err) {
    if (err instanceof ApiError) return text(err.messages.join('\n'), true);
    logUnhandledError(err);
    return text(`Internal error in ${name}`, true);
  }
}

/** A member of a request's params that must be a string (or absent, when `optional`). */
function stringParam(
  method: string,
  params: Record<string, unknown>,
  name: string,
  optional: boolean,
  why = '',
): string | undefined {
  const value = params[name];
  if (typeof value === 'string' || (optional && value === undefined)) return value;
  throw new RpcError(
    INVALID_PARAMS,
    `Invalid params for ${method}: ${name} must be a string${why}, ${wrongKind(value)}`,
  );
}

/** `initialize`: the revision both speak, what the server offers, who it is. */
function initialize(params: Record<string, unknown>) {
  const version = stringParam('initialize', params, 'protocolVersion', false)!;
  for (const name of ['capabilities', 'clientInfo'])
    if (typeof params[name] !== 'object' || params[name] === null || Array.isArray(params[name]))
      throw new RpcError(
        INVALID_PARAMS,
        `Invalid params for initialize: ${name} must be an object, ${wrongKind(params[name])}`,
      );
  const client = params.clientInfo as Record<string, unknown>;
  for (const name of ['name', 'version'])
    if (typeof client[name] !== 'string')
      throw new RpcError(
        INVALID_PARAMS,
        `Invalid params for initialize: clientInfo.${name} must be a string, ${wrongKind(client[name])}`,
      );
  return {
    protocolVersion: negotiatedVersion(version),
    capabilities: CAPABILITIES,
    serverInfo: SERVER_INFO,
    instructions: INSTRUCTIONS,
  };
}

/** A request's result, by its method; a method the server does not offer is -32601. */
async function answer(
  method: string,
  given: Record<string, unknown> | undefined,
  ctx: ToolContext,
): Promise<unknown> {
  const params = given ?? {};
  switch (method) {
    case 'initialize':
      return initialize(params);
    case 'ping':
      return {};
    case 'tools/list':
      stringParam(method, params, 'cursor', true);
      return { tools: [...tools().values()].map((t) => t.listing) };
    case 'tools/call': {
      const name = stringParam(method, params, 'name', false)!;
      const args = 'arguments' in params ? params.arguments : {};
      if (typeof args !== 'object' || args === null || Array.isArray(args))
        throw new RpcError(
          INVALID_PARAMS,
          `Invalid arguments for ${name.slice(0, 60)}: arguments must be an object of named arguments, ${wrongKind(args)}`,
        );
      return callTool(name, args as Record<string, unknown>, ctx);
    }
    case 'resources/templates/list':
      stringParam(method, params, 'cursor', true);
      return { resourceTemplates: await chapterTemplates(ctx) };
    case 'resources/list':
      return chapterResources(
        ctx,
        stringParam(method, params, 'cursor', true, ' given by an earlier page'),
      );
    case 'resources/read':
      return readChapterResource(ctx, stringParam(method, params, 'uri', false)!);
    default:
      throw new RpcError(METHOD_NOT_FOUND, 'Method not found');
  }
}

/** A JSON answer; the route adds `Cache-Control`. */
const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** An error of the transport, before any method runs (no request id is known). */
const refusal = (status: number, code: number, message: string): Response =>
  json({ jsonrpc: '2.0', error: { code, message }, id: null }, status);

/**
 * Whether a Content-Type header is JSON's: its media type, before any parameter, as the SDK's
 * transport reads it (shared/mediaType.js: case aside, `application/json; charset=utf-8` is JSON,
 * `text/plain; a=application/json` is not, and two headers joined by a comma are neither).
 */
function isJsonContentType(header: string | null): boolean {
  if (!header) return false;
  const [type, ...rest] = header.split(';');
  return type.trim().toLowerCase() === 'application/json' && !rest.join(';').includes(',');
}

/**
 * What the Streamable HTTP transport checks of a POST before its message (MCP "Transports",
 * "Sending Messages to the Server"), with the SDK transport's statuses and words: the client must
 * accept both JSON and an event stream (406) and send JSON (415).
 */
function mediaRefusal(request: Request): Response | null {
  const accept = request.headers.get('accept');
  if (!accept?.includes('application/json') || !accept.includes('text/event-stream'))
    return refusal(
      406,
      SERVER_ERROR,
      'Not Acceptable: Client must accept both application/json and text/event-stream',
    );
  if (!isJsonContentType(request.headers.get('content-type')))
    return refusal(
      415,
      SERVER_ERROR,
      'Unsupported Media Type: Content-Type must be application/json',
    );
  return null;
}

/**
 * After `initialize`, a client names the revision it speaks in `MCP-Protocol-Version`; one the
 * server does not speak is a 400 (MCP "Transports", "Protocol Version Header"). Without the
 * header, the request is answered (the transport assumes 2025-03-26, which answers the same).
 */
function versionRefusal(request: Request): Response | null {
  const version = request.headers.get('mcp-protocol-version');
  if (version === null || SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return null;
  return refusal(
    400,
    SERVER_ERROR,
    `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
  );
}

/** The answer to a request that failed: its own error, or an internal error, logged. */
function errorAnswer(id: RequestId, err: unknown): Response {
  if (err instanceof RpcError)
    return json({ jsonrpc: '2.0', id, error: { code: err.code, message: err.message } });
  logUnhandledError(err);
  return json({ jsonrpc: '2.0', id, error: { code: INTERNAL_ERROR, message: 'Internal error' } });
}

/**
 * Answers one POST to /mcp: its one JSON-RPC message, already read and bounded by the route
 * (src/routes/mcp.ts), in; its JSON-RPC answer out: a request's result or error (200, in the
 * SDK's member order), 202 with no body for a notification or a response, or the transport's
 * refusal.
 */
export async function answerMcp(
  request: Request,
  body: unknown,
  ctx: ToolContext,
): Promise<Response> {
  const refused = mediaRefusal(request);
  if (refused) return refused;
  const message = jsonRpcMessage(body);
  if (!message) return refusal(400, PARSE_ERROR, 'Parse error: Invalid JSON-RPC message');
  const initializing = message.kind === 'request' && message.method === 'initialize';
  const unsupported = initializing ? null : versionRefusal(request);
  if (unsupported) return unsupported;
  // A notification (`notifications/initialized`, `notifications/cancelled`…) or a response asks
  // for no answer: nothing this stateless server sends waits for one.
  if (message.kind === 'received') return new Response(null, { status: 202 });
  try {
    const result = await answer(message.method, message.params, ctx);
    return json({ result, jsonrpc: '2.0', id: message.id });
  } catch (err) {
    return errorAnswer(message.id, err);
  }
}
