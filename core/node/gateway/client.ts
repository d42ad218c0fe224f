/**
 * The secure gateway client (spec section 7, "Secure gateway wrapper"): seals every non-exempt
 * request, opens replies and error bodies with the request's key and IV, and succeeds only on
 * result.code "000000". Optional success and failure callbacks; a debug log outside prod and uat.
 * It runs on the server, where the keys are; "credentials sent cross-origin" has no meaning there.
 */
import type { z } from "zod";
import { TASK_CENTER_FUNCTIONS, type SecureFunction } from "../../api/task-center";
import { noReplyCame, type HttpTransport } from "../../api/transport";
import { HEADER, JSON_CONTENT_TYPE, SUCCESS_RESULT_CODE, headerValue, openReply, resultOf, sealRequest, signatureOf, type EnvelopeSettings, type GatewayResult } from "./envelope";

export interface GatewayClientSettings extends EnvelopeSettings {
  /** Base URL of the gateway, without a trailing slash. */
  baseUrl: string;
  /** URL fragments sent without the envelope (plain JSON). */
  exemptUrls: string[];
  /** Default 30000 ms (spec section 9). */
  timeoutMs: number;
  /** Logs each exchange in plain text through `log`. */
  debug: boolean;
}

/** BAD_REQUEST: the call could not be sent as asked (nothing was sent); BAD_RESPONSE: a declared function answered what its declaration does not describe. */
export type GatewayErrorCode = "BUSINESS" | "HTTP" | "NETWORK" | "TIMEOUT" | "ABORTED" | "BAD_REQUEST" | "SIGNATURE" | "BAD_RESPONSE";

/** What an HTTP header value may hold: no CR, LF, NUL or other control character. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

export class GatewayError extends Error {
  readonly code: GatewayErrorCode;
  readonly status?: number;
  readonly result?: GatewayResult;
  /** The reply body, decrypted when it could be. */
  readonly body?: unknown;

  constructor(code: GatewayErrorCode, message: string, details: { status?: number; result?: GatewayResult; body?: unknown; cause?: unknown } = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = "GatewayError";
    this.code = code;
    this.status = details.status;
    this.result = details.result;
    this.body = details.body;
  }

  toJSON() {
    return { name: this.name, code: this.code, message: this.message, status: this.status, result: this.result };
  }
}

