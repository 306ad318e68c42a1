/**
 * API errors. Any module may throw one; `app.onError` renders it in the requested format as
 * `<errors><error>…</error></errors>` (JSON: `{"errors":{"error":["…"]}}`), the one error shape
 * used everywhere (original-service.md "Errors").
 */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 413 | 415 | 422 | 503,
    readonly messages: string[],
    readonly headers: Record<string, string> = {},
  ) {
    super(messages.join('; '));
    this.name = 'ApiError';
  }
}

export const notFound = (message = 'Not found'): ApiError => new ApiError(404, [message]);
export const badRequest = (message: string): ApiError => new ApiError(400, [message]);
export const unprocessable = (messages: string[]): ApiError => new ApiError(422, messages);
