/**
 * The mCoin API client: builds each call from its endpoint declaration, adds the headers of the
 * spec (section 6: bearer token when one is stored, `mpay: 1` always, Accept-Language from the
 * locale) and turns every reply into data or an ApiError with a code (section 8).
 */
import { NOT_LOGIN_MESSAGE, SUCCESS_CODE, replyMessage, type Endpoint, type EndpointData, type EndpointRequest, type ReplyEnvelope } from "./define";
import { ApiError, timeoutMessage } from "./errors";
import { noReplyCame, type HttpResponse, type HttpTransport } from "./transport";

export interface ApiClientOptions {
  /** The gateway's base URL, without a trailing slash. */
  baseUrl: string;
  transport: HttpTransport;
  /** Sent as Accept-Language. */
  locale: string;
  /** The member's session token, when there is one. */
  token?: string | null;
  /** Default timeout per call in milliseconds; 0 means none. */
  timeoutMs?: number;
  /** Told about every finished call (for logs and the CLI's verbose mode). */
  onCall?: (event: ApiCallEvent) => void;
  /**
   * Asks a read (its declaration's `read`) once more when the connection failed before any reply
   * came (the transport says so: `noReplyCame`). Not after a timeout, which already spent the wait,
   * nor after any reply, nor ever for a state change. Both attempts share the call's timeout.
   */
  retryReads?: boolean;
  /** Told when a read is asked again, with the failure of the first attempt. */
  onRetry?: (event: ApiRetryEvent) => void;
}

export interface ApiRetryEvent {
  endpoint: string;
  method: string;
  url: string;
  error: ApiError;
}

export interface ApiCallEvent {
  endpoint: string;
  method: string;
  url: string;
  status?: number;
  ms: number;
  error?: ApiError;
}

export interface CallOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Extra headers for this call. */
  headers?: Record<string, string>;
}

export interface ApiReply<D> {
  data: D;
  message?: string;
  headers: Headers;
}

export interface ApiClient {
  call<E extends Endpoint>(endpoint: E, input?: EndpointRequest<E>, options?: CallOptions): Promise<ApiReply<EndpointData<E>>>;
  /** Builds the HTTP request a call would send, without sending it (used by the CLI). */
  buildRequest<E extends Endpoint>(endpoint: E, input?: EndpointRequest<E>): { method: string; url: string; headers: Record<string, string>; body?: string };
  readonly options: Readonly<ApiClientOptions>;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");

  function buildRequest<E extends Endpoint>(endpoint: E, input?: EndpointRequest<E>) {
    const parsed = endpoint.request.safeParse(input ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.length ? `${issue.path.join(".")}: ` : "";
      throw new ApiError("BAD_REQUEST", `invalid request for ${endpoint.name}: ${field}${issue?.message ?? "invalid"}`, {
        endpoint: endpoint.name,
      });
    }
    const headers: Record<string, string> = {
      accept: "application/json",
      "accept-language": options.locale,
      mpay: "1",
    };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let url = `${baseUrl}${endpoint.path}`;
    let body: string | undefined;
    if (endpoint.method === "GET" || endpoint.method === "DELETE") {
      const query = toQuery(parsed.data);
      if (query) url += `?${query}`;
    } else {
      headers["content-type"] = "application/json;charset=UTF-8";
      body = JSON.stringify(parsed.data ?? {});
    }
    return { method: endpoint.method, url, headers, body };
  }

