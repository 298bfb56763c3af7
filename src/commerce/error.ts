/** Where an upstream call went, kept on every commerce error so failures can be traced without secrets. */
export interface CommerceErrorInit {
  provider: "payments" | "storefront" | "storefront-platform" | "pos";
  method: string;
  url: string;
  /** Upstream HTTP status; `undefined` for local validation failures and network errors. */
  status?: number;
  /** Parsed upstream body (JSON when it parsed, else the text). */
  body?: unknown;
  /** Provider error code when the body carried one (e.g. `RATE_LIMITED`). */
  code?: string;
  cause?: unknown;
}

/**
 * The one error type of the commerce clients. An upstream 401 stays an upstream fact here;
 * callers must never forward `status` as their own response status.
 *
 * @example
 * try { await retrievePaymentIntent(key, id) } catch (e) { if (e instanceof CommerceError && e.status === 404) ... }
 */
export class CommerceError extends Error {
  readonly provider: CommerceErrorInit["provider"];
  readonly method: string;
  readonly url: string;
  readonly status: number | undefined;
  readonly body: unknown;
  readonly code: string | undefined;

  constructor(message: string, init: CommerceErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "CommerceError";
    this.provider = init.provider;
    this.method = init.method;
    this.url = init.url;
    this.status = init.status;
    this.body = init.body;
    this.code = init.code;
  }
}
