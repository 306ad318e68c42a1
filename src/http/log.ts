/**
 * What the worker writes to its log about an error it did not expect: the error's
 * name, its message and its causes' messages, and the stack frames: never a query's bound
 * parameters, which carry token hashes, password hashes, e-mail addresses and note text. Drizzle
 * puts them in the message (`Failed query: …\nparams: …`) and on the error (`params`), so the
 * error object itself is never logged, only this text. Every log line of the worker goes through
 * here.
 */

/** A message without anything from `params:` on (Drizzle's DrizzleQueryError). */
function redact(message: string): string {
  const at = message.search(/\n?\s*params:/);
  return at >= 0 ? `${message.slice(0, at)} [parameters withheld]` : message;
}

/** The loggable text of an error and its causes. */
export function describeError(err: unknown): string {
  const parts: string[] = [];
  let frames = '';
  for (let e: unknown = err, depth = 0; e !== undefined && depth < 5; depth++) {
    if (e instanceof Error) {
      parts.push(`${e.name}: ${redact(e.message)}`);
      if (!frames && e.stack)
        frames = e.stack
          .split('\n')
          .filter((line) => /^\s+at /.test(line))
          .slice(0, 8)
          .join('\n');
      e = e.cause;
    } else {
      parts.push(`thrown value of type ${typeof e}`);
      break;
    }
  }
  return [parts.join('\n  caused by '), frames].filter(Boolean).join('\n');
}

export function logUnhandledError(err: unknown): void {
  console.error(`unhandled error: ${describeError(err)}`);
}
