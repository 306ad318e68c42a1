/**
 * The MCP endpoint (docs/mcp.md) as the contract states it: one path outside the versioned API,
 * POST only (stateless Streamable HTTP: no event stream to GET, no session to DELETE), the same
 * token as the API, sent as HTTP Basic (the user name) or as a Bearer token, which MCP clients
 * configure most easily.
 */
export const MCP_PATH = '/mcp';

/** The challenge of a 401 at /mcp: either way of sending the token. */
export const MCP_AUTH_CHALLENGE =
  'Bearer realm="Scripture API MCP: send your API token as a Bearer token", Basic realm="Scripture API: send your API token as the user name"';