export interface GatewayCallOptions {
  /** Sent as the Token header. */
  token?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface GatewayClientOptions {
  transport: HttpTransport;
  /** The clock for Request-Time (default Date.now). */
  now?: () => number;
  onSuccess?: (reply: unknown, functionUrl: string) => void;
  onFailure?: (error: GatewayError, functionUrl: string) => void;
  /** Where debug lines go (nothing is logged without it). */
  log?: (line: string) => void;
  /**
   * Asks a declared read (`SecureFunction.read`) once more when its connection failed before any
   * reply came, sealed afresh: a new key, IV, nonce and Request-Time, since the gateway refuses a
   * nonce it has seen. Both attempts share the call's timeout; never after a timeout or a reply.
   */
  retryReads?: boolean;
  /** Told when a read is asked again, with the failure of the first attempt. */
  onRetry?: (error: GatewayError, functionUrl: string) => void;
}

export interface GatewayClient {
  /** Calls a function of the gateway; resolves with the opened reply when result.code is "000000". */
  call<T = unknown>(functionUrl: string, body: unknown, options?: GatewayCallOptions): Promise<T>;
  /**
   * Calls a declared function (core/api/task-center.ts) by its declaration: the body is checked
   * against its request (BAD_REQUEST, nothing sent, when it does not match) and the reply parsed by
   * its reply schema, so the result has the function's reply type.
   */
  callFunction<F extends SecureFunction>(declared: F, body: z.input<F["request"]>, options?: GatewayCallOptions): Promise<z.output<F["reply"]>>;
  readonly settings: Readonly<GatewayClientSettings>;
}

export function createGatewayClient(settings: GatewayClientSettings, options: GatewayClientOptions): GatewayClient {
  const now = options.now ?? Date.now;
  const debug = (line: string) => {
    if (settings.debug) options.log?.(line);
  };
  const fail = (error: GatewayError, functionUrl: string): never => {
    options.onFailure?.(error, functionUrl);
    throw error;
  };

  function call<T>(functionUrl: string, body: unknown, callOptions: GatewayCallOptions = {}): Promise<T> {
    return exchange<T>(functionUrl, body, callOptions, declaredRead(functionUrl));
  }

  async function exchange<T>(functionUrl: string, body: unknown, callOptions: GatewayCallOptions, read: boolean): Promise<T> {
    const exempt = settings.exemptUrls.some((fragment) => functionUrl.includes(fragment));
    // Each attempt is sealed on its own: the gateway refuses a nonce it has seen, and a Request-Time too old.
    const seal = () => {
      const sealed = exempt ? null : sealRequest(settings, { functionUrl, body, token: callOptions.token, now: now() });
      const headers = sealed?.headers ?? { "Content-Type": JSON_CONTENT_TYPE, Token: callOptions.token ?? "" };
      return { sealed, headers, requestBody: sealed?.body ?? JSON.stringify(body ?? {}) };
    };
    let { sealed, headers, requestBody } = seal();
    const unsendable = Object.entries(headers).find(([, value]) => !HEADER_VALUE.test(value));
    if (unsendable) return fail(new GatewayError("BAD_REQUEST", `the ${unsendable[0]} header cannot carry control characters`), functionUrl);
    debug(`gateway → ${functionUrl} ${JSON.stringify(body)}`);

    const timeoutMs = callOptions.timeoutMs ?? settings.timeoutMs;
    const controller = new AbortController();
    const timedOut = new Error("timeout");
    const timer = timeoutMs > 0 ? setTimeout(() => controller.abort(timedOut), timeoutMs) : undefined;
    const onAbort = () => controller.abort(callOptions.signal?.reason);
    callOptions.signal?.addEventListener("abort", onAbort, { once: true });

    let status: number;
    let text: string;
    let replySigned: string | null = null;
    const failureOf = (cause: unknown) =>
      controller.signal.reason === timedOut
        ? new GatewayError("TIMEOUT", `timeout of ${timeoutMs} ms exceeded`, { cause })
        : callOptions.signal?.aborted
          ? new GatewayError("ABORTED", "aborted", { cause })
          : new GatewayError("NETWORK", `Network Error (${(cause as { cause?: { code?: string } })?.cause?.code ?? "no response"})`, { cause });
    const send = () => options.transport({ method: "POST", url: `${settings.baseUrl}${functionUrl}`, headers, body: requestBody, signal: controller.signal });
    try {
      let response;
      try {
        response = await send();
      } catch (cause) {
        const error = failureOf(cause);
        if (!(read && options.retryReads && error.code === "NETWORK" && noReplyCame(cause))) throw error;
        debug(`gateway ↻ ${functionUrl} ${error.message}, asked again`);
        options.onRetry?.(error, functionUrl);
        ({ sealed, headers, requestBody } = seal());
        response = await send();
      }
      status = response.status;
      text = response.text;
      replySigned = response.headers?.get(HEADER.signature) ?? null;
    } catch (cause) {
      const error = cause instanceof GatewayError ? cause : failureOf(cause);
      debug(`gateway ✗ ${functionUrl} ${error.message}`);
      return fail(error, functionUrl);
    } finally {
      clearTimeout(timer);
      callOptions.signal?.removeEventListener("abort", onAbort);
    }

    // A signed reply must match its signature (the spec's gateway may not sign: unsigned is taken).
    if (sealed && replySigned !== null && !replySignatureHolds(settings, sealed.headers, text, replySigned)) {
      debug(`gateway ✗ ${functionUrl} the reply's signature does not match it`);
      return fail(new GatewayError("SIGNATURE", "the reply's signature does not match it: it was changed on the way or not signed by the gateway", { status, body: text }), functionUrl);
    }
    const opened = sealed ? openReply(text, sealed.key, sealed.iv) : openReply(text, "", "");
    const result = resultOf(opened.value);
    debug(`gateway ← ${functionUrl} ${status} ${JSON.stringify(opened.value)}`);
    if (status < 200 || status >= 300) {
      return fail(new GatewayError("HTTP", result?.message ?? `Request failed with status code ${status}`, { status, result, body: opened.value }), functionUrl);
    }
    if (result?.code !== SUCCESS_RESULT_CODE) {
      return fail(new GatewayError("BUSINESS", result?.message ?? "the gateway did not answer with a result", { status, result, body: opened.value }), functionUrl);
    }
    options.onSuccess?.(opened.value, functionUrl);
    return opened.value as T;
  }

  async function callFunction<F extends SecureFunction>(declared: F, body: z.input<F["request"]>, callOptions?: GatewayCallOptions): Promise<z.output<F["reply"]>> {
    const request = declared.request.safeParse(body);
    if (!request.success) {
      const issue = request.error.issues[0];
      const field = issue?.path.length ? `${issue.path.join(".")}: ` : "";
      return fail(new GatewayError("BAD_REQUEST", `invalid request for ${declared.name}: ${field}${issue?.message ?? "invalid"}`), declared.url);
    }
    const opened = await exchange<unknown>(declared.url, request.data, callOptions ?? {}, declared.read);
    const reply = declared.reply.safeParse(opened);
    if (!reply.success) {
      return fail(new GatewayError("BAD_RESPONSE", `the reply of ${declared.name} does not match its declaration: ${reply.error.issues[0]?.message ?? "invalid"}`, { body: opened }), declared.url);
    }
    return reply.data as z.output<F["reply"]>;
  }

  return { call, callFunction, settings };
}

/** Whether the function at a URL is declared a read (core/api/task-center.ts); an undeclared one is not. */
function declaredRead(functionUrl: string): boolean {
  return Object.values(TASK_CENTER_FUNCTIONS).some((declared) => declared.url === functionUrl && declared.read);
}

/** Whether a reply's Signature header is the gateway's over this reply, for the request it answers. */
function replySignatureHolds(settings: EnvelopeSettings, requestHeaders: Record<string, string>, text: string, header: string): boolean {
  let signed: { signature?: unknown };
  try {
    signed = JSON.parse(header) as { signature?: unknown };
  } catch {
    return false;
  }
  const expected = signatureOf({
    secret: settings.signature.secret,
    requestTime: headerValue(requestHeaders, HEADER.requestTime) ?? "",
    nonce: headerValue(requestHeaders, HEADER.nonce) ?? "",
    body: text,
    md5Key: settings.signature.md5Key,
  });
  return signed.signature === expected;
}
