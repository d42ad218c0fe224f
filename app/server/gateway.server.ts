/**
 * The member's mCoin API client for one request (`api` of app/server/context.server.ts), with the
 * spec's error handling (section 8): 'not login' clears the session and redirects once to the login
 * page; HTTP 500 and 429, network failures and timeouts go to the error route (but a state change sent
 * with an idempotency key whose outcome is unknown goes back to its action, to be retried in place with
 * the same key); a request the endpoint's declaration refuses (input that passed the route's pattern
 * but not the gateway's) is the route's 400; business refusals reach the route as ApiErrors.
 *
 * One name per call: `call` (any endpoint; `reply` when its message and headers matter too), `shared`
 * (a read every loader of the request may ask for, asked of the gateway once), `catalog` (a read the
 * same for every member, kept by the server) and `gatewayTime` (the gateway's clock). `api.raw` makes
 * the same calls for a caller that answers some failures itself: they throw the ApiError as it came,
 * and `failure(error)` turns one the caller does not answer into what the calls above would throw.
 *
 * A read (its declaration's `read`) whose connection failed before any reply came is asked once more,
 * and the log says so with the request's id; a state change never is.
 *
 * Every endpoint asked for is recorded in `called`, in order, whether the gateway or a keep answered:
 * the facts a route's declarations are held to (app/routes/declared-calls.test.ts).
 */
import { redirect } from "@remix-run/node";
import { createApiClient, type ApiClient, type ApiReply, type ApiRetryEvent, type CallOptions } from "#core/api/client";
import type { Endpoint, EndpointData, EndpointRequest } from "#core/api/define";
import { ERROR_ROUTE_CODES, OUTCOME_UNKNOWN_CODES, isApiError, type ApiError } from "#core/api/errors";
import { systemTime } from "#core/api/endpoints";
import { IDEMPOTENCY_HEADER } from "#core/api/shop-endpoints";
import { REQUEST_ID_HEADER, withHeaders } from "#core/api/transport";
import { ErrorReportSchema } from "#core/errors/report";
import { MESSAGE_MAX, reportableLine } from "#core/errors/report-text";
import { apiTimeoutMs } from "./config.server";
import { signInRedirect, type RequestScope } from "./member.server";
import { withSession } from "./session.server";

export interface MemberApiOptions {
  /** The client of a token (a test answers for the gateway here); else one over the services' transport. */
  clientFor?: (token: string | null) => ApiClient;
  /** Calls with this token rather than the session's (a login, a token entry). */
  token?: string | null;
}

/** The calls of `MemberApi`, failing either way. */
export interface MemberCalls {
  /** Calls an endpoint and returns its data. */
  call<E extends Endpoint>(endpoint: E, input?: EndpointRequest<E>, options?: CallOptions): Promise<EndpointData<E>>;
  /** Like `call`, with the reply's message and headers. */
  reply<E extends Endpoint>(endpoint: E, input?: EndpointRequest<E>, options?: CallOptions): Promise<ApiReply<EndpointData<E>>>;
  /** A read every loader of this request may ask for (the member's basic information: the root and home both need it): the gateway is asked once. */
  shared<E extends Endpoint>(endpoint: E, input?: EndpointRequest<E>): Promise<EndpointData<E>>;
  /** A catalog read that is the same for every member: answered from the server's keep while the gateway's max-age allows (cache/catalog-replies.server.ts). */
  catalog<E extends Endpoint>(endpoint: E, input?: EndpointRequest<E>): Promise<EndpointData<E>>;
  /**
   * The gateway's clock now, in epoch milliseconds, as the server carries it
   * (app/server/cache/gateway-clock.server.ts); `fresh` asks the gateway itself, and keeps what it said.
   */
  gatewayTime(options?: { fresh?: boolean }): Promise<number>;
}

/** What the instances made from one another (`withToken`) share: the request's reads and what was called. */
interface Shared {
  reads: Map<string, Promise<unknown>>;
  called: string[];
}

export class MemberApi implements MemberCalls {
  readonly #scope: RequestScope;
  readonly #clientFor: (token: string | null) => ApiClient;
  readonly #token: string | null | undefined;
  readonly #clients = new Map<string | null, ApiClient>();
  readonly #shared: Shared;
  /** The same calls, throwing each failure as the ApiError it is. */
  readonly raw: MemberCalls;

