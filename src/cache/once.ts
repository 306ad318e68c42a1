/**
 * A value built on its first use and kept for the isolate's life: what a module would otherwise
 * build at its top level, which every fresh isolate evaluates before its first request, whether or
 * not that request needs it (docs/speed.md "Cold start", budget 30 ms). V8 only pre-parses a
 * function's body until it first runs, so what sits in `build` costs a request that never asks
 * for it almost nothing.
 */
export function once<T>(build: () => T): () => T {
  let built = false;
  let value: T;
  return () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value;
  };
}
