/**
 * How sandbox handlers answer: the mCoin API's envelope, and `serve`, which turns an endpoint
 * declaration of core/api into an msw handler that parses the request with the same schema the
 * app's client uses and checks its own reply against the declared data. `serve` also keeps the
 * idempotency keys (docs/architecture.md) of every POST that carries one, and requires one of the endpoints
 * declared `idempotent`, so no handler deals with them itself.
 */
import { createHash } from "node:crypto";
import { http, HttpResponse, type HttpHandler } from "msw";
import type { z } from "zod";
import { NOT_LOGIN_MESSAGE, SUCCESS_CODE, type Endpoint, type EndpointData } from "#core/api/define";
import { IDEMPOTENCY_HEADER, IdempotencyKeySchema, type ShopRefusal } from "#core/api/shop-endpoints";
import { canonicalJson } from "./canonical-json";
import { JSON_TOO_DEEP_MESSAGE, parseBoundedJson } from "#core/http/bounded-json";
import { ANONYMOUS_SCOPE, type IdempotencyKeys, type StoredReply } from "./domain/idempotency";
import type { Logins } from "./domain/logins";
import type { MemberRecord } from "./domain/members";
import { REFUSAL_MESSAGES } from "./domain/messages";
import { declareEndpoint, invalidInputReply } from "./near-miss";

export function ok(data: unknown, init?: ResponseInit) {
  return HttpResponse.json({ code: SUCCESS_CODE, msg: "success", data }, init);
}

/** A business refusal: HTTP 200 with a non-success code and a message, as the gateway does. */
export function refuse(msg: string, code = 500) {
  return HttpResponse.json({ code, msg });
}

/**
 * A refusal of the money domain: the spec's message in the caller's language and the reason the
 * mall reads (`shopRefusal()` in shop-endpoints.ts). Business refusals are HTTP 200 with code 409;
 * an order or address that is not the member's (or does not exist) is code 404 with resultCode "404", the
 * gateway's "not found" (spec section 8); a missing or malformed idempotency key is HTTP 400, a key
 * reused for another request HTTP 422.
 */
export function shopRefused(reason: ShopRefusal, locale: "zh" | "en") {
  const msg = REFUSAL_MESSAGES[reason][locale];
  const data = { reason };
  switch (reason) {
    case "ORDER_NOT_FOUND":
    case "ADDRESS_NOT_FOUND":
      return HttpResponse.json({ code: 404, resultCode: "404", msg, data });
    case "IDEMPOTENCY_KEY_REQUIRED":
      return HttpResponse.json({ code: 400, msg, data }, { status: 400 });
    case "IDEMPOTENCY_KEY_REUSED":
      return HttpResponse.json({ code: 422, msg, data }, { status: 422 });
    default:
      return HttpResponse.json({ code: 409, msg, data });
  }
}

/**
 * resultCode "404": the gateway's way of saying a thing does not exist (spec section 8), with code 404
 * as every refusal carries a code (the contract tells a refusal by it: docs/decisions/042-the-contract-as-the-wire-is.md).
 */
export function notFound(what: string) {
  return HttpResponse.json({ code: 404, resultCode: "404", msg: `${what} not found` });
}

/** The origin a request was addressed to: image URLs in replies point at it. */
export const origin = (request: Request) => new URL(request.url).origin;

export function notLogin() {
  return HttpResponse.json({ code: 401, msg: NOT_LOGIN_MESSAGE });
}

