import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types';

/**
 * What the bundle has in place of a JSON Schema validator. The MCP SDK's `Server` uses one only to
 * check a client's answer to an elicitation (`elicitInput`), which this stateless server never
 * sends: its tools check their arguments with their zod shapes (src/mcp/server.ts). So it is given
 * this one, which says so if it is ever asked, instead of the SDK's @cfworker/json-schema validator
 * (24 KiB minified) or its default, Ajv.
 *
 * Ajv and ajv-formats are replaced by the stub below (wrangler.toml `[alias]`): the SDK's `Server`
 * imports Ajv whether or not it is used, Ajv compiles schemas with `new Function`, which Workers
 * forbid, and its two bundled copies (~240 KiB minified) would only weigh on the Worker's 1 MiB
 * budget.
 */
export const NO_ELICITATION: jsonSchemaValidator = {
  getValidator() {
    throw new Error('This MCP server sends no elicitation, so it validates no answer to one');
  },
};

export default function ajvNotBundled(): never {
  throw new Error('Ajv is not bundled in this Worker: the MCP server is given NO_ELICITATION');
}
