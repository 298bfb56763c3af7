/** One field-level problem in a rejected write. `path` is a dotted field path such as `sections.2.image`. */
export interface Violation {
  path: string;
  message: string;
  code?: string;
}

/**
 * The one error type of the editing backend. Routes catch it at a single edge and answer
 * `toResponse()`; anything else becomes a 500 without internals.
 *
 * @example
 * throw new HttpError(404, "page 12 not found");
 */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly details: Record<string, unknown>;

  /** Response headers the error answers with (`Allow` on a 405, say); they survive the room's RPC. */
  readonly headers: [string, string][];

  /**
   * `cause`: where the error came from (a room's answer rebuilt on this side of the RPC), kept for
   * logs; never part of the response.
   */
  constructor(status: number, message: string, options: { code?: string; details?: Record<string, unknown>; headers?: HeadersInit; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "HttpError";
    this.status = status;
    this.code = options.code;
    this.details = options.details ?? {};
    this.headers = [...new Headers(options.headers).entries()];
  }

  /** The JSON body every error answers with: `{ error, code?, ...details }`. */
  toJSON(): Record<string, unknown> {
    return { error: this.message, ...(this.code ? { code: this.code } : {}), ...this.details };
  }

  toResponse(): Response {
    const headers = new Headers(this.headers);
    headers.set("content-type", "application/json; charset=utf-8");
    return new Response(JSON.stringify(this.toJSON()), { status: this.status, headers });
  }
}

/**
 * A 422 carrying per-field `violations`.
 *
 * @example
 * throw new LouiseValidationError([{ path: "title", message: "title is required", code: "required" }]);
 */
export class LouiseValidationError extends HttpError {
  readonly violations: Violation[];

  constructor(violations: Violation[], message = summarize(violations), options: { cause?: unknown } = {}) {
    super(422, message, { code: "validation_failed", details: { violations }, ...options });
    this.name = "LouiseValidationError";
    this.violations = violations;
  }
}

function summarize(violations: Violation[]): string {
  const first = violations[0];
  if (!first) return "validation failed";
  const more = violations.length > 1 ? ` (and ${violations.length - 1} more)` : "";
  return `${first.path}: ${first.message}${more}`;
}

/**
 * Narrowing helper for the error edge: true for `HttpError` and its subclasses.
 *
 * @example
 * if (isHttpError(error)) return error.toResponse();
 */
export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}
