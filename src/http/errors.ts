import { HTTPException } from 'hono/http-exception';

/**
 * API errors. Any module may throw one; `app.onError` renders it in the requested format as
 * `<errors><error>…</error></errors>` (JSON: `{"errors":{"error":["…"]}}`), the one error shape
 * used everywhere (docs/contract.md "Errors"). It is a Hono `HTTPException`, so Hono's own
 * middleware and ours raise errors the same way; `messages` carries one entry per problem (a 422
 * lists every one) and `headers` what the response must carry (e.g. `WWW-Authenticate`).
 */
export type ApiErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 412 | 413 | 415 | 422 | 429 | 503;

export class ApiError extends HTTPException {
  constructor(
    status: ApiErrorStatus,
    readonly messages: string[],
    readonly headers: Record<string, string> = {},
  ) {
    super(status, { message: messages.join('; ') });
    this.name = 'ApiError';
  }
}

export const notFound = (message = 'Not found'): ApiError => new ApiError(404, [message]);
export const badRequest = (message: string): ApiError => new ApiError(400, [message]);
export const unprocessable = (messages: string[]): ApiError => new ApiError(422, messages);

/** Longest piece of request input an error message repeats (messages stay short). */
export const MAX_ECHO = 60;

/**
 * Characters an error never writes as they are: the C0 and C1 controls (NUL and the others XML 1.0
 * forbids, https://www.w3.org/TR/xml/#charsets, and HTML parses as errors) and the bidirectional
 * formatting characters (an RLO, U+202E, turns the rest of a message around: Unicode's
 * "Trojan Source" concern, UTS #55 §2), with the byte order mark.
 */
const INVISIBLE =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** A message with each INVISIBLE character written as its code (`\u202E`), so that it shows and harms nothing. */
export function visible(message: string): string {
  return message.replace(
    INVISIBLE,
    (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
}

/**
 * Request input as an error message may repeat it: whole when short, else its first `max`
 * characters, an ellipsis and the full length (a 12,000-character id must not come back
 * whole). Never ends inside a surrogate pair. Controls and bidirectional formatting characters
 * are written as their codes (visible).
 */
export function echo(input: string, max = MAX_ECHO): string {
  if (input.length <= max) return visible(input);
  const cut = /[\uD800-\uDBFF]$/.test(input.slice(0, max)) ? max - 1 : max;
  return `${visible(input.slice(0, cut))}… (${input.length} characters)`;
}

/** Headers of a response an HTTPException carries, without those that describe its body. */
export function headersOf(res: Response | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  res?.headers.forEach((value, name) => {
    if (name !== 'content-type' && name !== 'content-length') out[name] = value;
  });
  return out;
}

/**
 * A write refused by its precondition (RFC 9110 §13.1.1, docs/sync.md): 412 with the resource as it
 * is now in the requested format (the route renders `answer`), so the client can merge at once.
 * app.onError answers `answer` itself.
 */
export class PreconditionFailed extends ApiError {
  constructor(readonly answer: Response) {
    super(412, ['The If-Match does not name the current revision']);
    this.name = 'PreconditionFailed';
  }
}

/**
 * How long a client waits before sending again a write refused while its account is moved between
 * databases (docs/scale.md "Moving an account": a move of an account at every quota pauses its
 * writes for about a second locally).
 */
export const MOVE_RETRY_AFTER_SECONDS = 2;

/**
 * The 503 of a write to an account that is being moved to another database: nothing of the
 * request was written, and the same request sent again after Retry-After lands in the account's
 * new database (docs/scale.md "Moving an account").
 */
export const accountMoving = (): ApiError =>
  new ApiError(
    503,
    [
      'This account is being moved to another database: nothing of this request was written; send it again in a few seconds',
    ],
    { 'Retry-After': String(MOVE_RETRY_AFTER_SECONDS) },
  );

/**
 * Whether an error is a database refusing a write of an account being moved: the triggers of
 * migrations/0010 abort the statement with `account_moving`.
 */
export function isAccountMoving(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    if (e.message.includes('account_moving')) return true;
  return false;
}
