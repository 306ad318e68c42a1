/**
 * What the bundle has in place of Ajv and ajv-formats (wrangler.toml `[alias]`). The MCP SDK's
 * `Server` imports its default JSON Schema validator, Ajv, whether or not it is used; the server
 * here is given the SDK's @cfworker/json-schema validator instead (src/mcp/server.ts: Ajv compiles
 * schemas with `new Function`, which Workers forbid), so Ajv is never constructed, and its two
 * bundled copies (~240 KiB minified) would only weigh on the Worker's 1 MiB budget.
 */
export default function ajvNotBundled(): never {
  throw new Error(
    'Ajv is not bundled in this Worker: give the MCP server the @cfworker/json-schema validator',
  );
}
