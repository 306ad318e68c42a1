/**
 * What the worker takes from Node's `buffer` module: Workers provide it under the `nodejs_compat`
 * flag (wrangler.toml). Declared here, rather than with Node's own types, so that nothing else of
 * Node's API (absent from Workers) type-checks in src/.
 */
declare module 'node:buffer' {
  interface WorkerBuffer extends Uint8Array {
    toString(encoding?: 'base64'): string;
  }
  export const Buffer: {
    from(data: ArrayBufferLike, byteOffset?: number, length?: number): WorkerBuffer;
    from(data: string, encoding: 'base64'): WorkerBuffer;
  };
}
