/**
 * The per-request gateway context handed to loaders and actions: the member's session, the locale,
 * the environment and an mCoin API client built for them, plus the spec's error handling (section 8):
 * 'not login' clears the session and redirects once to the login page; HTTP 500 and 429, network
 * failures and timeouts go to the error route (but a state change sent with an idempotency key whose
 * outcome is unknown goes back to its action, to be retried in place with the same key); a request
 * the endpoint's declaration refuses (input that passed the route's pattern but not the gateway's) is
 * the route's 400; business refusals reach the route as ApiErrors.
 */
import { redirect } from "@remix-run/node";
import { createApiClient, type ApiClient, type ApiReply, type CallOptions } from "#core/api/client";
import type { Endpoint, EndpointData, EndpointRequest } from "#core/api/define";
import { ERROR_ROUTE_CODES, OUTCOME_UNKNOWN_CODES, isApiError, type ApiError } from "#core/api/errors";
import { systemTime } from "#core/api/endpoints";
import { IDEMPOTENCY_HEADER } from "#core/api/shop-endpoints";
import type { Locale } from "../lib/i18n/locale";
import { stateForPath } from "../lib/session-start/state-route";
import { apiTimeoutMs, catalogKeepMs, clockKeepMs, gatewayEnvironment, type GatewayEnvironment } from "./config.server";
import { getLocale } from "./i18n.server";
import { transport } from "./transport.server";
import { cookieOptionsFor } from "./cookies.server";
import { SIGN_IN_NONCE_PARAM, newSignInNonce } from "./session-entry.server";
import { rotatedToken } from "./token-rotation.server";
import { clearMember, commitSession, freshSession, getSession, reloginCookie, type MemberSession } from "./session.server";

export interface Member {
  token: string;
  openId: string;
  nickname: string;
  avatar: string;
  grayScaleMode: boolean;
}

/**
 * Reads shared by the loaders of one request (the root's and the screen's). Remix hands each loader
 * its own copy of the Request, but one load context for the whole request: that is the key.
 */
const sharedReads = new WeakMap<object, Map<string, Promise<unknown>>>();

const CATALOG_REPLIES_KEPT = 500;

/**
 * How long a reply may be reused for every member: its `public, max-age`, capped at `maxMs`
 * (MCOIN_CATALOG_KEEP_S); 0 when not at all.
 */
export function reusableForMs(headers: Headers, maxMs = catalogKeepMs): number {
  const directives = (headers.get("cache-control") ?? "").toLowerCase().split(",").map((part) => part.trim());
  if (!directives.includes("public") || directives.some((part) => part === "no-store" || part === "no-cache" || part === "private")) return 0;
  const maxAge = directives.map((part) => /^max-age=(\d+)$/.exec(part)).find(Boolean);
  return maxAge ? Math.min(Number(maxAge[1]) * 1000, maxMs) : 0;
}

/**
 * Catalog replies the gateway declares the same for every member (`Cache-Control: public,
 * max-age=60`: home's list and rails, the categories, the ads), kept by the whole server for as long
 * as the reply allows, at most MCOIN_CATALOG_KEEP_S (a minute by default; the browser already kept
 * the list's further pages that long: resources.offers.ts). Keyed by gateway, endpoint, language and
 * input (a list's input includes the member's location); a miss asked by several requests at once goes
 * to the gateway once; a failure is never kept. Home asked the gateway six questions per page; four
 * were the same for every member nearby. A kept list may be up to a minute behind on sales and stock:
 * an offer's own screen, where it is bought, always asks the gateway.
 */
const catalogReplies = new Map<string, { until: number; reply: Promise<ApiReply<unknown>> }>();

/**
 * The gateway's clock as the server last read it, per gateway: the reading (taken at the middle of
 * the round trip, as the page takes its own: lib/time/page-clock.ts) against the server's monotonic
 * clock. Clocks run at the same rate, so for MCOIN_CLOCK_KEEP_S after a reading the gateway's time is
 * the reading plus the time elapsed here; a read asked while another is in flight waits for that one.
 * Screens with a countdown or a "today" asked the gateway's clock on every visit: home did, for every
 * member, beside the member's own balance.
 */
const gatewayClocks = new Map<string, { sentAt: number; offset: Promise<number> }>();

export class RequestContext {
  readonly request: Request;
  readonly url: URL;
  session: MemberSession;
  readonly locale: Locale;
  readonly environment: GatewayEnvironment;
  api: ApiClient;
  private sessionChanged = false;

  /** Remix's load context of this request: the same object for every loader of one request. */
  private readonly loadContext: object | undefined;

