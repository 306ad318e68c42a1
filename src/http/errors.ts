import { HTTPException } from 'hono/http-exception';

/**
 * API errors. Any module may throw one; `app.onError` renders it in the requested format as
 * `<errors><error>…</error></errors>` (JSON: `{"errors":{"error":["…"]}}`), the one error shape
 * used everywhere (original-service.md "Errors"). It is a Hono `HTTPException`, so Hono's own
 * middleware and ours raise errors the same way; `messages` carries one entry per problem (a 422
 * lists every one) and `headers` what the response must carry (e.g. `WWW-Authenticate`).
 */
export type ApiErrorStatus = 400 | 401 | 404 | 413 | 415 | 422 | 503;

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
