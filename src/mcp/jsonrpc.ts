/**
 * JSON-RPC 2.0 as MCP uses it (the MCP specification, "Base Protocol"): the error codes, the
 * error a method throws, and what one message is. The message shapes are those the official
 * SDK's transport accepts (its types.js `JSONRPCMessageSchema`: a request, a notification, a
 * result or an error, each with no member JSON-RPC does not name), so a message it refused as
 * "Parse error: Invalid JSON-RPC message" is refused here too.
 */

/** JSON-RPC's codes (its specification, "Error object"), and MCP's -32002 for a resource. */
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;
/** JSON-RPC's "implementation-defined server error", which the SDK's transport answers with. */
export const SERVER_ERROR = -32000;
/** MCP "Resources": "Resource not found" is -32002. */
export const RESOURCE_NOT_FOUND = -32002;

/** A request id: a string or an integer (the SDK takes the safe integers). */
export type RequestId = string | number;

/** What a method answers a request with, as a JSON-RPC error of this code. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** One message of a POST: a request to answer, or one that is only received (202). */
export type Message =
  | { kind: 'request'; id: RequestId; method: string; params: Record<string, unknown> | undefined }
  | { kind: 'received' };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const isRequestId = (v: unknown): v is RequestId =>
  typeof v === 'string' || Number.isSafeInteger(v);

/** Whether `o` holds no member but `allowed`, and says `jsonrpc: "2.0"`. */
const hasOnly = (o: Record<string, unknown>, allowed: string[]): boolean =>
  o.jsonrpc === '2.0' && Object.keys(o).every((k) => allowed.includes(k));

/** The `_meta` of params or a result, when given: an object whose progress token and task are well formed. */
function metaFits(meta: unknown): boolean {
  if (meta === undefined) return true;
  if (!isObject(meta)) return false;
  if (meta.progressToken !== undefined && !isRequestId(meta.progressToken)) return false;
  const task = meta['io.modelcontextprotocol/related-task'];
  return task === undefined || (isObject(task) && typeof task.taskId === 'string');
}

const paramsFit = (params: unknown): params is Record<string, unknown> | undefined =>
  params === undefined || (isObject(params) && metaFits(params._meta));

/** The message a body holds, or null when it is not a JSON-RPC message. */
export function jsonRpcMessage(value: unknown): Message | null {
  if (!isObject(value)) return null;
  if ('method' in value) {
    if (typeof value.method !== 'string' || !paramsFit(value.params)) return null;
    if ('id' in value) {
      if (!hasOnly(value, ['jsonrpc', 'id', 'method', 'params']) || !isRequestId(value.id))
        return null;
      return { kind: 'request', id: value.id, method: value.method, params: value.params };
    }
    return hasOnly(value, ['jsonrpc', 'method', 'params']) ? { kind: 'received' } : null;
  }
  if ('result' in value)
    return hasOnly(value, ['jsonrpc', 'id', 'result']) &&
      isRequestId(value.id) &&
      isObject(value.result) &&
      metaFits(value.result._meta)
      ? { kind: 'received' }
      : null;
  const { error } = value;
  return hasOnly(value, ['jsonrpc', 'id', 'error']) &&
    (value.id === undefined || isRequestId(value.id)) &&
    isObject(error) &&
    Number.isSafeInteger(error.code) &&
    typeof error.message === 'string'
    ? { kind: 'received' }
    : null;
}

/** What a member of the wrong kind is, for the message that refuses it: `not an array`, `and is missing`. */
export function wrongKind(value: unknown): string {
  if (value === undefined) return 'and is missing';
  if (Array.isArray(value)) return 'not an array';
  if (value === null) return 'not null';
  return `not a ${typeof value}`;
}
