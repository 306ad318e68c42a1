import { KV_READS, MCP_ANSWER_BYTES, WRITE_BODY_BYTES, type Bounds } from './budgets';

/**
 * The MCP endpoint (docs/mcp.md) as the contract states it: one path outside the versioned API,
 * POST only (stateless Streamable HTTP: no event stream to GET, no session to DELETE), the same
 * token as the API, sent as HTTP Basic (the user name) or as a Bearer token, which MCP clients
 * configure most easily.
 */
export const MCP_PATH = '/mcp';

/**
 * Keys and values one `/mcp` body may hold (each object member and each array item counts once):
 * `add_note` with 100 references holds ~115, `initialize` with a client's capabilities a few
 * dozen. A 64 KiB body of short keys holds ~12,000, each one more member for a reader to walk
 * (350,000 of them in 4 MB cost the SDK's transport 1.7–2.1 s of CPU; docs/mcp.md "Limits").
 */
export const MCP_MAX_BODY_VALUES = 1_000;

/**
 * What `/mcp` may cost, declared as the route table's operations declare theirs
 * (src/api/budgets.ts), and enforced from here: every POST counts against MCP_LIMITER
 * (src/routes/mcp.ts, before its body is read); test/routes/bounds.test.ts sweeps it with the
 * table's routes.
 */
export const MCP_BOUNDS: Bounds = {
  limiter: { kind: 'mcp' },
  /**
   * The largest answer (the developers' guide: no answer over 1 MiB). One message per request
   * (batches are refused: docs/mcp.md "Batches"), and each tool's text is cut to fit
   * (src/mcp/text.ts fitAnswer, leaving room for a request id as long as the body); the fullest
   * page of list_my_notes, the heaviest answer, is 114 KiB (test/mcp/bounds.test.ts).
   */
  answerBytes: MCP_ANSWER_BYTES,
  /**
   * The largest body read: a write's, since the largest message is `add_note` with a note's whole
   * content and 100 references, as POST /notes takes it. (The SDK's transport, which served /mcp
   * before src/mcp/server.ts, read 4 MiB.)
   */
  bodyBytes: WRITE_BODY_BYTES,
  // One tool call a request, the heaviest a search (grammar_search, search_text).
  kvReads: KV_READS.search,
};

/** The challenge of a 401 at /mcp: either way of sending the token. */
export const MCP_AUTH_CHALLENGE =
  'Bearer realm="Scripture API MCP: send your API token as a Bearer token", Basic realm="Scripture API: send your API token as the user name"';

/**
 * The tools `tools/list` gives, in its order (src/mcp/tools/index.ts; test/mcp/mcp.test.ts checks
 * the two agree): named here too so that the API's description lists them without loading the
 * MCP module.
 */
export const MCP_TOOL_NAMES = [
  'lookup_passage',
  'search_text',
  'word_study',
  'grammar_search',
  'verse_study',
  'list_my_notes',
  'add_note',
  'tag_verses',
] as const;

/** The paragraph of the OpenAPI description (src/openapi/document.ts) about the endpoint. */
export const MCP_DESCRIPTION = `MCP (Model Context Protocol) for AI assistants: \`POST ${MCP_PATH}\` (not under \`/v1\` or \`/v2\`, no suffix) is a stateless Streamable HTTP endpoint answering JSON, with the tools ${MCP_TOOL_NAMES.map((n) => `\`${n}\``).join(', ')}. The token goes as \`Authorization: Bearer <token>\` or as the HTTP Basic user name; the tools count against the same rate limits and quotas as the routes. docs/mcp.md describes the tools.`;
