import type { ToolContext } from './context';
import type { Infer, Shape } from './schema';

/**
 * One MCP tool: its name (snake_case), what an assistant reads to choose it, its arguments as a
 * shape of schemas (src/mcp/schema.ts: listed as JSON Schema by `tools/list`, checked on every
 * call: src/mcp/server.ts), and what it does. A tool answers text an assistant can quote; a
 * problem with what was asked (an unknown reference, a number no lexicon has, a quota) is thrown
 * as the API's error and becomes a tool result marked `isError` with the same message.
 */
export interface Tool<S extends Shape = Shape> {
  name: string;
  title: string;
  description: string;
  input: S;
  /** Reads only (MCP's `readOnlyHint`); the others add to the caller's own notes and tags. */
  readOnly: boolean;
  /** An argument outside `input` is invalid params (-32602), not dropped. */
  strict?: true;
  run(args: Infer<S>, ctx: ToolContext): Promise<string>;
}

/** A tool with its argument types inferred from its shape. */
export function tool<S extends Shape>(definition: Tool<S>): Tool<S> {
  return definition;
}
