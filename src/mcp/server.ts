import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  McpError,
  type CallToolResult,
  type JSONRPCErrorResponse,
  type Tool as ListedTool,
} from '@modelcontextprotocol/sdk/types.js';
import { NO_ELICITATION } from './no-ajv';
import * as z from 'zod';
import { ApiError } from '../http/errors';
import { logUnhandledError } from '../http/log';
import type { ToolContext } from './context';
import { chapterResources, chapterTemplates, readChapterResource } from './resources';
import { fitAnswer } from './text';
import type { Tool } from './tool';
import { TOOLS } from './tools';

/**
 * The MCP server of `/mcp` (docs/mcp.md), on the official SDK's low-level `Server` and its
 * Streamable HTTP transport for web-standard Requests, stateless: a new server and transport per
 * request (no session id, no Durable Object: no tool keeps anything between calls), answering
 * JSON rather than an event stream. Loaded only by `/mcp` (src/routes/mcp.ts imports it
 * dynamically), so an ordinary API request never evaluates the SDK or zod.
 *
 * `Server` rather than the SDK's `McpServer`: McpServer answers a call of an unknown tool, and
 * arguments its schema refuses, with a tool result marked `isError`; the issue asks for JSON-RPC
 * errors there (-32602, as the MCP specification lists "Unknown tool" and "Invalid arguments").
 * Here the tools' zod shapes are listed as JSON Schema and checked on each call by zod itself.
 */

export const SERVER_INFO = { name: 'scripture-edge', version: '1.0.0' };

const INSTRUCTIONS =
  'Bible text, keyword search, word study and a reference library, and the caller\'s own notes and tags. Quote tool output with its copyright line. References are written as readers write them ("John 3:16-18", "Juan 3:16").';

interface Listed {
  tool: Tool;
  schema: z.ZodObject<z.ZodRawShape>;
  listing: ListedTool;
}

/** The tools with their argument schemas, built once per isolate (on the first /mcp request). */
let listed: Map<string, Listed> | null = null;
function tools(): Map<string, Listed> {
  listed ??= new Map(
    TOOLS.map((tool) => {
      const schema = tool.strict ? z.strictObject(tool.input) : z.object(tool.input);
      const listing: ListedTool = {
        name: tool.name,
        title: tool.title,
        description: tool.description,
        inputSchema: z.toJSONSchema(schema, { io: 'input' }) as ListedTool['inputSchema'],
        annotations: {
          title: tool.title,
          readOnlyHint: tool.readOnly,
          destructiveHint: false,
          idempotentHint: tool.readOnly,
          openWorldHint: false,
        },
      };
      return [tool.name, { tool, schema, listing }];
    }),
  );
  return listed;
}

const text = (value: string, isError = false): CallToolResult => ({
  content: [{ type: 'text', text: value }],
  ...(isError ? { isError: true } : {}),
});

/**
 * One call: its arguments checked (a JSON-RPC error when they do not fit the schema), then the
 * tool run; what the API answers as an error (404, 422, 429…) is the tool's error result with the
 * same words, and anything else is logged and answered as an internal error, never a 5xx.
 */
export async function callTool(
  name: string,
  args: unknown,
  ctx: ToolContext,
): Promise<CallToolResult> {
  const found = tools().get(name);
  if (!found) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name.slice(0, 60)}`);
  const parsed = found.schema.safeParse(args ?? {});
  if (!parsed.success)
    throw new McpError(
      ErrorCode.InvalidParams,
      `Invalid arguments for ${name}: ${z.prettifyError(parsed.error)}`,
    );
  try {
    return text(fitAnswer(await found.tool.run(parsed.data, ctx)));
  } catch (err) {
    if (err instanceof ApiError) return text(err.messages.join('\n'), true);
    logUnhandledError(err);
    return text(`Internal error in ${name}`, true);
  }
}

function mcpServer(ctx: ToolContext): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: {}, resources: {} },
    instructions: INSTRUCTIONS,
    // A validator serves only elicitation, which this server never sends (src/mcp/no-ajv.ts).
    jsonSchemaValidator: NO_ELICITATION,
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [...tools().values()].map((t) => t.listing),
  }));
  server.setRequestHandler(CallToolRequestSchema, (request) =>
    callTool(request.params.name, request.params.arguments, ctx),
  );
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: await chapterTemplates(ctx),
  }));
  server.setRequestHandler(ListResourcesRequestSchema, (request) =>
    chapterResources(ctx, request.params?.cursor),
  );
  server.setRequestHandler(ReadResourceRequestSchema, (request) =>
    readChapterResource(ctx, request.params.uri),
  );
  return server;
}

/** What a value is, in words, for a message about a value that is not an object. */
function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return `a ${typeof value}`;
}

/**
 * What a request's `params` must hold where the SDK's own check would answer an internal error
 * (-32603) with zod's issues as JSON, or a looser one invalid params with the same dump: a
 * `tools/call`'s `arguments` an object, a `resources/read`'s `uri` a string, a `resources/list`'s
 * `cursor` a string when given. Null when they do; else the message of the invalid params
 * (-32602) the MCP specification asks for.
 */
function paramsProblem(method: unknown, params: unknown): string | null {
  const given =
    typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {};
  if (method === 'tools/call') {
    if (!('arguments' in given)) return null;
    const args = given.arguments;
    if (typeof args === 'object' && args !== null && !Array.isArray(args)) return null;
    const name = typeof given.name === 'string' ? given.name : 'the tool';
    return `Invalid arguments for ${name.slice(0, 60)}: arguments must be an object of named arguments, not ${kindOf(args)}`;
  }
  if (method === 'resources/read' && typeof given.uri !== 'string')
    return `Invalid params for resources/read: uri must be a string, not ${kindOf(given.uri)}`;
  if (method === 'resources/list' && 'cursor' in given && typeof given.cursor !== 'string')
    return `Invalid params for resources/list: cursor must be a string given by an earlier page, not ${kindOf(given.cursor)}`;
  return null;
}

/**
 * A request whose params do not hold what it needs (paramsProblem) answered as invalid params
 * (-32602), before the server, with the request's id, as the SDK answers a request's error
 * (HTTP 200).
 */
function refusedParams(message: unknown): Response | null {
  if (typeof message !== 'object' || message === null) return null;
  const { method, id, params } = message as { method?: unknown; id?: unknown; params?: unknown };
  if (typeof id !== 'string' && typeof id !== 'number') return null;
  const problem = paramsProblem(method, params);
  if (!problem) return null;
  const error: JSONRPCErrorResponse = {
    jsonrpc: '2.0',
    id,
    error: { code: ErrorCode.InvalidParams, message: problem },
  };
  return Response.json(error);
}

/**
 * Answers one POST to /mcp: its one JSON-RPC message, already read and bounded by the route
 * (src/routes/mcp.ts), in; its JSON-RPC answer out.
 */
export async function answerMcp(
  request: Request,
  message: unknown,
  ctx: ToolContext,
): Promise<Response> {
  const refused = refusedParams(message);
  if (refused) return refused;
  const server = mcpServer(ctx);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { parsedBody: message });
  } finally {
    await server.close();
  }
}
