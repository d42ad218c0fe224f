/**
 * How an mCoin API endpoint is declared: once, with zod, and used by the app's client, the CLI and
 * the sandbox alike, so the three cannot drift apart.
 */
import type { z } from "zod";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

export interface Endpoint<Req extends z.ZodType = z.ZodType, Data extends z.ZodType = z.ZodType> {
  /** A stable name, used in logs, errors and the CLI. */
  readonly name: string;
  readonly method: HttpMethod;
  /** Path under the gateway's base URL, as the spec writes it. */
  readonly path: string;
  /** What the caller sends: the query string for GET, the JSON body otherwise. */
  readonly request: Req;
  /** The reply's `data`. */
  readonly data: Data;
  /**
   * The call only reads: asking it twice changes nothing at the gateway. The mall's client asks a read
   * once more when its connection failed before any reply (core/api/client.ts `retryReads`); never a
   * state change, idempotency key or not. Every endpoint says which it is (core/api/registry.test.ts).
   */
  readonly read: boolean;
  /** Whether the call needs a member's token (the sandbox answers 'not login' without one). */
  readonly auth: boolean;
  /**
   * A state change that must carry an Idempotency-Key (docs/architecture.md): the gateway refuses it without
   * one. Any other POST may carry one too.
   */
  readonly idempotent?: boolean;
}

export type EndpointRequest<E extends Endpoint> = z.input<E["request"]>;
export type EndpointData<E extends Endpoint> = z.output<E["data"]>;

export function defineEndpoint<Req extends z.ZodType, Data extends z.ZodType>(endpoint: Endpoint<Req, Data>): Endpoint<Req, Data> {
  return endpoint;
}

/** The reply envelope of the mCoin API: a code, a message in `msg` or `message`, and `data`. */
export interface ReplyEnvelope<D = unknown> {
  code?: number | string;
  msg?: string;
  message?: string;
  resultCode?: string;
  data?: D;
}

/** The success code of the mCoin API's envelope ("code (200 is ok)", spec section 7). */
export const SUCCESS_CODE = 200;
/** The reply message that means the session is gone (spec section 8). */
export const NOT_LOGIN_MESSAGE = "not login";

/** The reply's message: `msg`, else `message` (spec section 7). */
export function replyMessage(body: unknown): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const { msg, message } = body as ReplyEnvelope;
  if (typeof msg === "string" && msg !== "") return msg;
  if (typeof message === "string" && message !== "") return message;
  return undefined;
}
