/**
 * The MCP revisions this server speaks: those of the official TypeScript SDK the tests' client is
 * (`@modelcontextprotocol/sdk` types.js `LATEST_PROTOCOL_VERSION` and
 * `SUPPORTED_PROTOCOL_VERSIONS`), copied as data because the SDK is not in the Worker's bundle
 * (docs/mcp.md "The bundle"); test/node/mcp-protocol-versions.test.ts holds the two lists equal,
 * so an upgrade of the SDK that adds a revision fails there until this list has it too.
 *
 * `initialize` answers the revision the client asks for when it is one of these, else the latest
 * (MCP "Lifecycle", version negotiation); a later request's `MCP-Protocol-Version` header naming
 * another is a 400 (MCP "Transports": "the server MUST respond with 400 Bad Request").
 */
export const LATEST_PROTOCOL_VERSION = '2025-11-25';

export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = [
  LATEST_PROTOCOL_VERSION,
  '2025-06-18',
  '2025-03-26',
  '2024-11-05',
  '2024-10-07',
];

/** The revision `initialize` answers a client asking for `requested`. */
export function negotiatedVersion(requested: string): string {
  return SUPPORTED_PROTOCOL_VERSIONS.includes(requested) ? requested : LATEST_PROTOCOL_VERSION;
}