export function badRequest(msg: string) {
  return HttpResponse.json({ code: 400, msg }, { status: 400 });
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/** The locale a call asked for (Accept-Language), zh unless it says en. */
export function replyLocale(request: Request): "zh" | "en" {
  return /^en\b/i.test(request.headers.get("accept-language") ?? "") ? "en" : "zh";
}

export interface ServeContext<E extends Endpoint> {
  input: z.output<E["request"]>;
  request: Request;
  /** The body as it arrived ("" for GET and DELETE). */
  rawBody: string;
  /** The signed-in member; present whenever the endpoint needs auth. */
  member: MemberRecord;
  locale: "zh" | "en";
}

type Resolved<E extends Endpoint> = EndpointData<E> | Response;

export interface ServeOptions {
  /** Cache-Control of successful replies (catalog answers that are the same for every member). */
  cacheControl?: string;
  /** Checked before anything else (a signature over the raw body); a Response refuses the request. */
  verify?: (request: Request, rawBody: string) => Response | null;
}

/** Turns a declared endpoint and how to answer it into an msw handler. */
export type Serve = <E extends Endpoint>(endpoint: E, resolve: (context: ServeContext<E>) => Resolved<E> | Promise<Resolved<E>>, options?: ServeOptions) => HttpHandler;

/** `serve` over the members' logins (who calls) and the idempotency keys it keeps. */
export function serveWith(parts: { logins: Logins; idempotency: IdempotencyKeys }): Serve {
  return (endpoint, resolve, options) => serve(parts, endpoint, resolve, options);
}

function serve<E extends Endpoint>(
  { logins, idempotency }: { logins: Logins; idempotency: IdempotencyKeys },
  endpoint: E,
  resolve: (context: ServeContext<E>) => Resolved<E> | Promise<Resolved<E>>,
  options: ServeOptions = {},
): HttpHandler {
  const method = endpoint.method.toLowerCase() as "get" | "post" | "put" | "delete";
  const handler = http[method](`*${endpoint.path}`, async ({ request }) => {
    const bodyless = endpoint.method === "GET" || endpoint.method === "DELETE";
    const rawBody = bodyless ? "" : await request.text();
    const refusal = options.verify?.(request, rawBody);
    if (refusal) return refusal;
    let raw: unknown;
    if (bodyless) {
      raw = Object.fromEntries(new URL(request.url).searchParams);
    } else {
      const parsedBody = rawBody === "" ? { ok: true as const, value: {} } : parseBoundedJson(rawBody);
      if (!parsedBody.ok) {
        const message = parsedBody.reason === "too-deep" ? JSON_TOO_DEEP_MESSAGE : "the body is not JSON";
        return invalidInputReply(endpoint, [{ code: "custom", path: [], message, input: rawBody.slice(0, 200) }], "body");
      }
      raw = parsedBody.value;
    }
    const parsed = endpoint.request.safeParse(raw);
    if (!parsed.success) return invalidInputReply(endpoint, parsed.error.issues, bodyless ? "query" : "body", raw);

    const member = logins.memberByToken(bearerToken(request));
    if (endpoint.auth && !member) return notLogin();
    const locale = replyLocale(request);

    const answer = async (): Promise<Response> => {
      const result = await resolve({ input: parsed.data as z.output<E["request"]>, request, rawBody, member: member as MemberRecord, locale });
      if (result instanceof Response) return result;
      // The sandbox must never answer outside its own declaration: that would hide a drift.
      return ok(endpoint.data.parse(result), options.cacheControl ? { headers: { "cache-control": options.cacheControl } } : undefined);
    };

    const key = request.headers.get(IDEMPOTENCY_HEADER);
    if (endpoint.method !== "POST" || (key === null && !endpoint.idempotent)) return answer();
    if (key === null || !IdempotencyKeySchema.safeParse(key).success) return shopRefused("IDEMPOTENCY_KEY_REQUIRED", locale);
    const fingerprint = createHash("sha256")
      .update(`${endpoint.method} ${endpoint.path}\n${canonicalJson(raw)}`)
      .digest("hex");
    return once(idempotency, member?.openId ?? ANONYMOUS_SCOPE, key, fingerprint, locale, answer);
  });
  return declareEndpoint(handler, endpoint);
}

/**
 * Answers a request with an idempotency key once: the first time by `answer` (remembering a
 * success), a repeat with the remembered reply, a key reused for another request with a refusal.
 * A repeat of a request that took no effect is answered afresh.
 */
async function once(idempotency: IdempotencyKeys, scope: string, key: string, fingerprint: string, locale: "zh" | "en", answer: () => Promise<Response>): Promise<Response> {
  for (;;) {
    const claim = idempotency.claim(scope, key, fingerprint);
    if (claim.kind === "reused") return shopRefused("IDEMPOTENCY_KEY_REUSED", locale);
    if (claim.kind === "repeat") {
      const reply = await claim.reply;
      if (reply) return replay(reply);
      continue;
    }
    let response: Response;
    try {
      response = await answer();
    } catch (error) {
      claim.settle(null);
      throw error;
    }
    const body = await response.clone().text();
    claim.settle(tookEffect(response.status, body) ? { status: response.status, body } : null);
    return response;
  }
}

/** A success of the mCoin API: HTTP 2xx and the success code. */
function tookEffect(status: number, body: string): boolean {
  if (status < 200 || status >= 300) return false;
  try {
    return (JSON.parse(body) as { code?: unknown }).code === SUCCESS_CODE;
  } catch {
    return false;
  }
}

function replay(reply: StoredReply): Response {
  return new HttpResponse(reply.body, { status: reply.status, headers: { "content-type": "application/json", "idempotent-replayed": "true" } });
}