  constructor(request: Request, session: MemberSession, locale: Locale, environment: GatewayEnvironment, loadContext?: object) {
    this.request = request;
    this.loadContext = loadContext;
    this.url = new URL(request.url);
    this.session = session;
    this.locale = locale;
    this.environment = environment;
    // A token rotated a moment ago by another request of this member's (token-rotation.server.ts).
    const stale = session.get("token");
    const rotated = stale ? rotatedToken(stale) : null;
    if (rotated) {
      session.set("token", rotated);
      this.sessionChanged = true;
    }
    this.api = this.clientFor(session.get("token"));
  }

  get member(): Member | null {
    const token = this.session.get("token");
    if (!token) return null;
    return {
      token,
      openId: this.session.get("openId") ?? "",
      nickname: this.session.get("nickname") ?? "",
      avatar: this.session.get("avatar") ?? "",
      grayScaleMode: this.session.get("grayScaleMode") ?? false,
    };
  }

  /** Rebuilds the API client, e.g. after login stored a new token. */
  useToken(token: string | null): void {
    this.api = this.clientFor(token);
  }

  /** Replaces the session with an empty one (at login: rotation), committed with the reply. */
  async startFreshSession(): Promise<MemberSession> {
    this.session = await freshSession();
    this.sessionChanged = true;
    return this.session;
  }

  /** Call after changing the session, so the reply carries the new cookie. */
  sessionDidChange(): void {
    this.sessionChanged = true;
  }

  /** Headers a reply must carry: the session cookie when it changed. */
  async headers(extra?: HeadersInit): Promise<Headers> {
    const headers = new Headers(extra);
    if (this.sessionChanged) headers.append("Set-Cookie", await commitSession(this.session, this.request));
    return headers;
  }

  /** Calls an endpoint and returns its data; failures follow the spec's error catalogue. */
  async call<E extends Endpoint>(endpoint: E, input?: EndpointRequest<E>, options?: CallOptions): Promise<EndpointData<E>> {
    return (await this.reply(endpoint, input, options)).data;
  }

  /**
   * A read that every loader of this request may ask for (the member's basic information: the root
   * and home both need it): the gateway is asked once.
   */
  async shared<E extends Endpoint>(endpoint: E, input?: EndpointRequest<E>): Promise<EndpointData<E>> {
    const owner = this.loadContext ?? this.request;
    let reads = sharedReads.get(owner);
    if (!reads) sharedReads.set(owner, (reads = new Map()));
    const key = `${endpoint.name} ${JSON.stringify(input ?? {})} ${this.session.get("token") ?? ""}`;
    let read = reads.get(key) as Promise<EndpointData<E>> | undefined;
    if (!read) {
      read = this.call(endpoint, input);
      reads.set(key, read);
    }
    return read;
  }

  /**
   * The gateway's clock now, in epoch milliseconds (see `gatewayClocks`); read from the gateway when
   * the server has no reading younger than MCOIN_CLOCK_KEEP_S. Failures as `call`'s.
   */
  async gatewayTime(): Promise<number> {
    try {
      return await this.readGatewayClock();
    } catch (error) {
      throw await this.failure(error);
    }
  }

  /** `gatewayTime` for the resource routes that answer a failure themselves: it throws the ApiError. */
  async readGatewayClock(): Promise<number> {
    if (clockKeepMs === 0) return (await this.api.call(systemTime)).data.sysTime;
    const key = this.environment.apiBase;
    let kept = gatewayClocks.get(key);
    if (!kept || performance.now() - kept.sentAt >= clockKeepMs) {
      const sentAt = performance.now();
      // The offset of the gateway's clock from the monotonic one, the reading placed mid-trip.
      const offset = this.api.call(systemTime).then(({ data }) => data.sysTime - (sentAt + performance.now()) / 2);
      const entry = { sentAt, offset };
      gatewayClocks.set(key, entry);
      offset.catch(() => gatewayClocks.get(key) === entry && gatewayClocks.delete(key));
      kept = entry;
    }
    return Math.round(performance.now() + (await kept.offset));
  }

  /**
   * A catalog read that is the same for every member: answered from the server's keep while the
   * gateway's max-age allows (see `catalogReplies`), else like `call`.
   */
  async catalog<E extends Endpoint>(endpoint: E, input?: EndpointRequest<E>): Promise<EndpointData<E>> {
    if (catalogKeepMs === 0) return this.call(endpoint, input);
    const key = `${this.environment.apiBase} ${endpoint.name} ${this.locale} ${JSON.stringify(input ?? {})}`;
    const now = Date.now();
    const kept = catalogReplies.get(key);
    if (kept && kept.until > now) {
      try {
        return (await kept.reply).data as EndpointData<E>;
      } catch {
        // The shared miss failed: this request asks again below.
      }
    }
    const reply = this.api.call(endpoint, input);
    if (catalogReplies.size >= CATALOG_REPLIES_KEPT) catalogReplies.clear();
    // Kept while in flight, so requests arriving meanwhile share it; then for the reply's max-age.
    const entry = { until: now + catalogKeepMs, reply: reply as Promise<ApiReply<unknown>> };
    catalogReplies.set(key, entry);
    try {
      const answered = await reply;
      const reusable = reusableForMs(answered.headers);
      if (reusable > 0) entry.until = Date.now() + reusable;
      else if (catalogReplies.get(key) === entry) catalogReplies.delete(key);
      return answered.data;
    } catch (error) {
      if (catalogReplies.get(key) === entry) catalogReplies.delete(key);
      throw await this.failure(error);
    }
  }