  async function call<E extends Endpoint>(endpoint: E, input?: EndpointRequest<E>, callOptions: CallOptions = {}): Promise<ApiReply<EndpointData<E>>> {
    const request = buildRequest(endpoint, input);
    const timeoutMs = callOptions.timeoutMs ?? options.timeoutMs ?? 0;
    const started = Date.now();
    const controller = new AbortController();
    const timedOut = new Error("timeout");
    const timer = timeoutMs > 0 ? setTimeout(() => controller.abort(timedOut), timeoutMs) : undefined;
    const onOuterAbort = () => controller.abort(callOptions.signal?.reason);
    callOptions.signal?.addEventListener("abort", onOuterAbort, { once: true });

    const report = (status: number | undefined, error?: ApiError) => options.onCall?.({ endpoint: endpoint.name, method: request.method, url: request.url, status, ms: Date.now() - started, error });

    const failureOf = (cause: unknown) =>
      controller.signal.reason === timedOut
        ? new ApiError("TIMEOUT", timeoutMessage(timeoutMs), { endpoint: endpoint.name, cause })
        : callOptions.signal?.aborted
          ? new ApiError("ABORTED", "aborted", { endpoint: endpoint.name, cause })
          : new ApiError("NETWORK", networkMessage(cause), { endpoint: endpoint.name, cause });
    const send = () => {
      if (callOptions.signal?.aborted) throw callOptions.signal.reason;
      return options.transport({
        ...request,
        headers: { ...request.headers, ...callOptions.headers },
        signal: controller.signal,
      });
    };

    let response: HttpResponse;
    try {
      try {
        response = await send();
      } catch (cause) {
        const error = failureOf(cause);
        if (!(options.retryReads && endpoint.read && error.code === "NETWORK" && noReplyCame(cause))) throw error;
        options.onRetry?.({ endpoint: endpoint.name, method: request.method, url: request.url, error });
        response = await send();
      }
    } catch (cause) {
      const error = cause instanceof ApiError ? cause : failureOf(cause);
      report(undefined, error);
      throw error;
    } finally {
      clearTimeout(timer);
      callOptions.signal?.removeEventListener("abort", onOuterAbort);
    }

    try {
      const data = interpret(endpoint, response);
      report(response.status);
      return data;
    } catch (error) {
      report(response.status, error as ApiError);
      throw error;
    }
  }

  return { call, buildRequest, options };
}

/** Turns a reply into data, or the ApiError that section 8 of the spec calls for. */
function interpret<E extends Endpoint>(endpoint: E, response: HttpResponse): ApiReply<EndpointData<E>> {
  const { status } = response;
  let body: unknown;
  let isJson = true;
  try {
    body = response.text === "" ? undefined : JSON.parse(response.text);
  } catch {
    isJson = false;
  }
  const message = replyMessage(body);
  const details = { status, endpoint: endpoint.name, body };

  if (message === NOT_LOGIN_MESSAGE) throw new ApiError("NOT_LOGIN", message, details);
  if (status === 500) throw new ApiError("SERVER_ERROR", message ?? "Internal Server Error", details);
  if (status === 429) throw new ApiError("RATE_LIMITED", message ?? "Too Many Requests", details);
  if (status < 200 || status >= 300) {
    throw new ApiError("HTTP", message ?? `Request failed with status code ${status}`, details);
  }
  if (!isJson || body === null || typeof body !== "object") {
    throw new ApiError("BAD_RESPONSE", `unreadable reply from ${endpoint.name}`, details);
  }
  const envelope = body as ReplyEnvelope;
  if (String(envelope.resultCode) === "404") throw new ApiError("NOT_FOUND", message ?? "Not Found", details);
  if (envelope.code !== undefined && Number(envelope.code) !== SUCCESS_CODE) {
    throw new ApiError("BUSINESS", message ?? "Request failed, please try again", details);
  }
  const data = endpoint.data.safeParse(envelope.data);
  if (!data.success) {
    throw new ApiError("BAD_RESPONSE", `reply from ${endpoint.name} does not match its declaration: ${data.error.issues[0]?.message}`, details);
  }
  return { data: data.data as EndpointData<E>, message, headers: response.headers };
}

function toQuery(input: unknown): string {
  if (!input || typeof input !== "object") return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.set(key, String(value));
  }
  return params.toString();
}

function networkMessage(cause: unknown): string {
  const code = (cause as { code?: string; cause?: { code?: string } })?.cause?.code ?? (cause as { code?: string })?.code;
  return code ? `Network Error (${code})` : "Network Error";
}
