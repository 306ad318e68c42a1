import {
  LATEST_PROTOCOL_VERSION as SDK_LATEST,
  SUPPORTED_PROTOCOL_VERSIONS as SDK_SUPPORTED,
} from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import {
  LATEST_PROTOCOL_VERSION,
  negotiatedVersion,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '../../src/mcp/protocol-versions';

/**
 * The MCP revisions /mcp speaks are copied from the SDK (src/mcp/protocol-versions.ts): an upgrade
 * of the SDK, the tests' client, that changes its list fails here until ours follows.
 */
describe('MCP protocol revisions', () => {
  it('are the SDK’s, in its order, with the same latest', () => {
    expect(SUPPORTED_PROTOCOL_VERSIONS).toEqual(SDK_SUPPORTED);
    expect(LATEST_PROTOCOL_VERSION).toBe(SDK_LATEST);
  });

  it('a revision asked for is answered when supported, the latest otherwise', () => {
    for (const v of SUPPORTED_PROTOCOL_VERSIONS) expect(negotiatedVersion(v)).toBe(v);
    expect(negotiatedVersion('1999-01-01')).toBe(LATEST_PROTOCOL_VERSION);
  });
});