  constructor(scope: RequestScope, { clientFor, token }: MemberApiOptions = {}, shared: Shared = { reads: new Map(), called: [] }) {
    this.#scope = scope;
    this.#token = token;
    this.#shared = shared;
    const transport = scope.requestId ? withHeaders(scope.services.transport, { [REQUEST_ID_HEADER]: scope.requestId }) : scope.services.transport;
    // A read whose connection failed before any reply is asked once more (docs/decisions/048-one-retry-of-a-read.md).
    const onRetry = ({ endpoint, method, error }: ApiRetryEvent) => scope.log.warn({ endpoint, method, error: error.message }, "gateway read asked again after a failed connection");
    this.#clientFor =
      clientFor ?? ((callerToken) => createApiClient({ baseUrl: scope.environment.apiBase, transport, locale: scope.locale, token: callerToken, timeoutMs: apiTimeoutMs, retryReads: true, onRetry }));
    const asked = (endpoint: Endpoint) => this.#shared.called.push(endpoint.name);
    this.raw = {
      call: async (endpoint, input, options) => (await this.raw.reply(endpoint, input, options)).data,
      reply: async (endpoint, input, options) => {
        asked(endpoint);
        const reply = await this.#client().call(endpoint, input, options);
        if (this.#tokenOf() !== null && scope.tokenAnswered) scope.tokenAnswered.value = true;
        return reply;
      },
      shared: (endpoint, input) => {
        asked(endpoint);
        return this.#sharedRead(endpoint, input);
      },
      catalog: (endpoint, input) => {
        asked(endpoint);
        const key = `${scope.environment.apiBase} ${endpoint.name} ${scope.locale} ${JSON.stringify(input ?? {})}`;
        return scope.services.catalogReplies.kept(key, () => this.#client().call(endpoint, input));
      },
      gatewayTime: (options) => {
        asked(systemTime);
        return scope.services.gatewayClocks.now(scope.environment.apiBase, async () => (await this.#client().call(systemTime)).data.sysTime, options);
      },
    };
  }

  /** The endpoints asked for through this client and those made from it, by name, in order. */
  get called(): readonly string[] {
    return this.#shared.called;
  }

  /** The same client with another token: `null` calls as nobody (the login itself). */
  withToken(token: string | null): MemberApi {
    return new MemberApi(this.#scope, { clientFor: this.#clientFor, token }, this.#shared);
  }

  async call<E extends Endpoint>(endpoint: E, input?: EndpointRequest<E>, options?: CallOptions): Promise<EndpointData<E>> {
    return (await this.reply(endpoint, input, options)).data;
  }

  async reply<E extends Endpoint>(endpoint: E, input?: EndpointRequest<E>, options?: CallOptions): Promise<ApiReply<EndpointData<E>>> {
    try {
      return await this.raw.reply(endpoint, input, options);
    } catch (error) {
      throw await this.failure(error, { keyed: carriesIdempotencyKey(options) });
    }
  }

  shared<E extends Endpoint>(endpoint: E, input?: EndpointRequest<E>): Promise<EndpointData<E>> {
    return this.#failingAsCalls(this.raw.shared(endpoint, input));
  }

  catalog<E extends Endpoint>(endpoint: E, input?: EndpointRequest<E>): Promise<EndpointData<E>> {
    return this.#failingAsCalls(this.raw.catalog(endpoint, input));
  }

  gatewayTime(options?: { fresh?: boolean }): Promise<number> {
    return this.#failingAsCalls(this.raw.gatewayTime(options));
  }

  /**
   * What to throw for a failed call: a redirect for 'not login' and the error-route failures, the
   * ApiError itself for business refusals the route handles in place.
   *
   * `keyed`: the call was a state change with an idempotency key. When its outcome is unknown (a
   * timeout, a dropped connection, an unreadable reply: the gateway may have acted), leaving for the
   * error route would lose the form and its key, and the member's retry from a fresh form would act
   * twice (a second order, a second debit). The ApiError goes back to the action instead, which
   * answers in place (order-actions.server.ts `refusable`) so the retry sends the same key.
   */
  async failure(error: unknown, { keyed = false }: { keyed?: boolean } = {}): Promise<unknown> {
    if (!isApiError(error)) return error;
    if (error.code === "NOT_LOGIN") return signInRedirect(this.#scope, { becauseNotLogin: true });
    if (error.code === "BAD_REQUEST") return new Response("Bad Request", { status: 400 });
    if (keyed && OUTCOME_UNKNOWN_CODES.has(error.code)) return error;
    if (ERROR_ROUTE_CODES.has(error.code)) {
      reportGatewayFailure(this.#scope, error);
      return withSession(this.#scope, redirect(errorRoutePath(error, this.#scope.url)));
    }
    return error;
  }

  async #failingAsCalls<T>(pending: Promise<T>): Promise<T> {
    try {
      return await pending;
    } catch (error) {
      throw await this.failure(error);
    }
  }

  /** The client of the session's token as it is now (a login changes it mid-request). */
  /** The token this client calls with: its own, else the session's; null calls as nobody. */
  #tokenOf(): string | null {
    return this.#token === undefined ? (this.#scope.session.get("token") ?? null) : this.#token;
  }

  #client(): ApiClient {
    const token = this.#tokenOf();
    let client = this.#clients.get(token);
    if (!client) this.#clients.set(token, (client = this.#clientFor(token)));
    return client;
  }

  #sharedRead<E extends Endpoint>(endpoint: E, input?: EndpointRequest<E>): Promise<EndpointData<E>> {
    const key = `${endpoint.name} ${JSON.stringify(input ?? {})} ${this.#scope.session.get("token") ?? ""}`;
    let read = this.#shared.reads.get(key) as Promise<EndpointData<E>> | undefined;
    if (read) return read;
    read = this.#client()
      .call(endpoint, input)
      .then((reply) => reply.data);
    // Read by whoever asks; a failure nobody asked for is not an unhandled rejection.
    read.catch(() => undefined);
    this.#shared.reads.set(key, read);
    return read;
  }
}

/**
 * A gateway failure that sends the member to the error route goes to the error collector as the
 * page's own errors do (spec section 8): which call, how it failed, on which page. Sent in the
 * background: the member's redirect does not wait for the collector.
 */
function reportGatewayFailure(scope: RequestScope, error: ApiError): void {
  const message = reportableLine(`gateway call ${error.endpoint ?? "(unknown)"} failed: ${error.code}${error.status ? ` (HTTP ${error.status})` : ""}: ${error.message}`, MESSAGE_MAX);
  const report = ErrorReportSchema.safeParse({ kind: "server", message, path: scope.url.pathname });
  if (report.success) void scope.services.reportError(report.data, { environment: scope.environment.name, userAgent: scope.request.headers.get("user-agent"), log: scope.log });
}

/** Whether a call is a state change made safe to repeat by its idempotency key. */
export function carriesIdempotencyKey(options: CallOptions | undefined): boolean {
  const wanted = IDEMPOTENCY_HEADER.toLowerCase();
  return Object.entries(options?.headers ?? {}).some(([name, value]) => name.toLowerCase() === wanted && value !== "");
}

/** The error route, remembering where the member was so 'refresh' can take them back. */
export function errorRoutePath(error: ApiError, from: URL): string {
  const params = new URLSearchParams({ code: error.code, from: from.pathname + from.search });
  if (error.code === "TIMEOUT") params.set("ms", String(apiTimeoutMs));
  // A refusal of the request itself (400) or of the member's access (403) is not the gateway being busy:
  // the error route says what the member can do about it instead of 'Overwhelming Response'.
  if (error.code === "HTTP" && (error.status === 400 || error.status === 403)) params.set("status", String(error.status));
  return `/error?${params}`;
}

/** A thing the gateway says does not exist (resultCode "404") becomes the route's 404. */
export async function orNotFound<T>(pending: Promise<T>): Promise<T> {
  try {
    return await pending;
  } catch (error) {
    if (isApiError(error) && error.code === "NOT_FOUND") throw new Response("Not Found", { status: 404 });
    throw error;
  }
}
