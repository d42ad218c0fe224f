/**
 * Errors of the mCoin API client. Every failure carries a `code` the UI translates and the server
 * maps (spec section 8): the member never sees gateway internals.
 */
export type ApiErrorCode =
  /** The reply's message was 'not login': the session is gone. */
  | "NOT_LOGIN"
  /** The body carried resultCode "404". */
  | "NOT_FOUND"
  /** A well-formed reply whose code is not the success code. */
  | "BUSINESS"
  /** HTTP 500 from the gateway. */
  | "SERVER_ERROR"
  /** HTTP 429 from the gateway. */
  | "RATE_LIMITED"
  /** Any other non-2xx status. */
  | "HTTP"
  /** No response at all (refused, reset, DNS). */
  | "NETWORK"
  /** No response within the call's timeout. */
  | "TIMEOUT"
  /** The caller aborted the call. */
  | "ABORTED"
  /** A reply that is not JSON or does not match the endpoint's declaration. */
  | "BAD_RESPONSE"
  /** The request did not match the endpoint's declaration; nothing was sent. */
  | "BAD_REQUEST";

export class ApiError extends Error {
  readonly code: ApiErrorCode;
  /** HTTP status, when a reply arrived. */
  readonly status?: number;
  /** Name of the endpoint called. */
  readonly endpoint?: string;
  /** The reply body, parsed when it was JSON. */
  readonly body?: unknown;

  constructor(code: ApiErrorCode, message: string, details: { status?: number; endpoint?: string; body?: unknown; cause?: unknown } = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = "ApiError";
    this.code = code;
    this.status = details.status;
    this.endpoint = details.endpoint;
    this.body = details.body;
  }

  toJSON() {
    return { name: this.name, code: this.code, message: this.message, status: this.status, endpoint: this.endpoint };
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Failures for which the spec sends the member to the error route ('Overwhelming Response'). */
export const ERROR_ROUTE_CODES: ReadonlySet<ApiErrorCode> = new Set(["SERVER_ERROR", "RATE_LIMITED", "NETWORK", "TIMEOUT", "BAD_RESPONSE", "HTTP"]);

/**
 * Failures after which nobody knows whether the gateway acted: the call may have arrived and been
 * carried out while its reply was lost (a timeout, a dropped connection, an unreadable reply). A
 * state change sent with an idempotency key is answered in place for these, so the member can send
 * the same key again and the gateway acts at most once (app/server/order-actions.server.ts).
 */
export const OUTCOME_UNKNOWN_CODES: ReadonlySet<ApiErrorCode> = new Set(["TIMEOUT", "NETWORK", "BAD_RESPONSE"]);

/** The spec's wording for a timed-out call (section 8). */
export function timeoutMessage(timeoutMs: number): string {
  return `timeout of ${timeoutMs} ms exceeded`;
}