  /** Like `call`, with the reply's message and headers. */
  async reply<E extends Endpoint>(endpoint: E, input?: EndpointRequest<E>, options?: CallOptions): Promise<ApiReply<EndpointData<E>>> {
    try {
      return await this.api.call(endpoint, input, options);
    } catch (error) {
      throw await this.failure(error, { keyed: carriesIdempotencyKey(options) });
    }
  }

  /**
   * What to throw for a failed call: a redirect for 'not login' and the error-route failures, the
   * ApiError itself for business refusals the route handles in place.
   *
   * `keyed`: the call was a state change with an idempotency key. When its outcome is unknown (a
   * timeout, a dropped connection, an unreadable reply: the gateway may have acted), leaving for the
   * error route would lose the form and its key, and the member's retry from a fresh form would act
   * twice (a second order, a second debit). The ApiError goes back to the action instead, which
   * answers in place (`refusable`) so the retry sends the same key.
   */
  async failure(error: unknown, { keyed = false }: { keyed?: boolean } = {}): Promise<unknown> {
    if (!isApiError(error)) return error;
    if (error.code === "NOT_LOGIN") return this.loginRedirect({ becauseNotLogin: true });
    if (error.code === "BAD_REQUEST") return new Response("Bad Request", { status: 400 });
    if (keyed && OUTCOME_UNKNOWN_CODES.has(error.code)) return error;
    if (ERROR_ROUTE_CODES.has(error.code)) return redirect(errorRoutePath(error, this.url), { headers: await this.headers() });
    return error;
  }

  /**
   * Sends the member to the wallet's sign-in page, to come back to home with login parameters and
   * the nonce this browser's session keeps (session-entry.server.ts).
   */
  async loginRedirect({ becauseNotLogin }: { becauseNotLogin: boolean }): Promise<Response> {
    const headers = new Headers();
    if (becauseNotLogin) {
      clearMember(this.session);
      const alreadySent = await reloginCookie.parse(this.request.headers.get("cookie"));
      if (alreadySent) {
        headers.append("Set-Cookie", await commitSession(this.session, this.request));
        return redirect("/error?reason=session", { headers });
      }
      headers.append("Set-Cookie", await reloginCookie.serialize("1", cookieOptionsFor(this.request)));
    }
    const nonce = newSignInNonce();
    this.session.set("signInNonce", nonce);
    headers.append("Set-Cookie", await commitSession(this.session, this.request));
    const back = new URL("/index", this.url.origin);
    back.searchParams.set(SIGN_IN_NONCE_PARAM, nonce);
    const login = new URL(this.environment.loginUrl);
    login.searchParams.set("redirect_uri", back.href);
    login.searchParams.set("state", stateForPath(this.url.pathname));
    login.searchParams.set("lang", this.locale);
    return redirect(login.href, { headers });
  }

  private clientFor(token: string | null | undefined): ApiClient {
    return createApiClient({
      baseUrl: this.environment.apiBase,
      transport,
      locale: this.locale,
      token,
      timeoutMs: apiTimeoutMs,
    });
  }
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
  return `/error?${params}`;
}

/** `loadContext`: Remix's, for reads shared with the other loaders of the request (`shared`). */
export async function getRequestContext(request: Request, loadContext?: object): Promise<RequestContext> {
  const [session, locale] = await Promise.all([getSession(request), getLocale(request)]);
  return new RequestContext(request, session, locale, gatewayEnvironment(new URL(request.url)), loadContext);
}

/** The context of a signed-in member; without a session the member is sent to sign in. */
export async function requireMember(request: Request, loadContext?: object): Promise<RequestContext> {
  const context = await getRequestContext(request, loadContext);
  if (!context.member) throw await context.loginRedirect({ becauseNotLogin: false });
  return context;
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

/** A route's numeric id parameter; anything else is the route's 404. */
export function idParam(value: string | undefined): number {
  const id = Number(value);
  if (!/^\d{1,9}$/.test(value ?? "") || id <= 0) throw new Response("Not Found", { status: 404 });
  return id;
}
